//go:build js && wasm

package main

import (
	"syscall/js"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingModel returns {model, calls}: a model that counts its calls and
// always calls add.
const countingModel = `(() => {
	const env = {calls: 0};
	env.model = () => { env.calls++; return {type: "tool", name: "add", args: {a: 1, b: 1}}; };
	return env;
})()`

func TestBadArgumentsRejectNamingTheArgument(t *testing.T) {
	for _, tc := range []struct {
		name string
		args string // JS: [model, tools, userMsg, 4th], with M the counting model and T the seed tools
		want string // the rejection, "Name: message"
	}{
		{"negative maxSteps", `[M, T, "hi", -1]`, "RangeError: runAgent: maxSteps must be a non-negative integer, got number -1"},
		{"fractional maxSteps", `[M, T, "hi", 1.5]`, "RangeError: runAgent: maxSteps must be a non-negative integer, got number 1.5"},
		{"NaN maxSteps", `[M, T, "hi", NaN]`, "RangeError: runAgent: maxSteps must be a non-negative integer, got number NaN"},
		{"infinite maxSteps", `[M, T, "hi", Infinity]`, "RangeError: runAgent: maxSteps must be a non-negative integer, got number Infinity"},
		{"string maxSteps", `[M, T, "hi", "3"]`, `TypeError: runAgent: maxSteps must be a non-negative integer (or the 4th argument an options object {maxSteps, onEvent, signal, toolTimeoutMs, maxTranscriptBytes, approve, contextBudget, trim, countTokens}), got string "3"`},
		{"boolean maxSteps", `[M, T, "hi", true]`, "TypeError: runAgent: maxSteps must be a non-negative integer (or the 4th argument an options object {maxSteps, onEvent, signal, toolTimeoutMs, maxTranscriptBytes, approve, contextBudget, trim, countTokens}), got boolean true"},
		{"array maxSteps", `[M, T, "hi", [3]]`, "TypeError: runAgent: maxSteps must be a non-negative integer (or the 4th argument an options object {maxSteps, onEvent, signal, toolTimeoutMs, maxTranscriptBytes, approve, contextBudget, trim, countTokens}), got an array"},
		{"string options.maxSteps", `[M, T, "hi", {maxSteps: "3"}]`, `TypeError: runAgent: options.maxSteps must be a non-negative integer, got string "3"`},
		{"negative options.maxSteps", `[M, T, "hi", {maxSteps: -2}]`, "RangeError: runAgent: options.maxSteps must be a non-negative integer, got number -2"},
		{"onEvent not a function", `[M, T, "hi", {onEvent: 5}]`, "TypeError: runAgent: options.onEvent must be a function (event) => void, got number 5"},
		{"signal not an AbortSignal", `[M, T, "hi", {signal: {}}]`, "TypeError: runAgent: options.signal must be an AbortSignal, got an object"},
		{"negative toolTimeoutMs", `[M, T, "hi", {toolTimeoutMs: -1}]`, "RangeError: runAgent: options.toolTimeoutMs must be a non-negative number of milliseconds, got number -1"},
		{"string toolTimeoutMs", `[M, T, "hi", {toolTimeoutMs: "5"}]`, `TypeError: runAgent: options.toolTimeoutMs must be a non-negative number of milliseconds, got string "5"`},
		{"userMsg not a string", `[M, T, 5]`, "TypeError: runAgent: userMsg must be a string, got number 5"},
		{"userMsg missing", `[M, T]`, "TypeError: runAgent: userMsg must be a string, got undefined"},
		{"userMsg a bigint", `[M, T, 10n]`, "TypeError: runAgent: userMsg must be a string, got a bigint"},
		{"tools null", `[M, null, "hi"]`, "TypeError: runAgent: tools must be an object of name → function (args) => result, got null"},
		{"tools missing", `[M]`, "TypeError: runAgent: tools must be an object of name → function (args) => result, got undefined"},
		{"tools a string", `[M, "add", "hi"]`, `TypeError: runAgent: tools must be an object of name → function (args) => result, got string "add"`},
		{"tools an array", `[M, [() => 1], "hi"]`, "TypeError: runAgent: tools must be an object of name → function (args) => result, got an array"},
		{"a tool not a function", `[M, {add: 5}, "hi"]`, `TypeError: runAgent: tools["add"] must be a function (args) => result, got number 5`},
		{"model missing", `[]`, "TypeError: runAgent: model must be a function (messages) => action, or an array of scripted actions; got undefined"},
		{"model an object", `[{type: "final"}, T, "hi"]`, "TypeError: runAgent: model must be a function (messages) => action, or an array of scripted actions; got an object"},
		{"model a symbol", `[Symbol("m"), T, "hi"]`, "TypeError: runAgent: model must be a function (messages) => action, or an array of scripted actions; got a symbol"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := jsEval(t, countingModel)
			args := jsEval(t, "(M, T) => "+tc.args).Invoke(env.Get("model"), jsEval(t, seedTools))
			s := rejects(t, jsArgs(args)...)
			assert.Equal(t, tc.want, s.errorText())
			assert.Equal(t, 0, env.Get("calls").Int(), "a run with bad arguments must not call the model")
		})
	}
}

// jsArgs spreads a JS array into Go arguments.
func jsArgs(a js.Value) []any {
	out := make([]any, a.Length())
	for i := range out {
		out[i] = a.Index(i)
	}
	return out
}

func TestHostileArgumentsRejectAndTheBridgeKeepsWorking(t *testing.T) {
	for _, tc := range []struct {
		name string
		args string
		want string
	}{
		{"options that throw on read", `[M, T, "hi", new Proxy({}, {get() { throw new Error("no peeking"); }})]`,
			"TypeError: runAgent: reading options.maxSteps: no peeking"},
		{"tools whose keys throw", `[M, new Proxy({}, {ownKeys() { throw new Error("no keys"); }}), "hi"]`,
			"TypeError: runAgent: reading the names of tools: no keys"},
		{"a tool getter that throws", `[M, {get add() { throw new Error("no add"); }}, "hi"]`,
			`TypeError: runAgent: reading tools["add"]: no add`},
		{"a signal that throws when listened to", `[M, T, "hi", {signal: {aborted: false, addEventListener() { throw new Error("no listeners"); }, removeEventListener() {}}}]`,
			"TypeError: runAgent: listening to options.signal: no listeners"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := jsEval(t, countingModel)
			args := jsEval(t, "(M, T) => "+tc.args).Invoke(env.Get("model"), jsEval(t, seedTools))
			assert.Equal(t, tc.want, rejects(t, jsArgs(args)...).errorText())
		})
	}
	assert.Equal(t, "The answer is 5.", resolves(t, jsEval(t, seedModel), jsEval(t, seedTools), "2 + 3?"),
		"after hostile arguments, runAgent must still work")
}

func TestMalformedActionsRejectNamingStepAndField(t *testing.T) {
	for _, tc := range []struct {
		name   string
		action string // what the model returns at step 2
		want   string // the rejection's message
	}{
		{"a number", `42`, "step 2: malformed action: the model returned number 42, not an action object"},
		{"a string", `"final"`, `step 2: malformed action: the model returned string "final", not an action object`},
		{"an array", `[{type: "final"}]`, "step 2: malformed action: the model returned an array, not an action object"},
		{"a function", `() => 1`, "step 2: malformed action: the model returned a function, not an action object"},
		{"null", `null`, "step 2: malformed action: the model returned no action"},
		{"undefined", `undefined`, "step 2: malformed action: the model returned no action"},
		{"no type", `{content: "5"}`, `step 2: malformed action: "type" is missing or not a string`},
		{"type not a string", `{type: 5}`, `step 2: malformed action: "type" is missing or not a string`},
		{"unknown type", `{type: "answer", content: "5"}`, `step 2: malformed action: type "answer" is neither "final" nor "tool"`},
		{"tool without name", `{type: "tool", args: {}}`, `step 2: malformed action: tool action has no string "name"`},
		{"name not a string", `{type: "tool", name: 7}`, `step 2: malformed action: tool action has no string "name"`},
		{"args a number", `{type: "tool", name: "add", args: 5}`, `step 2: malformed action: "args" of tool "add" is not an object`},
		{"args an array", `{type: "tool", name: "add", args: [1, 2]}`, `step 2: malformed action: "args" of tool "add" is not an object`},
		{"args of an unknown tool", `{type: "tool", name: "nope", args: "x"}`, `step 2: malformed action: "args" of tool "nope" is not an object`},
		{"calls not a list", `{type: "tool", calls: 5}`, `step 2: malformed action: "calls" is not a list`},
		{"calls empty", `{type: "tool", calls: []}`, `step 2: malformed action: "calls" is empty`},
		{"a call not an object", `{type: "tool", calls: [5]}`, "step 2: malformed action: calls[0] is not an object"},
		{"a call without name", `{type: "tool", calls: [{name: "add"}, {args: {}}]}`, `step 2: malformed action: calls[1]: tool action has no string "name"`},
		{"a call with bad args", `{type: "tool", calls: [{name: "add", args: true}]}`, `step 2: malformed action: calls[0]: "args" of tool "add" is not an object`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			model := jsEval(t, `(m) => m.length === 1 ? {type: "tool", name: "add", args: {a: 1, b: 1}} : (`+tc.action+`)`)
			assert.Equal(t, "Error: "+tc.want, rejects(t, model, jsEval(t, seedTools), "Add.").errorText())
		})
	}
}

func TestFailingModelRejectsWithStepAndMessage(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fail  string // evaluated at step 2
		want  string
		cause string // JSON of the rejection's cause
	}{
		{"throws an Error", `(() => { throw new Error("boom"); })()`, "Error: step 2: model: boom", `{}`},
		{"rejects with an Error", `Promise.reject(new RangeError("async boom"))`, "Error: step 2: model: async boom", `{}`},
		{"throws a string", `(() => { throw "plain"; })()`, "Error: step 2: model: plain", `"plain"`},
		{"rejects later", `new Promise((_, reject) => setTimeout(() => reject(new Error("late")), 5))`, "Error: step 2: model: late", `{}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			model := jsEval(t, `(m) => m.length === 1 ? {type: "tool", name: "add", args: {a: 1, b: 1}} : `+tc.fail)
			s := rejects(t, model, jsEval(t, seedTools), "Add.")
			assert.Equal(t, tc.want, s.errorText())
			require.Equal(t, js.TypeObject, s.value.Type())
			assert.Equal(t, tc.cause, jsJSON(s.value.Get("cause")), "the rejection's cause is what the model threw")
		})
	}
}
