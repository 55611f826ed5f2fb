// What the editors' code is, and where its mistakes are: the parser
// (run/source-form.js) and the worker's evaluation (worker/compile.js), under
// node's test runner (V8, like Chromium's workers).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readSource, topLevelKeys, positionInStack, positionOf } from "../site/run/source-form.js";
import { compileEditor, locateError, watchCalls } from "../site/worker/compile.js";

test("an expression followed by a semicolon and a comment with // inside a string is an expression", () => {
  const src = '[{type: "final", content: "see http://x"}]; // the answer';
  const read = readSource(src);
  assert.equal(read.form, "expression");
  assert.equal(read.body, '[{type: "final", content: "see http://x"}]');
  const { value, error } = compileEditor(src, "model");
  assert.equal(error, undefined, "the Model editor's code compiles");
  assert.deepEqual(value, [{ type: "final", content: "see http://x" }]);
});

test("each form of code is read the way it was meant", async (t) => {
  const cases = [
    { name: "object of tools", src: "{ add: ({a, b}) => a + b }", form: "expression" },
    { name: "statements defining tools", src: "const tools = { add: () => 1 };\n", form: "statements" },
    { name: "a lone function", src: "function model(m) { return {type: 'final', content: 'x'} }", form: "expression" },
    { name: "a helper, then the model", src: "function helper() {}\nfunction model(m) { return helper() }", form: "statements" },
    { name: "a top-level return", src: "return [{type: 'final', content: 'x'}]", form: "statements" },
    { name: "comments first", src: "// my tools\n/* two */ { a: () => 1 } // done", form: "expression" },
    { name: "an object in parentheses", src: "({ add: ({ a, b }) => a + b })", form: "expression" },
    { name: "an array in parentheses, then a semicolon", src: '([{ type: "final", content: "x" }]);', form: "expression" },
  ];
  for (const c of cases) {
    await t.test(c.name, () => {
      const read = readSource(c.src);
      assert.equal(read.error, undefined, `no syntax error in ${JSON.stringify(c.src)}`);
      assert.equal(read.form, c.form);
    });
  }
});

test("a missing comma is named where it is missing", () => {
  const src = '[\n  {type: "tool", name: "add", args: {a: 2, b: 3}},\n  {type: "final", content: "x"},\n  {type: "final" content: "y"}\n]';
  const { error } = readSource(src);
  assert.deepEqual(error, { line: 4, column: 17, message: 'a comma is missing after "final", before "content"' });
  assert.deepEqual(compileEditor(src, "model").error, error, "the worker reports the same error and runs nothing");
});

test("a comma missing at a line's end is reported there, not at the next line", () => {
  const cases = [
    ['[\n  {type: "tool", name: "add", args: {a: 2, b: 3}}\n  {type: "final", content: "x"},\n]', 2, 50, '"}", before "{" on line 3'],
    ["{\n  add: ({a, b}) => a + b\n  mul: ({a, b}) => a * b,\n}", 2, 25, '"b", before "mul" on line 3'],
    ['const model = [\n  {type: "final", content: "x"}\n  {type: "final", content: "y"}\n];', 2, 32, '"}", before "{" on line 3'],
  ];
  for (const [src, line, column, what] of cases) {
    assert.deepEqual(readSource(src).error, { line, column, message: `a comma is missing after ${what}` }, src);
  }
  assert.deepEqual(readSource("const x = 1 +* 2").error, { line: 1, column: 14, message: "Unexpected token" }, "an error no comma mends keeps acorn's words");
});

test("code that ends too early points at the bracket left open, not a bracket nobody typed", () => {
  const { error } = readSource("{\n  add: ({a, b}) => {\n    return a + b;\n  },\n");
  assert.equal(error.line, 1);
  assert.equal(error.column, 1);
  assert.match(error.message, /this \{ is never closed/);
  assert.doesNotMatch(error.message, /\)/, "no ) the user never typed");
});

test("an unterminated string is reported where it starts", () => {
  assert.deepEqual(readSource('[{type: "final", content: "x}]').error, { line: 1, column: 27, message: "Unterminated string constant" });
});

test("an error while evaluating the editor's code names its line", () => {
  const { error } = compileEditor('[\n  {type: "final", content: "x"},\n  notDefinedAnywhere,\n]', "model");
  assert.equal(error.line, 3);
  assert.equal(error.column, 3);
  assert.match(error.message, /notDefinedAnywhere is not defined/);
});

test("an error thrown inside a tool call is placed on the tool's line", () => {
  const { value: tools } = compileEditor("{\n  add: ({a, b}) => a + b,\n  oops: () => {\n    return missing + 1;\n  },\n}", "tools");
  let reported = null;
  const oops = watchCalls(tools.oops, (err) => (reported = locateError(err)), tools);
  assert.throws(() => oops({}), ReferenceError, "the error still reaches the loop");
  assert.deepEqual(reported, { editor: "tools", line: 4, column: 5, message: "missing is not defined", name: "ReferenceError" });
});

test("a rejected promise from an async tool is placed on its line too", async () => {
  const { value: tools } = compileEditor("{\n  later: async () => {\n    await null;\n    throw new TypeError('bad');\n  },\n}", "tools");
  let reported = null;
  const later = watchCalls(tools.later, (err) => (reported = locateError(err)), tools);
  await assert.rejects(later({}), TypeError);
  assert.equal(reported.line, 4);
  assert.equal(reported.editor, "tools");
});

test("code in parentheses gives its value, as it would without them", () => {
  assert.equal(typeof compileEditor("({ add: ({ a, b }) => a + b })", "tools").value.add, "function");
  assert.deepEqual(compileEditor('([{ type: "final", content: "x" }])', "model").value, [{ type: "final", content: "x" }]);
  assert.deepEqual(compileEditor("(\n  [1]\n) // done", "model").value, [1]);
});

test("the editors give what the run needs, or say what they give instead", () => {
  assert.match(compileEditor("// nothing yet\n", "model").error.message, /The Model editor gives nothing/);
  assert.match(compileEditor("{ add: 3 }", "tools").error.message, /Tool 'add' is a number, not a function/);
  assert.equal(typeof compileEditor("const tools = { a: () => 1 };", "tools").value.a, "function");
});

// In the worker, the real loop is a global runAgent: a learner's loop that
// does not define its own must not be graded as if it were the real one.
test("Your loop gives the runAgent it declares, in any form, and never a global one", async (t) => {
  const real = () => "the real loop";
  globalThis.runAgent = real;
  t.after(() => delete globalThis.runAgent);
  for (const src of ["// TODO: write my loop later\n", "let runagent = () => 'x';", "function helper() {}\nfunction other() {}"]) {
    await t.test(`nothing from ${JSON.stringify(src)}`, () => {
      assert.match(compileEditor(src, "loop").error?.message ?? "(no error)", /Your loop gives nothing/);
    });
  }
  const forms = [
    "function runAgent() { return 'mine'; }",
    "async function runAgent() { return 'mine'; }",
    "const runAgent = () => 'mine';",
    "let runAgent; runAgent = () => 'mine';",
    "var runAgent = () => 'mine';",
    "runAgent = () => 'mine';",
  ];
  for (const src of forms) {
    await t.test(src, async () => {
      const { value, error } = compileEditor(`// my loop\n${src}\n`, "loop");
      assert.equal(error, undefined);
      assert.equal(await value(), "mine");
      assert.equal(globalThis.runAgent, real, "the global is untouched");
    });
  }
});

test("the tool names are the keys of the Tools editor's object", () => {
  assert.deepEqual(topLevelKeys("{\n  add: ({a, b}) => a + b,\n  'sub': () => 0,\n  [computed]: 1,\n  mul() {},\n}"), ["add", "sub", "mul"]);
  assert.deepEqual(topLevelKeys("const tools = { search: async () => '' };"), ["search"]);
  assert.deepEqual(topLevelKeys("{ broken: "), [], "code that does not parse offers no names");
});

test("stack positions map back to the editor's lines", () => {
  const stack = "ReferenceError: x is not defined\n    at oops (tools.js:5:12)\n    at watched (dist/worker.js:1:900)";
  assert.deepEqual(positionInStack(stack, "tools.js"), { line: 4, column: 12, index: stack.indexOf("(") });
  assert.equal(positionInStack(stack, "model.js"), null);
  assert.equal(positionInStack("at mytools.js:3:1", "tools.js"), null, "only the editor's own file counts");
  assert.deepEqual(positionOf("ab\ncd\nef", 7), { line: 3, column: 2 });
});
