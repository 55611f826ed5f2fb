package agent_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// TestMalformedOutputEndsTheRunNamingStepAndCause plays one good tool step,
// then the malformed action, so every error must name step 2.
func TestMalformedOutputEndsTheRunNamingStepAndCause(t *testing.T) {
	for _, c := range []struct {
		name    string
		action  agent.Action
		wantErr string
	}{
		{"an unknown type", agent.Map{"type": "dance"}, `type "dance" is neither "final" nor "tool"`},
		{"a missing type", agent.Map{"content": "hi"}, `"type" is missing or not a string`},
		{"a type that is not a string", agent.Map{"type": 7}, `"type" is missing or not a string`},
		{"a nil map", agent.Map(nil), `"type" is missing or not a string`},
		{"a tool without a name", agent.Map{"type": "tool", "args": map[string]any{}}, `tool action has no string "name"`},
		{"a name that is not a string", agent.Map{"type": "tool", "name": 42}, `tool action has no string "name"`},
		{"args that are a string", agent.Map{"type": "tool", "name": "echo", "args": "text"}, `"args" of tool "echo" is not an object`},
		{"args that are a list", agent.Map{"type": "tool", "name": "echo", "args": []any{1}}, `"args" of tool "echo" is not an object`},
		{"calls that are not a list", agent.Map{"type": "tool", "calls": "echo"}, `"calls" is not a list`},
		{"calls that are null", agent.Map{"type": "tool", "calls": nil}, `"calls" is not a list`},
		{"an empty calls list", agent.Map{"type": "tool", "calls": []any{}}, `"calls" is empty`},
		{"a call that is not an object", agent.Map{"type": "tool", "calls": []any{
			map[string]any{"name": "echo"}, "echo",
		}}, `calls[1] is not an object`},
		{"a call without a name", agent.Map{"type": "tool", "calls": []any{
			map[string]any{"name": "echo"}, map[string]any{"args": map[string]any{}},
		}}, `calls[1]: tool action has no string "name"`},
		{"a call whose args are not an object", agent.Map{"type": "tool", "calls": []map[string]any{
			{"name": "echo", "args": 3.5},
		}}, `calls[0]: "args" of tool "echo" is not an object`},
		{"a call without a name in a list of Maps", agent.Map{"type": "tool", "calls": []agent.Map{{"name": true}}},
			`calls[0]: tool action has no string "name"`},
		{"no action at all", nil, `the model returned no action`},
	} {
		t.Run(c.name+" is a malformed action at its step", func(t *testing.T) {
			var rec recorder
			model, calls := counted(agent.Script(agent.ToolCall("echo", nil), c.action, agent.Final("never")))
			res, err := agent.Run(context.Background(), model, agent.Tools{"echo": echo}, "Go.", agent.OnEvent(rec.observe))
			checkRun(t, res, err, rec.events)

			assert.EqualError(t, err, "step 2: malformed action: "+c.wantErr)
			assert.ErrorIs(t, err, agent.ErrMalformed)
			var stepErr *agent.StepError
			require.ErrorAs(t, err, &stepErr)
			assert.Equal(t, 2, stepErr.Step)
			assert.Equal(t, agent.StopModelError, res.Reason)
			assert.Equal(t, 2, res.Steps)
			assert.EqualValues(t, 2, calls.Load(), "the run went on after malformed output")
			assert.Empty(t, res.Text)
			if c.action == nil {
				assert.Len(t, res.Messages, 3, "a missing action must not become a message")
				return
			}
			require.Len(t, res.Messages, 4, "the malformed action is missing from the transcript")
			assert.Equal(t, c.action, res.Messages[3].Action, "the transcript shows another action than the model gave")
		})
	}
}

// TestModelFailureEndsTheRunWrappingTheCause covers models that fail
// without the context being canceled.
func TestModelFailureEndsTheRunWrappingTheCause(t *testing.T) {
	errRate := errors.New("rate limited")
	for _, c := range []struct {
		name    string
		model   agent.Model
		wantErr string
		wantIs  error
	}{
		{
			name:    "a model error is wrapped with the step",
			model:   func(context.Context, []agent.Message) (agent.Action, error) { return nil, errRate },
			wantErr: "step 1: model: rate limited", wantIs: errRate,
		},
		{
			name: "an error returned with an action drops the action",
			model: func(context.Context, []agent.Message) (agent.Action, error) {
				return agent.Final("ignored"), fmt.Errorf("partial answer: %w", errRate)
			},
			wantErr: "step 1: model: partial answer: rate limited", wantIs: errRate,
		},
		{
			name:    "a panicking model becomes a model error",
			model:   func(context.Context, []agent.Message) (agent.Action, error) { panic("boom") },
			wantErr: "step 1: model: panic: boom",
		},
		{
			name:    "a nil model becomes a model error",
			model:   nil,
			wantErr: "step 1: model: panic: runtime error: invalid memory address or nil pointer dereference",
		},
		{
			name: "an error that wraps context.Canceled without the run's context done is a model error",
			model: func(context.Context, []agent.Message) (agent.Action, error) {
				return nil, fmt.Errorf("upstream: %w", context.Canceled)
			},
			wantErr: "step 1: model: upstream: context canceled", wantIs: context.Canceled,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rec recorder
			res, err := agent.Run(context.Background(), c.model, nil, "Go.", agent.OnEvent(rec.observe))
			checkRun(t, res, err, rec.events)
			assert.EqualError(t, err, c.wantErr)
			if c.wantIs != nil {
				assert.ErrorIs(t, err, c.wantIs)
			}
			assert.Equal(t, agent.StopModelError, res.Reason)
			assert.Equal(t, []string{"user: Go."}, transcript(res), "a failed model call must add no message")
			assert.Equal(t, 1, res.Steps)
			ends := 0
			for _, e := range rec.events {
				if e.Kind == agent.EventModelEnd {
					ends++
					assert.EqualError(t, e.Err, c.wantErr[len("step 1: "):], "model_end carries the model's error")
				}
			}
			assert.Equal(t, 1, ends)
		})
	}
}

// TestCancellationStopsTheRun cancels the run at each point a user can
// press Stop: before it starts, during a model call, during a tool call and
// between steps.
func TestCancellationStopsTheRun(t *testing.T) {
	type setup struct {
		model   agent.Model
		tools   agent.Tools
		opts    []agent.Option
		observe func(agent.Event) // called after the test's recorder
	}
	release := make(chan struct{})
	defer close(release) // lets the tool that ignores its context finish
	waitForCancel := func(ctx context.Context, _ any) (string, error) {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(guard):
			return "", errors.New("the tool's context was never canceled")
		}
	}
	for _, c := range []struct {
		name           string
		setup          func(cancel context.CancelFunc) setup
		wantErr        string
		wantTranscript []string
		wantSteps      int
	}{
		{
			name: "before the run the model is never called",
			setup: func(cancel context.CancelFunc) setup {
				cancel()
				return setup{model: func(context.Context, []agent.Message) (agent.Action, error) {
					panic("the model was called on a canceled run")
				}}
			},
			wantErr: "step 1: context canceled", wantTranscript: []string{"user: Go."}, wantSteps: 0,
		},
		{
			name: "during a model call that returns the context's error",
			setup: func(cancel context.CancelFunc) setup {
				return setup{model: func(ctx context.Context, _ []agent.Message) (agent.Action, error) {
					cancel()
					<-ctx.Done()
					return nil, ctx.Err()
				}}
			},
			wantErr: "step 1: context canceled", wantTranscript: []string{"user: Go."}, wantSteps: 1,
		},
		{
			name: "during a model call that fails its own way",
			setup: func(cancel context.CancelFunc) setup {
				return setup{model: func(context.Context, []agent.Message) (agent.Action, error) {
					cancel()
					return nil, errors.New("fetch aborted")
				}}
			},
			wantErr: "step 1: context canceled", wantTranscript: []string{"user: Go."}, wantSteps: 1,
		},
		{
			name: "during a model call that returns no action",
			setup: func(cancel context.CancelFunc) setup {
				return setup{model: func(context.Context, []agent.Message) (agent.Action, error) {
					cancel()
					return nil, nil
				}}
			},
			wantErr: "step 1: context canceled", wantTranscript: []string{"user: Go."}, wantSteps: 1,
		},
		{
			name: "during a model call that panics",
			setup: func(cancel context.CancelFunc) setup {
				return setup{model: func(context.Context, []agent.Message) (agent.Action, error) {
					cancel()
					panic("aborted")
				}}
			},
			wantErr: "step 1: context canceled", wantTranscript: []string{"user: Go."}, wantSteps: 1,
		},
		{
			name: "during a tool call, keeping the tool's output",
			setup: func(cancel context.CancelFunc) setup {
				return setup{
					model: agent.Script(agent.ToolCall("echo", map[string]any{"text": "hi"}), agent.ToolCall("wait", nil), agent.Final("never")),
					tools: agent.Tools{"echo": echo, "wait": func(ctx context.Context, args any) (string, error) {
						cancel()
						return waitForCancel(ctx, args)
					}},
				}
			},
			wantErr: "step 2: context canceled", wantSteps: 2,
			wantTranscript: []string{
				"user: Go.", "assistant tool: echo", "tool echo: hi",
				"assistant tool: wait", "tool wait: error: context canceled",
			},
		},
		{
			name: "during the last step's tool call, which is a cancellation and not max steps",
			setup: func(cancel context.CancelFunc) setup {
				return setup{
					model: agent.Script(agent.ToolCall("wait", nil)),
					tools: agent.Tools{"wait": func(ctx context.Context, args any) (string, error) {
						cancel()
						return waitForCancel(ctx, args)
					}},
					opts: []agent.Option{agent.MaxSteps(1)},
				}
			},
			wantErr: "step 1: context canceled", wantSteps: 1,
			wantTranscript: []string{"user: Go.", "assistant tool: wait", "tool wait: error: context canceled"},
		},
		{
			name: "during parallel calls, each of which sees it",
			setup: func(cancel context.CancelFunc) setup {
				return setup{
					model: agent.Script(agent.ParallelCalls(agent.Call{Name: "wait"}, agent.Call{Name: "stop"}, agent.Call{Name: "wait"})),
					tools: agent.Tools{"wait": waitForCancel, "stop": func(ctx context.Context, args any) (string, error) {
						cancel()
						return "stopped", nil
					}},
				}
			},
			wantErr: "step 1: context canceled", wantSteps: 1,
			wantTranscript: []string{
				"user: Go.", "assistant tool: wait, stop, wait",
				"tool wait: error: context canceled", "tool stop: stopped", "tool wait: error: context canceled",
			},
		},
		{
			name: "during a tool call under a timeout, which the loop stops waiting for",
			setup: func(cancel context.CancelFunc) setup {
				return setup{
					model: agent.Script(agent.ToolCall("deaf", nil)),
					tools: agent.Tools{"deaf": func(context.Context, any) (string, error) {
						cancel()
						<-release // ignores its context: the run must not wait for it
						return "too late", nil
					}},
					opts: []agent.Option{agent.ToolTimeout(2 * guard)},
				}
			},
			wantErr: "step 1: context canceled", wantSteps: 1,
			wantTranscript: []string{"user: Go.", "assistant tool: deaf", "tool deaf: error: context canceled"},
		},
		{
			name: "between steps, by the observer",
			setup: func(cancel context.CancelFunc) setup {
				return setup{
					model: forever,
					tools: agent.Tools{"echo": echo},
					observe: func(e agent.Event) {
						if e.Kind == agent.EventModelEnd && e.Step == 2 {
							cancel()
						}
					},
				}
			},
			wantErr: "step 2: context canceled", wantSteps: 2,
			wantTranscript: []string{
				"user: Go.", "assistant tool: echo", "tool echo: again",
				"assistant tool: echo", "tool echo: again",
			},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s := c.setup(cancel)
			var rec recorder
			opts := append(s.opts, agent.OnEvent(func(e agent.Event) {
				rec.observe(e)
				if s.observe != nil {
					s.observe(e)
				}
			}))
			done := make(chan struct{})
			var (
				res *agent.Result
				err error
			)
			go func() {
				defer close(done)
				res, err = agent.Run(ctx, s.model, s.tools, "Go.", opts...)
			}()
			select {
			case <-done:
			case <-time.After(guard):
				t.Fatal("the run did not stop after its context was canceled")
			}
			checkRun(t, res, err, rec.events)
			assert.Equal(t, agent.StopCanceled, res.Reason)
			assert.EqualError(t, err, c.wantErr)
			assert.ErrorIs(t, err, context.Canceled)
			assert.Equal(t, c.wantTranscript, transcript(res))
			assert.Equal(t, c.wantSteps, res.Steps)
		})
	}
}

func TestAnExpiredDeadlineStopsTheRunAsCanceled(t *testing.T) {
	ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	res, err := agent.Run(ctx, forever, agent.Tools{"echo": echo}, "Go.")
	checkRun(t, res, err, nil)
	assert.Equal(t, agent.StopCanceled, res.Reason)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.EqualError(t, err, "step 1: context deadline exceeded")
}

func TestAModelThatAnswersDespiteCancellationEndsWithItsAnswer(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	model := func(context.Context, []agent.Message) (agent.Action, error) {
		cancel()
		return agent.Final("done anyway"), nil
	}
	res, err := agent.Run(ctx, model, nil, "Go.")
	checkRun(t, res, err, nil)
	assert.NoError(t, err)
	assert.Equal(t, agent.StopFinal, res.Reason)
	assert.Equal(t, "done anyway", res.Text)
}

// TestToolTimeoutBecomesAnErrorOutputAndTheLoopGoesOn checks that a slow call
// yields "error: tool 'NAME' timed out after D" whether or not the tool
// honors its context, and that a quick one is not affected.
func TestToolTimeoutBecomesAnErrorOutputAndTheLoopGoesOn(t *testing.T) {
	release := make(chan struct{})
	defer close(release) // lets the tool that ignores its context finish
	tools := agent.Tools{
		"polite": func(ctx context.Context, _ any) (string, error) {
			select {
			case <-ctx.Done():
				return "", ctx.Err()
			case <-time.After(guard):
				return "the timeout never came", nil
			}
		},
		"deaf": func(context.Context, any) (string, error) {
			select {
			case <-release:
			case <-time.After(guard):
			}
			return "too late", nil
		},
		"quick": func(context.Context, any) (string, error) { return "fast", nil },
		"fail":  func(context.Context, any) (string, error) { return "", errBoom },
		"panic": func(context.Context, any) (string, error) { panic("boom") },
	}
	// A tool that blocks times out whatever the limit, so those cases use a
	// short one; a tool that must not time out gets one that no scheduler
	// delay reaches. Only the parallel case needs both, and a margin.
	for _, c := range []struct {
		name    string
		action  agent.Action
		timeout time.Duration
		want    []string
	}{
		{"a tool that honors its context times out", agent.ToolCall("polite", nil), time.Millisecond,
			[]string{"tool polite: error: tool 'polite' timed out after 1ms"}},
		{"a tool that ignores its context times out without the loop waiting for it", agent.ToolCall("deaf", nil), time.Millisecond,
			[]string{"tool deaf: error: tool 'deaf' timed out after 1ms"}},
		{"a quick tool is not affected", agent.ToolCall("quick", nil), guard, []string{"tool quick: fast"}},
		{"a failing tool still fails its own way", agent.ToolCall("fail", nil), guard, []string{"tool fail: error: boom"}},
		{"a panicking tool still becomes an error", agent.ToolCall("panic", nil), guard, []string{"tool panic: error: panic: boom"}},
		{"only the slow one of parallel calls times out", agent.ParallelCalls(
			agent.Call{Name: "quick", ID: "a"}, agent.Call{Name: "polite", ID: "b"}, agent.Call{Name: "nope", ID: "c"},
		), 500 * time.Millisecond,
			[]string{"tool quick#a: fast", "tool polite#b: error: tool 'polite' timed out after 500ms", "tool nope#c: error: unknown tool 'nope'"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rec recorder
			model := agent.Script(c.action, agent.Final("went on"))
			res, err := agent.Run(context.Background(), model, tools, "Go.", agent.ToolTimeout(c.timeout), agent.OnEvent(rec.observe))
			checkRun(t, res, err, rec.events)
			require.NoError(t, err)
			assert.Equal(t, "went on", res.Text, "the loop did not go on after the call")
			lines := transcript(res)
			require.Len(t, lines, 3+len(c.want))
			assert.Equal(t, c.want, lines[2:2+len(c.want)])
		})
	}
}
