//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAsyncModelAndToolsAreAwaited(t *testing.T) {
	model := jsEval(t, `async (m) => {
		await new Promise((r) => setTimeout(r, 2));
		return m.length === 1 ? {type: "tool", name: "add", args: {a: 20, b: 22}} : {type: "final", content: m[2].content};
	}`)
	tools := jsEval(t, `({add: async ({a, b}) => { await null; return a + b; }})`)
	assert.Equal(t, "42", resolves(t, model, tools, "Add."))
}

func TestAbortRejectsWithAnAbortErrorNamingTheStep(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup string // JS returning {model, tools, signal}: the run is started with them
		want  string
		calls int // model calls made
	}{
		{"before the run", `(() => {
			const c = new AbortController();
			c.abort();
			return {signal: c.signal, tools: {}, model: () => { env.calls++; return {type: "final", content: "too late"}; }};
		})()`, "AbortError: step 1: aborted", 0},
		{"while an async model works", `(() => {
			const c = new AbortController();
			return {signal: c.signal, tools: {add: ({a, b}) => a + b}, model: (m) => {
				env.calls++;
				if (env.calls < 3) return {type: "tool", name: "add", args: {a: 1, b: 2}};
				setTimeout(() => c.abort(), 5);
				// It settles only at the abort: the run waits for its model.
				return new Promise((_, reject) => c.signal.addEventListener("abort", () => reject(c.signal.reason)));
			}};
		})()`, "AbortError: step 3: aborted", 3},
		{"by a synchronous model", `(() => {
			const c = new AbortController();
			return {signal: c.signal, tools: {add: ({a, b}) => a + b}, model: (m) => {
				env.calls++;
				if (env.calls === 2) c.abort();
				return {type: "tool", name: "add", args: {a: 1, b: 2}};
			}};
		})()`, "AbortError: step 2: aborted", 2},
		{"while a tool waits for the signal", `(() => {
			const c = new AbortController();
			const listen = () => new Promise((_, reject) => c.signal.addEventListener("abort", () => reject(c.signal.reason)));
			return {signal: c.signal, tools: {hang: () => { setTimeout(() => c.abort(), 5); return listen(); }},
				model: () => { env.calls++; return {type: "tool", name: "hang"}; }};
		})()`, "AbortError: step 1: aborted", 1},
		{"with a reason", `(() => {
			const c = new AbortController();
			c.abort("the user pressed Stop");
			return {signal: c.signal, tools: {}, model: () => { env.calls++; return {type: "final", content: "x"}; }};
		})()`, "AbortError: step 1: aborted: the user pressed Stop", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := jsEval(t, `{calls: 0}`)
			js.Global().Set("env", env)
			defer js.Global().Delete("env")
			set := jsEval(t, tc.setup)
			opts := js.Global().Get("Object").New()
			opts.Set("signal", set.Get("signal"))
			s := rejects(t, set.Get("model"), set.Get("tools"), "Go on.", opts)
			assert.Equal(t, tc.want, s.errorText())
			assert.Equal(t, tc.calls, env.Get("calls").Int(), "model calls")
			assert.True(t, s.value.Get("cause").Equal(set.Get("signal").Get("reason")), "the AbortError's cause is the signal's reason")
		})
	}
}

func TestToolRunningAtTheAbortIsAwaitedAndItsOutputKept(t *testing.T) {
	// As agent.Run waits for a Go tool: the abort comes while the tool's
	// promise is pending, and the run stops after its output.
	env := jsEval(t, `(() => {
		const c = new AbortController();
		const env = {signal: c.signal, events: []};
		env.onEvent = (e) => env.events.push(e);
		env.tools = {deploy: () => { setTimeout(() => c.abort(), 5); return new Promise((r) => setTimeout(() => r("deployed"), 20)); }};
		env.model = () => ({type: "tool", name: "deploy"});
		return env;
	})()`)
	s := rejects(t, env.Get("model"), env.Get("tools"), "Deploy.", env)
	assert.Equal(t, "AbortError: step 1: aborted", s.errorText())
	events := env.Get("events")
	done := events.Index(events.Length() - 1)
	require.Equal(t, "done", done.Get("kind").String())
	assert.Equal(t, "canceled", done.Get("reason").String())
	assert.Equal(t, "canceled_after_tools", done.Get("phase").String())
	messages := done.Get("messages")
	require.Equal(t, 3, messages.Length(), "the user's message, the action and the tool's output")
	assert.Equal(t, `{"role":"tool","name":"deploy","content":"deployed"}`, jsJSON(messages.Index(2)))
}

func TestHungToolUnderAToolTimeoutEndsAtTheAbort(t *testing.T) {
	// With toolTimeoutMs, agent.Run stops waiting for a call once the run
	// is canceled, and the call fails with ctx's error.
	env := jsEval(t, `(() => {
		const c = new AbortController();
		const env = {signal: c.signal, toolTimeoutMs: 60000, events: []};
		env.onEvent = (e) => env.events.push(e);
		env.tools = {hang: () => { setTimeout(() => c.abort(), 5); return new Promise(() => {}); }};
		env.model = () => ({type: "tool", name: "hang"});
		return env;
	})()`)
	s := rejects(t, env.Get("model"), env.Get("tools"), "Hang.", env)
	assert.Equal(t, "AbortError: step 1: aborted", s.errorText())
	events := env.Get("events")
	done := events.Index(events.Length() - 1)
	require.Equal(t, "done", done.Get("kind").String())
	assert.Equal(t, "step 1: aborted", done.Get("error").String())
	messages := done.Get("messages")
	require.Equal(t, 3, messages.Length(), "the user's message, the action and the tool's failure")
	assert.Equal(t, `{"role":"tool","name":"hang","content":"error: context canceled"}`, jsJSON(messages.Index(2)))
}

func TestSlowRunDoesNotBlockAnother(t *testing.T) {
	// The slow run's model waits on a gate that opens only after the fast
	// run has resolved: if runs blocked each other, the fast one could not
	// finish and the test would time out.
	gate := jsEval(t, `(() => { const g = {}; g.promise = new Promise((r) => { g.open = r; }); return g; })()`)
	slowModel := jsEval(t, `(gate) => async (m) => {
		if (m.length === 1) { await gate.promise; return {type: "tool", name: "add", args: {a: 1, b: 1}}; }
		return {type: "final", content: "slow done"};
	}`).Invoke(gate)
	slow := await2(runAgent(t, slowModel, jsEval(t, seedTools), "Slow."))
	fast := await(t, runAgent(t, jsEval(t, seedModel), jsEval(t, seedTools), "Fast."))
	require.False(t, fast.rejected, fast.errorText())
	assert.Equal(t, "The answer is 5.", fast.value.String())
	select {
	case s := <-slow:
		t.Fatalf("the slow run settled before its gate opened: %v", s.value)
	default:
	}
	gate.Call("open")
	select {
	case s := <-slow:
		require.False(t, s.rejected, s.errorText())
		assert.Equal(t, "slow done", s.value.String())
	case <-time.After(time.Minute):
		t.Fatal("the slow run did not finish after its gate opened")
	}
}

func TestManyRunsInFlightKeepTheirOwnState(t *testing.T) {
	const runs = 20
	chans := make([]<-chan settled, runs)
	for i := range runs {
		model := jsEval(t, `(i) => async (m) => {
			await new Promise((r) => setTimeout(r, (i * 7) % 5));
			return m.length < 5 ? {type: "tool", name: "add", args: {a: i, b: m.length}} : {type: "final", content: m.map((x) => x.content).join("|")};
		}`).Invoke(i)
		chans[i] = await2(runAgent(t, model, jsEval(t, seedTools), "Run "+string(rune('A'+i))))
	}
	for i, ch := range chans {
		select {
		case s := <-ch:
			require.False(t, s.rejected, s.errorText())
			want := "Run " + string(rune('A'+i)) + "||" + strconv.Itoa(i+1) + "||" + strconv.Itoa(i+3)
			assert.Equal(t, want, s.value.String(), "run %d", i)
		case <-time.After(time.Minute):
			t.Fatalf("run %d did not settle", i)
		}
	}
}

func TestParallelCallsRunConcurrentlyAndKeepCallOrder(t *testing.T) {
	// Each call waits until all three have started: run one after another,
	// the first would wait forever (and the tool timeout would report it).
	env := jsEval(t, `(() => {
		const env = {started: [], ended: [], events: []};
		let open;
		const allStarted = new Promise((r) => { open = r; });
		env.tools = {
			wait: async ({id, ms}) => {
				env.started.push(id);
				if (env.started.length === 3) open();
				await allStarted;
				await new Promise((r) => setTimeout(r, ms));
				env.ended.push(id);
				return "done " + id;
			},
		};
		env.model = (m) => m.length === 1
			? {type: "tool", calls: [
				{name: "wait", args: {id: "a", ms: 30}, id: "call-a"},
				{name: "wait", args: {id: "b", ms: 1}, id: "call-b"},
				{name: "wait", args: {id: "c", ms: 15}, id: "call-c"},
			]}
			: {type: "final", content: m.slice(2).map((x) => x.id + "=" + x.content).join(", ")};
		env.options = {toolTimeoutMs: 2000, onEvent: (e) => env.events.push(e)};
		return env;
	})()`)
	got := resolves(t, env.Get("model"), env.Get("tools"), "Wait three times.", env.Get("options"))
	assert.Equal(t, "call-a=done a, call-b=done b, call-c=done c", got, "tool messages in call order, with their ids")
	assert.Equal(t, `["b","c","a"]`, jsJSON(env.Get("ended")), "the calls ran at the same time, so the shortest ended first")
	var ends []string
	events := env.Get("events")
	for i := range events.Length() {
		if e := events.Index(i); e.Get("kind").String() == "tool_end" {
			ends = append(ends, e.Get("id").String()+"#"+strconv.Itoa(e.Get("call").Int()))
		}
	}
	assert.Equal(t, []string{"call-b#1", "call-c#2", "call-a#0"}, ends, "tool_end events come in completion order")
}

func TestToolTimeoutBecomesAnErrorResult(t *testing.T) {
	model := jsEval(t, `(m) => m.length === 1 ? {type: "tool", name: "hang"} : {type: "final", content: m[2].content}`)
	tools := jsEval(t, `({hang: () => new Promise(() => {})})`)
	got := resolves(t, model, tools, "Hang.", jsEval(t, `({toolTimeoutMs: 20})`))
	assert.Equal(t, "error: tool 'hang' timed out after 20ms", got)
}
