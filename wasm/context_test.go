//go:build js && wasm

package main

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// readEnv returns {model, tools, seen, events, onEvent, count}: the model
// plays steps (each a list of output sizes; several make parallel calls
// with ids "sS.C") then answers, and records what each call was sent as
// lines ("user", "assistant", "tool#ID N" or "tool#ID trimmed"); count
// counts a message as its content's length and an assistant message as 1.
const readEnv = `(steps) => {
	const env = {seen: [], events: []};
	env.onEvent = (e) => env.events.push(e);
	env.tools = {read: (args) => "x".repeat(args.n)};
	env.count = (m) => m.role === "user" || m.role === "tool" ? m.content.length : 1; // an action may lack its role
	env.model = (messages) => {
		env.seen.push(messages.map((m) => m.role !== "tool" ? m.role
			: "tool#" + (m.id ?? "") + " " + (m.content === "` + agent.TrimmedOutput + `" ? "trimmed" : m.content.length)));
		const s = env.seen.length - 1;
		if (s >= steps.length) return {type: "final", content: "done"};
		const sizes = steps[s];
		if (sizes.length === 1) return {role: "assistant", type: "tool", name: "read", args: {n: sizes[0]}};
		return {role: "assistant", type: "tool", calls: sizes.map((n, c) => ({name: "read", args: {n}, id: "s" + (s + 1) + "." + (c + 1)}))};
	};
	return env;
}`

func TestContextBudgetTrimsWhatTheJavaScriptModelSees(t *testing.T) {
	place := len(agent.TrimmedOutput)
	for _, tc := range []struct {
		name   string
		steps  string // JS: the steps' output sizes
		trim   string
		budget int
		at     int      // the step checked
		want   []string // what the model saw then
		event  string   // the context event of that step, as JSON
	}{
		{
			name: "the oldest whole exchanges are dropped", steps: `[[100], [100], [100]]`, trim: "exchanges", budget: 250, at: 4,
			want:  []string{"user", "assistant", "tool# 100", "assistant", "tool# 100"},
			event: `{"kind":"context","phase":"context","step":4,"budget":250,"trim":"exchanges","tokens":305,"sent":204,"dropped":[1,2],"replaced":[]}`,
		},
		{
			name: "parallel calls go with their action", steps: `[[50, 60], [10], [100]]`, trim: "exchanges", budget: 100, at: 4,
			want:  []string{"user", "assistant", "tool# 100"},
			event: `{"kind":"context","phase":"context","step":4,"budget":100,"trim":"exchanges","tokens":225,"sent":103,"dropped":[1,2,3,4,5],"replaced":[]}`,
		},
		{
			name: "the oldest outputs are replaced, ids kept", steps: `[[50, 60], [100]]`, trim: "tool_outputs", budget: 210, at: 3,
			want:  []string{"user", "assistant", "tool#s1.1 trimmed", "tool#s1.2 60", "assistant", "tool# 100"},
			event: `{"kind":"context","phase":"context","step":3,"budget":210,"trim":"tool_outputs","tokens":214,"sent":` + strconv.Itoa(214-50+place) + `,"dropped":[],"replaced":[2]}`,
		},
		{
			name: "none counts and trims nothing", steps: `[[100], [100]]`, trim: "none", budget: 50, at: 3,
			want:  []string{"user", "assistant", "tool# 100", "assistant", "tool# 100"},
			event: `{"kind":"context","phase":"context","step":3,"budget":50,"trim":"none","tokens":204,"sent":204,"dropped":[],"replaced":[]}`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := jsEval(t, readEnv).Invoke(jsEval(t, tc.steps))
			opts := map[string]any{"onEvent": env.Get("onEvent"), "contextBudget": tc.budget, "trim": tc.trim, "countTokens": env.Get("count")}
			require.Equal(t, "done", resolves(t, env.Get("model"), env.Get("tools"), "hi", opts))
			seen := env.Get("seen")
			require.Greater(t, seen.Length(), tc.at-1)
			var got []string
			for i := range seen.Index(tc.at - 1).Length() {
				got = append(got, seen.Index(tc.at-1).Index(i).String())
			}
			assert.Equal(t, tc.want, got, "what the model saw at step %d", tc.at)

			var contexts []string
			events := env.Get("events")
			for i := range events.Length() {
				if e := events.Index(i); e.Get("kind").String() == "context" {
					contexts = append(contexts, jsJSON(e))
					assert.Equal(t, "model_start", events.Index(i+1).Get("kind").String(), "the model call follows its context event")
				}
			}
			require.Len(t, contexts, seen.Length(), "a context event before each model call")
			assert.Equal(t, tc.event, contexts[tc.at-1])

			done := events.Index(events.Length() - 1)
			messages := done.Get("messages")
			for i := range messages.Length() {
				assert.NotEqual(t, agent.TrimmedOutput, messages.Index(i).Get("content").String(), "the transcript stays whole")
			}
		})
	}
}

func TestContextBudgetDefaultCountIsGosEstimate(t *testing.T) {
	rec := jsEval(t, recorder)
	model := jsEval(t, `[{type: "tool", name: "add", args: {a: 2, b: 3}}, {type: "tool", calls: [{name: "add", args: {a: 10, b: 20}, id: "é"}, {name: "add"}]}, {type: "final", content: "35"}]`)
	opts := map[string]any{"onEvent": rec.Get("onEvent"), "contextBudget": 1000}
	require.Equal(t, "35", resolves(t, model, jsEval(t, seedTools), "What is 2 + 3, then 10 + 20? 🙂", opts))

	// The same run in Go, counted by agent.EstimateTokens.
	var want []int
	_, err := agent.Run(context.Background(), agent.Script(
		agent.ToolCall("add", map[string]any{"a": 2, "b": 3}),
		agent.ParallelCalls(agent.Call{Name: "add", Args: map[string]any{"a": 10, "b": 20}, ID: "é"}, agent.Call{Name: "add"}),
		agent.Final("35"),
	), agent.Tools{"add": func(_ context.Context, args any) (string, error) {
		m := args.(map[string]any)
		a, okA := m["a"].(int)
		b, okB := m["b"].(int)
		if !okA || !okB {
			return "null", nil // undefined + undefined is NaN, which JSON writes as null
		}
		return strconv.Itoa(a + b), nil
	}}, "What is 2 + 3, then 10 + 20? 🙂", agent.ContextBudget(1000, agent.TrimNone), agent.OnEvent(func(e agent.Event) {
		if e.Kind == agent.EventContext {
			want = append(want, e.Window.Tokens)
		}
	}))
	require.NoError(t, err)

	var got []int
	events := rec.Get("events")
	for i := range events.Length() {
		if e := events.Index(i); e.Get("kind").String() == "context" {
			got = append(got, e.Get("tokens").Int())
		}
	}
	assert.Equal(t, want, got, "the bridge's default count is EstimateTokens")
}

func TestCountTokensThatFailsEndsTheRunNamingTheMessage(t *testing.T) {
	for _, tc := range []struct{ name, count, want string }{
		{"throws", `(m) => { if (m.role === "tool") throw new Error("boom"); return 1; }`,
			"Error: step 2: options.countTokens threw on message 2: boom"},
		{"returns NaN", `(m) => m.role === "user" ? NaN : 1`,
			"Error: step 1: options.countTokens returned number NaN for message 0, not a number of tokens"},
		{"returns a string", `(m) => "12"`,
			`Error: step 1: options.countTokens returned string "12" for message 0, not a number of tokens`},
		{"returns a promise", `async (m) => 1`,
			"Error: step 1: options.countTokens returned an object for message 0, not a number of tokens"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			model := jsEval(t, `[{type: "tool", name: "add", args: {a: 2, b: 3}}, {type: "final", content: "5"}]`)
			opts := map[string]any{"contextBudget": 100, "trim": "exchanges", "countTokens": jsEval(t, tc.count)}
			assert.Equal(t, tc.want, rejects(t, model, jsEval(t, seedTools), "hi", opts).errorText())
		})
	}
}

func TestBadContextOptionsRejectNamingTheOption(t *testing.T) {
	for _, tc := range []struct{ name, opts, want string }{
		{"negative budget", `{contextBudget: -1}`, "RangeError: runAgent: options.contextBudget must be a non-negative integer number of tokens (0 for none), got number -1"},
		{"budget as text", `{contextBudget: "8k"}`, `TypeError: runAgent: options.contextBudget must be a non-negative integer number of tokens (0 for none), got string "8k"`},
		{"unknown trim", `{contextBudget: 10, trim: "middle"}`, `TypeError: runAgent: options.trim must be one of "none", "tool_outputs", "exchanges", got string "middle"`},
		{"countTokens not a function", `{contextBudget: 10, countTokens: 4}`, "TypeError: runAgent: options.countTokens must be a function (message) => number of tokens, got number 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, rejects(t, jsEval(t, `[{type: "final", content: "x"}]`), jsEval(t, seedTools), "hi", jsEval(t, tc.opts)).errorText())
		})
	}
}

func TestWithoutAContextBudgetTheModelGetsTheMessagesArray(t *testing.T) {
	env := jsEval(t, `(() => { const env = {arrays: []}; env.model = (m) => { env.arrays.push(m); return m.length < 3 ? {type: "tool", name: "add", args: {a: 1, b: 1}} : {type: "final", content: "ok"}; }; return env; })()`)
	require.Equal(t, "ok", resolves(t, env.Get("model"), jsEval(t, seedTools), "hi"))
	arrays := env.Get("arrays")
	assert.True(t, arrays.Index(0).Equal(arrays.Index(1)), "every call gets the one messages array, as before")
}
