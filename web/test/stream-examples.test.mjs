// Every shipped example, its actions streamed through the real loop,
// gives the run it gives unstreamed: the same messages, result, error and
// events, but for the deltas.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { EXAMPLES, stateOf } from "../site/page/examples.js";
import { compileEditor } from "../site/worker/compile.js";
import { startRealLoop } from "./real-loop.mjs";
import { streamingModel } from "./stream-of.mjs";

let runAgent;
before(async () => {
  runAgent = await startRealLoop();
});

// canonical is JSON with sorted keys: the assembled action has its keys
// in the order of agent.Answer.Map, an example's in its own.
function canonical(v) {
  return JSON.stringify(v, (_, x) => (x !== null && typeof x === "object" && !Array.isArray(x)
    ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]]))
    : x));
}

// view runs the state with model and returns what a user sees of the run
// apart from the deltas and the timings.
async function view(state, model, tools) {
  const events = [];
  const options = { maxSteps: Number(state.maxSteps), toolTimeoutMs: Number(state.toolTimeoutMs || 0), onEvent: (e) => events.push(e) };
  let outcome;
  try {
    outcome = { text: await runAgent(model, tools, state.userMsg, options) };
  } catch (e) {
    outcome = { error: String(e.message) };
  }
  const seen = events.filter((e) => e.kind !== "delta").map((e) => {
    const { ms, stepMs, ...rest } = e;
    return canonical(rest);
  });
  return { outcome, events: seen, deltas: events.filter((e) => e.kind === "delta").length, actions: events.filter((e) => e.kind === "message" && e.role === "assistant").map((e) => e.message) };
}


for (const ex of EXAMPLES) {
  // The runaway example's tool never returns: the page's watchdog ends it
  // by killing the worker, which this process cannot do.
  const skip = ex.expect.reason === "timeout" ? "its run ends only by the page's watchdog" : false;
  test(`example ${ex.id}: streamed, it runs as it does unstreamed`, { skip }, async () => {
    const state = stateOf(ex);
    const model = compileEditor(state.model, "model");
    const tools = compileEditor(state.tools, "tools");
    assert.ok(!model.error && !tools.error, "the example compiles");
    const streamed = await view(state, model.value, tools.value);
    if (streamed.deltas > 0) {
      // A streaming example against the same answers unstreamed: the
      // actions its streams assembled into, as a script.
      if (ex.expect.reason !== "final") return; // a broken stream assembles into no action to compare with
      const plain = await view(state, streamed.actions, tools.value);
      assert.equal(plain.deltas, 0);
      assert.deepEqual(plain.outcome, streamed.outcome, "the run's outcome");
      assert.deepEqual(plain.events, streamed.events, "the events but for the deltas");
      return;
    }
    const want = streamed;
    for (const n of [1, 4]) {
      const counter = { streamed: 0 };
      const got = await view(state, streamingModel(model.value, n, counter), tools.value);
      assert.deepEqual(got.outcome, want.outcome, `streamed in pieces of ${n}: the run's outcome`);
      assert.deepEqual(got.events, want.events, `streamed in pieces of ${n}: the events but for the deltas`);
      if (ex.expect.phase !== "error_type") assert.ok(counter.streamed > 0 && got.deltas > 0, `the example streamed (${counter.streamed} actions)`);
    }
  });
}
