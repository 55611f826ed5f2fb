// What the model sees at a point of a run, and which scripted entry
// answered.
import { test } from "node:test";
import assert from "node:assert/strict";
import { modelCallAt, scriptEntries } from "../site/run/model-input.js";
import { messageMs } from "../site/run/step-time.js";
import { longRun, parallelRun, seedRun } from "./learner-events.mjs";

test("the seed's first model call sees 1 message, its second sees 3", () => {
  const events = seedRun();
  assert.equal(modelCallAt(events, 0), null, "no call before the first model_start");
  assert.deepEqual(modelCallAt(events, 1), { step: 1, start: 1, count: 1, answered: false });
  assert.deepEqual(modelCallAt(events, 2), { step: 1, start: 1, count: 1, answered: true });
  const second = events.findIndex((e) => e.kind === "model_start" && e.step === 2);
  assert.deepEqual(modelCallAt(events, second), { step: 2, start: second, count: 3, answered: false });
  assert.equal(modelCallAt(events, events.length - 1).count, 3, "at the end, the last call is shown");
});

test("it looks back only as far as the last call", () => {
  const events = longRun(10000);
  const t0 = performance.now();
  const c = modelCallAt(events, events.length - 1);
  assert.ok(performance.now() - t0 < 5);
  assert.equal(c.step, 10000);
  assert.equal(c.count, 2 * 9999 + 1);
});

test("scriptEntries finds each entry of the Model array, skipping comments and strings", () => {
  const src = `// Scripted responses: the k-th model call gets the k-th action.
[
  { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },
  // a comment with ] and , in it
  {
    type: "final",
    content: "a ] b, c",
  },
]
`;
  const entries = scriptEntries(src);
  assert.equal(entries.length, 2);
  assert.deepEqual([entries[0].line, entries[0].endLine], [3, 3]);
  assert.deepEqual([entries[1].line, entries[1].endLine], [5, 8]);
  assert.ok(src.slice(entries[1].start, entries[1].end).endsWith("}"));
  assert.equal(scriptEntries("function model(m) { return [1] }"), null, "a function is not a script");
  assert.deepEqual(scriptEntries("[]"), []);
});

test("per-step time comes from the model's and the tools' own ends", () => {
  const seed = seedRun();
  const at = (events, index) => messageMs(events, events.findIndex((e) => e.kind === "message" && e.index === index));
  assert.equal(at(seed, 0), undefined, "the user's message took no call");
  assert.equal(at(seed, 1), 0.2);
  assert.equal(at(seed, 2), 0.1);
  assert.equal(at(seed, 3), 0.3);
  const par = parallelRun();
  assert.equal(at(par, 2), 200, "the first result is call 0's, though it ended last");
  assert.equal(at(par, 3), 50);
});
