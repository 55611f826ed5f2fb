// Compare runs: two runs aligned by model call, with the first
// difference said in words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace } from "../site/run/trace.js";
import { alignRuns } from "../site/compare/align.js";
import { addRun } from "./events.mjs";

function traceOf(events) {
  const t = new Trace({});
  t.push(events);
  return t;
}

// forkedRun is the seed forked at call 1 to add {a: 2, b: 30}.
function forkedRun() {
  return addRun().map((e) => {
    if (e.kind === "message" && e.index === 1) return { ...e, message: { ...e.message, args: { a: 2, b: 30 } } };
    if (e.kind === "message" && e.index === 2) return { ...e, message: { ...e.message, content: "32" } };
    if (e.kind === "tool_end") return { ...e, content: "32" };
    return e;
  });
}

test("a fork of call 1 differs first at model call 1, in its args", () => {
  const { rows, first } = alignRuns(traceOf(forkedRun()), traceOf(addRun()));
  assert.equal(first, "first difference at model call 1: args {a: 2, b: 30} vs {a: 2, b: 3}");
  assert.deepEqual(rows.map((r) => r.same), [false, true]);
  assert.equal(rows[0].a.gained.length, 2, "model call 1's step gained the action and its result");
});

test("the same run twice has no difference; a shorter run differs where it stops", () => {
  assert.equal(alignRuns(traceOf(addRun()), traceOf(addRun())).first, null);
  const short = addRun().slice(0, 7);
  assert.equal(alignRuns(traceOf(addRun()), traceOf(short)).first, 'first difference at model call 2: final answer "The answer is 5." vs no call');
});

test("a different result is named when the answers are the same", () => {
  const other = addRun().map((e) => (e.kind === "message" && e.index === 2 ? { ...e, message: { ...e.message, content: "6" } } : e));
  assert.equal(alignRuns(traceOf(other), traceOf(addRun())).first, 'first difference at model call 1: the result of add "6" vs "5"');
});
