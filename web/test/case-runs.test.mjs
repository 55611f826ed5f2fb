// A failing case's two runs for the Compare view: the learner's loop and
// the real loop, aligned by model call, with the first difference named.
import { test } from "node:test";
import assert from "node:assert/strict";
import { caseRuns } from "../site/exercise/case-runs.js";
import { alignRuns } from "../site/compare/align.js";

const user = { role: "user", content: "What is 2 + 3?" };
const call = { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } };
const final = { role: "assistant", type: "final", content: "5" };
const c = {
  name: "one tool",
  userMsg: user.content,
  script: [call, final],
  tools: { add: { returns: "5" } },
  expect: { modelCalls: [[user], [user, call, { role: "tool", name: "add", content: "5" }]], toolCalls: [{ step: 1, name: "add", args: { a: 2, b: 3 } }], result: "5" },
};

test("a loop that dropped the tool's output differs from the real loop at model call 1's results", () => {
  const observed = {
    trace: [
      { kind: "model", call: 1, messages: [user] },
      { kind: "tool", call: 1, name: "add", args: { a: 2, b: 3 } },
      { kind: "model", call: 2, messages: [user, call] },
    ],
    end: { call: 2, result: "5" },
  };
  const { yours, real } = caseRuns(c, observed);
  assert.deepEqual(yours.messages().map((m) => m.role), ["user", "assistant", "assistant"]);
  assert.deepEqual(real.messages().map((m) => m.role), ["user", "assistant", "tool", "assistant"]);
  const { rows, first } = alignRuns(yours, real);
  assert.equal(rows.length, 2);
  assert.equal(rows[0].same, false, "model call 1's step gained a tool message in the real loop only");
  assert.match(first, /^first difference at model call 1: the result of add \(none\) vs "5"$/);
});

test("the runs of a loop that did what the real loop did are the same", () => {
  const observed = { ...structuredClone({ trace: [{ kind: "model", call: 1, messages: [user] }, { kind: "model", call: 2, messages: c.expect.modelCalls[1] }] }), end: { call: 2, result: "5" } };
  const { yours, real } = caseRuns(c, observed);
  assert.equal(alignRuns(yours, real).first, null);
});

test("a record with no model call is a run of no messages", () => {
  for (const observed of [null, { trace: [], end: { call: 0, threw: "x" } }, { trace: "no" }]) {
    assert.deepEqual(caseRuns(c, observed).yours.messages(), [], JSON.stringify(observed));
  }
});
