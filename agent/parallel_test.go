package agent_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// barrier releases its waiters only once n of them are waiting at once.
type barrier struct {
	mu      sync.Mutex
	n       int
	all     chan struct{}
	arrived int
}

func newBarrier(n int) *barrier { return &barrier{n: n, all: make(chan struct{})} }

// wait reports whether all n waiters arrived before the guard expired.
func (b *barrier) wait() bool {
	b.mu.Lock()
	b.arrived++
	if b.arrived == b.n {
		close(b.all)
	}
	b.mu.Unlock()
	select {
	case <-b.all:
		return true
	case <-time.After(guard):
		return false
	}
}

func TestParallelCallsRunConcurrently(t *testing.T) {
	const n = 4
	b := newBarrier(n)
	tool := func(_ context.Context, args any) (string, error) {
		if !b.wait() {
			return "", errors.New("ran alone: the other calls never started")
		}
		return fmt.Sprint(args.(map[string]any)["i"]), nil
	}
	calls := make([]agent.Call, n)
	want := []string{"user: Go.", "assistant tool: meet, meet, meet, meet"}
	for i := range calls {
		calls[i] = agent.Call{Name: "meet", Args: map[string]any{"i": i}, ID: fmt.Sprintf("id%d", i)}
		want = append(want, fmt.Sprintf("tool meet#id%d: %d", i, i))
	}
	want = append(want, "assistant final: met")

	var rec recorder
	res, err := agent.Run(context.Background(), agent.Script(agent.ParallelCalls(calls...), agent.Final("met")),
		agent.Tools{"meet": tool}, "Go.", agent.OnEvent(rec.observe))
	checkRun(t, res, err, rec.events)
	require.NoError(t, err)
	assert.Equal(t, want, transcript(res), "all calls must be running at once, and their outputs appended in call order")
}

func TestParallelCallsAreIndependent(t *testing.T) {
	for _, c := range []struct {
		name   string
		failer agent.Call
		want   string
	}{
		{"an unknown tool", agent.Call{Name: "nope", ID: "x"}, "tool nope#x: error: unknown tool 'nope'"},
		{"a failing tool", agent.Call{Name: "fail", ID: "x"}, "tool fail#x: error: boom"},
		{"a panicking tool", agent.Call{Name: "panic", ID: "x"}, "tool panic#x: error: panic: boom"},
	} {
		t.Run(c.name+" affects no other call", func(t *testing.T) {
			tools := agent.Tools{
				"echo":  echo,
				"fail":  func(context.Context, any) (string, error) { return "", errBoom },
				"panic": func(context.Context, any) (string, error) { panic("boom") },
			}
			action := agent.ParallelCalls(
				agent.Call{Name: "echo", Args: map[string]any{"text": "first"}, ID: "a"},
				c.failer,
				agent.Call{Name: "echo", Args: map[string]any{"text": "last"}, ID: "b"},
			)
			var rec recorder
			res, err := agent.Run(context.Background(), agent.Script(action, agent.Final("ok")), tools, "Go.", agent.OnEvent(rec.observe))
			checkRun(t, res, err, rec.events)
			require.NoError(t, err)
			assert.Equal(t, []string{
				"user: Go.", "assistant tool: echo, " + c.failer.Name + ", echo",
				"tool echo#a: first", c.want, "tool echo#b: last",
				"assistant final: ok",
			}, transcript(res))
		})
	}
}

// TestParallelCallsAcceptEveryListShape covers the list types a Map's
// "calls" may have, and calls without args or id.
func TestParallelCallsAcceptEveryListShape(t *testing.T) {
	for _, c := range []struct {
		name  string
		calls any
	}{
		{"[]any", []any{map[string]any{"name": "echo", "args": map[string]any{"text": "1"}, "id": "a"}, agent.Map{"name": "echo"}}},
		{"[]map[string]any", []map[string]any{{"name": "echo", "args": agent.Map{"text": "1"}, "id": "a"}, {"name": "echo"}}},
		{"[]Map", []agent.Map{{"name": "echo", "args": map[string]any{"text": "1"}, "id": "a"}, {"name": "echo", "id": nil}}},
	} {
		t.Run("calls as "+c.name, func(t *testing.T) {
			model := agent.Script(agent.Map{"type": "tool", "calls": c.calls}, agent.Final("ok"))
			res, err := agent.Run(context.Background(), model, agent.Tools{"echo": echo}, "Go.")
			require.NoError(t, err)
			assert.Equal(t, []string{"user: Go.", "assistant tool: echo, echo", "tool echo#a: 1", "tool echo: ", "assistant final: ok"}, transcript(res))
		})
	}
}

func TestNumericCallIDsAreCarriedAsText(t *testing.T) {
	model := agent.Script(agent.Map{"type": "tool", "calls": []any{map[string]any{"name": "echo", "id": 7.0}}}, agent.Final("ok"))
	res, err := agent.Run(context.Background(), model, agent.Tools{"echo": echo}, "Go.")
	require.NoError(t, err)
	require.Len(t, res.Messages, 4)
	assert.Equal(t, "7", res.Messages[2].ID)
}

// TestToolEndEventsArriveInCompletionOrder makes call 0 finish only after
// the observer has seen call 1 end, so the order cannot happen by chance.
func TestToolEndEventsArriveInCompletionOrder(t *testing.T) {
	secondEnded := make(chan struct{})
	tools := agent.Tools{
		"slow": func(context.Context, any) (string, error) {
			select {
			case <-secondEnded:
				return "slow", nil
			case <-time.After(guard):
				return "", errors.New("call 1's end was never reported while call 0 ran")
			}
		},
		"fast": func(context.Context, any) (string, error) { return "fast", nil },
	}
	var rec recorder
	observe := func(e agent.Event) {
		rec.observe(e)
		if e.Kind == agent.EventToolEnd && e.Call == 1 {
			close(secondEnded)
		}
	}
	model := agent.Script(agent.ParallelCalls(agent.Call{Name: "slow", ID: "s"}, agent.Call{Name: "fast", ID: "f"}), agent.Final("ok"))
	res, err := agent.Run(context.Background(), model, tools, "Go.", agent.OnEvent(observe))
	checkRun(t, res, err, rec.events)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"0 message #0 user",
		"1 model_start", "1 model_end", "1 message #1 assistant",
		"1 tool_start call 0 slow", "1 tool_start call 1 fast",
		"1 tool_end call 1 fast", "1 tool_end call 0 slow",
		"1 message #2 tool", "1 message #3 tool",
		"2 model_start", "2 model_end", "2 message #4 assistant",
		"2 done",
	}, rec.kinds())
	var ends []agent.Event
	for _, e := range rec.events {
		if e.Kind == agent.EventToolEnd {
			ends = append(ends, e)
		}
	}
	require.Len(t, ends, 2)
	assert.Equal(t, "f", ends[0].ID)
	assert.Equal(t, "fast", ends[0].Content)
	assert.Equal(t, "s", ends[1].ID)
	assert.Equal(t, "slow", ends[1].Content)
	assert.Equal(t, []string{"tool slow#s: slow", "tool fast#f: fast"}, transcript(res)[2:4], "tool messages follow the call order")
}
