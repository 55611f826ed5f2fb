// The Go Exercise's judge (exercise/go-judge.js): the runner gets the
// cases without what the reference did, and whatever it says of passing
// is not believed; only what it observed the loop do is compared.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createGoJudge } from "../site/exercise/go-judge.js";
import { expectedTrace } from "../site/exercise/case-check.js";

const casesText = readFileSync(new URL("../site/cases.json", import.meta.url), "utf8");
const cases = JSON.parse(casesText);
const followUps = JSON.parse(readFileSync(new URL("../site/followups.json", import.meta.url), "utf8"));

// play feeds judge a runner's reports for every case, observed(i) being
// what it says the loop did on case i, and returns what the page hears.
function play(judge, observed, extra = {}) {
  const out = [];
  cases.forEach((c, i) => {
    out.push(...judge({ type: "case_start", index: i, name: "forged" }));
    out.push(...judge({ type: "case_end", index: i, observed: observed(i), passed: true, ...extra }));
  });
  out.push(...judge({ type: "done", passedCount: cases.length, total: cases.length, timing: {} }));
  return out;
}

test("the runner gets each case's inputs and call limit, never what the reference did", () => {
  const { blinded } = createGoJudge(casesText, 1, 0);
  const sent = JSON.parse(blinded);
  assert.equal(sent.length, cases.length);
  assert.ok(!blinded.includes('"expect"'), "an expectation reached the runner");
  assert.deepEqual(sent[6], { ...Object.fromEntries(Object.entries(cases[6]).filter(([k]) => k !== "expect")), callLimit: cases[6].expect.modelCalls.length + 5 });
  const level2 = createGoJudge(JSON.stringify(followUps.followUps), 2, followUps.barrierWaitMs).blinded;
  assert.ok(!level2.includes('"expect"'), "a level-2 expectation reached the runner");
  assert.equal(JSON.parse(level2)[0].cases[0].callLimit, followUps.followUps[0].cases[0].expect.modelCalls.length + 5);
});

test("a runner that says every case passed passes only those its loop played as the reference did", () => {
  const { judge } = createGoJudge(casesText, 1, 0);
  // The loop of the forging test: it returns at once, without a model call.
  const heard = play(judge, () => ({ trace: [], end: { call: 0, result: "Stopped: reached max steps." } }));
  const done = heard.at(-1);
  assert.equal(done.type, "done");
  const honest = cases.filter((c) => c.expect.modelCalls.length === 0 && c.expect.result === "Stopped: reached max steps.").length;
  assert.equal(done.passedCount, honest, "the runner's own count was believed");
  assert.equal(done.total, cases.length);
  const ends = heard.filter((m) => m.type === "case_end");
  assert.equal(ends.filter((m) => m.passed).length, honest);
  assert.equal(ends[0].name, cases[0].name, "the runner's name for a case was shown");
  assert.match(ends[0].difference, /^case "final at once": /);
});

test("a record of what the reference did passes, which only a loop that does it can write", () => {
  const { judge } = createGoJudge(casesText, 1, 0);
  const done = play(judge, (i) => expectedTrace(cases[i])).at(-1);
  assert.equal(done.passedCount, cases.length);
});

test("a Go loop's panic is worded as agenttest words it", () => {
  const { judge } = createGoJudge(casesText, 1, 0);
  judge({ type: "case_start", index: 0 });
  const [end] = judge({ type: "case_end", index: 0, observed: { trace: [], end: { call: 0, panicked: "boom" } }, panicAt: "loop.go:9" });
  assert.equal(end.difference, 'case "final at once": before any model call, the loop panicked (boom); the reference made model call 1');
  assert.equal(end.panicAt, "loop.go:9");
});

test("reports out of order end the judging, and a summary then counts nothing", () => {
  for (const forged of [
    [{ type: "case_start", index: 1 }],
    [{ type: "case_end", index: 0, observed: expectedTrace(cases[0]) }],
    [{ type: "case_start", index: 0 }, { type: "case_start", index: 0 }],
    [{ type: "case_start", index: 0 }, { type: "case_end", index: 0, observed: expectedTrace(cases[0]) }, { type: "case_end", index: 0, observed: expectedTrace(cases[0]) }],
  ]) {
    const { judge } = createGoJudge(casesText, 1, 0);
    const heard = forged.flatMap(judge);
    const crashed = heard.filter((m) => m.type === "crashed");
    assert.equal(crashed.length, 1, JSON.stringify(forged));
    assert.match(crashed[0].message, /^the program's reports do not follow the cases/);
    assert.deepEqual(judge({ type: "case_start", index: 1 }), [], "a report after the break was heard");
    const [done] = judge({ type: "done", passedCount: 57, total: 57, timing: {} });
    assert.ok(!("passedCount" in done), "a broken Check was given a score");
  }
});
