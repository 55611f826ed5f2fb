// Level 2's first-difference words exist once, in Go's agenttest: it
// writes what it reports for twelve wrong level-2 loops into
// agent/agenttest/testdata/wrong-followup-loops.json, and this runs the
// same loops, written in JavaScript (wrong-followup-loops.mjs), through the
// page's level-2 grader (the recording in worker/grade-followups.js, the
// comparison in exercise/followup-check.js) on the same cases
// (web/site/followups.json, from make build), asserting the same texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { checkFollowUpCase } from "../site/exercise/followup-check.js";
import { gradeFollowUps } from "../site/worker/grade-followups.js";
import { REFERENCE_LEVEL_2 } from "../site/exercise/reference.js";
import { FOLLOW_UP_BUGS, wrongFollowUpLoop } from "./wrong-followup-loops.mjs";

const { barrierWaitMs, followUps } = JSON.parse(readFileSync(new URL("../site/followups.json", import.meta.url), "utf8"));
const golden = JSON.parse(readFileSync(new URL("../../agent/agenttest/testdata/wrong-followup-loops.json", import.meta.url), "utf8"));
const cases = followUps.flatMap((f) => f.cases.map((c) => ({ ...c, followUp: f.name })));

// failures runs loop on every case, as the page's Check does at level 2,
// and returns the first difference of each case it fails, in order, with
// the follow-ups it failed.
async function failures(loop) {
  const observed = [];
  await gradeFollowUps(loop, cases, barrierWaitMs, (msg) => {
    if (msg.type === "case_end") observed.push(msg.observed);
  });
  const failed = cases.map((c, i) => ({ c, f: checkFollowUpCase(c, observed[i], barrierWaitMs) })).filter((x) => x.f);
  return { texts: failed.map((x) => x.f.text), followUps: new Set(failed.map((x) => x.c.followUp)) };
}

// The reference evaluated as the page shows it.
const reference = new Function(`${REFERENCE_LEVEL_2}\nreturn runAgent;`)();

test("the golden file and wrong-followup-loops.mjs name the same wrong loops", () => {
  assert.deepEqual(Object.keys(golden).sort(), [...FOLLOW_UP_BUGS].sort());
});

test("the page's reference level-2 loop passes every follow-up", async () => {
  assert.deepEqual((await failures(reference)).texts, []);
});

test("a correct level-2 loop written as a learner would passes every follow-up", async () => {
  assert.deepEqual((await failures(wrongFollowUpLoop(""))).texts, []);
});

test("a loop that never awaits fails the async follow-up first", async () => {
  const sync = new Function(`return function runAgent(model, tools, userMsg, { maxSteps }) {
    const messages = [{ role: "user", content: userMsg }];
    for (let i = 0; i < maxSteps; i++) {
      const action = model(messages);
      if (action.type === "final") return { text: action.content, usage: {}, messages };
      messages.push(action, { role: "tool", name: action.name, content: String(tools[action.name]?.(action.args ?? {})) });
    }
    return { text: "Stopped: reached max steps.", usage: {}, messages };
  }`)();
  const { texts, followUps: failed } = await failures(sync);
  assert.ok(failed.has("async"), `the never-awaiting loop passed the async follow-up: ${texts[0]}`);
  assert.match(texts[0], /^case "model and tool get the loop's ctx": /);
});

// The wrong loops run at once: most of their time is spent waiting out
// barriers and slow tools.
const runs = new Map([...FOLLOW_UP_BUGS].map((bug) => [bug, failures(wrongFollowUpLoop(bug))]));
for (const bug of Object.keys(golden)) {
  test(`wrong level-2 loop "${bug}" fails each case with the words of Go's agenttest`, async () => {
    const { texts } = await runs.get(bug);
    assert.deepEqual(texts, golden[bug]);
  });
}
