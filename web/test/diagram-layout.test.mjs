// The sequence diagram's layout is a pure function of events[0..i].
import { test } from "node:test";
import assert from "node:assert/strict";
import { LANES, layoutDiagram } from "../site/run/diagram-layout.js";
import { longRun, parallelRun, seedRun } from "./learner-events.mjs";

const count = (rows, kind) => rows.filter((r) => r.kind === kind).length;

test("the seed run has one arrow per model call, tool call and result", () => {
  const events = seedRun();
  const d = layoutDiagram(events, events.length - 1);
  assert.deepEqual(LANES, ["User", "Loop", "Model", "Tools"]);
  assert.equal(d.rows.length, events.length, "one row per event");
  assert.equal(count(d.rows, "model-call"), 2);
  assert.equal(count(d.rows, "model-answer"), 2);
  assert.equal(count(d.rows, "tool-call"), 1);
  assert.equal(count(d.rows, "tool-result"), 1);
  assert.equal(count(d.rows, "user"), 1);
  assert.equal(count(d.rows, "done"), 1);
  const call = d.rows.find((r) => r.kind === "tool-call");
  assert.deepEqual([call.from, call.to], [1, 3], "a tool call goes from the Loop to the Tools");
  const result = d.rows.find((r) => r.kind === "tool-result");
  assert.deepEqual([result.from, result.to], [3, 1], "its result comes back to the Loop");
  assert.match(result.label, /^add: 5$/);
});

test("the current row is the last event of the prefix, and the prefix alone decides the layout", () => {
  const events = seedRun();
  for (let i = 0; i < events.length; i++) {
    const d = layoutDiagram(events, i);
    assert.equal(d.rows.length, i + 1);
    assert.deepEqual(d.rows.filter((r) => r.current).map((r) => r.index), [i]);
    assert.deepEqual(d, layoutDiagram(events.slice(0, i + 1), i), `at event ${i} the later events change nothing`);
  }
  assert.equal(layoutDiagram(events, -1).rows.length, 0, "nothing before the run");
});

test("a model call's bar stays open until its answer", () => {
  const events = seedRun();
  const open = layoutDiagram(events, 1).bars;
  assert.equal(open.length, 1);
  assert.equal(open[0].lane, 2);
  assert.equal(open[0].open, true);
  const closed = layoutDiagram(events, 2).bars[0];
  assert.equal(closed.open, false);
  assert.equal(closed.endRow, 2);
  assert.match(closed.label, /0\.2\d? ms|0\.3\d? ms/);
});

test("parallel calls are overlapping bars in columns of their own, failures marked", () => {
  const events = parallelRun();
  const d = layoutDiagram(events, events.length - 1);
  const tools = d.bars.filter((b) => b.lane === 3);
  assert.equal(tools.length, 2);
  const [a, b] = tools.sort((x, y) => x.column - y.column);
  assert.deepEqual([a.column, b.column], [0, 1]);
  assert.ok(a.startRow < b.endRow && b.startRow < a.endRow, "the two bars overlap in time");
  assert.equal(a.error, true, "the call that failed has an error bar");
  assert.equal(b.error, false);
  assert.match(a.label, /200 ms/);
  const results = d.rows.filter((r) => r.kind === "tool-result");
  assert.deepEqual(results.map((r) => r.error), [false, true], "results in completion order; the failed one in the error colour");
});

test("a model error and a killed run end with an error arrow", () => {
  const events = [
    ...seedRun().slice(0, 2),
    { kind: "model_end", phase: "error_model", step: 1, ms: 1, error: "model: boom" },
    { kind: "done", phase: "error_model", step: 1, reason: "model_error", text: "", error: "step 1: model: boom" },
  ];
  const d = layoutDiagram(events, 3);
  assert.equal(d.rows[2].error, true);
  assert.equal(d.rows[3].kind, "done");
  assert.equal(d.rows[3].error, true);
  assert.match(d.rows[3].label, /model_error: step 1: model: boom/);
});

test("missing fields are named, never undefined", () => {
  const events = [
    { kind: "message", step: 0, index: 0, message: { role: "user", content: "x" } },
    { kind: "tool_start", step: 1, call: 0 },
    { kind: "tool_end", step: 1, call: 0, content: "y", failed: false, ms: 1 },
  ];
  const labels = layoutDiagram(events, 2).rows.map((r) => r.label).join(" | ");
  assert.doesNotMatch(labels, /undefined/);
  assert.match(labels, /\(missing name\)/);
});

test("a 10,000-step run lays out a window around the current event, quickly", () => {
  const events = longRun(10000);
  assert.ok(events.length > 60000);
  const t0 = performance.now();
  let d;
  for (let i = 0; i < 100; i++) d = layoutDiagram(events, events.length - 1 - i, { maxRows: 48 });
  const per = (performance.now() - t0) / 100;
  assert.equal(d.rows.length, 48, "only the window is laid out");
  assert.equal(d.rows.at(-1).index, events.length - 100);
  assert.ok(per < 5, `one layout took ${per.toFixed(2)} ms`);
  // A tool call that began before the window still has its bar.
  const mid = events.findIndex((e, i) => i > 30000 && e.kind === "tool_start");
  const w = layoutDiagram(events, mid + 1, { maxRows: 1 });
  assert.equal(w.from, mid + 1);
  assert.equal(w.bars.filter((b) => b.lane === 3).length, 1, "the call begun one row before the window is drawn from its top");
});
