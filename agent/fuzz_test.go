package agent_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// A fuzzed script is made of moves, one per byte; each says what the model
// does at its step.
const (
	moveFinal      = iota // a final answer
	moveTool              // a call to a tool that works
	moveUnknown           // a call to a tool that does not exist
	moveFail              // a call to a tool that returns an error
	movePanic             // a call to a tool that panics
	moveParallel          // 1 to 4 parallel calls, of the kinds above
	moveUsage             // a working call that reports usage
	moveBadType           // an action whose type is neither final nor tool
	moveNoType            // an action without a type
	moveBadName           // a tool action whose name is not a string
	moveBadArgs           // a tool action whose args are not an object
	moveBadCalls          // a tool action whose calls are not a list
	moveBadEntry          // a tool action with a call that is not an object
	moveNil               // no action at all
	moveModelError        // the model fails
	moveModelPanic        // the model panics
	moveCancel            // the model cancels the run, then calls a tool
	moves
)

// fatal says whether a move ends the run and how.
func fatal(move byte) (agent.StopReason, bool) {
	switch move {
	case moveFinal:
		return agent.StopFinal, true
	case moveBadType, moveNoType, moveBadName, moveBadArgs, moveBadCalls, moveBadEntry, moveNil, moveModelError, moveModelPanic:
		return agent.StopModelError, true
	case moveCancel:
		return agent.StopCanceled, true
	}
	return "", false
}

var fuzzTools = agent.Tools{
	"ok":    func(context.Context, any) (string, error) { return "ok", nil },
	"fail":  func(context.Context, any) (string, error) { return "", errors.New("failed") },
	"panic": func(context.Context, any) (string, error) { panic("panicked") },
}

// callNames picks the tools of a call from two bits each.
var callNames = [4]string{"ok", "nope", "fail", "panic"}

// FuzzRun plays random scripts: the first byte sets MaxSteps (negative
// values included), the second the options, and each further byte is the
// model's move at its step. Whatever the script, the run must not panic,
// must not call the model more than MaxSteps times, and must end with a
// stop reason, a result that agrees with its events, and a *StepError
// exactly when it failed.
func FuzzRun(f *testing.F) {
	f.Add(int8(10), byte(0), []byte{moveTool, moveFinal})
	f.Add(int8(3), byte(1), []byte{moveUnknown, moveFail, movePanic, moveUsage})
	f.Add(int8(0), byte(0), []byte{moveFinal})
	f.Add(int8(-1), byte(1), []byte{moveTool})
	f.Add(int8(5), byte(0), []byte{moveParallel, 0xff, moveParallel, 0x1b, moveFinal})
	f.Add(int8(4), byte(1), []byte{moveTool, moveBadType})
	f.Add(int8(4), byte(0), []byte{moveNoType, moveFinal})
	f.Add(int8(4), byte(0), []byte{moveBadName})
	f.Add(int8(4), byte(0), []byte{moveBadArgs})
	f.Add(int8(4), byte(0), []byte{moveBadCalls})
	f.Add(int8(4), byte(0), []byte{moveBadEntry})
	f.Add(int8(4), byte(0), []byte{moveNil})
	f.Add(int8(4), byte(1), []byte{moveTool, moveModelError})
	f.Add(int8(4), byte(0), []byte{moveModelPanic})
	f.Add(int8(4), byte(1), []byte{moveTool, moveCancel, moveFinal})
	f.Add(int8(20), byte(0), []byte{moveTool, moveTool})

	f.Fuzz(func(t *testing.T, maxSteps int8, flags byte, script []byte) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()

		calls := 0
		model := func(context.Context, []agent.Message) (agent.Action, error) {
			calls++
			if calls > len(script) {
				return nil, errors.New("script exhausted")
			}
			b := script[calls-1]
			switch b % moves {
			case moveFinal:
				return agent.Final("done"), nil
			case moveTool:
				return agent.ToolCall("ok", nil), nil
			case moveUnknown:
				return agent.ToolCall("nope", map[string]any{}), nil
			case moveFail:
				return agent.ToolCall("fail", nil), nil
			case movePanic:
				return agent.ToolCall("panic", nil), nil
			case moveParallel:
				n := 1 + int(b>>6) // the top bits pick how many, the rest which
				list := make([]agent.Call, n)
				for i := range list {
					list[i] = agent.Call{Name: callNames[(int(b)>>(2*i))&3], ID: string(rune('a' + i))}
				}
				return agent.ParallelCalls(list...), nil
			case moveUsage:
				return agent.Map{"type": "tool", "name": "ok", "usage": map[string]any{"input_tokens": 1, "output_tokens": 2.0}}, nil
			case moveBadType:
				return agent.Map{"type": "wave"}, nil
			case moveNoType:
				return agent.Map{"name": "ok"}, nil
			case moveBadName:
				return agent.Map{"type": "tool", "name": int(b)}, nil
			case moveBadArgs:
				return agent.Map{"type": "tool", "name": "ok", "args": string(rune(b))}, nil
			case moveBadCalls:
				return agent.Map{"type": "tool", "calls": map[string]any{"name": "ok"}}, nil
			case moveBadEntry:
				return agent.Map{"type": "tool", "calls": []any{map[string]any{"name": "ok"}, int(b)}}, nil
			case moveNil:
				return nil, nil
			case moveModelError:
				return nil, errors.New("model failed")
			case moveModelPanic:
				panic("model panicked")
			default: // moveCancel
				cancel()
				return agent.ToolCall("ok", nil), nil
			}
		}

		var rec recorder
		opts := []agent.Option{agent.MaxSteps(int(maxSteps)), agent.OnEvent(rec.observe)}
		if flags&1 != 0 {
			opts = append(opts, agent.ToolTimeout(time.Minute)) // never fires; takes the timed path
		}
		res, err := agent.Run(ctx, model, fuzzTools, "Go.", opts...)

		checkRun(t, res, err, rec.events)
		limit := max(int(maxSteps), 0)
		require.LessOrEqual(t, calls, limit, "the model was called more than MaxSteps times")
		assert.Equal(t, calls, res.Steps, "Steps is not the number of model calls")

		// The script says how the run must end: at the first move that ends
		// it, at the end of the script, or when the steps run out.
		wantReason, wantSteps := agent.StopMaxSteps, limit
		for step := 1; step <= limit; step++ {
			if step > len(script) {
				wantReason, wantSteps = agent.StopModelError, step
				break
			}
			if reason, ends := fatal(script[step-1] % moves); ends {
				wantReason, wantSteps = reason, step
				break
			}
		}
		assert.Equal(t, wantReason, res.Reason)
		assert.Equal(t, wantSteps, res.Steps)
		var stepErr *agent.StepError
		if errors.As(err, &stepErr) {
			assert.Equal(t, res.Steps, stepErr.Step, "the error names another step than the one that failed")
		}
		if res.Reason == agent.StopFinal {
			assert.Equal(t, "done", res.Text)
		}
	})
}
