// The grader's first-difference words exist once: Go's agenttest writes
// what it reports for a set of wrong loops into
// agent/agenttest/testdata/wrong-loops.json (go test ./agent/agenttest
// -update), and this runs the same loops, written in JavaScript
// (wrong-loops.mjs), through the page's grader (the recording in
// worker/grade.js, the comparison in exercise/case-check.js) on the same cases
// (web/site/cases.json, from make build), asserting the same texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { checkCase } from "../site/exercise/case-check.js";
import { gradeLoop } from "../site/worker/grade.js";
import { BUGS, wrongLoop } from "./wrong-loops.mjs";

const cases = JSON.parse(readFileSync(new URL("../site/cases.json", import.meta.url), "utf8"));
const golden = JSON.parse(readFileSync(new URL("../../agent/agenttest/testdata/wrong-loops.json", import.meta.url), "utf8"));

// failures runs loop on every case, as the page's Check does, and returns
// the first difference of each case it fails, in the order of the cases.
async function failures(loop) {
  const observed = [];
  await gradeLoop(loop, cases, (msg) => {
    if (msg.type === "case_end") observed.push(msg.observed);
  });
  return cases.map((c, i) => checkCase(c, observed[i])).filter(Boolean).map((f) => f.text);
}

test("the golden file and wrong-loops.mjs name the same wrong loops", () => {
  assert.deepEqual(Object.keys(golden).sort(), [...BUGS].sort());
});

for (const bug of Object.keys(golden)) {
  test(`wrong loop "${bug}" fails each case with the words of Go's agenttest`, async () => {
    const got = await failures(wrongLoop(bug));
    assert.ok(got.length > 0, `the loop that ${bug} passed every case`);
    assert.deepEqual(got, golden[bug]);
  });
}
