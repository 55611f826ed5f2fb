//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"syscall/js"
	"testing"
	"time"

	"agentloop.dev/agent"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bridge against agent.Run, canceled at every point a run can be
// canceled: before it starts, and inside each model call and each tool
// call, by the call itself, either at once (a synchronous call, or an
// async one that then settles) or while its promise is pending (an async
// call that cancels after an await, then settles). The same run is made
// twice: once through runAgent with JavaScript functions, once with
// agent.Run and Go functions that do the same, in the same order; the
// transcripts, the stop reasons, the final texts and the steps named by
// the errors must be equal.

// A cancelRun is a scripted run: the model's actions, in order, and the
// tools' outputs.
type cancelRun struct {
	name    string
	script  []string // the actions, as JSON
	outputs map[string]string
}

var cancelRuns = []cancelRun{
	{name: "two tools then final",
		script: []string{
			`{"role":"assistant","type":"tool","name":"add","args":{"a":2,"b":3}}`,
			`{"role":"assistant","type":"tool","name":"deploy","args":{},"id":"d1"}`,
			`{"role":"assistant","type":"final","content":"Done."}`,
		},
		outputs: map[string]string{"add": "5", "deploy": "deployed"}},
	{name: "parallel calls then final",
		script: []string{
			`{"role":"assistant","type":"tool","calls":[{"name":"deploy","args":{},"id":"a"},{"name":"wait","args":{"s":1},"id":"b"}]}`,
			`{"role":"assistant","type":"final","content":"Both done."}`,
		},
		outputs: map[string]string{"deploy": "deployed", "wait": "waited"}},
}

// A cancelPoint says where a run is canceled: in the model's call n
// (1-based), in the tool call n (1-based, counted over the run), or
// before the run (neither).
type cancelPoint struct {
	model, tool int
	pending     bool // the call cancels after an await, its promise pending
}

func (p cancelPoint) String() string {
	at := "before the run"
	switch {
	case p.model > 0:
		at = fmt.Sprintf("model call %d", p.model)
	case p.tool > 0:
		at = fmt.Sprintf("tool call %d", p.tool)
	}
	if p.pending {
		at += ", pending"
	}
	return at
}

// cancelPoints lists every point of a run that makes at most models model
// calls and tools tool calls.
func cancelPoints(models, tools int) []cancelPoint {
	points := []cancelPoint{{}}
	for _, pending := range []bool{false, true} {
		for n := 1; n <= models; n++ {
			points = append(points, cancelPoint{model: n, pending: pending})
		}
		for n := 1; n <= tools; n++ {
			points = append(points, cancelPoint{tool: n, pending: pending})
		}
	}
	return points
}

// cancelOutcome is what a canceled run ended with, in a form both runs
// share: the transcript as canonical JSON, the stop reason, the final
// text, and the step its error names (0 without an error).
type cancelOutcome struct {
	Messages string
	Reason   string
	Text     string
	ErrStep  int
}

// canonicalJSON re-encodes JSON text with sorted keys.
func canonicalJSON(t *testing.T, s string) string {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(s), &v), s)
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func TestBridgeEqualsAgentRunAtEveryCancelPoint(t *testing.T) {
	for _, run := range cancelRuns {
		for _, async := range []bool{false, true} {
			for _, timeoutMs := range []int{0, 5000} {
				for _, p := range cancelPoints(len(run.script), 3) {
					if p.pending && !async {
						continue // only an async call has a promise pending
					}
					name := fmt.Sprintf("%s/async=%v/toolTimeoutMs=%d/%s", run.name, async, timeoutMs, p)
					t.Run(name, func(t *testing.T) {
						want := goCanceledRun(t, run, p, async, timeoutMs)
						got := bridgeCanceledRun(t, run, p, async, timeoutMs)
						assert.Equal(t, want, got)
					})
				}
			}
		}
	}
}

// goCanceledRun runs run with agent.Run, canceled at p.
func goCanceledRun(t *testing.T, run cancelRun, p cancelPoint, async bool, timeoutMs int) cancelOutcome {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if p.model == 0 && p.tool == 0 {
		cancel()
	}
	// call is what every call does around its result: cancel first when it
	// is the canceling call, or after a pause when it is pending then.
	call := func(cancels bool) {
		if async {
			time.Sleep(time.Millisecond)
		}
		if cancels {
			cancel()
			if p.pending {
				time.Sleep(time.Millisecond)
			}
		}
	}
	var models, tools int
	model := func(_ context.Context, _ []agent.Message) (agent.Action, error) {
		models++
		call(models == p.model)
		if models > len(run.script) {
			return nil, errors.New("script exhausted")
		}
		var a agent.Map
		if err := json.Unmarshal([]byte(run.script[models-1]), &a); err != nil {
			return nil, err
		}
		return a, nil
	}
	all := agent.Tools{}
	for name, out := range run.outputs {
		all[name] = func(context.Context, any) (string, error) {
			tools++ // the calls of a parallel action start in call order
			call(tools == p.tool)
			return out, nil
		}
	}
	opts := []agent.Option{agent.MaxSteps(10)}
	if timeoutMs > 0 {
		opts = append(opts, agent.ToolTimeout(time.Duration(timeoutMs)*time.Millisecond))
	}
	res, err := agent.Run(ctx, model, all, "Go on.", opts...)
	out := cancelOutcome{Reason: string(res.Reason), Text: res.Text}
	if stepErr, ok := errors.AsType[*agent.StepError](err); ok {
		out.ErrStep = stepErr.Step
	}
	var messages []map[string]any
	for _, m := range res.Messages {
		switch m.Role {
		case agent.RoleUser:
			messages = append(messages, map[string]any{"role": "user", "content": m.Content})
		case agent.RoleAssistant:
			messages = append(messages, m.Action.(agent.Map))
		case agent.RoleTool:
			tm := map[string]any{"role": "tool", "name": m.Name, "content": m.Content}
			if m.ID != "" {
				tm["id"] = m.ID
			}
			messages = append(messages, tm)
		}
	}
	b, jerr := json.Marshal(messages)
	require.NoError(t, jerr)
	out.Messages = canonicalJSON(t, string(b))
	return out
}

// bridgeCanceledRun runs run with runAgent, canceled at p.
func bridgeCanceledRun(t *testing.T, run cancelRun, p cancelPoint, async bool, timeoutMs int) cancelOutcome {
	outputs, err := json.Marshal(run.outputs)
	require.NoError(t, err)
	spec, err := json.Marshal(map[string]any{
		"script": run.script, "outputs": json.RawMessage(outputs), "async": async,
		"model": p.model, "tool": p.tool, "pending": p.pending, "timeoutMs": timeoutMs,
	})
	require.NoError(t, err)
	env := jsEval(t, `((spec) => {
		const c = new AbortController();
		if (spec.model === 0 && spec.tool === 0) c.abort();
		const pause = () => new Promise((r) => setTimeout(r, 1));
		// call returns result the way the Go run's call does: canceling
		// first when it is the canceling call, after an await when that
		// call is pending then.
		const call = (cancels, result) => {
			if (!spec.async) {
				if (cancels) c.abort();
				return result;
			}
			return (async () => {
				await pause();
				if (cancels) {
					c.abort();
					if (spec.pending) await pause();
				}
				return result;
			})();
		};
		let models = 0, tools = 0;
		const env = {done: null};
		env.model = () => {
			models++;
			return call(models === spec.model, JSON.parse(spec.script[models - 1]));
		};
		env.tools = {};
		for (const [name, out] of Object.entries(spec.outputs)) {
			env.tools[name] = () => { tools++; return call(tools === spec.tool, out); };
		}
		env.options = {maxSteps: 10, signal: c.signal, onEvent: (e) => { if (e.kind === "done") env.done = e; }};
		if (spec.timeoutMs > 0) env.options.toolTimeoutMs = spec.timeoutMs;
		return env;
	})(`+string(spec)+`)`)
	s := await(t, runAgent(t, env.Get("model"), env.Get("tools"), "Go on.", env.Get("options")))
	done := env.Get("done")
	require.Equal(t, js.TypeObject, done.Type(), "the run reported done")
	out := cancelOutcome{
		Messages: canonicalJSON(t, jsJSON(done.Get("messages"))),
		Reason:   done.Get("reason").String(),
		Text:     done.Get("text").String(),
	}
	if s.rejected {
		var step int
		_, err := fmt.Sscanf(s.value.Get("message").String(), "step %d:", &step)
		require.NoError(t, err, s.errorText())
		out.ErrStep = step
	}
	return out
}
