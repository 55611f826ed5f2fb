// The shipped examples: each declares how its run ends, which the browser
// tests check by running every example the menu offers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { EXAMPLES, exampleById, matchingExample, stateOf } from "../site/page/examples.js";

const phaseGo = readFileSync(new URL("../../agent/phase.go", import.meta.url), "utf8");
const phases = new Set([...phaseGo.matchAll(/^\s*Phase\w+\s+Phase = "(\w+)"/gm)].map((m) => m[1]));
const reasons = new Set(["final", "max_steps", "model_error", "canceled", "timeout"]);

test("every example declares an end the page can show", () => {
  for (const ex of EXAMPLES) {
    const { expect } = ex;
    assert.ok(expect, `${ex.id} declares expect`);
    assert.ok(reasons.has(expect.reason), `${ex.id}: reason ${expect.reason}`);
    assert.ok(phases.has(expect.phase), `${ex.id}: phase ${expect.phase} is a line of the loop`);
    if (expect.reason === "final" || expect.reason === "max_steps") assert.equal(typeof expect.text, "string", `${ex.id} names its result`);
    else assert.ok(expect.error instanceof RegExp, `${ex.id} names its error`);
  }
});

test("ids, titles and descriptions are unique", () => {
  for (const field of ["id", "title", "description"]) {
    const values = EXAMPLES.map((e) => e[field]);
    assert.equal(new Set(values).size, values.length, field);
  }
});

test("an example's state is recognised as that example", () => {
  for (const ex of EXAMPLES) {
    assert.equal(exampleById(ex.id), ex);
    assert.equal(matchingExample(stateOf(ex)), ex.id);
  }
  assert.equal(matchingExample({ ...stateOf(EXAMPLES[0]), model: "edited" }), "");
  assert.equal(exampleById("nope"), null);
});

// modelOf evaluates an example's model(messages) function as the worker
// would receive it.
function modelOf(ex) {
  return new Function(`${ex.model}\nreturn model;`)();
}

test("the parallel example calls the weather of every city the question names", () => {
  const model = modelOf(exampleById("parallel"));
  for (const [question, cities] of [
    ["What's the weather in Paris and in Tokyo?", ["Paris", "Tokyo"]],
    ["What's the weather in Rome and Oslo?", ["Rome", "Oslo"]],
    ["Weather in Rome, Oslo and Lisbon, please", ["Rome", "Oslo", "Lisbon"]],
  ]) {
    const action = model([{ role: "user", content: question }]);
    assert.deepEqual(action.calls.map((c) => c.args.city), cities, question);
  }
});
