//go:build js && wasm

package main

import (
	"syscall/js"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tools of the streaming tests: add and echo, which return their args.
const streamTools = `({add: ({a, b}) => a + b, echo: (args) => JSON.stringify(args)})`

// deltaSummary lists a run's delta events as "step index call name
// fragment → soFar open", and the messages of its end as JSON.
func deltaSummary(rec js.Value) (deltas []string, messages string) {
	summarize := js.Global().Call("eval", `(e) => e.step + " #" + e.index + (e.call === undefined
		? " text " + JSON.stringify(e.text) + " → " + JSON.stringify(e.soFar)
		: " call " + e.call + " " + e.name + (e.id ? "#" + e.id : "") + " " + JSON.stringify(e.args) + " → " + JSON.stringify(e.soFar) + " open " + JSON.stringify(e.open)) + " @" + e.phase`)
	events := rec.Get("events")
	for i := range events.Length() {
		e := events.Index(i)
		switch e.Get("kind").String() {
		case "delta":
			deltas = append(deltas, summarize.Invoke(e).String())
		case "done":
			messages = jsJSON(e.Get("messages"))
		}
	}
	return deltas, messages
}

func TestAnAsyncGeneratorModelStreamsThroughTheLoop(t *testing.T) {
	rec := jsEval(t, recorder)
	model := jsEval(t, `async function* (m) {
		if (m.length === 1) {
			yield {text: "Adding both. "};
			yield {call: 0, name: "add", id: "c1", args: '{"a": 2,'};
			yield {call: 1, name: "echo", args: '{"text": "} \\" {'};
			yield {call: 0, args: ' "b": 3}'};
			yield {call: 1, args: '"}'};
			return;
		}
		yield {text: "The answer is "};
		await null;
		yield {text: m[2].content + "."};
	}`)
	require.Equal(t, "The answer is 5.", resolves(t, model, jsEval(t, streamTools), "What is 2 + 3?", rec))
	deltas, messages := deltaSummary(rec)
	assert.Equal(t, []string{
		`1 #0 text "Adding both. " → "Adding both. " @model`,
		`1 #1 call 0 add#c1 "{\"a\": 2," → "{\"a\": 2," open "}" @model`,
		`1 #2 call 1 echo "{\"text\": \"} \\\" {" → "{\"text\": \"} \\\" {" open "\"}" @model`,
		`1 #3 call 0 add#c1 " \"b\": 3}" → "{\"a\": 2, \"b\": 3}" open "" @model`,
		`1 #4 call 1 echo "\"}" → "{\"text\": \"} \\\" {\"}" open "" @model`,
		`2 #0 text "The answer is " → "The answer is " @model`,
		`2 #1 text "5." → "The answer is 5." @model`,
	}, deltas)
	assert.Equal(t, `[{"role":"user","content":"What is 2 + 3?"},`+
		`{"role":"assistant","type":"tool","calls":[{"name":"add","args":{"a":2,"b":3},"id":"c1"},{"name":"echo","args":{"text":"} \" {"}}],"content":"Adding both. "},`+
		`{"role":"tool","name":"add","content":"5","id":"c1"},{"role":"tool","name":"echo","content":"{\"text\":\"} \\\" {\"}"},`+
		`{"role":"assistant","type":"final","content":"The answer is 5."}]`, messages,
		"the messages hold the assembled actions, as an unstreamed model returns them")
}

func TestAScriptedActionCarriesItsPieces(t *testing.T) {
	rec := jsEval(t, recorder)
	script := jsEval(t, `[
		{stream: [{call: 0, name: "add", args: '{"a": 2'}, {call: 0, args: ', "b": 3}'}]},
		{stream: [{text: "It is "}, {text: "5."}]},
	]`)
	require.Equal(t, "It is 5.", resolves(t, script, jsEval(t, streamTools), "2 + 3?", rec))
	deltas, _ := deltaSummary(rec)
	assert.Len(t, deltas, 4)
	// A function* model streams too, and without onEvent nothing is reported.
	gen := jsEval(t, `function* () { yield {text: "sync "}; yield {text: "pieces"}; }`)
	assert.Equal(t, "sync pieces", resolves(t, gen, jsEval(t, `({})`), "go"))
}

// The same answers, streamed and unstreamed, give the same run: the same
// messages, result and events but for the deltas.
func TestAStreamRunsAsTheSameAnswerUnstreamed(t *testing.T) {
	plain := jsEval(t, `[
		{role: "assistant", type: "tool", calls: [{name: "add", args: {a: 2, b: 3}, id: "x"}, {name: "nope", args: {}}]},
		{role: "assistant", type: "tool", name: "echo"},
		{role: "assistant", type: "final", content: "Done: 5."},
	]`)
	streamed := jsEval(t, `[
		{stream: [{call: 0, name: "add", id: "x", args: '{"a":'}, {call: 1, name: "nope", args: "{"}, {call: 0, args: '2,"b":3}'}, {call: 1, args: "}"}]},
		{stream: [{call: 0, name: "echo"}]},
		{stream: [{text: "Done"}, {text: ": 5."}]},
	]`)
	without := jsEval(t, `(events) => JSON.stringify(events.filter((e) => e.kind !== "delta").map((e) => { const c = {...e}; delete c.ms; delete c.stepMs; return c; }))`)
	var views []string
	for _, model := range []js.Value{plain, streamed} {
		rec := jsEval(t, recorder)
		require.Equal(t, "Done: 5.", resolves(t, model, jsEval(t, streamTools), "go", rec))
		views = append(views, without.Invoke(rec.Get("events")).String())
	}
	assert.Equal(t, views[0], views[1])
}

func TestAMalformedJavaScriptStreamNamesStepCallAndWhere(t *testing.T) {
	tests := []struct{ name, model, want string }{
		{"cut inside an argument", `[{stream: [{call: 0, name: "add", args: '{"a": 2, "b'}]}]`,
			`Error: step 1: malformed stream: the stream ended at byte 11 of the arguments of call 0 ("add"), inside a string in an object`},
		{"a fragment for an index never opened", `[{stream: [{call: 1, args: "{}"}]}]`,
			`Error: step 1: malformed stream: delta 0 continues call 1, which no delta opened (a call opens with its tool's name)`},
		{"a name changing mid-call", `[{stream: [{call: 0, name: "add", args: "{"}, {call: 0, name: "echo", args: "}"}]}]`,
			`Error: step 1: malformed stream: delta 1 renames call 0 from "add" to "echo"`},
		{"arguments that do not parse", `[{stream: [{call: 0, name: "add", args: '{"a": 2,}'}]}]`,
			`Error: step 1: malformed stream: the arguments of call 0 ("add") do not parse at byte 9: invalid character '}' looking for beginning of object key string`},
		{"a delta that is not one", `[{stream: [{text: "a"}, 5]}]`,
			`Error: step 1: malformed stream: delta 1 is neither text nor a piece of a call: number 5, not a delta {text} or {call, name, args}`},
		{"text that is not a string", `[{stream: [{text: 5}]}]`,
			`Error: step 1: malformed stream: delta 0 is neither text nor a piece of a call: "text" is number 5, not a string`},
		{"args that are an object", `[{stream: [{call: 0, name: "add", args: {a: 1}}]}]`,
			`Error: step 1: malformed stream: delta 0 is neither text nor a piece of a call: "args" is an object, not a string of JSON`},
		{"a generator that throws", `async function* () { yield {text: "a"}; throw new Error("the connection dropped"); }`,
			`Error: step 1: model: the connection dropped`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := rejects(t, jsEval(t, tt.model), jsEval(t, streamTools), "go")
			assert.Equal(t, tt.want, s.errorText())
		})
	}
}

func TestAbortMidStreamStopsAtOnceAndClosesTheStream(t *testing.T) {
	state := jsEval(t, `({closed: false, pulled: 0})`)
	js.Global().Set("streamState", state)
	defer js.Global().Delete("streamState")
	ctl := jsEval(t, `new AbortController()`)
	// An async iterator whose every delta takes a timer's turn to arrive.
	model := jsEval(t, `() => ({
		[Symbol.asyncIterator]() { return this; },
		next() {
			streamState.pulled++;
			return new Promise((r) => setTimeout(() => r({done: false, value: {text: "la "}}), 1));
		},
		return() {
			streamState.closed = true;
			return Promise.resolve({done: true});
		},
	})`)
	opts := jsEval(t, `(signal) => ({signal})`).Invoke(ctl.Get("signal"))
	p := runAgent(t, model, jsEval(t, `({})`), "sing", opts)
	for state.Get("pulled").Int() < 3 {
		awaitTick(t)
	}
	ctl.Call("abort")
	s := await(t, p)
	require.True(t, s.rejected)
	assert.Equal(t, "AbortError: step 1: aborted", s.errorText())
	pulled := state.Get("pulled").Int()
	awaitTick(t)
	awaitTick(t)
	assert.Equal(t, pulled, state.Get("pulled").Int(), "the loop asks for no delta after the abort")
	assert.True(t, state.Get("closed").Bool(), "the stream's return() was called")
}

// awaitTick lets JavaScript run a timer's worth.
func awaitTick(t *testing.T) {
	await(t, jsEval(t, `new Promise((r) => setTimeout(r, 5))`))
}
