//go:build js && wasm

package main

import (
	"math"
	"runtime"
	"syscall/js"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFailingReadOfTheActionIsAMalformedActionOfItsStep(t *testing.T) {
	for _, tc := range []struct {
		name, action, want string
	}{
		{"content getter throws", `{type: "final", get content() { throw new Error("no content"); }}`,
			`step 2: malformed action: reading "content": no content`},
		{"content JSON cannot encode", `(() => { const o = {}; o.o = o; return {type: "final", content: o}; })()`,
			`step 2: malformed action: reading "content": `},
		{"type getter throws", `{get type() { throw new Error("no type"); }}`,
			`step 2: malformed action: reading "type": no type`},
		{"calls getter throws", `{type: "tool", get calls() { throw new Error("no calls"); }}`,
			`step 2: malformed action: reading "calls": no calls`},
		{"name getter throws", `{type: "tool", get name() { throw new Error("no name"); }}`,
			`step 2: malformed action: reading "name": no name`},
		{"an entry's args getter throws", `{type: "tool", calls: [{name: "add"}, {name: "add", get args() { throw "no args"; }}]}`,
			`step 2: malformed action: calls[1]: reading "args": no args`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := jsEval(t, recorder)
			model := jsEval(t, `(m) => m.length === 1 ? {type: "tool", name: "add", args: {a: 1, b: 1}} : (`+tc.action+`)`)
			s := rejects(t, model, jsEval(t, seedTools), "Add.", rec)
			assert.Contains(t, s.errorText(), "Error: "+tc.want)
			events := rec.Get("events")
			done := events.Index(events.Length() - 1)
			assert.Equal(t, "model_error", done.Get("reason").String())
		})
	}
}

func TestAnActionsFieldsAreReadOnce(t *testing.T) {
	env := jsEval(t, `(() => {
		const env = {reads: {}};
		const counted = (o, key, value) => Object.defineProperty(o, key, {enumerable: true, get() { env.reads[key] = (env.reads[key] || 0) + 1; return value; }});
		env.model = (m) => {
			if (m.length > 1) return counted({type: "final"}, "content", m[2].content + "|" + m[3].content);
			const a = {type: "tool"};
			const call = {args: {}};
			counted(call, "name", "say");
			counted(call, "id", "c1");
			return counted(a, "calls", [call, {name: "say", args: {}}]);
		};
		env.tools = {say: () => "said"};
		return env;
	})()`)
	rec := jsEval(t, recorder)
	got := resolves(t, env.Get("model"), env.Get("tools"), "Say.", rec)
	assert.Equal(t, "said|said", got)
	assert.Equal(t, `{"calls":1,"name":1,"id":1,"content":1}`, jsJSON(env.Get("reads")),
		"each getter runs once, however many times the run uses the field")
}

func TestTooManyCallsFailBeforeTheListIsRead(t *testing.T) {
	for _, tc := range []struct {
		name, calls, want string
	}{
		{"a Proxy claiming 2^32-1 entries", `new Proxy([], {get(target, key) { if (key === "length") return 4294967295; if (key in target) return target[key]; return {name: "add"}; }})`,
			`step 1: malformed action: "calls" has 4294967295 entries, more than the 1000 one action may make`},
		{"an array of 1001 calls", `Array.from({length: 1001}, () => ({name: "add", args: {a: 1, b: 1}}))`,
			`step 1: malformed action: "calls" has 1001 entries, more than the 1000 one action may make`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := jsEval(t, `(() => { const env = {added: 0}; env.tools = {add: () => { env.added++; return 2; }}; env.model = () => ({type: "tool", calls: `+tc.calls+`}); return env; })()`)
			start := time.Now()
			s := rejects(t, env.Get("model"), env.Get("tools"), "Add.")
			assert.Equal(t, "Error: "+tc.want, s.errorText())
			assert.Less(t, time.Since(start), 10*time.Second, "the list must not be read")
			assert.Equal(t, 0, env.Get("added").Int(), "no call of a rejected action runs")
		})
	}
}

func TestLongRunWithBigOutputsKeepsGoMemoryFlat(t *testing.T) {
	const steps = 3000
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	env := jsEval(t, `(() => {
		const big = "x".repeat(1 << 20);
		return {tools: {big: () => big}, model: () => ({type: "tool", name: "big"})};
	})()`)
	got := resolves(t, env.Get("model"), env.Get("tools"), "Big.", jsEval(t, `({maxSteps: 3000, maxTranscriptBytes: Infinity})`))
	assert.Equal(t, maxStepsText, got)
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapInuse) - int64(before.HeapInuse)
	assert.Less(t, grew, int64(64<<20), "%d steps with a 1 MB output each grew Go's heap by %d MB: Go must not copy outputs the engine keeps", steps, grew>>20)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(256<<20), "Go allocated %d MB over the run", (after.TotalAlloc-before.TotalAlloc)>>20)
}

func TestTranscriptBudgetEndsTheRunBeforeTheHeapRunsOut(t *testing.T) {
	rec := jsEval(t, recorder)
	env := jsEval(t, `(() => { const env = {calls: 0}; env.tools = {big: () => "x".repeat(1000)}; env.model = () => { env.calls++; return {type: "tool", name: "big"}; }; return env; })()`)
	opts := jsEval(t, `({maxSteps: 100, maxTranscriptBytes: 2500})`)
	opts.Set("onEvent", rec.Get("onEvent"))
	s := rejects(t, env.Get("model"), env.Get("tools"), "Go.", opts)
	assert.Equal(t, "Error: step 4: the transcript reached its budget of 2500 bytes (maxTranscriptBytes)", s.errorText())
	assert.Equal(t, 3, env.Get("calls").Int(), "the model is not called once the transcript is over its budget")
	events := rec.Get("events")
	done := events.Index(events.Length() - 1)
	assert.Equal(t, "model_error", done.Get("reason").String())
	assert.Equal(t, "error_model", done.Get("phase").String())
	modelEnd := events.Index(events.Length() - 2)
	require.Equal(t, "model_end", modelEnd.Get("kind").String())
	assert.Equal(t, "the transcript reached its budget of 2500 bytes (maxTranscriptBytes)", modelEnd.Get("error").String())
}

func TestTranscriptBudgetCountsTheModelsActions(t *testing.T) {
	for name, action := range map[string]string{
		"args":               `({type: "tool", name: "ok", args: {text: big}})`,
		"a call's args":      `({type: "tool", calls: [{name: "ok", args: {text: [big]}}]})`,
		"content":            `({type: "tool", name: "ok", content: big})`,
		"a field of its own": `({type: "tool", name: "ok", note: {deep: {deeper: big}}})`,
	} {
		t.Run(name, func(t *testing.T) {
			env := jsEval(t, `(() => {
				const big = "x".repeat(1000);
				const env = {calls: 0};
				env.tools = {ok: () => "ok"};
				env.model = () => { env.calls++; return `+action+`; };
				return env;
			})()`)
			s := rejects(t, env.Get("model"), env.Get("tools"), "Go.", jsEval(t, `({maxSteps: 100, maxTranscriptBytes: 2500})`))
			assert.Equal(t, "Error: step 4: the transcript reached its budget of 2500 bytes (maxTranscriptBytes)", s.errorText(),
				"an action with 1000 characters in its %s at each step must end the run once three of them fill the budget", name)
			assert.Equal(t, 3, env.Get("calls").Int(), "the model is not called once its actions are over the budget")
		})
	}
}

func TestActionSizeCountsACycleOnceAndReadsNoGetterTwice(t *testing.T) {
	env := jsEval(t, `(() => {
		const env = {reads: 0};
		const args = {};
		args.self = args;
		Object.defineProperty(args, "text", {enumerable: true, get() { env.reads++; return "x"; }});
		env.tools = {ok: () => "ok"};
		env.model = (m) => m.length > 2 ? {type: "final", content: "done"} : {type: "tool", name: "ok", args};
		return env;
	})()`)
	got := resolves(t, env.Get("model"), env.Get("tools"), "Go.", jsEval(t, `({maxTranscriptBytes: 1000})`))
	assert.Equal(t, "done", got, "an args object that holds itself is counted once, not until the budget runs out")
	assert.Equal(t, 1, env.Get("reads").Int(), "counting the action's size read a getter of its args more than once")
}

func TestBadTranscriptBudgetRejectsNamingIt(t *testing.T) {
	for opts, want := range map[string]string{
		`{maxTranscriptBytes: -1}`:  "RangeError: runAgent: options.maxTranscriptBytes must be a non-negative integer number of bytes (or Infinity), got number -1",
		`{maxTranscriptBytes: 1.5}`: "RangeError: runAgent: options.maxTranscriptBytes must be a non-negative integer number of bytes (or Infinity), got number 1.5",
		`{maxTranscriptBytes: NaN}`: "RangeError: runAgent: options.maxTranscriptBytes must be a non-negative integer number of bytes (or Infinity), got number NaN",
		`{maxTranscriptBytes: "1"}`: `TypeError: runAgent: options.maxTranscriptBytes must be a non-negative integer number of bytes (or Infinity), got string "1"`,
	} {
		assert.Equal(t, want, rejects(t, jsEval(t, seedModel), jsEval(t, seedTools), "Add.", jsEval(t, opts)).errorText(), opts)
	}
}

func TestOnEventFailuresThatCannotBePrintedAreLoggedOnce(t *testing.T) {
	for _, tc := range []struct {
		name, onEvent string
	}{
		{"rejects with an unprintable value", `() => Promise.reject({get [Symbol.toStringTag]() { throw new Error("unprintable"); }})`},
		{"throws an unprintable value", `() => { throw {get [Symbol.toStringTag]() { throw new Error("unprintable"); }}; }`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			console := js.Global().Get("console")
			original := console.Get("error")
			logged := jsEval(t, `{count: 0}`)
			// Like Node's own console.error, this one inspects what it prints,
			// and so throws on the unprintable value.
			console.Set("error", jsEval(t, `(logged) => (...args) => { for (const a of args) Object.prototype.toString.call(a); logged.count++; }`).Invoke(logged))
			defer console.Set("error", original)
			opts := js.Global().Get("Object").New()
			opts.Set("onEvent", jsEval(t, tc.onEvent))
			assert.Equal(t, "The answer is 5.", resolves(t, jsEval(t, seedModel), jsEval(t, seedTools), "2 + 3?", opts))
			await(t, jsEval(t, `new Promise((r) => setTimeout(r, 5))`)) // let rejections be handled
			assert.Equal(t, 1, logged.Get("count").Int(), "the failure is logged once, as text")
		})
	}
}

func TestToolNamesWithLoneSurrogatesNeverRunTheWrongTool(t *testing.T) {
	t.Run("tool names differing only in lone surrogates", func(t *testing.T) {
		s := rejects(t, jsEval(t, seedModel), jsEval(t, `({"a\uD800": () => "high", "a\uDC00": () => "low"})`), "Call.")
		assert.Equal(t, `TypeError: runAgent: tools["a\ud800"]: a tool's name must be well-formed Unicode, without a lone surrogate`, s.errorText())
	})
	t.Run("a call whose name Go would read as another tool's", func(t *testing.T) {
		env := jsEval(t, `(() => {
			const env = {ran: 0};
			env.tools = {"a\uFFFD": () => { env.ran++; return "wrong tool"; }};
			env.model = (m) => m.length === 1 ? {type: "tool", name: "a\uD800"} : {type: "final", content: m[2].content};
			return env;
		})()`)
		got := resolves(t, env.Get("model"), env.Get("tools"), "Call.")
		assert.Equal(t, "error: unknown tool 'a\uFFFD'", got)
		assert.Equal(t, 0, env.Get("ran").Int(), "the tool named with U+FFFD must not run")
	})
}

func TestTinyToolTimeoutIsALimitNotNone(t *testing.T) {
	tools := jsEval(t, `({t: () => new Promise((r) => setTimeout(() => r("too late"), 50))})`)
	got := resolves(t, jsEval(t, echoModel), tools, "Call t.", jsEval(t, `({toolTimeoutMs: 1e-7})`))
	assert.Equal(t, "error: tool 't' timed out after 1ns", got)
}

func TestAPromiseThatSettlesTwiceKeepsItsFirstOutcome(t *testing.T) {
	twice := `(v) => { const p = Promise.resolve(v); p.then = function (ok, fail) { ok(v); fail(new Error("second")); }; return p; }`
	model := jsEval(t, `(twice) => (m) => m.length === 1 ? twice({type: "tool", name: "t"}) : twice({type: "final", content: m[2].content})`).Invoke(jsEval(t, twice))
	tools := js.Global().Get("Object").New()
	tools.Set("t", jsEval(t, `(twice) => () => twice("first")`).Invoke(jsEval(t, twice)))
	assert.Equal(t, "first", resolves(t, model, tools, "Call t."))
}

func TestHugeAndNaNUsageCountsBecomeSaneIntegers(t *testing.T) {
	rec := jsEval(t, recorder)
	model := jsEval(t, `() => ({type: "final", content: "ok", usage: {input_tokens: 1e300, output_tokens: NaN}})`)
	resolves(t, model, jsEval(t, `({})`), "Count.", rec)
	events := rec.Get("events")
	usage := events.Index(events.Length() - 1).Get("usage")
	assert.Equal(t, float64(math.MaxInt), usage.Get("input_tokens").Float(), "a count beyond an int is the largest int")
	assert.Equal(t, 0, usage.Get("output_tokens").Int(), "NaN counts as 0")
}

func TestFrozenMessagesEndTheRunNamingTheStepOfTheMessage(t *testing.T) {
	model := jsEval(t, `(m) => { Object.freeze(m); return {type: "tool", name: "add", args: {a: 1, b: 1}}; }`)
	s := rejects(t, model, jsEval(t, seedTools), "Add.")
	assert.Equal(t, "Error: step 1: the messages array refused message 1: Cannot add property 1, object is not extensible", s.errorText())
	assert.NotContains(t, s.errorText(), "JavaScript error")
}
