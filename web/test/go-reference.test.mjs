// "Compare with the reference" in Go (exercise/go-reference.js): the loop
// shown is cut from agenttest's own example files, the ones go test runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { GO_NOTES, GO_REFERENCES, extractLoop } from "../site/exercise/go-reference.js";

const example = (file) => readFileSync(new URL(`../../agent/agenttest/${file.replace(/\.txt$/, "")}`, import.meta.url), "utf8");

test("level 1's reference is the example's runAgent with its doc comment, and no Example", () => {
  const { file, func } = GO_REFERENCES[1];
  const loop = extractLoop(example(file), func);
  assert.match(loop, /^\/\/ runAgent is /);
  assert.match(loop, /\nfunc runAgent\(model agenttest\.Model, tools map\[string\]agenttest\.Tool, userMsg string, maxSteps int\) string \{\n/);
  assert.match(loop, /return "Stopped: reached max steps\."\n\}$/);
  assert.doesNotMatch(loop, /func Example|A learner tests/);
});

test("level 2's reference is runAgentFollowUps and every helper it calls, up to the first Example", () => {
  const { file, func } = GO_REFERENCES[2];
  const loop = extractLoop(example(file), func);
  assert.match(loop, /^\/\/ runAgentFollowUps is /);
  for (const helper of ["notAnAction", "readCalls", "checkCall", "callTool", "within"]) {
    assert.match(loop, new RegExp(`\\nfunc ${helper}\\(`), `the helper ${helper} is left out`);
  }
  assert.doesNotMatch(loop, /func Example|A learner tests/);
  assert.match(loop, /\}$/);
});

test("a file without the function is refused, naming it", () => {
  assert.throws(() => extractLoop("package x\n", "runAgent"), /the example has no func runAgent/);
});

test("each level has notes on what matters", () => {
  for (const level of [1, 2]) assert.ok(GO_NOTES[level].length >= 3);
});
