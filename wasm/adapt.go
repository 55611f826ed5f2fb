//go:build js && wasm

package main

import (
	"context"
	"errors"
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

// A budgetError ends a run whose transcript outgrew maxTranscriptBytes: the
// model call after the content that outgrew it fails with it.
type budgetError struct{ budget float64 }

func (e *budgetError) Error() string {
	return "the transcript reached its budget of " + strconv.FormatFloat(e.budget, 'f', -1, 64) + " bytes (maxTranscriptBytes)"
}

// A brokenError ends a run whose messages array refused a message (the
// model froze it, say). It names the step of that message: the model call
// after it fails with it, but the step it belongs to is the earlier one.
type brokenError struct {
	step int
	msg  string
}

func (e *brokenError) Error() string { return e.msg }

// An internalError is a failure of the bridge itself, not of the caller's
// code: a call to the engine that failed.
type internalError struct{ err error }

func (e *internalError) Error() string { return "runAgent: internal error: " + jsMessage(e.err) }

func (e *internalError) Unwrap() error { return e.err }

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
	code, err := r.number(opModel, 0, 0)
	if err == nil && code < 0 { // a promise
		// agent.Run waits for its model even once ctx is done, and keeps
		// what it returns: so does the bridge, for the transcript to be
		// the same.
		k := -code
		if err := r.await(context.WithoutCancel(ctx), k); err != nil {
			return nil, err
		}
		code, err = r.number(opTakeModel, k, 0)
	}
	if err != nil {
		return nil, &internalError{err}
	}
	r.latest = code
	switch code & kindMask {
	case kindStream:
		return r.stream(ctx), nil
	case kindNone:
		return nil, nil // the agent says "the model returned no action"
	case kindNotObject:
		what, err := r.string(strDescribe, 0)
		if err != nil {
			return nil, &internalError{err}
		}
		return nil, agent.Malformed(agent.ProblemNotObject, what)
	case kindUnreadable:
		what, err := r.string(strUnreadable, -1)
		if err != nil {
			return nil, &internalError{err}
		}
		return nil, agent.Malformed(agent.ProblemUnreadable, what)
	case kindThrew:
		msg, err := r.string(strThrown, 0)
		if err != nil {
			return nil, &internalError{err}
		}
		return nil, &thrownError{msg}
	case kindExhausted:
		return nil, fmt.Errorf("script exhausted at step %d", r.modelCalls)
	case kindOverBudget:
		return nil, &budgetError{r.budget}
	case kindBroken:
		step, err := r.number(opNumber, numBrokenStep, 0)
		if err != nil {
			return nil, &internalError{err}
		}
		msg, err := r.string(strBroken, 0)
		if err != nil {
			return nil, &internalError{err}
		}
		return nil, &brokenError{step: step, msg: msg}
	}
	return &jsAction{r: r, code: code}, nil
}

// A callRef is the Args of an agent.Call of a JavaScript action: which
// call of the latest action it is, and the tool the engine found by its
// name. The args themselves never cross into Go.
type callRef struct {
	call int // the call's index in the action's calls (0 for a single call)
	tool int // the index of the tool its name names, -1 for none
	name string
}

// tool returns the agent.Tool for the tool at index t of the run's names.
// It returns "" for an output: the engine keeps the output and the tool
// message, and Go holds only whether the call failed.
func (r *run) tool(t int) agent.Tool {
	return func(ctx context.Context, args any) (string, error) {
		ref, ok := args.(*callRef)
		if !ok {
			return "", &internalError{fmt.Errorf("args %T are not from a JavaScript action", args)}
		}
		if ref.tool != t {
			// The engine found no tool of this name, yet Go did: the name
			// reached Go with a lone surrogate replaced. It is unknown.
			return "", fmt.Errorf("unknown tool '%s'", ref.name)
		}
		failure, k, err := r.callTool(opTool, t, ref.call)
		if err == nil && k > 0 {
			// agent.Run waits for a tool even once the run is canceled,
			// and keeps its output, unless the call has a ToolTimeout:
			// it then stops waiting when ctx is done, and so does the
			// bridge, so that a tool's promise that never settles keeps
			// no goroutine waiting.
			wait := ctx
			if !r.toolTimeout {
				wait = context.WithoutCancel(ctx)
			}
			if err := r.await(wait, k); err != nil {
				return "", err
			}
			failure, _, err = r.callTool(opTakeTool, k, ref.call)
		}
		if err != nil {
			return "", &internalError{err}
		}
		if failure != nil {
			return "", failure
		}
		return "", nil
	}
}

// A toolError is what a JavaScript tool threw or rejected with, or why its
// output could not be made into text.
type toolError struct{ msg string }

func (e *toolError) Error() string { return e.msg }

// callTool calls the tool (opTool, with the tool's index) or takes the
// output of its settled promise (opTakeTool, with the promise's number),
// and returns the tool's failure, or the number of the promise to await.
func (r *run) callTool(op, a, call int) (failure error, promise int, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n, err := r.numberLocked(op, a, call)
	switch {
	case err != nil:
		return nil, 0, err
	case n < 0:
		return nil, -n, nil
	case n == outcomeOK:
		return nil, 0, nil
	}
	msg, err := r.readLocked(n - outcomeFailed)
	if err != nil {
		return nil, 0, err
	}
	return &toolError{msg}, 0, nil
}

// A jsAction is an action the JavaScript model returned. The object stays
// in JavaScript, where the engine read it once and classified it into
// code; the methods ask the engine for what it read.
//
// A run keeps one per step, for the whole run, in its transcript: it is
// small on purpose. Only the latest action's methods are called: the loop
// reads an action before it asks the model for the next one.
type jsAction struct {
	r    *run
	code int
}

// Type implements agent.Action.
func (a *jsAction) Type() (string, bool) {
	switch a.code & kindMask {
	case kindFinal:
		return agent.TypeFinal, true
	case kindTool, kindCalls, kindBadCalls, kindTooManyCalls:
		return agent.TypeTool, true
	case kindOtherType:
		typ, _ := a.r.string(strType, 0)
		return typ, true
	}
	return "", false
}

// Content implements agent.Action: a string as is, undefined or null as
// "", anything else as JSON.stringify gives it, like a tool's output. The
// engine read it with the action, so a failure to read it failed the
// model call.
func (a *jsAction) Content() string {
	s, _ := a.r.string(strContent, 0)
	return s
}

// Usage implements agent.Action.
func (a *jsAction) Usage() agent.Usage {
	if a.code&flagUsage == 0 {
		return agent.Usage{}
	}
	in, _ := a.r.float(opNumber, numInputTokens, 0)
	out, _ := a.r.float(opNumber, numOutputTokens, 0)
	return agent.Usage{InputTokens: agent.ClampCount(in), OutputTokens: agent.ClampCount(out)}
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
			return calls, agent.Malformed(agent.ProblemCallsEmpty, "")
		}
		n := len(calls)
		for i := range payload {
			code, err := a.r.number(opNumber, numEntry, i)
			if err != nil {
				return calls[:n], &internalError{err}
			}
			c, err := a.call(code, i)
			if err != nil {
				return calls[:n], err
			}
			calls = append(calls, c)
		}
		return calls, nil
	case kindTooManyCalls:
		return calls, agent.Malformed(agent.ProblemTooManyCalls, strconv.Itoa(payload))
	case kindBadCalls:
		return calls, agent.Malformed(agent.ProblemCallsNotList, "")
	}
	return calls, &internalError{errors.New("AppendCalls of an action that is not a tool action")}
}

// call decodes a call code: i is the call's index in "calls", or -1 for a
// single call.
func (a *jsAction) call(code, i int) (agent.Call, error) {
	at := max(i, 0)
	if code&entryUnreadable != 0 {
		what, err := a.r.string(strUnreadable, at)
		if err != nil {
			return agent.Call{}, &internalError{err}
		}
		return agent.Call{}, &agent.MalformedError{Problem: agent.ProblemUnreadable, Call: i, Detail: what}
	}
	ref := &callRef{call: at, tool: -1}
	switch code & entryNameMask {
	case entryKnown:
		ref.tool = code >> entryToolShift
		ref.name = a.r.names[ref.tool]
	case entryUnknown:
		var err error
		if ref.name, err = a.r.string(strName, at); err != nil {
			return agent.Call{}, &internalError{err}
		}
	case entryNoName:
		return agent.Call{}, &agent.MalformedError{Problem: agent.ProblemNoName, Call: i}
	default:
		return agent.Call{}, &agent.MalformedError{Problem: agent.ProblemCallNotObject, Call: i}
	}
	if code&entryBadArgs != 0 {
		return agent.Call{}, &agent.MalformedError{Problem: agent.ProblemArgsNotObject, Call: i, Tool: ref.name}
	}
	c := agent.Call{Name: ref.name, Args: ref}
	if code&entryHasID != 0 {
		var err error
		if c.ID, err = a.r.string(strID, at); err != nil {
			return agent.Call{}, &internalError{err}
		}
	}
	return c, nil
}
