// The editors' model and tools are checked by the same rules as runAgent's
// arguments (wasm/shape.js, shared by the bridge and worker/compile.js),
// and worded for the editors.
import { test } from "node:test";
import assert from "node:assert/strict";

import { compileEditor } from "../site/worker/compile.js";

const problem = (source, editor) => compileEditor(source, editor).error?.message;

test("a model is an array of actions or a function, and nothing else", () => {
  assert.equal(compileEditor("[]", "model").error, undefined);
  assert.equal(compileEditor("(messages) => ({ type: 'final', content: 'hi' })", "model").error, undefined);
  assert.equal(problem("({ type: 'final' })", "model"), "The Model editor gives an object; it must give an array of actions or a function model(messages).");
});

test("tools are an object of functions, each read once, named in the editor's words", () => {
  assert.equal(compileEditor("{ add: ({ a, b }) => a + b }", "tools").error, undefined);
  assert.equal(problem("[() => 1]", "tools"), "The Tools editor gives an array; it must give an object of functions, such as { add: ({a, b}) => a + b }.");
  assert.equal(problem("{ add: 3 }", "tools"), "Tool 'add' is a number, not a function.");
  assert.equal(problem("{ get add() { throw new Error('no add') } }", "tools"), "Reading tool 'add' failed: no add");
  assert.equal(
    problem(String.raw`{ "a\ud800": () => 1 }`, "tools"),
    'Tool "a\\ud800" has a name that is not well-formed Unicode (a lone surrogate).',
    "a name runAgent would refuse is refused before the run",
  );
  const { value } = compileEditor("({ get add() { globalThis.reads = (globalThis.reads || 0) + 1; return () => 1; } })", "tools");
  assert.equal(globalThis.reads, 1, "the check read the getter once");
  assert.equal(typeof value.add, "function");
});

test("tools whose names cannot be read get the error where the code threw it", () => {
  const { error } = compileEditor("new Proxy({}, { ownKeys() { throw new Error('no keys'); } })", "tools");
  assert.equal(error.message, "no keys");
  assert.equal(error.line, 1, "the error points at the Proxy's trap in the editor");
});
