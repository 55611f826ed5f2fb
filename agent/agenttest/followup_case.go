package agenttest

import (
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"time"
)

// A FollowUp is one of the interviewer's follow-ups to the classic loop: a
// named group of cases a [FollowUpLoop] must pass, each checking one thing
// a real loop does (async, parallel calls, malformed output, tool
// timeout, cancellation, token accounting). Its JSON form:
//
//	{"name": "parallel calls", "about": "An action's calls run at the same time ...", "cases": [...]}
type FollowUp struct {
	// Name names the follow-up, as a subtest of TestFollowUps.
	Name string `json:"name"`
	// About says in a sentence what the loop must do to pass it.
	About string `json:"about"`
	// Cases are the follow-up's cases.
	Cases []FollowUpCase `json:"cases"`
}

// A FollowUpCase is one run of a level-2 loop: its inputs, and what the
// reference loop, agent.Run, did with them. Its JSON form is stable:
//
//	{
//	  "name": "model fails after a tool",
//	  "userMsg": "What is 2 + 3?",
//	  "maxSteps": 5,
//	  "toolTimeoutMs": 0,
//	  "canceled": false,
//	  "script": [
//	    {"action": {"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 3}}},
//	    {"fails": "connection reset"}
//	  ],
//	  "tools": {"add": {"returns": "5"}},
//	  "expect": {
//	    "modelCalls": [
//	      [{"role": "user", "content": "What is 2 + 3?"}],
//	      [{"role": "user", "content": "What is 2 + 3?"},
//	       {"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 3}},
//	       {"role": "tool", "name": "add", "content": "5"}]
//	    ],
//	    "toolCalls": [{"step": 1, "name": "add", "args": {"a": 2, "b": 3}}],
//	    "result": "",
//	    "error": "step 2: model: connection reset",
//	    "inputTokens": 0,
//	    "outputTokens": 0
//	  }
//	}
//
// To play a case, a runtime gives the loop: a context (an AbortSignal)
// that is already done when "canceled" is true; a model whose k-th call
// answers with a fresh copy of the action of the k-th reply of "script",
// or fails with its "fails" message (past the script's end it answers a
// final action with the content "(script exhausted)", and a loop that
// calls it more than 5 times past the reference's calls is stopped);
// tools that behave as their [ToolSpec] says ("delayMs", "barrier",
// "cancels"); and the options "maxSteps" and "toolTimeoutMs" (0: no
// limit). It then compares what the loop did with "expect", as
// TestFollowUps does: the messages of each model call, the tools called
// (within a step in any order), how the loop ended, its usage, and, where
// "expect" has "messages", the transcript it returned. A runtime with
// promises has its model and tools answer with promises.
type FollowUpCase struct {
	// Name names the case in failures and as its subtest.
	Name string `json:"name"`
	// UserMsg is the loop's userMsg.
	UserMsg string `json:"userMsg"`
	// MaxSteps is Options.MaxSteps.
	MaxSteps int `json:"maxSteps"`
	// ToolTimeoutMs is Options.ToolTimeout in milliseconds; 0 for none.
	ToolTimeoutMs int `json:"toolTimeoutMs"`
	// Canceled says the loop's context is done before the loop starts.
	Canceled bool `json:"canceled"`
	// Script holds the model's replies, one per model call.
	Script []Reply `json:"script"`
	// Tools says what each tool the loop gets does, by name. A tool named
	// by a call but missing here is unknown.
	Tools map[string]ToolSpec `json:"tools"`
	// Expect is what the reference loop did.
	Expect FollowUpExpect `json:"expect"`
	// CallLimit, when not 0, is how many model calls the model answers
	// before it stops the loop, in place of the reference's calls and a
	// few more: a case sent without its Expect, to be observed where it
	// must not be judged (Observe), carries it.
	CallLimit int `json:"callLimit,omitempty"`
}

// A Reply is what the model answers one call with: an action, or a
// failure. Its JSON form is {"action": ACTION} (ACTION may be any JSON
// value: a malformed reply is not an object, or is null) or
// {"fails": "the model's error"}.
type Reply struct {
	Action any
	Fails  string
}

// MarshalJSON encodes r as {"fails": Fails} when the model fails, and as
// {"action": Action} (even a null one) when it does not.
func (r Reply) MarshalJSON() ([]byte, error) {
	if r.Fails != "" {
		return json.Marshal(struct {
			Fails string `json:"fails"`
		}{r.Fails})
	}
	return json.Marshal(struct {
		Action any `json:"action"`
	}{r.Action})
}

// UnmarshalJSON decodes either form MarshalJSON writes.
func (r *Reply) UnmarshalJSON(b []byte) error {
	var v struct {
		Action any    `json:"action"`
		Fails  string `json:"fails"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	r.Action, r.Fails = v.Action, v.Fails
	return nil
}

// FollowUpExpect is what the reference loop did with a FollowUpCase.
type FollowUpExpect struct {
	// ModelCalls holds, for each model call in order, the messages the
	// model saw.
	ModelCalls [][]map[string]any `json:"modelCalls"`
	// ToolCalls holds the calls of known tools: in the order of the steps,
	// and within a step, whose calls run at the same time, sorted by name
	// and then by args (as sorted JSON).
	ToolCalls []ToolCall `json:"toolCalls"`
	// Result is the Answer's Text, and Error the error's text ("" for
	// none). When the reference returned an error, the loop must return
	// one with the same text, whatever its Text; otherwise no error and
	// the same Text.
	Result string `json:"result"`
	Error  string `json:"error"`
	// InputTokens and OutputTokens are the Answer's Usage.
	InputTokens  int `json:"inputTokens"`
	OutputTokens int `json:"outputTokens"`
	// Messages is the Answer's transcript, for the cases that check it
	// (cancellation); absent from the JSON otherwise.
	Messages []map[string]any `json:"messages,omitempty"`
}

// BarrierWait is how long a call of a barrier tool ([ToolSpec].Barrier)
// waits for the other calls of its action to start. A loop that runs them
// at the same time never waits that long; one that runs them one at a time
// fails the case after it.
const BarrierWait = time.Second

// FollowUps returns the follow-ups TestFollowUps runs, as plain data
// (JSON-encodable). Each call returns a fresh copy, which the caller may
// modify.
func FollowUps() []FollowUp {
	var followUps []FollowUp
	if err := json.Unmarshal(followUpsJSON(), &followUps); err != nil {
		panic("agenttest: decoding the follow-ups: " + err.Error())
	}
	return followUps
}

// followUpsJSON computes the follow-ups' cases once, by running the
// reference loop on every input through the harness a learner's loop
// runs in, and keeps them encoded so that FollowUps can hand out copies.
var followUpsJSON = sync.OnceValue(func() []byte {
	var followUps []FollowUp
	for _, g := range followUpInputs() {
		f := FollowUp{Name: g.name, About: g.about}
		for _, in := range g.inputs {
			f.Cases = append(f.Cases, in.reference())
		}
		followUps = append(followUps, f)
	}
	b, err := json.Marshal(followUps)
	if err != nil {
		panic("agenttest: encoding the follow-ups: " + err.Error())
	}
	return b
})

// reference returns the case in, with what the reference loop did.
func (in followUpInput) reference() FollowUpCase {
	c := FollowUpCase{
		Name:          in.name,
		UserMsg:       in.userMsg,
		MaxSteps:      in.maxSteps,
		ToolTimeoutMs: in.toolTimeoutMs,
		Canceled:      in.canceled,
		Script:        clone(in.script),
		Tools:         in.tools,
	}
	if c.Tools == nil {
		c.Tools = map[string]ToolSpec{}
	}
	trace := play(c, referenceFollowUpLoop, math.MaxInt)
	end := trace[len(trace)-1]
	if end.panicked || end.aborted {
		panic(fmt.Sprintf("agenttest: case %q: the reference loop did not return", in.name))
	}
	ex := FollowUpExpect{ModelCalls: [][]map[string]any{}, ToolCalls: []ToolCall{}, Result: end.result, Error: end.err,
		InputTokens: end.inputTokens, OutputTokens: end.outputTokens}
	for _, e := range trace {
		switch e.kind {
		case modelEvent:
			ex.ModelCalls = append(ex.ModelCalls, decodeAll(e.msgs))
		case toolEvent:
			var args map[string]any
			decode(e.args, &args)
			ex.ToolCalls = append(ex.ToolCalls, ToolCall{Step: e.call, Name: e.name, Args: args})
		}
	}
	if in.checkMessages {
		ex.Messages = decodeAll(end.transcript)
	}
	c.Expect = ex
	return c
}

// decodeAll decodes messages held as canonical JSON.
func decodeAll(msgs []string) []map[string]any {
	out := make([]map[string]any, len(msgs))
	for i, m := range msgs {
		decode(m, &out[i])
	}
	return out
}

// decode decodes canonical JSON the harness wrote.
func decode(s string, v any) {
	if err := json.Unmarshal([]byte(s), v); err != nil {
		panic("agenttest: decoding " + s + ": " + err.Error())
	}
}
