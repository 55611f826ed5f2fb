// Trimming to a context budget never makes a request a provider refuses:
// every shipped example and a few hundred random long runs (parallel
// calls, ids, failing tools) run through the real loop with a small
// budget and each strategy, and As a real API's protocol check judges
// each model call's request as the loop sent it.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { EXAMPLES, stateOf } from "../site/page/examples.js";
import { compileEditor } from "../site/worker/compile.js";
import { Trace } from "../site/run/trace.js";
import { apiAt } from "../site/api/at-call.js";
import { FORMATS } from "../site/api/formats.js";
import { modelCalls } from "../site/run/context-window.js";
import { startRealLoop } from "./real-loop.mjs";

let runAgent;
before(async () => {
  runAgent = await startRealLoop();
});

// run runs the loop and returns the trace of its events.
async function run(model, tools, toolsSource, userMsg, options) {
  const events = [];
  try {
    await runAgent(model, tools, userMsg, { ...options, onEvent: (e) => events.push(e) });
  } catch {
    // A run that fails still reports its events.
  }
  assert.ok(events.length > 0 && events.at(-1).kind === "done", "the run reports its events, ending with done");
  const trace = new Trace({ tools: toolsSource });
  trace.push(events);
  return trace;
}

// problemsPerCall lists, for each model call of trace, the protocol
// check's sentences about its request in each format.
function problemsPerCall(trace) {
  return modelCalls(trace.events).map((call) =>
    Object.fromEntries(FORMATS.map((f) => [f.id, apiAt(trace, call.start, f.id).problems.map((p) => p.text)])));
}

const STRATEGIES = ["tool_outputs", "exchanges"];

for (const ex of EXAMPLES) {
  const skip = ex.expect.reason === "timeout" ? "its run ends only by the page's watchdog" : false;
  test(`example ${ex.id}: a trimmed request has no problem the whole one lacks`, { skip }, async () => {
    const state = stateOf(ex);
    const model = compileEditor(state.model, "model");
    const tools = compileEditor(state.tools, "tools");
    assert.ok(!model.error && !tools.error, "the example compiles");
    const base = { maxSteps: Number(state.maxSteps), toolTimeoutMs: Number(state.toolTimeoutMs || 0) };
    const whole = problemsPerCall(await run(compileEditor(state.model, "model").value, tools.value, state.tools, state.userMsg, base));
    for (const trim of STRATEGIES) {
      for (const budget of [1, 40, 150]) {
        const fresh = compileEditor(state.model, "model").value; // a script keeps its place: a fresh one per run
        const trace = await run(fresh, compileEditor(state.tools, "tools").value, state.tools, state.userMsg, { ...base, contextBudget: budget, trim });
        const trimmed = problemsPerCall(trace);
        assert.equal(trimmed.length, whole.length, `${trim} ${budget}: the same model calls`);
        trimmed.forEach((byFormat, k) => {
          for (const f of FORMATS) {
            for (const p of byFormat[f.id]) {
              assert.ok(whole[k][f.id].includes(p), `${trim}, budget ${budget}, call ${k + 1}, ${f.label}: trimming made a problem: ${p}`);
            }
          }
        });
      }
    }
  });
}

// A small PRNG, so that a failure names a seed that reproduces it.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test("random long runs, trimmed to random budgets, send only requests every provider accepts", async () => {
  const tools = { read: ({ n }) => "x".repeat(n), fail: () => { throw new Error("no"); } };
  const toolsSource = "({ read: ({ n }) => 'x'.repeat(n), fail: () => { throw new Error('no'); } })";
  let trimmedCalls = 0;
  for (let seed = 1; seed <= 150; seed++) {
    const r = rng(seed);
    const steps = 2 + Math.floor(r() * 14);
    const script = [];
    for (let s = 0; s < steps; s++) {
      const n = 1 + Math.floor(r() * 3);
      const call = (c) => ({ name: r() < 0.15 ? "fail" : "read", args: { n: Math.floor(r() * 400) }, id: `c${s}_${c}` });
      script.push(n === 1 && r() < 0.5
        ? { role: "assistant", type: "tool", ...call(0) }
        : { role: "assistant", type: "tool", calls: Array.from({ length: n }, (_, c) => call(c)) });
    }
    script.push({ role: "assistant", type: "final", content: "done" });
    const trim = STRATEGIES[seed % 2];
    const budget = 1 + Math.floor(r() * 600);
    const trace = await run(script, tools, toolsSource, "Read everything.", { maxSteps: steps + 1, contextBudget: budget, trim });
    assert.equal(trace.done && trace.done.reason, "final", `seed ${seed}: the run ends with its answer`);
    problemsPerCall(trace).forEach((byFormat, k) => {
      for (const f of FORMATS) assert.deepEqual(byFormat[f.id], [], `seed ${seed} (${trim}, budget ${budget}), call ${k + 1}, ${f.label}`);
    });
    trimmedCalls += modelCalls(trace.events).filter((c) => c.context && (c.context.dropped.length > 0 || c.context.replaced.length > 0)).length;
  }
  assert.ok(trimmedCalls > 100, `the runs trimmed often enough to tell (${trimmedCalls} trimmed calls)`);
});
