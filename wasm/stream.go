//go:build js && wasm

package main

import (
	"context"

	"agentloop.dev/agent"
)

// A streamed JavaScript answer as an agent.Stream: its deltas are read
// from the engine one by one (stream.js), and agent.Run checks, reports
// and assembles them; the engine then builds the action of the assembled
// answer, which the run keeps like any other JavaScript action.

// stream returns the agent.Stream of the answer the engine started reading.
func (r *run) stream(ctx context.Context) *agent.Stream {
	return &agent.Stream{
		Deltas: func(yield func(agent.Delta, error) bool) {
			for i := 0; ; i++ {
				d, end, err := r.nextDelta(ctx, i)
				if end {
					return
				}
				if err != nil || !yield(d, nil) {
					r.closeStream()
					if err != nil {
						yield(agent.Delta{}, err)
					}
					return
				}
			}
		},
		Build: r.assembled,
	}
}

// nextDelta reads delta i of the stream. end says the stream ended.
func (r *run) nextDelta(ctx context.Context, i int) (d agent.Delta, end bool, err error) {
	code, err := r.number(opDelta, 0, 0)
	if err == nil && code < 0 { // a promise
		k := -code
		if err := r.await(ctx, k); err != nil {
			return d, false, err
		}
		code, err = r.number(opTakeDelta, k, 0)
	}
	if err != nil {
		return d, false, &internalError{err}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch code & deltaKindMask {
	case deltaEnd:
		return d, true, nil
	case deltaText:
		d.Kind = agent.DeltaText
		d.Text, err = r.readLocked(code / deltaLengthUnit)
	case deltaCall:
		d.Kind = agent.DeltaCall
		if d.Args, err = r.readLocked(code / deltaLengthUnit); err != nil {
			break
		}
		if d.Call, err = r.numberLocked(opNumber, numDeltaCall, 0); err != nil {
			break
		}
		if code&deltaHasName != 0 {
			if d.Name, err = r.stringLocked(strDeltaName); err != nil {
				break
			}
		}
		if code&deltaHasID != 0 {
			d.ID, err = r.stringLocked(strDeltaID)
		}
	case deltaBad:
		what, serr := r.stringLocked(strDeltaProblem)
		if serr != nil {
			return d, false, &internalError{serr}
		}
		return d, false, &agent.StreamError{Problem: agent.StreamNotDelta, Delta: i, Call: -1, Detail: what}
	case deltaThrew:
		msg, serr := r.stringLocked(strThrown)
		if serr != nil {
			return d, false, &internalError{serr}
		}
		return d, false, &thrownError{msg}
	}
	if err != nil {
		return d, false, &internalError{err}
	}
	return d, false, nil
}

// stringLocked calls the engine for a string (opString). r.mu must be held.
func (r *run) stringLocked(what int) (string, error) {
	n, err := r.numberLocked(opString, what, 0)
	if err != nil {
		return "", err
	}
	return r.readLocked(n)
}

// closeStream tells the engine the run stopped reading the stream.
func (r *run) closeStream() {
	_, _ = r.number(opCloseStream, 0, 0) // a failing engine fails the run's next call too
}

// assembled is the stream's Build: the engine builds the action from the
// assembled answer, and the run goes on with it as with an action the
// model returned whole.
func (r *run) assembled(a agent.Answer) (agent.Action, error) {
	r.mu.Lock()
	r.strs = append(r.strs, a.Text)
	for _, c := range a.Calls {
		r.strs = append(r.strs, c.Name, c.ID, c.Args)
	}
	code, err := r.numberLocked(opAssembled, len(a.Calls), 0)
	r.mu.Unlock()
	if err != nil {
		return nil, &internalError{err}
	}
	r.latest = code
	return &jsAction{r: r, code: code}, nil
}

// observeDelta queues the delta event of the latest delta. r.mu must be
// held.
func (r *run) observeDelta(e agent.Event) {
	r.queue(qDelta, phaseCode[e.Phase], float64(e.Step), float64(e.Index), flag(e.Open != ""))
	if e.Open != "" {
		r.strs = append(r.strs, e.Open)
	}
}
