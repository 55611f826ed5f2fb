package agent_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// runCase is one run of the loop and what a user would see of it.
type runCase struct {
	name string
	// run runs the loop with opts (which include the test's observer).
	// Everything stateful (scripts, contexts) is made inside it.
	run            func(opts ...agent.Option) (*agent.Result, error)
	wantTranscript []string
	wantText       string
	wantReason     agent.StopReason
	wantSteps      int
	wantErr        string // the whole error text; empty for none
	// check, when set, asserts the rest.
	check func(t *testing.T, res *agent.Result, err error, events []agent.Event)
}

func (c runCase) test(t *testing.T) {
	t.Helper()
	var rec recorder
	res, err := c.run(agent.OnEvent(rec.observe))
	checkRun(t, res, err, rec.events)
	assert.Equal(t, c.wantTranscript, transcript(res), "transcript")
	assert.Equal(t, c.wantText, res.Text, "result text")
	assert.Equal(t, c.wantReason, res.Reason, "stop reason")
	assert.Equal(t, c.wantSteps, res.Steps, "steps used")
	if c.wantErr == "" {
		assert.NoError(t, err)
	} else {
		assert.EqualError(t, err, c.wantErr)
	}
	if c.check != nil {
		c.check(t, res, err, rec.events)
	}
}

func runAll(t *testing.T, cases []runCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, c.test)
	}
}

// add adds the integers a and b.
func addInts(_ context.Context, args any) (string, error) {
	m := args.(map[string]any)
	a, okA := m["a"].(int)
	b, okB := m["b"].(int)
	if !okA || !okB {
		return "", errors.New("add wants integer a and b")
	}
	return strconv.Itoa(a + b), nil
}

// TestRules has one case per numbered rule of the agent issue.
func TestRules(t *testing.T) {
	bg := context.Background()
	runAll(t, []runCase{{
		name: "1 the run starts with the user's message and a final action ends it with its content",
		run: func(opts ...agent.Option) (*agent.Result, error) {
			return agent.Run(bg, agent.Script(agent.Final("Hello!")), nil, "Hi", opts...)
		},
		wantTranscript: []string{"user: Hi", "assistant final: Hello!"},
		wantText:       "Hello!", wantReason: agent.StopFinal, wantSteps: 1,
	}, {
		name: "2 a tool action is appended as returned, unknown fields and all, and its tool gets {} without args",
		run: func(opts ...agent.Option) (*agent.Result, error) {
			action := agent.Map{"type": "tool", "name": "show", "id": "call_1", "note": []any{"kept"}}
			tools := agent.Tools{"show": func(_ context.Context, args any) (string, error) {
				out := fmt.Sprintf("%T %d", args, len(args.(map[string]any)))
				args.(map[string]any)["written"] = true // a tool may use its args as its own
				return out, nil
			}}
			res, err := agent.Run(bg, agent.Script(action, agent.Final("ok")), tools, "Show.", opts...)
			require.NotNil(t, res)
			require.Len(t, res.Messages, 4)
			assert.Equal(t, agent.Map{"type": "tool", "name": "show", "id": "call_1", "note": []any{"kept"}}, res.Messages[1].Action,
				"the stored action lost or changed a field")
			assert.Equal(t, reflect.ValueOf(action).Pointer(), reflect.ValueOf(res.Messages[1].Action).Pointer(),
				"the stored action is a copy, not the model's own value")
			return res, err
		},
		wantTranscript: []string{"user: Show.", "assistant tool: show", "tool show#call_1: map[string]interface {} 0", "assistant final: ok"},
		wantText:       "ok", wantReason: agent.StopFinal, wantSteps: 2,
	}, {
		name: "3 unknown, failing and panicking tools become error outputs and the loop goes on",
		run: func(opts ...agent.Option) (*agent.Result, error) {
			model := agent.Script(
				agent.ToolCall("nope", nil),
				agent.ToolCall("fail", nil),
				agent.ToolCall("panic", nil),
				agent.Final("I tried."),
			)
			tools := agent.Tools{
				"fail":  func(context.Context, any) (string, error) { return "", errors.New("disk full") },
				"panic": func(context.Context, any) (string, error) { panic("boom") },
			}
			return agent.Run(bg, model, tools, "Try.", opts...)
		},
		wantTranscript: []string{
			"user: Try.",
			"assistant tool: nope", "tool nope: error: unknown tool 'nope'",
			"assistant tool: fail", "tool fail: error: disk full",
			"assistant tool: panic", "tool panic: error: panic: boom",
			"assistant final: I tried.",
		},
		wantText: "I tried.", wantReason: agent.StopFinal, wantSteps: 4,
	}, {
		name: "4 when the steps run out the text is exactly the max steps text",
		run: func(opts ...agent.Option) (*agent.Result, error) {
			return agent.Run(bg, forever, agent.Tools{"echo": echo}, "Loop.", append(opts, agent.MaxSteps(2))...)
		},
		wantTranscript: []string{"user: Loop.", "assistant tool: echo", "tool echo: again", "assistant tool: echo", "tool echo: again"},
		wantText:       "Stopped: reached max steps.", wantReason: agent.StopMaxSteps, wantSteps: 2,
	}, {
		name: "5 malformed model output ends the run with an error naming the step and what was wrong",
		run: func(opts ...agent.Option) (*agent.Result, error) {
			model := agent.Script(agent.ToolCall("echo", nil), agent.Map{"type": "dance"})
			return agent.Run(bg, model, agent.Tools{"echo": echo}, "Dance.", opts...)
		},
		wantTranscript: []string{"user: Dance.", "assistant tool: echo", "tool echo: ", "assistant dance"},
		wantReason:     agent.StopModelError, wantSteps: 2,
		wantErr: `step 2: malformed action: type "dance" is neither "final" nor "tool"`,
		check: func(t *testing.T, _ *agent.Result, err error, _ []agent.Event) {
			assert.ErrorIs(t, err, agent.ErrMalformed)
		},
	}, {
		name: "6 canceling the context stops the run and the tools get it",
		run: func(opts ...agent.Option) (*agent.Result, error) {
			ctx, cancel := context.WithCancel(bg)
			defer cancel()
			tools := agent.Tools{"wait": func(ctx context.Context, _ any) (string, error) {
				cancel()
				<-ctx.Done()
				return "", ctx.Err()
			}}
			return agent.Run(ctx, agent.Script(agent.ToolCall("wait", nil), agent.Final("never")), tools, "Wait.", opts...)
		},
		wantTranscript: []string{"user: Wait.", "assistant tool: wait", "tool wait: error: context canceled"},
		wantReason:     agent.StopCanceled, wantSteps: 1,
		wantErr: "step 1: context canceled",
		check: func(t *testing.T, _ *agent.Result, err error, _ []agent.Event) {
			assert.ErrorIs(t, err, context.Canceled)
		},
	}, {
		name: "7 parallel calls append one tool message per call in call order with their ids",
		run: func(opts ...agent.Option) (*agent.Result, error) {
			model := agent.Script(
				agent.ParallelCalls(
					agent.Call{Name: "add", Args: map[string]any{"a": 2, "b": 3}, ID: "c1"},
					agent.Call{Name: "nope", ID: "c2"},
					agent.Call{Name: "add", Args: map[string]any{"a": 1, "b": 1}, ID: "c3"},
				),
				agent.Final("5 and 2"),
			)
			return agent.Run(bg, model, agent.Tools{"add": addInts}, "Add twice.", opts...)
		},
		wantTranscript: []string{
			"user: Add twice.", "assistant tool: add, nope, add",
			"tool add#c1: 5", "tool nope#c2: error: unknown tool 'nope'", "tool add#c3: 2",
			"assistant final: 5 and 2",
		},
		wantText: "5 and 2", wantReason: agent.StopFinal, wantSteps: 2,
	}, {
		name: "8 the observer sees every message, model call, tool call and the end",
		run: func(opts ...agent.Option) (*agent.Result, error) {
			model := agent.Script(agent.ToolCall("add", map[string]any{"a": 2, "b": 3}), agent.Final("5"))
			return agent.Run(bg, model, agent.Tools{"add": addInts}, "2 + 3?", opts...)
		},
		wantTranscript: []string{"user: 2 + 3?", "assistant tool: add", "tool add: 5", "assistant final: 5"},
		wantText:       "5", wantReason: agent.StopFinal, wantSteps: 2,
		check: func(t *testing.T, _ *agent.Result, _ error, events []agent.Event) {
			rec := recorder{events}
			assert.Equal(t, []string{
				"0 message #0 user",
				"1 model_start", "1 model_end", "1 message #1 assistant",
				"1 tool_start call 0 add", "1 tool_end call 0 add", "1 message #2 tool",
				"2 model_start", "2 model_end", "2 message #3 assistant",
				"2 done",
			}, rec.kinds())
		},
	}, {
		name: "9 a failing run still returns its transcript, steps, durations and summed usage",
		run: func(opts ...agent.Option) (*agent.Result, error) {
			actions := []agent.Action{
				agent.Map{"type": "tool", "name": "echo", "usage": map[string]any{"input_tokens": 3, "output_tokens": 4}},
				agent.Map{"type": "tool", "name": "echo", "usage": map[string]any{"input_tokens": 10.0, "output_tokens": 2.0}},
			}
			model := func(_ context.Context, m []agent.Message) (agent.Action, error) {
				if step := len(m) / 2; step < len(actions) {
					return actions[step], nil
				}
				return nil, errors.New("rate limited")
			}
			return agent.Run(bg, model, agent.Tools{"echo": echo}, "Go.", opts...)
		},
		wantTranscript: []string{"user: Go.", "assistant tool: echo", "tool echo: ", "assistant tool: echo", "tool echo: "},
		wantReason:     agent.StopModelError, wantSteps: 3,
		wantErr: "step 3: model: rate limited",
		check: func(t *testing.T, res *agent.Result, _ error, _ []agent.Event) {
			assert.Equal(t, agent.Usage{InputTokens: 13, OutputTokens: 6}, res.Usage)
			assert.Len(t, res.StepDurations, 3)
			assert.Positive(t, res.Duration)
		},
	}, {
		name: "10 a script plays its actions in order and fails naming the step past its end",
		run: func(opts ...agent.Option) (*agent.Result, error) {
			return agent.Run(bg, agent.Script(agent.ToolCall("echo", nil)), agent.Tools{"echo": echo}, "Go.", opts...)
		},
		wantTranscript: []string{"user: Go.", "assistant tool: echo", "tool echo: "},
		wantReason:     agent.StopModelError, wantSteps: 2,
		wantErr: "step 2: model: script exhausted at step 2",
	}})

	t.Run("11 RunAgent keeps the seed's shape: functions in, the final text out", func(t *testing.T) {
		step := 0
		model := func(messages []agent.Message) agent.Action {
			step++
			if step == 1 {
				return agent.Map{"type": "tool", "name": "add", "args": map[string]any{"a": 2, "b": 3}}
			}
			return agent.Map{"type": "final", "content": "The answer is " + messages[len(messages)-1].Content + "."}
		}
		tools := map[string]func(map[string]any) (string, error){
			"add": func(args map[string]any) (string, error) { return strconv.Itoa(args["a"].(int) + args["b"].(int)), nil },
		}
		assert.Equal(t, "The answer is 5.", agent.RunAgent(model, tools, "What is 2 + 3?", 10))
	})
}
