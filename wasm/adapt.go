//go:build js && wasm

package main

import (
	"context"
	"fmt"
	"runtime"
	"strconv"

	"agentloop.dev/agent"
)

// The JavaScript model, tools and actions as agent.Model, agent.Tool and
// agent.Action.

// A thrownError is what the JavaScript model threw or rejected with.
type thrownError struct{ msg string }

func (e *thrownError) Error() string { return e.msg }

// yieldEvery is how many model calls a run makes between yields to the
// Go scheduler.
const yieldEvery = 16

// model is the run's agent.Model. It ignores the Go messages: the engine
// keeps the JavaScript messages array, which the observer keeps in step.
func (r *run) model(ctx context.Context, _ []agent.Message) (agent.Action, error) {
	r.modelCalls++
	// A run whose model and tools never block never lets go of the only
	// P, and js/wasm has no preemption: the garbage collector's worker
	// would hardly run, and a cycle would drag on for seconds, its write
	// barriers slowing every step and the heap growing (measured: 5 MB to
	// 54 MB in one cycle of a 100k-step run). A yield costs about 1 µs, so
	// the run yields every yieldEvery steps.
	if r.modelCalls%yieldEvery == 0 {
		runtime.Gosched()
	}
	code, err := r.number(opModel, 0, 0, 0)
	if err == nil && code < 0 { // a promise
		k := -code
		if err := r.await(ctx, k); err != nil {
			return nil, err
		}
		code, err = r.number(opTakeModel, k, 0, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("bridge: %w", err)
	}
	if err := ctx.Err(); err != nil { // aborted while the model ran
		return nil, err
	}
	switch code & kindMask {
	case kindNone:
		return nil, nil // the agent says "the model returned no action"
	case kindNotObject:
		what, err := r.string(strDescribe, -1, 0)
		if err != nil {
			return nil, fmt.Errorf("bridge: %w", err)
		}
		return nil, fmt.Errorf("%w: the model returned %s, not an action object", agent.ErrMalformed, what)
	case kindThrew:
		msg, err := r.string(strThrown, -1, 0)
		if err != nil {
			return nil, fmt.Errorf("bridge: %w", err)
		}
		return nil, &thrownError{msg}
	case kindExhausted:
		return nil, fmt.Errorf("script exhausted at step %d", r.modelCalls)
	}
	return &jsAction{r: r, code: code, index: -1}, nil
}

// A callRef is the Args of an agent.Call of a JavaScript action's "calls":
// where the engine finds the real args, which never cross into Go. A
// single call's Args is its *jsAction.
type callRef struct {
	index int // the action's index in messages
	call  int // the call's index in the action's calls (0 for a single call)
}

// tool returns the agent.Tool for the tool at index t of the run's names.
func (r *run) tool(t int) agent.Tool {
	return func(ctx context.Context, args any) (string, error) {
		var ref callRef
		switch a := args.(type) {
		case *jsAction:
			ref = callRef{index: a.index}
		case *callRef:
			ref = *a
		default:
			return "", fmt.Errorf("bridge: args %T are not from a JavaScript action", args)
		}
		out, k, err := r.callTool(opTool, t, ref)
		if err == nil && k > 0 {
			if err := r.await(ctx, k); err != nil {
				return "", err
			}
			out, _, err = r.callTool(opTakeTool, k, ref)
		}
		if err != nil {
			return "", fmt.Errorf("bridge: %w", err)
		}
		return out, nil
	}
}

// callTool calls the tool (opTool, with the tool's index) or takes the
// output of its settled promise (opTakeTool, with the promise's number),
// and returns the output, or the number of the promise to await.
func (r *run) callTool(op, a int, ref callRef) (out string, promise int, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n, err := r.numberLocked(op, a, ref.index, ref.call)
	if err != nil || n < 0 {
		return "", -n, err
	}
	if out, err = r.readLocked(n); err != nil {
		return "", 0, err
	}
	r.recordBuilt(ref.index, ref.call, out)
	return out, 0, nil
}

// A jsAction is an action the JavaScript model returned. The object stays
// in JavaScript; the engine classified it into code, and the methods read
// a field only when the loop needs it.
//
// A run keeps one per step, for the whole run, in its transcript: it is
// small on purpose.
type jsAction struct {
	r     *run
	code  int
	index int // its index in messages, once appended; -1 before
}

// Type implements agent.Action.
func (a *jsAction) Type() (string, bool) {
	switch a.code & kindMask {
	case kindFinal:
		return agent.TypeFinal, true
	case kindTool, kindCalls, kindBadCalls:
		return agent.TypeTool, true
	case kindOtherType:
		typ, _ := a.r.string(strType, a.index, 0)
		return typ, true
	}
	return "", false
}

// Content implements agent.Action: a string as is, undefined or null as
// "", anything else as JSON.stringify gives it, like a tool's output.
func (a *jsAction) Content() string {
	s, err := a.r.string(strContent, a.index, 0)
	if err != nil {
		return "error: reading content: " + err.Error()
	}
	return s
}

// Usage implements agent.Action.
func (a *jsAction) Usage() agent.Usage {
	if a.code&flagUsage == 0 {
		return agent.Usage{}
	}
	in, _ := a.r.number(opNumber, numInputTokens, a.index, 0)
	out, _ := a.r.number(opNumber, numOutputTokens, a.index, 0)
	return agent.Usage{InputTokens: in, OutputTokens: out}
}

// AppendCalls implements agent.Action, with the errors of agent.Map.
func (a *jsAction) AppendCalls(calls []agent.Call) ([]agent.Call, error) {
	payload := a.code >> payloadShift
	switch a.code & kindMask {
	case kindTool:
		c, err := a.call(payload, -1)
		if err != nil {
			return calls, err
		}
		return append(calls, c), nil
	case kindCalls:
		if payload == 0 {
			return calls, fmt.Errorf("%w: \"calls\" is empty", agent.ErrMalformed)
		}
		n := len(calls)
		for i := range payload {
			code, err := a.r.number(opNumber, numCall, a.index, i)
			if err != nil {
				return calls[:n], fmt.Errorf("%w: calls[%d]: %v", agent.ErrMalformed, i, err)
			}
			if code&callNameMask == callNotObject {
				return calls[:n], fmt.Errorf("%w: calls[%d] is not an object", agent.ErrMalformed, i)
			}
			c, err := a.call(code, i)
			if err != nil {
				return calls[:n], err
			}
			calls = append(calls, c)
		}
		return calls, nil
	case kindBadCalls:
		return calls, fmt.Errorf("%w: \"calls\" is not a list", agent.ErrMalformed)
	}
	return calls, fmt.Errorf("%w: not a tool action", agent.ErrMalformed)
}

// call decodes a call code: i is the call's index in "calls", or -1 for a
// single call.
func (a *jsAction) call(code, i int) (agent.Call, error) {
	where, at := "", 0
	if i >= 0 {
		where, at = "calls["+strconv.Itoa(i)+"]: ", i
	}
	var name string
	switch code & callNameMask {
	case callKnown:
		name = a.r.names[code>>callToolShift]
	case callUnknown:
		var err error
		if name, err = a.r.string(strName, a.index, at); err != nil {
			return agent.Call{}, fmt.Errorf("%w: %sreading \"name\": %v", agent.ErrMalformed, where, err)
		}
	default:
		return agent.Call{}, fmt.Errorf("%w: %stool action has no string \"name\"", agent.ErrMalformed, where)
	}
	if code&callBadArgs != 0 {
		return agent.Call{}, fmt.Errorf("%w: %s\"args\" of tool %q is not an object", agent.ErrMalformed, where, name)
	}
	var args any = a // a single call's args are the action's own
	if i >= 0 {
		args = &callRef{index: a.index, call: at}
	}
	c := agent.Call{Name: name, Args: args}
	if code&callHasID != 0 {
		var err error
		if c.ID, err = a.r.string(strID, a.index, at); err != nil {
			return agent.Call{}, fmt.Errorf("%w: %sreading \"id\": %v", agent.ErrMalformed, where, err)
		}
	}
	return c, nil
}
