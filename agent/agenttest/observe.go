package agenttest

import (
	"encoding/json"
	"fmt"
)

// An Observation is what a loop did on one case, recorded without being
// judged: [Case.Observe] and [FollowUpCase.Observe] record it, and a
// harness whose loop runs where no verdict may be made (the playground's
// Go Exercise, whose learner's program could take over the worker it runs
// in) sends it to be compared with the reference elsewhere, where the
// case's Expect is. The case Observe plays needs no Expect then, only its
// CallLimit.
//
// Its JSON form is the record the playground's page compares
// (web/site/exercise/check.js and followup-check.js):
//
//	{"trace": [{"kind": "model", "call": 1, "messages": [...]},
//	           {"kind": "tool", "call": 1, "name": "add", "args": {...}}],
//	 "end": {"call": 2, "result": "..."}}
//
// with, on a model or tool call, "foreign": true when it got a context
// that is not the loop's, and "apart": n when a barrier call waited in
// vain for n others; and in "end", "result", "error" (a level-2 loop that
// returned one), or "panicked" (the panic's value, as %v prints it);
// "aborted": true when the model stopped a loop that called it too often;
// and for a level-2 loop its "inputTokens", "outputTokens" and
// "transcript". A value JSON cannot encode is {"agentloop:not-json":
// "%#v of it"}.
type Observation struct {
	events   []event
	followUp bool
}

// notJSON is the key under which an Observation writes a value JSON
// cannot encode (the page's check.js reads it).
const notJSON = "agentloop:not-json"

// MarshalJSON writes o in the form its doc shows.
func (o Observation) MarshalJSON() ([]byte, error) {
	type record = map[string]any
	trace := []record{}
	end := record{}
	for _, e := range o.events {
		switch e.kind {
		case modelEvent:
			r := record{"kind": "model", "call": e.call, "messages": rawList(e.msgs)}
			if e.foreign {
				r["foreign"] = true
			}
			trace = append(trace, r)
		case toolEvent:
			r := record{"kind": "tool", "call": e.call, "name": e.name, "args": raw(e.args)}
			if e.foreign {
				r["foreign"] = true
			}
			if e.apart > 0 {
				r["apart"] = e.apart
			}
			trace = append(trace, r)
		case endEvent:
			end["call"] = e.call
			switch {
			case e.panicked:
				end["panicked"] = fmt.Sprintf("%v", e.value)
			case e.aborted:
				end["aborted"] = true
			case e.failed:
				end["error"] = e.err
			default:
				end["result"] = e.result
			}
			if o.followUp {
				end["inputTokens"], end["outputTokens"] = e.inputTokens, e.outputTokens
				end["transcript"] = rawList(e.transcript)
			}
		}
	}
	return json.Marshal(record{"trace": trace, "end": end})
}

// raw returns a value's canonical JSON as it is, or, when it is the %#v
// canonical fell back to, that text marked as no JSON.
func raw(s string) any {
	if json.Valid([]byte(s)) {
		return json.RawMessage(s)
	}
	return map[string]string{notJSON: s}
}

func rawList(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = raw(s)
	}
	return out
}

// Observe runs loop on c and records what it did, as Check does before
// comparing it with c.Expect; of the Expect it reads only how many model
// calls the reference made, for the model's limit, unless c.CallLimit
// sets that.
func (c Case) Observe(loop Loop) Observation {
	if loop == nil {
		return Observation{events: []event{{kind: endEvent, panicked: true, value: "the Loop is nil"}}}
	}
	return Observation{events: run(c, loop)}
}

// Observe runs loop on c and records what it did, as Check does before
// comparing it with c.Expect; of the Expect it reads only how many model
// calls the reference made, for the model's limit, unless c.CallLimit
// sets that.
func (c FollowUpCase) Observe(loop FollowUpLoop) Observation {
	if loop == nil {
		return Observation{events: []event{{kind: endEvent, panicked: true, value: "the FollowUpLoop is nil"}}, followUp: true}
	}
	return Observation{events: play(c, loop, callLimit(c.CallLimit, len(c.Expect.ModelCalls))), followUp: true}
}

// callLimit is how many model calls a model answers: set, or the
// reference's calls and a few more.
func callLimit(set, reference int) int {
	if set > 0 {
		return set
	}
	return reference + extraCalls
}
