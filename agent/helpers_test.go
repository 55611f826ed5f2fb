package agent_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// guard bounds every wait in these tests. It only ends a test that would
// otherwise hang; no test passes or fails because of how long it is.
const guard = 10 * time.Second

// transcript renders a run's messages one line each, the way a user reads
// them: "user: TEXT", "assistant final: TEXT", "assistant tool: NAME, NAME",
// "assistant TYPE" for any other action, and "tool NAME#ID: OUTPUT".
func transcript(res *agent.Result) []string {
	var lines []string
	for _, m := range res.Messages {
		lines = append(lines, line(m))
	}
	return lines
}

func line(m agent.Message) string {
	switch m.Role {
	case agent.RoleUser:
		return "user: " + m.Content
	case agent.RoleTool:
		name := m.Name
		if m.ID != "" {
			name += "#" + m.ID
		}
		return "tool " + name + ": " + m.Content
	case agent.RoleAssistant:
		typ, ok := m.Action.Type()
		switch {
		case !ok:
			return "assistant (no type)"
		case typ == agent.TypeFinal:
			return "assistant final: " + m.Action.Content()
		case typ == agent.TypeTool:
			calls, err := m.Action.AppendCalls(nil)
			if err != nil {
				return "assistant tool: (malformed)"
			}
			names := make([]string, len(calls))
			for i, c := range calls {
				names[i] = c.Name
			}
			return "assistant tool: " + strings.Join(names, ", ")
		default:
			return "assistant " + typ
		}
	}
	return "?" + m.Role
}

// recorder collects the events of a run. The loop calls its observer from
// one goroutine at a time, and the tests read the events after Run has
// returned, so no lock is needed.
type recorder struct{ events []agent.Event }

func (r *recorder) observe(e agent.Event) { r.events = append(r.events, e) }

// kinds lists the events as "STEP KIND" strings, with the message's
// index and role or the call's index and tool where there is one.
func (r *recorder) kinds() []string {
	var out []string
	for _, e := range r.events {
		s := fmt.Sprintf("%d %s", e.Step, e.Kind)
		switch e.Kind {
		case agent.EventMessage:
			s += fmt.Sprintf(" #%d %s", e.Index, e.Message.Role)
		case agent.EventToolStart, agent.EventToolEnd:
			s += fmt.Sprintf(" call %d %s", e.Call, e.Tool)
		}
		out = append(out, s)
	}
	return out
}

// counted wraps model and counts its calls.
func counted(model agent.Model) (agent.Model, *atomic.Int64) {
	var n atomic.Int64
	return func(ctx context.Context, m []agent.Message) (agent.Action, error) {
		n.Add(1)
		return model(ctx, m)
	}, &n
}

// forever is a model that calls the tool "echo" at every step.
func forever(context.Context, []agent.Message) (agent.Action, error) {
	return agent.ToolCall("echo", map[string]any{"text": "again"}), nil
}

// echo returns its "text" argument.
func echo(_ context.Context, args any) (string, error) {
	text, _ := args.(map[string]any)["text"].(string)
	return text, nil
}

// tick waits until the monotonic clock has moved, so that anything timed
// around the call has a duration above zero even on a coarse clock.
func tick() {
	for start := time.Now(); time.Since(start) <= 0; {
	}
}

// checkRun asserts what holds for every run, however it ended: a result
// with the user's message first, a duration per step, a *StepError exactly
// when the run failed, and events that agree with the result.
func checkRun(t testing.TB, res *agent.Result, err error, events []agent.Event) {
	t.Helper()
	require.NotNil(t, res, "Run returned no result")
	require.NotEmpty(t, res.Messages, "the transcript lost the user's message")
	assert.Equal(t, agent.RoleUser, res.Messages[0].Role, "the transcript does not start with the user's message")
	assert.Len(t, res.StepDurations, res.Steps, "one duration per step")

	var stepErr *agent.StepError
	switch res.Reason {
	case agent.StopFinal, agent.StopMaxSteps:
		assert.NoError(t, err, "a run that ended with %s reported an error", res.Reason)
	case agent.StopModelError, agent.StopCanceled:
		if assert.ErrorAs(t, err, &stepErr, "a run that ended with %s", res.Reason) {
			assert.GreaterOrEqual(t, stepErr.Step, 1, "the error names no step")
			assert.LessOrEqual(t, stepErr.Step, res.Steps+1, "the error names a step the run never reached")
		}
		assert.Empty(t, res.Text, "a failed run has no text")
	default:
		t.Errorf("unknown stop reason %q", res.Reason)
	}
	if res.Reason == agent.StopMaxSteps {
		assert.Equal(t, agent.MaxStepsText, res.Text)
	}

	if events == nil {
		return
	}
	require.NotEmpty(t, events)
	done := events[len(events)-1]
	require.Equal(t, agent.EventDone, done.Kind, "the last event is not done")
	assert.Same(t, res, done.Result, "done carries another result than Run returned")
	assert.Equal(t, err, done.Err, "done carries another error than Run returned")
	assert.Equal(t, res.Steps, done.Step)
	assert.Equal(t, res.Duration, done.Duration)

	var messages, modelStarts, modelEnds, toolStarts, toolEnds int
	for i, e := range events {
		assert.False(t, e.Kind == agent.EventDone && i != len(events)-1, "event %d: done before the end", i)
		assert.LessOrEqual(t, e.Step, res.Steps, "event %d: %s names a step the run never made", i, e.Kind)
		switch e.Kind {
		case agent.EventMessage:
			if assert.Equal(t, messages, e.Index, "event %d: message index", i) && e.Index < len(res.Messages) {
				assert.Equal(t, res.Messages[e.Index], e.Message, "event %d: message differs from the transcript", i)
			}
			messages++
		case agent.EventModelStart:
			modelStarts++
			assert.Equal(t, modelStarts, e.Step, "event %d: model_start step", i)
		case agent.EventModelEnd:
			modelEnds++
			assert.Equal(t, modelStarts, modelEnds, "event %d: model_end without model_start", i)
			assert.GreaterOrEqual(t, e.Duration, time.Duration(0))
		case agent.EventToolStart:
			toolStarts++
		case agent.EventToolEnd:
			toolEnds++
			if e.Failed {
				assert.True(t, strings.HasPrefix(e.Content, "error: "), "event %d: a failed call's output %q lacks the error prefix", i, e.Content)
			}
			failurePhase := e.Phase == agent.PhaseUnknownTool || e.Phase == agent.PhaseToolError || e.Phase == agent.PhaseDenied
			assert.Equal(t, failurePhase, e.Failed, "event %d: phase %s, failed %v", i, e.Phase, e.Failed)
		}
		assert.Contains(t, agent.Phases(), e.Phase, "event %d (%s) carries no known phase", i, e.Kind)
		assert.Equal(t, e.Kind == agent.EventMessage && e.Message.Failed, e.Kind == agent.EventMessage && e.Failed, "event %d: a message event's Failed is its message's", i)
	}
	assert.Equal(t, wantDonePhase(res.Reason, done.Phase), done.Phase, "done's phase does not match its reason %s", res.Reason)
	assert.Equal(t, len(res.Messages), messages, "one message event per message")
	assert.Equal(t, res.Steps, modelStarts, "one model_start per step")
	assert.Equal(t, res.Steps, modelEnds, "one model_end per step")
	assert.Equal(t, toolStarts, toolEnds, "every tool_start has its tool_end")
	var toolMessages int
	for _, m := range res.Messages {
		if m.Role == agent.RoleTool {
			toolMessages++
		}
	}
	assert.Equal(t, toolMessages, toolEnds, "one tool_end per tool message")
}

// wantDonePhase returns the phase the done event of a run that ended for
// reason should carry; got is accepted where several lines end that way.
func wantDonePhase(reason agent.StopReason, got agent.Phase) agent.Phase {
	ok := map[agent.StopReason][]agent.Phase{
		agent.StopFinal:      {agent.PhaseFinal},
		agent.StopMaxSteps:   {agent.PhaseMaxSteps},
		agent.StopModelError: {agent.PhaseErrorModel, agent.PhaseErrorCalls, agent.PhaseErrorType},
		agent.StopCanceled:   {agent.PhaseCanceledBeforeModel, agent.PhaseErrorModel, agent.PhaseCanceledAfterTools},
	}[reason]
	for _, p := range ok {
		if p == got {
			return got
		}
	}
	if len(ok) == 0 {
		return "(none)"
	}
	return ok[0]
}

// errBoom is a tool or model failure the tests look for.
var errBoom = errors.New("boom")
