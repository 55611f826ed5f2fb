package agent_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// lengthCount counts a message as the length of its content, and an
// assistant message as 1: easy sums for the tables.
func lengthCount(m agent.Message) int {
	if m.Role == agent.RoleAssistant {
		return 1
	}
	return len(m.Content)
}

// readTool returns n x's for args {"n": n}.
func readTool(_ context.Context, args any) (string, error) {
	return strings.Repeat("x", args.(map[string]any)["n"].(int)), nil
}

// readSteps is a script of tool actions, one per step, then a final
// answer: each step lists the sizes of its calls' outputs (several sizes
// make parallel calls, with ids "sS.C").
func readSteps(steps ...[]int) agent.Model {
	var actions []agent.Action
	for s, sizes := range steps {
		if len(sizes) == 1 {
			actions = append(actions, agent.ToolCall("read", map[string]any{"n": sizes[0]}))
			continue
		}
		calls := make([]agent.Call, len(sizes))
		for c, n := range sizes {
			calls[c] = agent.Call{Name: "read", Args: map[string]any{"n": n}, ID: fmt.Sprintf("s%d.%d", s+1, c+1)}
		}
		actions = append(actions, agent.ParallelCalls(calls...))
	}
	return agent.Script(append(actions, agent.Final("done"))...)
}

// seen renders what a model was sent, one line a message: "user",
// "assistant", "tool#ID N" (N the output's length) or "tool#ID trimmed".
func seen(msgs []agent.Message) []string {
	var out []string
	for _, m := range msgs {
		switch {
		case m.Role != agent.RoleTool:
			out = append(out, m.Role)
		case m.Content == agent.TrimmedOutput:
			out = append(out, "tool#"+m.ID+" trimmed")
		default:
			out = append(out, "tool#"+m.ID+" "+strconv.Itoa(len(m.Content)))
		}
	}
	return out
}

// watch wraps model to record what each call was sent.
func watch(model agent.Model, sent *[][]agent.Message) agent.Model {
	return func(ctx context.Context, msgs []agent.Message) (agent.Action, error) {
		*sent = append(*sent, append([]agent.Message(nil), msgs...))
		return model(ctx, msgs)
	}
}

func TestContextBudgetTrimsWhatTheModelIsSent(t *testing.T) {
	user := "hi" // counts 2
	place := len(agent.TrimmedOutput)
	tests := []struct {
		name   string
		budget int
		trim   agent.Trim
		steps  [][]int
		at     int      // the step whose request is checked
		want   []string // what the model saw at that step
		window agent.Window
	}{
		{
			name: "a request within the budget is sent whole", budget: 1000, trim: agent.TrimExchanges,
			steps: [][]int{{100}, {100}}, at: 3,
			want:   []string{"user", "assistant", "tool# 100", "assistant", "tool# 100"},
			window: agent.Window{Tokens: 204, Sent: 204},
		},
		{
			name: "the oldest outputs are replaced, the latest exchange is kept", budget: 250, trim: agent.TrimToolOutputs,
			steps: [][]int{{100}, {100}, {100}}, at: 4,
			want:   []string{"user", "assistant", "tool# trimmed", "assistant", "tool# 100", "assistant", "tool# 100"},
			window: agent.Window{Tokens: 305, Sent: 205 + place, Replaced: []int{2}},
		},
		{
			name: "outputs are replaced until the request fits", budget: 200, trim: agent.TrimToolOutputs,
			steps: [][]int{{100}, {100}, {100}}, at: 4,
			want:   []string{"user", "assistant", "tool# trimmed", "assistant", "tool# trimmed", "assistant", "tool# 100"},
			window: agent.Window{Tokens: 305, Sent: 105 + 2*place, Replaced: []int{2, 4}},
		},
		{
			name: "an output shorter than the placeholder stays", budget: 150, trim: agent.TrimToolOutputs,
			steps: [][]int{{10}, {100}, {100}}, at: 4,
			want:   []string{"user", "assistant", "tool# 10", "assistant", "tool# trimmed", "assistant", "tool# 100"},
			window: agent.Window{Tokens: 215, Sent: 115 + place, Replaced: []int{4}},
		},
		{
			name: "the oldest whole exchanges are dropped", budget: 250, trim: agent.TrimExchanges,
			steps: [][]int{{100}, {100}, {100}}, at: 4,
			want:   []string{"user", "assistant", "tool# 100", "assistant", "tool# 100"},
			window: agent.Window{Tokens: 305, Sent: 204, Dropped: []int{1, 2}},
		},
		{
			name: "parallel calls go with their action", budget: 100, trim: agent.TrimExchanges,
			steps: [][]int{{50, 60}, {10}, {100}}, at: 4,
			want:   []string{"user", "assistant", "tool# 100"},
			window: agent.Window{Tokens: 225, Sent: 103, Dropped: []int{1, 2, 3, 4, 5}},
		},
		{
			name: "parallel outputs are replaced one at a time, oldest first", budget: 210, trim: agent.TrimToolOutputs,
			steps: [][]int{{50, 60}, {100}}, at: 3,
			want:   []string{"user", "assistant", "tool#s1.1 trimmed", "tool#s1.2 60", "assistant", "tool# 100"},
			window: agent.Window{Tokens: 214, Sent: 214 - 50 + place, Replaced: []int{2}},
		},
		{
			name: "the latest exchange is kept even when it alone is over", budget: 50, trim: agent.TrimExchanges,
			steps: [][]int{{100}, {100}}, at: 3,
			want:   []string{"user", "assistant", "tool# 100"},
			window: agent.Window{Tokens: 204, Sent: 103, Dropped: []int{1, 2}},
		},
		{
			name: "the first exchange alone is never trimmed", budget: 50, trim: agent.TrimToolOutputs,
			steps: [][]int{{100}}, at: 2,
			want:   []string{"user", "assistant", "tool# 100"},
			window: agent.Window{Tokens: 103, Sent: 103},
		},
		{
			name: "TrimNone counts and trims nothing", budget: 50, trim: agent.TrimNone,
			steps: [][]int{{100}, {100}}, at: 3,
			want:   []string{"user", "assistant", "tool# 100", "assistant", "tool# 100"},
			window: agent.Window{Tokens: 204, Sent: 204},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sent [][]agent.Message
			var rec recorder
			res, err := agent.Run(context.Background(), watch(readSteps(tt.steps...), &sent), agent.Tools{"read": readTool}, user,
				agent.ContextBudget(tt.budget, tt.trim), agent.CountTokens(lengthCount), agent.OnEvent(rec.observe))
			require.NoError(t, err)
			require.Len(t, sent, len(tt.steps)+1, "one model call a step, and one for the final answer")
			assert.Equal(t, tt.want, seen(sent[tt.at-1]), "what the model saw at step %d", tt.at)

			windows := contextEvents(rec.events)
			require.Len(t, windows, len(sent), "one context event before each model call")
			w := windows[tt.at-1]
			tt.window.Budget, tt.window.Trim = tt.budget, tt.trim
			assert.Equal(t, tt.window, *w.Window, "the context event of step %d", tt.at)
			assert.Equal(t, tt.window.Sent <= tt.budget, w.Window.Fits())

			// The run's own transcript stays whole.
			assert.Len(t, res.Messages, 1+len(tt.steps)+countCalls(tt.steps)+1)
			for _, m := range res.Messages {
				assert.NotEqual(t, agent.TrimmedOutput, m.Content, "the transcript holds no placeholder")
			}
		})
	}
}

func countCalls(steps [][]int) int {
	n := 0
	for _, s := range steps {
		n += len(s)
	}
	return n
}

func contextEvents(events []agent.Event) []agent.Event {
	var out []agent.Event
	for _, e := range events {
		if e.Kind == agent.EventContext {
			out = append(out, e)
		}
	}
	return out
}

func TestContextEventComesBeforeItsModelCall(t *testing.T) {
	var rec recorder
	_, err := agent.Run(context.Background(), readSteps([]int{100}), agent.Tools{"read": readTool}, "hi",
		agent.ContextBudget(1000, agent.TrimExchanges), agent.OnEvent(rec.observe))
	require.NoError(t, err)
	var order []string
	for _, e := range rec.events {
		if e.Kind == agent.EventContext || e.Kind == agent.EventModelStart {
			order = append(order, fmt.Sprintf("%d %s %s", e.Step, e.Kind, e.Phase))
		}
	}
	assert.Equal(t, []string{"1 context context", "1 model_start model", "2 context context", "2 model_start model"}, order)
}

func TestWithoutABudgetTheModelGetsTheTranscriptAndNoContextEvent(t *testing.T) {
	var rec recorder
	var lens []int
	model := readSteps([]int{100}, []int{100})
	res, err := agent.Run(context.Background(), func(ctx context.Context, m []agent.Message) (agent.Action, error) {
		lens = append(lens, len(m))
		return model(ctx, m)
	}, agent.Tools{"read": readTool}, "hi", agent.ContextBudget(0, agent.TrimExchanges), agent.OnEvent(rec.observe))
	require.NoError(t, err)
	assert.Equal(t, []int{1, 3, 5}, lens, "each call sees the whole transcript")
	assert.Empty(t, contextEvents(rec.events), "no budget, no context event")
	assert.Len(t, res.Messages, 6)
}

func TestCountTokensCountsEachMessageOnceInOrder(t *testing.T) {
	var counted []string
	count := func(m agent.Message) int {
		counted = append(counted, m.Role+":"+m.Content)
		return lengthCount(m)
	}
	_, err := agent.Run(context.Background(), readSteps([]int{1}, []int{2}, []int{3}), agent.Tools{"read": readTool}, "hi",
		agent.ContextBudget(5, agent.TrimToolOutputs), agent.CountTokens(count))
	require.NoError(t, err)
	assert.Equal(t, []string{"user:hi", "tool:" + agent.TrimmedOutput, "assistant:", "tool:x", "assistant:", "tool:xx", "assistant:", "tool:xxx"}, counted,
		"the placeholder once, then each message once, as the requests first hold them")
}

func TestCountTokensClampsCounts(t *testing.T) {
	var rec recorder
	counts := map[string]int{agent.RoleUser: -5, agent.RoleAssistant: 1 << 62, agent.RoleTool: 1 << 62}
	_, err := agent.Run(context.Background(), readSteps([]int{1}, []int{1}, []int{1}), agent.Tools{"read": readTool}, "hi",
		agent.ContextBudget(10, agent.TrimExchanges), agent.CountTokens(func(m agent.Message) int { return counts[m.Role] }), agent.OnEvent(rec.observe))
	require.NoError(t, err)
	w := contextEvents(rec.events)[3].Window
	assert.Equal(t, 6<<40, w.Tokens, "a negative count is 0, a huge one 2^40: the sum does not overflow")
	assert.Equal(t, 2<<40, w.Sent)
	assert.False(t, w.Fits())
}

func TestEstimateTokensIsFourPlusAQuarterOfTheText(t *testing.T) {
	tests := []struct {
		name string
		m    agent.Message
		want int
	}{
		{"empty user message", agent.Message{Role: agent.RoleUser}, 4},
		{"user text", agent.Message{Role: agent.RoleUser, Content: "What is 2 + 3?"}, 4 + 4},
		{"characters, not bytes", agent.Message{Role: agent.RoleTool, Content: "été"}, 4 + 1},
		{"a final answer", agent.Message{Role: agent.RoleAssistant, Action: agent.Final("The answer is 5.")}, 4 + 4},
		{"a call: its name and its args as JSON", agent.Message{Role: agent.RoleAssistant,
			Action: agent.ToolCall("add", map[string]any{"a": 2, "b": 3})}, 4 + (3+len(`{"a":2,"b":3}`)+3)/4},
		{"parallel calls", agent.Message{Role: agent.RoleAssistant, Action: agent.ParallelCalls(
			agent.Call{Name: "a", Args: map[string]any{}}, agent.Call{Name: "b", Args: map[string]any{"x": "<&>"}})}, 4 + (1+2+1+len(`{"x":"<&>"}`)+3)/4},
		{"an action of another type", agent.Message{Role: agent.RoleAssistant, Action: agent.Map{"type": "answer"}}, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, agent.EstimateTokens(tt.m))
		})
	}
}
