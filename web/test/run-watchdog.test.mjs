// The run's watchdog (lib/run.js) measures the user's time limit on the
// user's code alone: the wait for the worker to load the run's parts, which
// a busy machine stretches past a short limit, is not blamed on the code.
// The clock here is the test's: no test waits on real time.
import { test, mock } from "node:test";
import assert from "node:assert/strict";

globalThis.requestAnimationFrame ??= () => 0;
globalThis.cancelAnimationFrame ??= () => {};
const { Run, START_LIMIT_MS } = await import("../site/lib/run.js");

// startRun begins a run of limitMs on a fake engine whose worker has not
// said anything yet, and returns it with the events it ended with.
async function startRun(t, limitMs) {
  let clock = 1000;
  mock.method(performance, "now", () => clock);
  t.after(() => mock.restoreAll());
  const slot = { post() {}, terminate() {}, frame: { answering: () => true } };
  const engine = { takeReady: () => slot, warm() {} };
  const ended = [];
  const run = new Run(engine, { job: "run", model: "", tools: "", userMsg: "hi", maxSteps: 10, timeLimitMs: limitMs }, { onEvents: (events) => ended.push(...events), onEnd() {} });
  await run.begin();
  clearInterval(run.timer); // the test calls the watchdog itself
  return { run, ended, advance: (ms) => (clock += ms) };
}

test("a worker still loading the run's parts past a short limit is not blamed on the code", async (t) => {
  const { run, ended, advance } = await startRun(t, 300);
  advance(2000);
  run.check();
  assert.deepEqual(ended, [], "the run was ended before the worker said anything");
  run.onMessage({ type: "evaluating", editor: "model" });
  advance(299);
  run.check();
  assert.deepEqual(ended, []);
  advance(1);
  run.check();
  assert.equal(ended.length, 1);
  assert.equal(ended[0].reason, "timeout");
  assert.equal(ended[0].error, "the Model editor's code did not finish within 300 ms");
});

test("code outside any call is timed from the worker's last message, not from the click", async (t) => {
  const { run, ended, advance } = await startRun(t, 300);
  advance(5000);
  run.onMessage({ type: "evaluating", editor: "model" });
  run.onMessage({ type: "evaluated", editor: "model" });
  advance(300);
  run.check();
  assert.equal(ended.length, 1);
  assert.match(ended[0].error, /^the run stopped responding for 300 ms/);
});

test("an engine that never starts the run ends it with why, after the start limit", async (t) => {
  const { run, ended, advance } = await startRun(t, 300);
  advance(START_LIMIT_MS - 1);
  run.check();
  assert.deepEqual(ended, []);
  advance(1);
  run.check();
  assert.equal(ended.length, 1);
  assert.equal(ended[0].reason, "crashed");
  assert.equal(ended[0].error, `the engine did not start the run within ${START_LIMIT_MS} ms`);
});

test("a time limit longer than the start limit bounds the start as well", async (t) => {
  const { run, ended, advance } = await startRun(t, 60000);
  advance(START_LIMIT_MS);
  run.check();
  assert.deepEqual(ended, []);
  advance(60000 - START_LIMIT_MS);
  run.check();
  assert.equal(ended.length, 1);
  assert.match(ended[0].error, /within 60000 ms/);
});
