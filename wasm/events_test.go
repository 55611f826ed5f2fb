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

// eventSummary lists events as "kind step [detail]", with each event's
// keys, sorted, so that a test states order and shape in one list.
func eventSummary(events js.Value) []string {
	summarize := js.Global().Call("eval", `(e) => {
		let detail = "";
		if (e.kind === "message") detail = " #" + e.index + " " + e.message.role;
		if (e.kind === "tool_start" || e.kind === "tool_end") detail = " " + e.name + "#" + e.call;
		if (e.kind === "done") detail = " " + e.reason;
		return e.kind + " " + e.step + detail + " {" + Object.keys(e).sort().join(",") + "}";
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
		"message 0 #0 user {index,kind,message,step}",
		"model_start 1 {kind,step}",
		"model_end 1 {kind,ms,step}",
		"message 1 #1 assistant {index,kind,message,step}",
		"tool_start 1 add#0 {call,kind,name,step}",
		"tool_end 1 add#0 {call,content,failed,kind,ms,name,step}",
		"message 1 #2 tool {index,kind,message,step}",
		"model_start 2 {kind,step}",
		"model_end 2 {kind,ms,step}",
		"message 2 #3 assistant {index,kind,message,step}",
		"done 2 final {kind,messages,ms,reason,step,stepMs,steps,text,usage}",
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
		assert.Equal(t, "model_end 2 {error,kind,ms,step}", summary[8])
		assert.Equal(t, "model: boom", events.Index(8).Get("error").String())
		assert.Equal(t, "done 2 model_error {error,kind,messages,ms,reason,step,stepMs,steps,text,usage}", summary[9])
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
			"tool_start 1 add#0 {call,id,kind,name,step}",
			"tool_start 1 nope#1 {call,id,kind,name,step}",
			"tool_end 1 add#0 {call,content,failed,id,kind,ms,name,step}",
			"tool_end 1 nope#1 {call,content,failed,id,kind,ms,name,step}",
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
