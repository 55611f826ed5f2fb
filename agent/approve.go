package agent

import (
	"context"
	"errors"
	"fmt"
)

// A Decision is the answer to a tool call that waits for approval (see
// Approve). The zero Decision approves the call as the model made it.
type Decision struct {
	// Deny says the call does not run. Its tool message is then
	// DeniedText(Reason), a failed call's message the model can read.
	Deny bool
	// Reason says why the call was denied, for the model to read.
	Reason string
	// Args, when not nil and the call is not denied, replaces the call's
	// args: the tool gets them, the tool message records them
	// (Message.Args), and the decision's event is EventEdited.
	Args any
}

// Allow returns the decision that runs the call as the model made it.
func Allow() Decision { return Decision{} }

// Deny returns the decision that keeps the call from running; the model
// reads DeniedText(reason) as its output.
func Deny(reason string) Decision { return Decision{Deny: true, Reason: reason} }

// Edit returns the decision that runs the call with args instead of the
// model's. Edit(nil) runs it with no args (an empty object).
func Edit(args any) Decision {
	if args == nil {
		args = map[string]any{}
	}
	return Decision{Args: args}
}

// An Approver decides whether a tool call runs, before it runs. It gets
// the run's context and the call as the model made it (for a call of a
// parallel batch, the others' decisions are made one after another, in
// call order). An error denies the call: the tool does not run, and its
// message reads DeniedText("approval failed: " + err.Error()).
type Approver func(ctx context.Context, call Call) (Decision, error)

// DeniedPrefix starts the output of a call that was denied: the whole
// output is DeniedText(reason).
const DeniedPrefix = errorPrefix + "denied"

// ReasonCanceled is the reason of a call denied because the run's context
// was done while it waited for its decision, or before it was asked.
const ReasonCanceled = "canceled"

// DeniedText returns the output of a call denied for reason:
// "error: denied: REASON", or "error: denied" when reason is empty.
func DeniedText(reason string) string {
	if reason == "" {
		return DeniedPrefix
	}
	return DeniedPrefix + ": " + reason
}

// Approve makes every call of a known tool wait for approve's decision
// before it runs: the call runs as made, runs with edited args, or is
// denied and gets DeniedText(reason) as its output, so that every call
// keeps its tool message. A call that names no tool is not asked about:
// it fails as unknown, as without Approve.
//
// The calls of a parallel action are decided one by one, in call order,
// before any of them runs; then the approved ones run concurrently, as
// without Approve. Waiting for a decision counts neither toward
// ToolTimeout (which starts when the tool does) nor in the step's
// duration (Result.StepDurations); Result.Duration, the whole run's, does
// include it. When ctx is done, a pending wait ends at once, without
// waiting for approve to return, and the calls not yet decided are denied
// with ReasonCanceled.
//
// The events report each wait: EventApprovalAsked before approve is
// called, then EventApproved, EventEdited or EventDenied with the time
// waited.
func Approve(approve Approver) Option {
	return func(c *config) { c.approve = approve }
}

// approve asks the run's Approver about each call of a known tool, in call
// order, and marks each call with its decision for callTool: edited args
// replace the model's, and a denied call carries its output.
func (r *run) approve(ctx context.Context, calls []Call) {
	if r.cfg.approve == nil {
		return
	}
	for i := range calls {
		call := &calls[i]
		if _, known := r.tools[call.Name]; !known {
			continue
		}
		start := r.clock()
		var d Decision
		err := ctx.Err()
		if err == nil {
			r.emit(Event{Kind: EventApprovalAsked, Phase: PhaseApproval, Step: r.step, Call: i, Tool: call.Name, ID: call.ID, Args: call.Args})
			d, err = r.decide(ctx, *call)
		}
		end := r.clock()
		waited := end - start
		r.stepAt += waited // the step's duration leaves the wait out
		r.mark = end       // and so does the next call's
		e := Event{Phase: PhaseApproval, Step: r.step, Call: i, Tool: call.Name, ID: call.ID, Duration: waited, Err: err}
		switch {
		case err != nil && ctx.Err() != nil:
			d = Deny(ReasonCanceled)
		case err != nil:
			d = Deny("approval failed: " + err.Error())
		}
		switch {
		case d.Deny:
			call.denied = DeniedText(d.Reason)
			e.Kind, e.Reason = EventDenied, d.Reason
		case d.Args != nil:
			call.Args, call.edited = d.Args, true
			e.Kind, e.Args = EventEdited, d.Args
		default:
			e.Kind = EventApproved
		}
		r.emit(e)
	}
}

// decide calls the Approver in a goroutine of its own, so that a done ctx
// ends the wait at once, and a panic (or an approver that ends its
// goroutine) becomes an error.
func (r *run) decide(ctx context.Context, call Call) (Decision, error) {
	type answer struct {
		d   Decision
		err error
	}
	ch := make(chan answer, 1)
	go func() {
		var a answer
		returned := false
		defer func() {
			if v := recover(); v != nil {
				a.err = fmt.Errorf("panic: %v", v)
			} else if !returned {
				a.err = errors.New("the approver exited without returning")
			}
			ch <- a
		}()
		a.d, a.err = r.cfg.approve(ctx, call)
		returned = true
	}()
	select {
	case a := <-ch:
		if err := ctx.Err(); err != nil {
			return Decision{}, err // a decision that came as the run was canceled does not count
		}
		return a.d, a.err
	case <-ctx.Done():
		return Decision{}, ctx.Err()
	}
}
