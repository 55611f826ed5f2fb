// The Loop panel shows agent/loop.go's loop and callTool, and every phase
// the loop reports marks exactly one of their lines.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { extractLoop, phaseMark } from "../site/views/loop-source.js";

const loopGo = readFileSync(new URL("../../agent/loop.go", import.meta.url), "utf8");
const phaseGo = readFileSync(new URL("../../agent/phase.go", import.meta.url), "utf8");
// The phases agent/phase.go declares: Phase... Phase = "name".
const phases = [...phaseGo.matchAll(/^\s*Phase\w+\s+Phase = "(\w+)"/gm)].map((m) => m[1]);

test("agent/phase.go declares the phases", () => {
  assert.ok(phases.length >= 15, `found ${phases}`);
  assert.ok(phases.includes("unknown_tool") && phases.includes("error_model"));
});

test("every phase marks exactly one line the panel shows", () => {
  const { lines, error } = extractLoop(loopGo);
  assert.equal(error, undefined);
  const marks = lines.filter((l) => !l.gap).map((l) => phaseMark(l.text)).filter(Boolean);
  for (const p of phases) {
    assert.equal(marks.filter((m) => m === p).length, 1, `phase ${p} marks one line; marks: ${marks}`);
  }
  assert.deepEqual([...marks].sort(), [...phases].sort(), "no line marks a phase Go does not report");
});

test("the panel shows loop and callTool as the file has them, with their line numbers", () => {
  const file = loopGo.split("\n");
  const { lines } = extractLoop(loopGo);
  for (const l of lines) {
    assert.ok(!l.gap, "callTool follows loop in agent/loop.go: no gap");
    assert.equal(l.text, file[l.number - 1], `line ${l.number}`);
  }
  const texts = lines.map((l) => l.text);
  assert.ok(texts.some((t) => t.startsWith("func (r *run) loop(")));
  assert.ok(texts.some((t) => t.startsWith("func (r *run) callTool(")));
  assert.equal(texts.at(-1), "}");
  assert.match(texts[0], /^\/\/ loop /, "the loop's doc comment comes first");
});

test("code between the two functions is left out, and a gap says so", () => {
  const src = ["package agent", "", "// loop loops.", "func (r *run) loop() {", "\tx() // phase: user", "}", "", "func other() {}", "", "func (r *run) callTool() {", "}"].join("\n");
  const { lines } = extractLoop(src);
  assert.deepEqual(lines.map((l) => (l.gap ? "⋮" : l.number)), [3, 4, 5, 6, "⋮", 10, 11]);
});

test("a file without the functions is reported, not shown", () => {
  assert.deepEqual(extractLoop("package agent\n"), { error: "it has no func loop" });
  assert.deepEqual(extractLoop("func (r *run) loop() {\n}\n"), { error: "it has no func callTool" });
});

test("a phase mark is the end of the line", () => {
  assert.equal(phaseMark("\treturn x // phase: error_model"), "error_model");
  assert.equal(phaseMark("// and lights the line of each \"phase:\" as it goes"), "");
  assert.equal(phaseMark("\tx()"), "");
});
