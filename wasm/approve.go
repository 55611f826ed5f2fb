//go:build js && wasm

package main

import (
	"context"
	"fmt"

	"agentloop.dev/agent"
)

// decided codes the kinds of the approval events for qDecided.
var decided = map[agent.EventKind]float64{
	agent.EventApproved: decidedApproved,
	agent.EventEdited:   decidedEdited,
	agent.EventDenied:   decidedDenied,
}

// approvalError is what options.approve threw, rejected with, or answered
// instead of a decision: the agent denies the call with its words.
type approvalError struct{ msg string }

func (e *approvalError) Error() string { return e.msg }

// approve is the run's agent.Approver when the caller gave
// options.approve: the engine asks it about the call (whose args it
// keeps), and an edit replaces the args there, so that the tool gets them.
func (r *run) approve(ctx context.Context, call agent.Call) (agent.Decision, error) {
	ref, ok := call.Args.(*callRef)
	if !ok {
		return agent.Decision{}, &internalError{fmt.Errorf("args %T are not from a JavaScript action", call.Args)}
	}
	d, k, err := r.decision(opApprove, ref.call, r.modelCalls, ref)
	if err == nil && k > 0 {
		if err := r.await(ctx, k); err != nil {
			return agent.Decision{}, err
		}
		d, _, err = r.decision(opTakeVote, k, ref.call, ref)
	}
	return d, err
}

// decision calls the engine with op (opApprove or opTakeVote) and reads
// the decision code it returns, or the promise to await.
func (r *run) decision(op, a, b int, ref *callRef) (d agent.Decision, promise int, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	code, err := r.numberLocked(op, a, b)
	switch {
	case err != nil:
		return d, 0, &internalError{err}
	case code < 0:
		return d, -code, nil
	}
	switch code & decisionMask {
	case decisionApprove:
		return agent.Allow(), 0, nil
	case decisionEdit:
		return agent.Edit(ref), 0, nil // the engine holds the edited args
	}
	text, err := r.readLocked(code >> decisionShift)
	switch {
	case err != nil:
		return d, 0, &internalError{err}
	case code&decisionMask == decisionDeny:
		return agent.Deny(text), 0, nil
	}
	return d, 0, &approvalError{text}
}
