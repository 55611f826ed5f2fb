// Interview mode's drawn cases (exercise/draw.js): fresh inputs from a
// seed, with expectations the real loop (main.wasm's runAgent, through
// worker/reference-loops.js) computes. The real loop must give the
// published cases exactly their published expectations (so a drawn case
// expects what agent.Run does), a correct loop must pass the drawn cases,
// and a loop that replays the published cases file must not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { checkCase, canonical } from "../site/exercise/case-check.js";
import { checkFollowUpCase } from "../site/exercise/followup-check.js";
import { drawCases, expectFrom, sameShape } from "../site/exercise/draw.js";
import { gradeLoop } from "../site/worker/grade.js";
import { gradeFollowUps } from "../site/worker/grade-followups.js";
import { referenceLoops } from "../site/worker/reference-loops.js";
import { REFERENCE_LEVEL_1 } from "../site/exercise/reference.js";
import { wrongFollowUpLoop } from "./wrong-followup-loops.mjs";
import { startRealLoop } from "./real-loop.mjs";

const site = new URL("../site/", import.meta.url);
const built = existsSync(new URL("main.wasm", site)) && existsSync(new URL("wasm_exec.js", site));
const cases1 = built ? JSON.parse(readFileSync(new URL("cases.json", site), "utf8")) : [];
const level2 = built ? JSON.parse(readFileSync(new URL("followups.json", site), "utf8")) : { barrierWaitMs: 0, followUps: [] };
const cases2 = level2.followUps.flatMap((f) => f.cases);
const { barrierWaitMs } = level2;

// The real loop, started once.
const loops = built ? referenceLoops(await startRealLoop()) : null;
const skip = built ? false : "make build writes main.wasm, cases.json and followups.json";

// observe runs loop on cases at a level and returns what it did on each.
async function observe(level, loop, cases) {
  const observed = [];
  const post = (m) => m.type === "case_end" && observed.push(m.observed);
  if (level === 2) await gradeFollowUps(loop, cases, barrierWaitMs, post);
  else await gradeLoop(loop, cases, post);
  return observed;
}

// draw draws cases from seed and has the real loop compute what they expect.
async function draw(level, cases, seed) {
  const drawn = drawCases(level, cases, seed);
  const observed = await observe(level, loops[level], drawn);
  return drawn.map((c, i) => expectFrom(level, c, observed[i]));
}

async function failures(level, loop, cases) {
  const observed = await observe(level, loop, cases);
  return cases.map((c, i) => (level === 2 ? checkFollowUpCase(c, observed[i], barrierWaitMs) : checkCase(c, observed[i]))).filter(Boolean).map((f) => f.text);
}

// replaying is a loop that passes the published cases without being a
// loop: it finds the case by its inputs (the user message, max steps, the
// tools and the model's first reply) and replays its expectations.
function replaying(published) {
  return function runAgent(model, tools, userMsg, maxSteps) {
    const names = canonical(Object.keys(tools).sort());
    let candidates = published.filter((x) => x.userMsg === userMsg && (x.defaultMaxSteps ? maxSteps === undefined : x.maxSteps === maxSteps) && canonical(Object.keys(x.tools).sort()) === names);
    if (candidates.length === 0) return "I only know the published cases.";
    let first = null;
    if (candidates[0].expect.modelCalls.length > 0) {
      first = canonical(model(candidates[0].expect.modelCalls[0]));
      candidates = candidates.filter((x) => canonical(x.script[0]) === first);
      if (candidates.length === 0) return "I only know the published cases.";
    }
    const c = candidates[0];
    c.expect.modelCalls.forEach((messages, k) => {
      if (k > 0) model(messages);
      for (const t of c.expect.toolCalls.filter((t) => t.step === k + 1)) {
        try {
          tools[t.name](t.args);
        } catch {
          // The replay only needs the call made.
        }
      }
    });
    return c.expect.result;
  };
}

const reference1 = new Function(`${REFERENCE_LEVEL_1}\nreturn runAgent;`)();

for (const level of [1, 2]) {
  test(`the real loop gives level ${level}'s published cases their published expectations`, { skip }, async () => {
    const cases = level === 1 ? cases1 : cases2;
    const replayed = await draw(level, cases, 0).then(() => observe(level, loops[level], cases));
    const differ = cases.filter((c, i) => canonical(expectFrom(level, c, replayed[i]).expect) !== canonical(c.expect)).map((c) => c.name);
    assert.deepEqual(differ, [], "the cases whose expectations the real loop computes otherwise than Go's agenttest");
  });

  test(`level ${level}'s drawn cases differ from the published ones, keep their shape, and a correct loop passes them`, { skip }, async () => {
    const cases = level === 1 ? cases1 : cases2;
    const drawn = await draw(level, cases, 12345);
    const changed = drawn.filter((d, i) => d.userMsg !== cases[i].userMsg).length;
    assert.ok(changed > cases.length / 2, `only ${changed} of ${cases.length} drawn user messages differ from the published ones`);
    assert.deepEqual(drawn.map((d) => d.name), cases.map((c) => c.name), "a drawn case keeps its name");
    assert.deepEqual(drawn.filter((d, i) => !sameShape(cases[i], d)).map((d) => d.name), [], "a drawn case keeps the shape of its run");
    assert.deepEqual(canonical(drawCases(level, cases, 12345)), canonical(drawCases(level, cases, 12345)), "the same seed draws the same cases");
    const loop = level === 1 ? reference1 : wrongFollowUpLoop("");
    assert.deepEqual(await failures(level, loop, drawn), []);
  });
}

test("a loop that replays the published cases passes them, and fails the drawn ones", { skip }, async () => {
  const loop = replaying(cases1);
  assert.deepEqual(await failures(1, loop, cases1), [], "the replay passes the published cases");
  const drawn = await draw(1, cases1, 777);
  const failed = await failures(1, loop, drawn);
  assert.ok(failed.length > cases1.length / 2, `the replay passed ${cases1.length - failed.length} of ${cases1.length} drawn cases`);
});
