// What loop.go may not hold (worker/go-source.js): compiler directives,
// wherever gc would read one and nowhere else, and a file too big or
// nested too deep.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_NESTING, MAX_SOURCE_BYTES, sourceRefusals } from "../site/worker/go-source.js";

const at = (src) => sourceRefusals(src).map(({ line, column, message }) => `${line}:${column} ${message.split(" ")[0]}`);

test("every //go: directive is refused at its line and column, the harmless ones too", () => {
  const src = 'package loop\n\n//go:wasmimport gojs syscall/js.valueGet\nfunc get()\n\n//go:linkname x runtime.x\n\t//go:noinline\nvar y = 1 //go:embed z\n//go:build ignore\n';
  assert.deepEqual(at(src), ["3:1 //go:wasmimport", "6:1 //go:linkname", "7:2 //go:noinline", "8:11 //go:embed", "9:1 //go:build"]);
  assert.match(sourceRefusals(src)[0].message, /^\/\/go:wasmimport is a compiler directive, and loop\.go may use none/);
  assert.deepEqual(at("package loop\n//go:cgo_import_dynamic x\n//go:wasmexport f\n"), ["2:1 //go:cgo_import_dynamic", "3:1 //go:wasmexport"]);
});

test("//go: in a string, a raw string, a rune or a block comment is no directive", () => {
  const src = 'package loop\n\nvar a = "//go:wasmimport x"\nvar b = `\n//go:linkname y\n`\nvar c = \'"\' // a quote in a rune opens no string\nvar d = "\\"//go:x"\n/*\n//go:embed z\n*/\n';
  assert.deepEqual(at(src), []);
});

test("a directive after what only looks like a string is still found", () => {
  // The rune '"' holds a quote: a scanner that took it for a string's
  // start would read the directive as inside it.
  assert.deepEqual(at("package loop\nvar c = '\"'\n//go:wasmimport gojs syscall/js.valueCall\n"), ["3:1 //go:wasmimport"]);
  assert.deepEqual(at('package loop\nvar s = "a\\\\"\n//go:linkname x y\n'), ["3:1 //go:linkname"], "an escaped backslash ends no string early");
});

test("columns count bytes, as gc does", () => {
  assert.deepEqual(at('package loop\nvar é = 1 //go:noinline\n'), ["2:12 //go:noinline"]);
});

test("a file too big, or nested too deep, is refused before the compiler runs", () => {
  const big = `package loop\n${"// padding\n".repeat(MAX_SOURCE_BYTES / 8)}`;
  const [tooBig] = sourceRefusals(big);
  assert.deepEqual([tooBig.line, tooBig.column], [1, 1]);
  assert.match(tooBig.message, /^loop\.go is \d+ bytes; the Exercise compiles at most 65536/);
  const deep = `package loop\n\nvar x = ${"(".repeat(100000)}1${")".repeat(100000)}\n`;
  assert.equal(sourceRefusals(deep).length, 1, "the 100,000 parentheses were not refused");
  const nested = `package loop\n\nvar x = ${"(".repeat(MAX_NESTING + 1)}1${")".repeat(MAX_NESTING + 1)}\n`;
  const [tooDeep] = sourceRefusals(nested);
  assert.deepEqual([tooDeep.line, tooDeep.column], [3, 9 + MAX_NESTING]);
  assert.match(tooDeep.message, /^brackets nest more than 64 deep here/);
  assert.deepEqual(sourceRefusals(`package loop\n\nvar x = ${"(".repeat(MAX_NESTING)}1${")".repeat(MAX_NESTING)}\nvar s = "${"(".repeat(200)}"\n`), [], "brackets in a string, or at the limit, are fine");
});
