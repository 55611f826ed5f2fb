package agenttest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"agentloop.dev/agent"
)

// A Case is one run of a loop: its inputs, and what the reference loop,
// agent.Run, did with them. Cases are plain data; their JSON form is stable:
//
//	{
//	  "name": "one tool then final",
//	  "userMsg": "What is 2 + 3?",
//	  "maxSteps": 5,
//	  "defaultMaxSteps": false,
//	  "script": [
//	    {"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 3}},
//	    {"role": "assistant", "type": "final", "content": "The answer is 5."}
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
//	    "result": "The answer is 5."
//	  }
//	}
//
// Values in Script, and in the messages and args of Expect, are as
// encoding/json decodes them: numbers are float64.
type Case struct {
	// Name names the case in failures and as its subtest.
	Name string `json:"name"`
	// UserMsg is the loop's userMsg.
	UserMsg string `json:"userMsg"`
	// MaxSteps is the loop's maxSteps.
	MaxSteps int `json:"maxSteps"`
	// DefaultMaxSteps marks a case whose reference run used the default
	// number of steps, agent.DefaultMaxSteps, which MaxSteps then holds.
	// A runtime whose loop has a default (JavaScript's runAgent) should call
	// it without maxSteps.
	DefaultMaxSteps bool `json:"defaultMaxSteps"`
	// Script holds the model's actions: the k-th model call returns the
	// k-th action, whatever the messages.
	Script []map[string]any `json:"script"`
	// Tools says what each tool the loop gets does, by name. A tool named
	// by an action but missing here is unknown.
	Tools map[string]ToolSpec `json:"tools"`
	// Expect is what the reference loop did.
	Expect Expect `json:"expect"`
	// CallLimit, when not 0, is how many model calls the model answers
	// before it stops the loop, in place of the reference's calls and a
	// few more: a case sent without its Expect, to be observed where it
	// must not be judged (Observe), carries it.
	CallLimit int `json:"callLimit,omitempty"`
}

// A ToolSpec says what a tool does when called, whatever its args: it
// fails with the message Fails when that is not empty, and otherwise
// returns Returns. Its JSON form is {"returns": "..."} or {"fails": "..."}.
//
// The other fields are for the follow-ups ([FollowUps]), and appear in the
// JSON only when set: "delayMs", "barrier": true, "cancels": true. In that
// order, a call first cancels the run (Cancels), then waits for the other
// calls (Barrier), then takes its time (DelayMs), then returns or fails.
type ToolSpec struct {
	Returns string `json:"returns,omitempty"`
	Fails   string `json:"fails,omitempty"`
	// DelayMs makes each call take that many milliseconds, or less: a
	// call whose context is done first fails at once with the context's
	// error ("context canceled"; "context deadline exceeded" when a
	// timeout ran out; a runtime without contexts fails it with those
	// words).
	DelayMs int `json:"delayMs,omitempty"`
	// Barrier makes a call return only once every call of the action that
	// names a barrier tool has started (the action is the reply to the
	// latest model call), so that calls run one at a time never all start.
	// A call waits at most [BarrierWait]; when that runs out, the case
	// fails saying the calls did not run at the same time, and no later
	// call of the case waits.
	Barrier bool `json:"barrier,omitempty"`
	// Cancels makes a call cancel the run's context, as a user pressing
	// Stop while the tool runs, before it returns.
	Cancels bool `json:"cancels,omitempty"`
}

// MarshalJSON encodes s as {"fails": Fails} when the tool fails, and as
// {"returns": Returns} (even when Returns is empty) when it does not, with
// the fields of the follow-ups that are set.
func (s ToolSpec) MarshalJSON() ([]byte, error) {
	type spec struct {
		Returns *string `json:"returns,omitempty"`
		Fails   string  `json:"fails,omitempty"`
		DelayMs int     `json:"delayMs,omitempty"`
		Barrier bool    `json:"barrier,omitempty"`
		Cancels bool    `json:"cancels,omitempty"`
	}
	out := spec{Fails: s.Fails, DelayMs: s.DelayMs, Barrier: s.Barrier, Cancels: s.Cancels}
	if s.Fails == "" {
		out.Returns = &s.Returns
	}
	return json.Marshal(out)
}

// Expect is what the reference loop did with a case.
type Expect struct {
	// ModelCalls holds, for each model call in order, the messages the
	// model saw: {"role": "user", "content": ...}, each action exactly as
	// the model returned it, and {"role": "tool", "name": ..., "content": ...}.
	ModelCalls [][]map[string]any `json:"modelCalls"`
	// ToolCalls holds the calls of known tools, in order.
	ToolCalls []ToolCall `json:"toolCalls"`
	// Result is the string the loop returned.
	Result string `json:"result"`
}

// A ToolCall is one call of a known tool.
type ToolCall struct {
	// Step is the model call whose action made the call (1-based).
	Step int `json:"step"`
	// Name is the tool's name.
	Name string `json:"name"`
	// Args are the args the tool got.
	Args map[string]any `json:"args"`
}

// Cases returns the cases TestLoop runs, as plain data (JSON-encodable).
// Each call returns a fresh copy, which the caller may modify.
func Cases() []Case {
	var cases []Case
	if err := json.Unmarshal(casesJSON(), &cases); err != nil {
		panic("agenttest: decoding the cases: " + err.Error())
	}
	return cases
}

// casesJSON computes the cases once, by running the reference loop on
// every input, and keeps them encoded so that Cases can hand out copies.
var casesJSON = sync.OnceValue(func() []byte {
	ins := inputs()
	cases := make([]Case, len(ins))
	for i, in := range ins {
		c, err := reference(in)
		if err != nil {
			panic(fmt.Sprintf("agenttest: case %q: %v", in.name, err))
		}
		cases[i] = c
	}
	b, err := json.Marshal(cases)
	if err != nil {
		panic("agenttest: encoding the cases: " + err.Error())
	}
	return b
})

// reference runs agent.Run on in and returns the case with what it did.
func reference(in input) (Case, error) {
	c := Case{
		Name:     in.name,
		UserMsg:  in.userMsg,
		MaxSteps: in.maxSteps,
		Script:   clone(in.script),
		Tools:    in.tools,
		Expect:   Expect{ModelCalls: [][]map[string]any{}, ToolCalls: []ToolCall{}},
	}
	if c.Tools == nil {
		c.Tools = map[string]ToolSpec{}
	}
	opts := []agent.Option{agent.MaxSteps(in.maxSteps)}
	if in.maxSteps == defaultSteps {
		c.MaxSteps, c.DefaultMaxSteps = agent.DefaultMaxSteps, true
		opts = nil
	}
	model := func(_ context.Context, messages []agent.Message) (agent.Action, error) {
		k := len(c.Expect.ModelCalls) + 1
		if k > len(c.Script) {
			return nil, fmt.Errorf("the script has no action %d", k)
		}
		seen := make([]map[string]any, len(messages))
		for i, m := range messages {
			seen[i] = plain(m)
		}
		c.Expect.ModelCalls = append(c.Expect.ModelCalls, clone(seen))
		return agent.Map(clone(c.Script[k-1])), nil
	}
	tools := make(agent.Tools, len(c.Tools))
	for name, spec := range c.Tools {
		tools[name] = func(_ context.Context, args any) (string, error) {
			obj, ok := args.(map[string]any)
			if !ok {
				return "", fmt.Errorf("args %#v are not a map[string]any", args)
			}
			c.Expect.ToolCalls = append(c.Expect.ToolCalls, ToolCall{
				Step: len(c.Expect.ModelCalls),
				Name: name,
				Args: clone(obj),
			})
			if spec.Fails != "" {
				return "", errors.New(spec.Fails)
			}
			return spec.Returns, nil
		}
	}
	res, err := agent.Run(context.Background(), model, tools, in.userMsg, opts...)
	if err != nil {
		return Case{}, fmt.Errorf("the reference loop failed: %w", err)
	}
	c.Expect.Result = res.Text
	return c, nil
}

// plain turns a message of agent's transcript into the plain object a
// Loop's model sees.
func plain(m agent.Message) map[string]any {
	switch m.Role {
	case agent.RoleUser:
		return map[string]any{"role": m.Role, "content": m.Content}
	case agent.RoleAssistant:
		if a, ok := m.Action.(agent.Map); ok {
			return a
		}
		return map[string]any{"role": m.Role, "action": fmt.Sprint(m.Action)}
	default:
		p := map[string]any{"role": m.Role, "name": m.Name, "content": m.Content}
		if m.ID != "" {
			p["id"] = m.ID
		}
		return p
	}
}

// clone returns a deep copy of v in the form encoding/json decodes it.
// The values it copies are plain data, which always encode.
func clone[T any](v T) T {
	b, err := json.Marshal(v)
	if err != nil {
		panic("agenttest: copying " + fmt.Sprintf("%#v", v) + ": " + err.Error())
	}
	var c T
	if err := json.Unmarshal(b, &c); err != nil {
		panic("agenttest: copying " + string(b) + ": " + err.Error())
	}
	return c
}
