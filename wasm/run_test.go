//go:build js && wasm

package main

import (
	"syscall/js"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seedModel is the seed example's model: call add, then answer with what
// it returned.
const seedModel = `(messages) => messages.length === 1
	? {role: "assistant", type: "tool", name: "add", args: {a: 2, b: 3}}
	: {role: "assistant", type: "final", content: "The answer is " + messages[messages.length - 1].content + "."}`

const seedTools = `({add: ({a, b}) => a + b})`

const maxStepsText = "Stopped: reached max steps."

func TestSeedExampleResolvesWithTheFinalAnswer(t *testing.T) {
	got := resolves(t, jsEval(t, seedModel), jsEval(t, seedTools), "What is 2 + 3?")
	assert.Equal(t, "The answer is 5.", got)
}

// echoModel calls tool "t" once, then answers with the tool message's
// content, so the run resolves with exactly what the model read.
const echoModel = `(m) => m.length === 1 ? {type: "tool", name: "t", args: {}} : {type: "final", content: m[2].content}`

func TestToolResultsReachTheModelAsStrings(t *testing.T) {
	for _, tc := range []struct {
		name string
		tool string
		want string
	}{
		{"string as is", `() => "plain"`, "plain"},
		{"number as JSON", `() => 42`, "42"},
		{"object as JSON", `() => ({a: 1, b: [true, null]})`, `{"a":1,"b":[true,null]}`},
		{"boolean as JSON", `() => false`, "false"},
		{"null as empty", `() => null`, ""},
		{"undefined as empty", `() => undefined`, ""},
		{"no return as empty", `() => {}`, ""},
		{"bigint as String()", `() => 12n`, "12"},
		{"unicode intact", `() => "ünïcødé ✓ 🎉"`, "ünïcødé ✓ 🎉"},
		{"long string intact", `() => "0123456789".repeat(1000)`, repeat("0123456789", 1000)},
		{"long unicode string intact", `() => "✓".repeat(3000)`, repeat("✓", 3000)},
		{"async value", `async () => 7`, "7"},
		{"promise resolved later", `() => new Promise((r) => setTimeout(() => r("later"), 5))`, "later"},
		{"thrown Error as its message", `() => { throw new Error("bad input"); }`, "error: bad input"},
		{"thrown string as String()", `() => { throw "just a string"; }`, "error: just a string"},
		{"thrown Error without message as its name", `() => { throw new TypeError(); }`, "error: TypeError"},
		{"async throw as its message", `async () => { throw new Error("async bad"); }`, "error: async bad"},
		{"rejected non-Error as String()", `() => Promise.reject(42)`, "error: 42"},
		{"unserializable object as error", `() => { const o = {}; o.self = o; return o; }`, "error: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tools := js.Global().Get("Object").New()
			tools.Set("t", jsEval(t, tc.tool))
			got := resolves(t, jsEval(t, echoModel), tools, "Call t.")
			if tc.want == "error: " {
				assert.Contains(t, got, "error: ", "an object JSON cannot encode is a failed call")
				return
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

func TestUnknownToolBecomesAnErrorResultAndTheLoopGoesOn(t *testing.T) {
	model := jsEval(t, `(m) => m.length === 1 ? {type: "tool", name: "divide", args: {a: 1}} : {type: "final", content: m[2].content}`)
	got := resolves(t, model, jsEval(t, seedTools), "Divide.")
	assert.Equal(t, "error: unknown tool 'divide'", got)
}

func TestToolGetsTheActionsArgsUntouched(t *testing.T) {
	env := jsEval(t, `(() => {
		const args = {a: 1, nested: {b: 2}};
		const seen = {args: []};
		const tools = {t(a) { seen.args.push(a); seen.self = this; return "ok"; }};
		const model = (m) => m.length === 1 ? {type: "tool", name: "t", args: args}
			: m.length === 3 ? {type: "tool", name: "t"}
			: m.length === 5 ? {type: "tool", name: "t", args: null}
			: {type: "final", content: "done"};
		return {args, seen, tools, model};
	})()`)
	require.Equal(t, "done", resolves(t, env.Get("model"), env.Get("tools"), "Call t three times."))
	seen := env.Get("seen").Get("args")
	require.Equal(t, 3, seen.Length())
	assert.True(t, seen.Index(0).Equal(env.Get("args")), "the tool must get the very args object of the action")
	for _, i := range []int{1, 2} {
		assert.Equal(t, "{}", jsJSON(seen.Index(i)), "a call without args (absent or null) gets an empty object")
	}
	assert.True(t, env.Get("seen").Get("self").Equal(env.Get("tools")), "a tool is called as a method of the tools object")
}

func TestModelGetsOneMessagesArrayThatGrowsInPlace(t *testing.T) {
	env := jsEval(t, `(() => {
		const rec = {arrays: [], lengths: [], actions: []};
		const model = (m) => {
			rec.arrays.push(m);
			rec.lengths.push(m.length);
			const a = m.length < 5 ? {role: "assistant", type: "tool", name: "add", args: {a: 1, b: m.length}, note: "kept"}
				: {role: "assistant", type: "final", content: "done", note: "kept"};
			rec.actions.push(a);
			return a;
		};
		return {rec, model};
	})()`)
	require.Equal(t, "done", resolves(t, env.Get("model"), jsEval(t, seedTools), "Add twice."))
	rec := env.Get("rec")
	assert.Equal(t, "[1,3,5]", jsJSON(rec.Get("lengths")), "the model sees the user's message, then an action and a tool message per step")
	arrays, actions := rec.Get("arrays"), rec.Get("actions")
	messages := arrays.Index(0)
	for i := 1; i < arrays.Length(); i++ {
		assert.True(t, arrays.Index(i).Equal(messages), "call %d got another array: the array must grow in place", i+1)
	}
	require.Equal(t, 6, messages.Length(), "the final action is appended too")
	assert.Equal(t, `{"role":"user","content":"Add twice."}`, jsJSON(messages.Index(0)))
	for i, at := range []int{1, 3, 5} {
		assert.True(t, messages.Index(at).Equal(actions.Index(i)), "messages[%d] must be the very object the model returned", at)
	}
	assert.Equal(t, `{"role":"tool","name":"add","content":"2"}`, jsJSON(messages.Index(2)))
	assert.Equal(t, `{"role":"tool","name":"add","content":"4"}`, jsJSON(messages.Index(4)))
}

func TestFinalContentBecomesAString(t *testing.T) {
	for _, tc := range []struct {
		name, action, want string
	}{
		{"string", `{type: "final", content: "five"}`, "five"},
		{"number", `{type: "final", content: 5}`, "5"},
		{"object", `{type: "final", content: {sum: 5}}`, `{"sum":5}`},
		{"missing", `{type: "final"}`, ""},
		{"null", `{type: "final", content: null}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, resolves(t, jsEval(t, "() => ("+tc.action+")"), jsEval(t, `({})`), "Answer."))
		})
	}
}

func TestScriptedArrayPlaysOneActionPerStep(t *testing.T) {
	script := jsEval(t, `[
		{type: "tool", name: "add", args: {a: 2, b: 3}},
		Promise.resolve({type: "tool", name: "add", args: {a: 5, b: 5}}),
		{type: "final", content: "five, then ten"},
	]`)
	assert.Equal(t, "five, then ten", resolves(t, script, jsEval(t, seedTools), "Add."))
}

func TestScriptedArrayRejectsWhenExhausted(t *testing.T) {
	for _, tc := range []struct {
		name, script, want string
	}{
		{"after one action", `[{type: "tool", name: "add", args: {a: 1, b: 1}}]`, "Error: step 2: model: script exhausted at step 2"},
		{"empty", `[]`, "Error: step 1: model: script exhausted at step 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := rejects(t, jsEval(t, tc.script), jsEval(t, seedTools), "Add.")
			assert.Equal(t, tc.want, s.errorText())
		})
	}
}

func TestMaxStepsLimitsModelCalls(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  string
		calls int
	}{
		{"zero never calls the model", `0`, 0},
		{"one", `1`, 1},
		{"three", `3`, 3},
		{"undefined is the default 10", `undefined`, 10},
		{"null is the default 10", `null`, 10},
		{"options object", `({maxSteps: 2})`, 2},
		{"options without maxSteps", `({})`, 10},
		{"options with maxSteps null", `({maxSteps: null})`, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := jsEval(t, `(() => {
				const env = {calls: 0};
				env.model = () => { env.calls++; return {type: "tool", name: "add", args: {a: 1, b: 1}}; };
				return env;
			})()`)
			got := resolves(t, env.Get("model"), jsEval(t, seedTools), "Loop.", jsEval(t, tc.opts))
			assert.Equal(t, maxStepsText, got)
			assert.Equal(t, tc.calls, env.Get("calls").Int(), "model calls")
		})
	}
}

func TestModelThatEditsItsMessagesDoesNotMisleadTheBridge(t *testing.T) {
	model := jsEval(t, `(m) => {
		const seen = m.map((x) => x.role + ":" + (x.content ?? "")).join(" ");
		m.length = 0; // a model may not edit the array, but if it does, the run goes on
		return seen.includes("tool") ? {type: "final", content: seen} : {type: "tool", name: "add", args: {a: 2, b: 3}};
	}`)
	got := resolves(t, model, jsEval(t, seedTools), "Add.")
	assert.Equal(t, "undefined: tool:5", got, "the model sees only what was pushed since it emptied the array")
}

func TestRunAgentReturnsBeforeCallingTheModel(t *testing.T) {
	env := jsEval(t, `(() => {
		const env = {calls: 0};
		env.model = () => { env.calls++; return {type: "final", content: "done"}; };
		return env;
	})()`)
	p := runAgent(t, env.Get("model"), jsEval(t, `({})`), "Go.")
	assert.Equal(t, 0, env.Get("calls").Int(), "the run starts after runAgent returns its promise")
	s := await(t, p)
	require.False(t, s.rejected, s.errorText())
	assert.Equal(t, "done", s.value.String())
	assert.Equal(t, 1, env.Get("calls").Int())
}

func TestModelMayStartRunsOfItsOwn(t *testing.T) {
	// A model that calls runAgent enters Go from inside the bridge's call
	// to the model; a failure there must reject the inner promise only.
	model := jsEval(t, `async (m) => {
		if (m.length > 1) return {type: "final", content: m[2].content};
		// Both calls happen before the first await: inside the bridge's call.
		const signal = {aborted: false, addEventListener() { throw new Error("no listeners"); }, removeEventListener() {}};
		const badRun = runAgent(() => ({type: "final"}), {}, "Bad.", {signal});
		const innerRun = runAgent([{type: "final", content: "inner done"}], {}, "Inner.");
		const inner = await innerRun;
		const bad = await badRun.then(() => "resolved", (e) => e.message);
		return {type: "tool", name: "say", args: {text: inner + " / " + bad}};
	}`)
	tools := jsEval(t, `({say: ({text}) => text})`)
	got := resolves(t, model, tools, "Outer.")
	assert.Equal(t, "inner done / runAgent: listening to options.signal: no listeners", got)
}
