//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorder returns {events, onEvent}: onEvent records every event.
const recorder = `(() => { const r = {events: []}; r.onEvent = (e) => r.events.push(e); return r; })()`

// eventSummary lists events as "kind step [detail] @phase", with each
// event's keys, sorted, so that a test states order, phase and shape in one
// list.
func eventSummary(events js.Value) []string {
	summarize := js.Global().Call("eval", `(e) => {
		let detail = "";
		if (e.kind === "message") detail = " #" + e.index + " " + e.role + (e.role === "tool" ? (e.failed ? " failed" : " ok") : "");
		if (e.kind === "tool_start" || e.kind === "tool_end") detail = " " + e.name + "#" + e.call;
		if (e.kind === "done") detail = " " + e.reason;
		return e.kind + " " + e.step + detail + " @" + e.phase + " {" + Object.keys(e).sort().join(",") + "}";
	}`)
	out := make([]string, events.Length())
	for i := range out {
		out[i] = summarize.Invoke(events.Index(i)).String()
	}
	return out
}

func TestOnEventReportsEveryPhaseInOrder(t *testing.T) {
	rec := jsEval(t, recorder)
	model := jsEval(t, `(m) => m.length === 1
		? {role: "assistant", type: "tool", name: "add", args: {a: 2, b: 3}, usage: {input_tokens: 10, output_tokens: 4}}
		: {role: "assistant", type: "final", content: "The answer is " + m[2].content + ".", usage: {input_tokens: 20, output_tokens: 8}}`)
	require.Equal(t, "The answer is 5.", resolves(t, model, jsEval(t, seedTools), "What is 2 + 3?", rec))
	events := rec.Get("events")
	assert.Equal(t, []string{
		"message 0 #0 user @user {index,kind,message,phase,role,step}",
		"model_start 1 @model {kind,phase,step}",
		"model_end 1 @model {kind,ms,phase,step}",
		"message 1 #1 assistant @action {index,kind,message,phase,role,step}",
		"tool_start 1 add#0 @tool {call,kind,name,phase,step}",
		"tool_end 1 add#0 @tool_output {call,content,failed,kind,ms,name,phase,step}",
		"message 1 #2 tool ok @result {failed,index,kind,message,phase,role,step}",
		"model_start 2 @model {kind,phase,step}",
		"model_end 2 @model {kind,ms,phase,step}",
		"message 2 #3 assistant @action {index,kind,message,phase,role,step}",
		"done 2 final @final {kind,messages,ms,phase,reason,step,stepMs,steps,text,usage}",
	}, eventSummary(events))

	done := events.Index(events.Length() - 1)
	messages := done.Get("messages")
	require.Equal(t, 4, messages.Length())
	for i := range events.Length() {
		if e := events.Index(i); e.Get("kind").String() == "message" {
			assert.True(t, e.Get("message").Equal(messages.Index(e.Get("index").Int())),
				"event %d: a message event carries the very object in messages", i)
		}
		if ms := events.Index(i).Get("ms"); !ms.IsUndefined() {
			assert.Equal(t, js.TypeNumber, ms.Type(), "event %d: ms is a number", i)
			assert.GreaterOrEqual(t, ms.Float(), 0.0)
		}
	}
	toolEnd := events.Index(5)
	assert.Equal(t, "5", toolEnd.Get("content").String())
	assert.False(t, toolEnd.Get("failed").Bool())
	assert.Equal(t, "The answer is 5.", done.Get("text").String())
	assert.Equal(t, 2, done.Get("steps").Int())
	assert.Equal(t, 2, done.Get("stepMs").Length(), "one duration per step")
	assert.Equal(t, `{"input_tokens":30,"output_tokens":12}`, jsJSON(done.Get("usage")), "usage sums the actions' usage")
}

func TestOnEventReportsFailuresAndIDs(t *testing.T) {
	t.Run("a failing tool", func(t *testing.T) {
		rec := jsEval(t, recorder)
		model := jsEval(t, `(m) => m.length === 1 ? {type: "tool", name: "boom", args: {}} : {type: "final", content: "ok"}`)
		tools := jsEval(t, `({boom: () => { throw new Error("it broke"); }})`)
		resolves(t, model, tools, "Boom.", rec)
		toolEnd := rec.Get("events").Index(5)
		require.Equal(t, "tool_end", toolEnd.Get("kind").String())
		assert.Equal(t, "error: it broke", toolEnd.Get("content").String())
		assert.True(t, toolEnd.Get("failed").Bool())
	})
	t.Run("a failing model", func(t *testing.T) {
		rec := jsEval(t, recorder)
		model := jsEval(t, `(m) => { if (m.length === 3) throw new Error("boom"); return {type: "tool", name: "add", args: {a: 1, b: 1}}; }`)
		rejects(t, model, jsEval(t, seedTools), "Add.", rec)
		events := rec.Get("events")
		summary := eventSummary(events)
		require.Len(t, summary, 10)
		assert.Equal(t, "model_end 2 @model {error,kind,ms,phase,step}", summary[8])
		assert.Equal(t, "model: boom", events.Index(8).Get("error").String())
		assert.Equal(t, "done 2 model_error @error_model {error,kind,messages,ms,phase,reason,step,stepMs,steps,text,usage}", summary[9])
		done := events.Index(9)
		assert.Equal(t, "step 2: model: boom", done.Get("error").String(), "done's error is the rejection's message")
		assert.Equal(t, "", done.Get("text").String())
	})
	t.Run("parallel calls with ids", func(t *testing.T) {
		rec := jsEval(t, recorder)
		model := jsEval(t, `(m) => m.length === 1
			? {type: "tool", calls: [{name: "add", args: {a: 1, b: 1}, id: "x"}, {name: "nope", id: "y"}]}
			: {type: "final", content: "ok"}`)
		resolves(t, model, jsEval(t, seedTools), "Add.", rec)
		events := rec.Get("events")
		var kinds []string
		for _, s := range eventSummary(events) {
			if strings.HasPrefix(s, "tool_") {
				kinds = append(kinds, s)
			}
		}
		assert.Equal(t, []string{
			"tool_start 1 add#0 @tool {call,id,kind,name,phase,step}",
			"tool_start 1 nope#1 @tool {call,id,kind,name,phase,step}",
			"tool_end 1 add#0 @tool_output {call,content,failed,id,kind,ms,name,phase,step}",
			"tool_end 1 nope#1 @unknown_tool {call,content,failed,id,kind,ms,name,phase,step}",
		}, sortedTail(kinds, 2), "starts in call order; ends in completion order (sorted here)")
		messages := events.Index(events.Length() - 1).Get("messages")
		assert.Equal(t, `{"role":"tool","name":"add","content":"2","id":"x"}`, jsJSON(messages.Index(2)))
		assert.Equal(t, `{"role":"tool","name":"nope","content":"error: unknown tool 'nope'","id":"y"}`, jsJSON(messages.Index(3)))
	})
}

// sortedTail sorts s[from:], for events whose order is not fixed.
func sortedTail(s []string, from int) []string {
	tail := append([]string(nil), s[from:]...)
	for i := range tail {
		for j := i + 1; j < len(tail); j++ {
			if tail[j] < tail[i] {
				tail[i], tail[j] = tail[j], tail[i]
			}
		}
	}
	return append(s[:from:from], tail...)
}

func TestFailingOnEventDoesNotBreakTheRun(t *testing.T) {
	for _, tc := range []struct {
		name, onEvent string
	}{
		{"throws", `() => { throw new Error("renderer broke"); }`},
		{"rejects", `async () => { throw new Error("async renderer broke"); }`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			console := js.Global().Get("console")
			original := console.Get("error")
			logged := jsEval(t, `{count: 0}`)
			console.Set("error", jsEval(t, `(logged) => () => { logged.count++; }`).Invoke(logged))
			defer console.Set("error", original)
			opts := js.Global().Get("Object").New()
			opts.Set("onEvent", jsEval(t, tc.onEvent))
			assert.Equal(t, "The answer is 5.", resolves(t, jsEval(t, seedModel), jsEval(t, seedTools), "2 + 3?", opts))
			await(t, jsEval(t, `new Promise((r) => setTimeout(r, 1))`)) // let rejections be handled
			assert.Equal(t, 1, logged.Get("count").Int(), "the first failure of a run is logged once, the others ignored")
		})
	}
}

func TestWithoutOnEventTheModelStillSeesEveryMessage(t *testing.T) {
	// Without onEvent no event is built, but the messages still reach the
	// model: this is the fast path the benchmark measures.
	model := jsEval(t, `(m) => m.length < 7 ? {type: "tool", name: "add", args: {a: m.length, b: 0}} : {type: "final", content: m.filter((x) => x.role === "tool").map((x) => x.content).join(",")}`)
	assert.Equal(t, "1,3,5", resolves(t, model, jsEval(t, seedTools), "Add."))
}

func TestToolEndOfAParallelCallArrivesWhileOthersRun(t *testing.T) {
	// The slow call waits until onEvent has seen the fast call's tool_end:
	// an event held back until the step's calls all end would never come,
	// and the slow call would time out.
	env := jsEval(t, `(() => {
		let open;
		const seen = new Promise((r) => { open = r; });
		const env = {};
		env.tools = {slow: async () => { await seen; return "released"; }, fast: () => "quick"};
		env.model = (m) => m.length === 1
			? {type: "tool", calls: [{name: "slow", args: {}}, {name: "fast", args: {}}]}
			: {type: "final", content: m[2].content + ", " + m[3].content};
		env.options = {toolTimeoutMs: 2000, onEvent: (e) => { if (e.kind === "tool_end" && e.name === "fast") open(); }};
		return env;
	})()`)
	got := resolves(t, env.Get("model"), env.Get("tools"), "Slow and fast.", env.Get("options"))
	assert.Equal(t, "released, quick", got)
}

func TestToolEventsSayWhetherTheCallFailedAsGoKnowsIt(t *testing.T) {
	for _, tc := range []struct {
		name, tool, opts string
		content, phase   string
		failed           bool
	}{
		{"a tool that throws", `() => { throw new Error("it broke"); }`, `{}`, "error: it broke", "tool_error", true},
		{"a tool that rejects", `async () => { throw new Error("async broke"); }`, `{}`, "error: async broke", "tool_error", true},
		{"a tool whose output JSON cannot encode", `() => { const o = {}; o.self = o; return o; }`, `{}`, "", "tool_error", true},
		{"a tool that times out", `() => new Promise(() => {})`, `{toolTimeoutMs: 5}`, "error: tool 't' timed out after 5ms", "tool_error", true},
		{"a tool that returns an error-looking string", `() => "error: x"`, `{}`, "error: x", "tool_output", false},
		{"a tool that resolves an error-looking string", `async () => "error: y"`, `{}`, "error: y", "tool_output", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := jsEval(t, recorder)
			opts := jsEval(t, tc.opts)
			opts.Set("onEvent", rec.Get("onEvent"))
			tools := js.Global().Get("Object").New()
			tools.Set("t", jsEval(t, tc.tool))
			got := resolves(t, jsEval(t, echoModel), tools, "Call t.", opts)
			events := eventSummary(rec.Get("events"))
			require.Len(t, events, 11)
			ok := map[bool]string{true: "failed", false: "ok"}[tc.failed]
			assert.Equal(t, "message 1 #2 tool "+ok+" @result {failed,index,kind,message,phase,role,step}", events[6])
			toolEnd := rec.Get("events").Index(5)
			assert.Equal(t, tc.phase, toolEnd.Get("phase").String(), "the phase of tool_end")
			assert.Equal(t, tc.failed, toolEnd.Get("failed").Bool(), "tool_end's failed")
			message := rec.Get("events").Index(6).Get("message")
			assert.Equal(t, got, message.Get("content").String(), "the model read the tool message's content")
			assert.Equal(t, got, toolEnd.Get("content").String(), "tool_end carries the tool message's content")
			if tc.content != "" {
				assert.Equal(t, tc.content, got)
			} else {
				assert.Regexp(t, `^error: \S`, got)
			}
			assert.Equal(t, `["content","name","role"]`, jsJSON(jsEval(t, `Object.keys`).Invoke(message).Call("sort")),
				"the tool message itself is {role, name, content}: failed is on the event")
		})
	}
}

func TestMessageEventsCarryTheRoleGoAppended(t *testing.T) {
	rec := jsEval(t, recorder)
	model := jsEval(t, `(m) => m.length === 1 ? {type: "tool", name: "add", args: {a: 1, b: 2}} : {role: "user", type: "final", content: "3"}`)
	resolves(t, model, jsEval(t, seedTools), "Add.", rec)
	var roles []string
	events := rec.Get("events")
	for i := range events.Length() {
		if e := events.Index(i); e.Get("kind").String() == "message" {
			roles = append(roles, e.Get("role").String())
		}
	}
	assert.Equal(t, []string{"user", "assistant", "tool", "assistant"}, roles,
		"an action is the assistant's, whatever role (or none) the model's object has")
}

func TestEveryEventCarriesAPhaseOfTheLoop(t *testing.T) {
	rec := jsEval(t, recorder)
	model := jsEval(t, `(m) => m.length === 1 ? {type: "tool", calls: [{name: "add", args: {a: 1, b: 2}}, {name: "nope"}]} : {type: "nonsense"}`)
	rejects(t, model, jsEval(t, seedTools), "Add.", rec)
	var phases []string
	events := rec.Get("events")
	for i := range events.Length() {
		phases = append(phases, events.Index(i).Get("kind").String()+"@"+events.Index(i).Get("phase").String())
	}
	assert.Equal(t, []string{
		"message@user", "model_start@model", "model_end@model", "message@action",
		"tool_start@tool", "tool_start@tool", "tool_end@tool_output", "tool_end@unknown_tool",
		"message@result", "message@result",
		"model_start@model", "model_end@model", "message@action", "done@error_type",
	}, append(sortedTail(phases[:8], 6), phases[8:]...), "parallel ends come in completion order (sorted here)")
}
