package agent_test

import (
	"context"
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

func TestMaxStepsMaxIntMeansNoPracticalLimit(t *testing.T) {
	res, err := agent.Run(context.Background(), agent.Script(agent.Final("done")), nil, "Go.", agent.MaxSteps(math.MaxInt))
	require.NoError(t, err, "MaxSteps(math.MaxInt) must not panic or fail")
	assert.Equal(t, "done", res.Text)
}

func TestAToolThatExitsItsGoroutineEndsAsFailedAndRunReturns(t *testing.T) {
	exits := func(context.Context, any) (string, error) {
		runtime.Goexit() // as t.FailNow does
		return "never", nil
	}
	ok := func(context.Context, any) (string, error) { return "fine", nil }
	for _, tc := range []struct {
		name   string
		action agent.Action
		opts   []agent.Option
		want   []string // the tool messages' contents, in call order
	}{
		{"a single call", agent.ToolCall("exits", nil), nil,
			[]string{"error: tool 'exits' exited without returning"}},
		{"a single call with a tool timeout", agent.ToolCall("exits", nil), []agent.Option{agent.ToolTimeout(time.Minute)},
			[]string{"error: tool 'exits' exited without returning"}},
		{"parallel calls", agent.ParallelCalls(agent.Call{Name: "exits"}, agent.Call{Name: "ok"}), nil,
			[]string{"error: tool 'exits' exited without returning", "fine"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan struct{})
			var res *agent.Result
			var err error
			returned := false
			go func() {
				// Closed even when Goexit ends this goroutine inside Run.
				defer close(done)
				res, err = agent.Run(context.Background(), agent.Script(tc.action, agent.Final("on")),
					agent.Tools{"exits": exits, "ok": ok}, "Go.", tc.opts...)
				returned = true
			}()
			select {
			case <-done:
			case <-time.After(guard):
			}
			require.True(t, returned, "Run never returned after a tool called runtime.Goexit: its caller waits forever")
			require.NoError(t, err)
			require.Len(t, res.Messages, 3+len(tc.want), "user, action, the tool messages, final")
			for i, want := range tc.want {
				m := res.Messages[2+i]
				assert.Equal(t, want, m.Content, "tool message %d", i)
				assert.Equal(t, strings.HasPrefix(want, "error: "), m.Failed, "tool message %d is failed only when the tool exited", i)
			}
			assert.Equal(t, "on", res.Text, "the run goes on after the call that exited")
		})
	}
}

// panicky is a custom Action whose methods panic.
type panicky struct{}

func (panicky) Type() (string, bool)                           { panic("type is broken") }
func (panicky) Content() string                                { return "" }
func (panicky) AppendCalls([]agent.Call) ([]agent.Call, error) { return nil, nil }
func (panicky) Usage() agent.Usage                             { return agent.Usage{} }

// nilAction is a pointer Action; a nil *nilAction is a typed nil.
type nilAction struct{ typ string }

func (a *nilAction) Type() (string, bool)                           { return a.typ, true }
func (a *nilAction) Content() string                                { return "" }
func (a *nilAction) AppendCalls([]agent.Call) ([]agent.Call, error) { return nil, nil }
func (a *nilAction) Usage() agent.Usage                             { return agent.Usage{} }

func TestAnActionWhoseMethodsPanicEndsTheRunAsMalformed(t *testing.T) {
	for _, c := range []struct {
		name   string
		action agent.Action
		want   string
	}{
		{"a panicking Type", panicky{}, "type is broken"},
		{"a typed nil", (*nilAction)(nil), "nil pointer"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rec recorder
			res, err := agent.Run(context.Background(), agent.Script(c.action), nil, "Go.", agent.OnEvent(rec.observe))
			require.Error(t, err)
			assert.ErrorIs(t, err, agent.ErrMalformed)
			assert.Contains(t, err.Error(), "step 1: malformed action: the action panicked")
			assert.Contains(t, err.Error(), c.want)
			assert.Equal(t, agent.StopModelError, res.Reason)
			last := rec.events[len(rec.events)-1]
			assert.Equal(t, agent.EventDone, last.Kind)
			assert.Equal(t, agent.PhaseErrorType, last.Phase)
		})
	}
}

func TestTheObserversOwnPanicStillReachesTheCaller(t *testing.T) {
	assert.PanicsWithValue(t, "observer broke", func() {
		_, _ = agent.Run(context.Background(), agent.Script(agent.Final("x")), nil, "Go.",
			agent.OnEvent(func(e agent.Event) {
				if e.Kind == agent.EventModelEnd {
					panic("observer broke")
				}
			}))
	})
}

func TestUsageCountsBeyondAnIntSaturate(t *testing.T) {
	big := agent.Final("x")
	big["usage"] = map[string]any{"input_tokens": 1e300, "output_tokens": math.NaN()}
	res, err := agent.Run(context.Background(), agent.Script(agent.ToolCall("t", nil), big), agent.Tools{"t": func(context.Context, any) (string, error) { return "", nil }}, "Go.")
	require.NoError(t, err)
	assert.Equal(t, math.MaxInt, res.Usage.InputTokens, "1e300 tokens must not wrap to a negative count")
	assert.Equal(t, 0, res.Usage.OutputTokens, "NaN tokens count as none")

	twice := agent.Final("y")
	twice["usage"] = map[string]any{"input_tokens": math.MaxInt}
	first := agent.ToolCall("t", nil)
	first["usage"] = map[string]any{"input_tokens": math.MaxInt}
	res, err = agent.Run(context.Background(), agent.Script(first, twice), agent.Tools{"t": func(context.Context, any) (string, error) { return "", nil }}, "Go.")
	require.NoError(t, err)
	assert.Equal(t, math.MaxInt, res.Usage.InputTokens, "the sum saturates instead of wrapping")
}

func TestTooManyCallsAreMalformedBeforeAnyToolRuns(t *testing.T) {
	calls := make([]any, agent.MaxCalls+1)
	for i := range calls {
		calls[i] = map[string]any{"name": "t"}
	}
	ran := 0
	tool := func(context.Context, any) (string, error) { ran++; return "", nil }
	res, err := agent.Run(context.Background(), agent.Script(agent.Map{"type": "tool", "calls": calls}), agent.Tools{"t": tool}, "Go.")
	require.Error(t, err)
	assert.EqualError(t, err, `step 1: malformed action: "calls" has 1001 entries, more than the 1000 one action may make`)
	assert.Zero(t, ran, "no tool may run for a list over the cap")
	assert.Equal(t, agent.StopModelError, res.Reason)
}

func TestAModelReturningMalformedErrorIsNotBlamedOnTheModelCall(t *testing.T) {
	model := func(context.Context, []agent.Message) (agent.Action, error) {
		return nil, agent.Malformed(agent.ProblemNotObject, "a string")
	}
	_, err := agent.Run(context.Background(), model, nil, "Go.")
	assert.EqualError(t, err, "step 1: malformed action: the model returned a string, not an action object")
	var m *agent.MalformedError
	require.True(t, errors.As(err, &m))
	assert.Equal(t, agent.ProblemNotObject, m.Problem)
}

func TestMalformedErrorWords(t *testing.T) {
	for _, c := range []struct {
		err  *agent.MalformedError
		want string
	}{
		{agent.Malformed(agent.ProblemNoAction, ""), "malformed action: the model returned no action"},
		{agent.Malformed(agent.ProblemNoType, ""), `malformed action: "type" is missing or not a string`},
		{agent.Malformed(agent.ProblemUnknownType, "answer"), `malformed action: type "answer" is neither "final" nor "tool"`},
		{&agent.MalformedError{Problem: agent.ProblemNoName, Call: -1}, `malformed action: tool action has no string "name"`},
		{&agent.MalformedError{Problem: agent.ProblemNoName, Call: 2}, `malformed action: calls[2]: tool action has no string "name"`},
		{&agent.MalformedError{Problem: agent.ProblemArgsNotObject, Call: 1, Tool: "add"}, `malformed action: calls[1]: "args" of tool "add" is not an object`},
		{&agent.MalformedError{Problem: agent.ProblemCallNotObject, Call: 0}, `malformed action: calls[0] is not an object`},
		{agent.Malformed(agent.ProblemCallsNotList, ""), `malformed action: "calls" is not a list`},
		{agent.Malformed(agent.ProblemCallsEmpty, ""), `malformed action: "calls" is empty`},
	} {
		assert.EqualError(t, c.err, c.want)
		assert.ErrorIs(t, c.err, agent.ErrMalformed)
	}
}

func TestEachWayARunEndsCarriesItsLinesPhase(t *testing.T) {
	tool := func(context.Context, any) (string, error) { return "ok", nil }
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name  string
		ctx   context.Context
		model agent.Model
		want  agent.Phase
	}{
		{"final", context.Background(), agent.Script(agent.Final("x")), agent.PhaseFinal},
		{"max steps", context.Background(), agent.Script(agent.ToolCall("t", nil), agent.ToolCall("t", nil)), agent.PhaseMaxSteps},
		{"the model fails", context.Background(), func(context.Context, []agent.Message) (agent.Action, error) { return nil, errBoom }, agent.PhaseErrorModel},
		{"the model returns a string-like malformed", context.Background(), func(context.Context, []agent.Message) (agent.Action, error) {
			return nil, errors.New("malformed output of type X")
		}, agent.PhaseErrorModel},
		{"calls cannot be read", context.Background(), agent.Script(agent.Map{"type": "tool"}), agent.PhaseErrorCalls},
		{"an unknown type", context.Background(), agent.Script(agent.Map{"type": "answer"}), agent.PhaseErrorType},
		{"canceled before the first model call", canceled, agent.Script(agent.Final("x")), agent.PhaseCanceledBeforeModel},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rec recorder
			res, err := agent.Run(c.ctx, c.model, agent.Tools{"t": tool}, "Go.", agent.MaxSteps(2), agent.OnEvent(rec.observe))
			checkRun(t, res, err, rec.events)
			assert.Equal(t, c.want, rec.events[len(rec.events)-1].Phase)
		})
	}
}

func TestToolEventsCarryTheOutcomesPhase(t *testing.T) {
	var rec recorder
	fails := func(context.Context, any) (string, error) { return "", errBoom }
	ok := func(context.Context, any) (string, error) { return "fine", nil }
	res, err := agent.Run(context.Background(),
		agent.Script(agent.ParallelCalls(agent.Call{Name: "ok"}, agent.Call{Name: "fails"}, agent.Call{Name: "nope"}), agent.Final("x")),
		agent.Tools{"ok": ok, "fails": fails}, "Go.", agent.OnEvent(rec.observe))
	checkRun(t, res, err, rec.events)
	phases := map[string]agent.Phase{}
	for _, e := range rec.events {
		if e.Kind == agent.EventToolEnd {
			phases[e.Tool] = e.Phase
		}
		if e.Kind == agent.EventMessage {
			want := map[string]agent.Phase{agent.RoleUser: agent.PhaseUser, agent.RoleAssistant: agent.PhaseAction, agent.RoleTool: agent.PhaseResult}[e.Message.Role]
			assert.Equal(t, want, e.Phase, "message %d", e.Index)
		}
	}
	assert.Equal(t, map[string]agent.Phase{"ok": agent.PhaseToolOutput, "fails": agent.PhaseToolError, "nope": agent.PhaseUnknownTool}, phases)
}

func TestANilArgsMapReachesTheToolAsAnEmptyObject(t *testing.T) {
	var got any
	tool := func(_ context.Context, args any) (string, error) { got = args; return "", nil }
	_, err := agent.Run(context.Background(), agent.Script(agent.ToolCall("t", nil), agent.Final("x")), agent.Tools{"t": tool}, "Go.")
	require.NoError(t, err)
	m, ok := got.(map[string]any)
	require.True(t, ok, "args are %T", got)
	assert.NotNil(t, m, "ToolCall(name, nil) gave the tool a nil map, not {}")
	assert.Empty(t, m)
}
