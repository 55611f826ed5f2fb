package agent_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// remove is the approval examples' tool: it "deletes" the path it is given.
func remove(_ context.Context, args any) (string, error) {
	return fmt.Sprint("deleted ", args.(map[string]any)["path"]), nil
}

// A caller decides each call before it runs: a denied call gets its
// denial as its output, and the model recovers.
func ExampleApprove() {
	model := agent.Script(
		agent.ToolCall("delete", map[string]any{"path": "/"}),
		agent.ToolCall("delete", map[string]any{"path": "/tmp/cache"}),
		agent.Final("I freed the cache instead."),
	)
	approve := func(_ context.Context, call agent.Call) (agent.Decision, error) {
		if call.Args.(map[string]any)["path"] == "/" {
			return agent.Deny("never the whole disk"), nil
		}
		return agent.Allow(), nil
	}
	res, _ := agent.Run(context.Background(), model, agent.Tools{"delete": remove}, "Free some space.",
		agent.Approve(approve))
	for _, m := range res.Messages {
		if m.Role == agent.RoleTool {
			fmt.Println(m.Content)
		}
	}
	fmt.Println(res.Text)
	// Output:
	// error: denied: never the whole disk
	// deleted /tmp/cache
	// I freed the cache instead.
}

// Edited args are what the tool gets; the tool message records them.
func ExampleEdit() {
	model := agent.Script(agent.ToolCall("delete", map[string]any{"path": "/home"}), agent.Final("Done."))
	approve := func(context.Context, agent.Call) (agent.Decision, error) {
		return agent.Edit(map[string]any{"path": "/home/me/tmp"}), nil
	}
	res, _ := agent.Run(context.Background(), model, agent.Tools{"delete": remove}, "Clean up.",
		agent.Approve(approve), agent.OnEvent(func(e agent.Event) {
			if e.Kind == agent.EventEdited {
				fmt.Println("edited:", e.Args)
			}
		}))
	fmt.Println(res.Messages[2].Content, res.Messages[2].Args)
	// Output:
	// edited: map[path:/home/me/tmp]
	// deleted /home/me/tmp map[path:/home/me/tmp]
}

// decisions is an Approver that answers the calls, in the order they are
// asked, with the given decisions (Allow once they run out), and records
// what it was asked.
type decisions struct {
	mu     sync.Mutex
	answer []agent.Decision
	err    error
	asked  []string // "NAME ARGS"
}

func (d *decisions) approve(_ context.Context, call agent.Call) (agent.Decision, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.asked = append(d.asked, fmt.Sprint(call.Name, " ", call.Args))
	if d.err != nil {
		return agent.Decision{}, d.err
	}
	if len(d.answer) == 0 {
		return agent.Allow(), nil
	}
	next := d.answer[0]
	d.answer = d.answer[1:]
	return next, nil
}

// ran records the args each tool call got.
type ran struct {
	mu   sync.Mutex
	args []string
}

func (r *ran) tool(name string) agent.Tool {
	return func(_ context.Context, args any) (string, error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.args = append(r.args, fmt.Sprint(name, " ", args))
		return fmt.Sprint(name, " ok"), nil
	}
}

// approvalKinds lists the approval events as "KIND call I TOOL [REASON|ARGS]".
func approvalKinds(events []agent.Event) []string {
	var out []string
	for _, e := range events {
		s := fmt.Sprintf("%s call %d %s", e.Kind, e.Call, e.Tool)
		switch e.Kind {
		case agent.EventApprovalAsked, agent.EventApproved:
		case agent.EventDenied:
			s += " " + e.Reason
		case agent.EventEdited:
			s += fmt.Sprint(" ", e.Args)
		default:
			continue
		}
		out = append(out, s)
	}
	return out
}

func TestApprovalDecidesEachCall(t *testing.T) {
	one := func(args map[string]any) agent.Map { return agent.ToolCall("delete", args) }
	two := agent.ParallelCalls(
		agent.Call{Name: "delete", Args: map[string]any{"path": "a"}, ID: "c1"},
		agent.Call{Name: "delete", Args: map[string]any{"path": "b"}, ID: "c2"},
	)
	tests := []struct {
		name       string
		action     agent.Action
		decide     *decisions
		transcript []string
		ran        []string
		events     []string
	}{{
		name:       "an approved call runs as the model made it",
		action:     one(map[string]any{"path": "a"}),
		transcript: []string{"user: Go.", "assistant tool: delete", "tool delete: delete ok", "assistant final: done"},
		ran:        []string{"delete map[path:a]"},
		events:     []string{"approval_asked call 0 delete", "approved call 0 delete"},
	}, {
		name:       "a denied call does not run and gets its denial as its output",
		action:     one(map[string]any{"path": "/"}),
		decide:     &decisions{answer: []agent.Decision{agent.Deny("not the root")}},
		transcript: []string{"user: Go.", "assistant tool: delete", "tool delete: error: denied: not the root", "assistant final: done"},
		events:     []string{"approval_asked call 0 delete", "denied call 0 delete not the root"},
	}, {
		name:       "a denial without a reason reads error: denied",
		action:     one(map[string]any{"path": "/"}),
		decide:     &decisions{answer: []agent.Decision{agent.Deny("")}},
		transcript: []string{"user: Go.", "assistant tool: delete", "tool delete: error: denied", "assistant final: done"},
		events:     []string{"approval_asked call 0 delete", "denied call 0 delete "},
	}, {
		name:       "an edited call runs with the edited args",
		action:     one(map[string]any{"path": "/"}),
		decide:     &decisions{answer: []agent.Decision{agent.Edit(map[string]any{"path": "/tmp"})}},
		transcript: []string{"user: Go.", "assistant tool: delete", "tool delete: delete ok", "assistant final: done"},
		ran:        []string{"delete map[path:/tmp]"},
		events:     []string{"approval_asked call 0 delete", "edited call 0 delete map[path:/tmp]"},
	}, {
		name:       "an approver that fails denies the call",
		action:     one(map[string]any{"path": "a"}),
		decide:     &decisions{err: errBoom},
		transcript: []string{"user: Go.", "assistant tool: delete", "tool delete: error: denied: approval failed: boom", "assistant final: done"},
		events:     []string{"approval_asked call 0 delete", "denied call 0 delete approval failed: boom"},
	}, {
		name:       "a call of no tool is not asked about and fails as unknown",
		action:     agent.ToolCall("format", nil),
		transcript: []string{"user: Go.", "assistant tool: format", "tool format: error: unknown tool 'format'", "assistant final: done"},
	}, {
		name:       "one of two parallel calls denied: the other runs, each keeps its message",
		action:     two,
		decide:     &decisions{answer: []agent.Decision{agent.Deny("keep a"), agent.Allow()}},
		transcript: []string{"user: Go.", "assistant tool: delete, delete", "tool delete#c1: error: denied: keep a", "tool delete#c2: delete ok", "assistant final: done"},
		ran:        []string{"delete map[path:b]"},
		events: []string{"approval_asked call 0 delete", "denied call 0 delete keep a",
			"approval_asked call 1 delete", "approved call 1 delete"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.decide == nil {
				tt.decide = &decisions{}
			}
			var rec recorder
			var tools ran
			model := agent.Script(tt.action, agent.Final("done"))
			res, err := agent.Run(context.Background(), model,
				agent.Tools{"delete": tools.tool("delete")}, "Go.", agent.Approve(tt.decide.approve), agent.OnEvent(rec.observe))
			require.NoError(t, err)
			checkRun(t, res, err, rec.events)
			assert.Equal(t, tt.transcript, transcript(res), "the transcript the user reads")
			assert.Equal(t, tt.ran, tools.args, "the calls the tool got")
			assert.Equal(t, tt.events, approvalKinds(rec.events), "the approval events")
		})
	}
}

func TestDeniedCallIsAFailedCallOfPhaseDenied(t *testing.T) {
	var rec recorder
	model := agent.Script(agent.ToolCall("delete", nil), agent.Final("ok"))
	deny := func(context.Context, agent.Call) (agent.Decision, error) { return agent.Deny("no"), nil }
	res, _ := agent.Run(context.Background(), model, agent.Tools{"delete": remove}, "Go.",
		agent.Approve(deny), agent.OnEvent(rec.observe))
	assert.True(t, res.Messages[2].Failed, "a denied call's message is a failed call's")
	var end agent.Event
	for _, e := range rec.events {
		if e.Kind == agent.EventToolEnd {
			end = e
		}
	}
	assert.Equal(t, agent.PhaseDenied, end.Phase, "the call's end names the line that denied it")
	assert.Equal(t, "error: denied: no", end.Content)
	assert.True(t, end.Failed)
}

func TestEditedArgsShowInTheToolMessageNotTheAction(t *testing.T) {
	asked := map[string]any{"path": "/"}
	model := agent.Script(agent.ToolCall("delete", asked), agent.Final("ok"))
	edit := func(context.Context, agent.Call) (agent.Decision, error) {
		return agent.Edit(map[string]any{"path": "/tmp"}), nil
	}
	res, err := agent.Run(context.Background(), model, agent.Tools{"delete": remove}, "Go.", agent.Approve(edit))
	require.NoError(t, err)
	calls, err := res.Messages[1].Action.AppendCalls(nil)
	require.NoError(t, err)
	assert.Equal(t, asked, calls[0].Args, "the action stays as the model returned it")
	assert.Equal(t, map[string]any{"path": "/tmp"}, res.Messages[2].Args, "the tool message records the args the tool ran with")
	assert.Equal(t, "deleted /tmp", res.Messages[2].Content)
}

func TestApprovedCallsOfABatchStillRunConcurrently(t *testing.T) {
	b := newBarrier(2)
	meet := func(_ context.Context, args any) (string, error) {
		if !b.wait() {
			return "", errors.New("ran alone")
		}
		return "met", nil
	}
	model := agent.Script(agent.ParallelCalls(
		agent.Call{Name: "meet", Args: map[string]any{"i": 0}},
		agent.Call{Name: "meet", Args: map[string]any{"i": 1}},
		agent.Call{Name: "meet", Args: map[string]any{"i": 2}},
	), agent.Final("met"))
	d := decisions{answer: []agent.Decision{agent.Allow(), agent.Deny("not you"), agent.Allow()}}
	res, err := agent.Run(context.Background(), model, agent.Tools{"meet": meet}, "Go.", agent.Approve(d.approve))
	require.NoError(t, err)
	assert.Equal(t, []string{"user: Go.", "assistant tool: meet, meet, meet",
		"tool meet: met", "tool meet: error: denied: not you", "tool meet: met", "assistant final: met"}, transcript(res))
	assert.Equal(t, []string{"meet map[i:0]", "meet map[i:1]", "meet map[i:2]"}, d.asked, "asked in call order")
}

func TestWaitingCountsNeitherTowardToolTimeoutNorTheStep(t *testing.T) {
	const wait = 60 * time.Millisecond
	var rec recorder
	model := agent.Script(agent.ToolCall("delete", map[string]any{"path": "a"}), agent.Final("ok"))
	slow := func(context.Context, agent.Call) (agent.Decision, error) {
		time.Sleep(wait)
		return agent.Allow(), nil
	}
	res, err := agent.Run(context.Background(), model, agent.Tools{"delete": remove}, "Go.",
		agent.Approve(slow), agent.ToolTimeout(wait/3), agent.OnEvent(rec.observe))
	require.NoError(t, err)
	assert.Equal(t, "deleted a", res.Messages[2].Content, "the tool timed out while the call waited")
	var waited, took time.Duration
	for _, e := range rec.events {
		switch e.Kind {
		case agent.EventApproved:
			waited = e.Duration
		case agent.EventToolEnd:
			took = e.Duration
		}
	}
	assert.GreaterOrEqual(t, waited, wait, "the approved event reports the time waited")
	assert.Less(t, took, wait, "the tool's duration included the wait")
	assert.Less(t, res.StepDurations[0], wait, "the step's duration included the wait")
	assert.GreaterOrEqual(t, res.Duration, wait, "the run's duration left out the wait")
	assert.Equal(t, 2, res.Steps, "waiting used steps")
}

func TestCancelEndsAPendingWaitAtOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	asked := make(chan struct{})
	never := make(chan struct{})
	defer close(never)
	stuck := func(context.Context, agent.Call) (agent.Decision, error) {
		close(asked)
		<-never // ignores ctx: the loop must not wait for it
		return agent.Allow(), nil
	}
	var tools ran
	model := agent.Script(agent.ParallelCalls(
		agent.Call{Name: "delete", Args: map[string]any{"path": "a"}},
		agent.Call{Name: "delete", Args: map[string]any{"path": "b"}},
	), agent.Final("never"))
	var rec recorder
	type outcome struct {
		res *agent.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := agent.Run(ctx, model, agent.Tools{"delete": tools.tool("delete")}, "Go.",
			agent.Approve(stuck), agent.OnEvent(rec.observe))
		done <- outcome{res, err}
	}()
	<-asked
	cancel()
	var o outcome
	select {
	case o = <-done:
	case <-time.After(guard):
		t.Fatal("Run still waits for a decision after its context was canceled")
	}
	require.ErrorIs(t, o.err, context.Canceled)
	checkRun(t, o.res, o.err, rec.events)
	assert.Equal(t, agent.StopCanceled, o.res.Reason)
	assert.Equal(t, []string{"user: Go.", "assistant tool: delete, delete",
		"tool delete: error: denied: canceled", "tool delete: error: denied: canceled"}, transcript(o.res),
		"every call keeps a message, and none ran")
	assert.Empty(t, tools.args, "a tool ran after the run was canceled")
	assert.Equal(t, []string{"approval_asked call 0 delete", "denied call 0 delete canceled", "denied call 1 delete canceled"},
		approvalKinds(rec.events), "the second call was asked about after the cancel")
	assert.Equal(t, agent.PhaseCanceledAfterTools, rec.events[len(rec.events)-1].Phase)
}

func TestApproverPanicOrGoexitDeniesTheCall(t *testing.T) {
	tests := []struct {
		name    string
		approve agent.Approver
		want    string
	}{
		{"panic", func(context.Context, agent.Call) (agent.Decision, error) { panic("oops") }, "error: denied: approval failed: panic: oops"},
		{"goexit", func(context.Context, agent.Call) (agent.Decision, error) { runtime.Goexit(); return agent.Allow(), nil },
			"error: denied: approval failed: the approver exited without returning"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			model := agent.Script(agent.ToolCall("delete", nil), agent.Final("ok"))
			res, err := agent.Run(context.Background(), model, agent.Tools{"delete": remove}, "Go.", agent.Approve(tt.approve))
			require.NoError(t, err)
			assert.Equal(t, tt.want, res.Messages[2].Content)
		})
	}
}

func TestDeniedTextIsFixed(t *testing.T) {
	assert.Equal(t, "error: denied: too risky", agent.DeniedText("too risky"))
	assert.Equal(t, "error: denied", agent.DeniedText(""))
	assert.Equal(t, map[string]any{}, agent.Edit(nil).Args, "Edit(nil) runs the call with no args")
	assert.Equal(t, agent.Decision{}, agent.Allow(), "the zero decision approves")
}
