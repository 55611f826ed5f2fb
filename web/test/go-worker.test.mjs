// The Go Exercise worker's pure parts: reading a file's imports, reading
// gc's errors and the runtime's crash report, and the in-memory file system
// the toolchain runs on. The whole Check runs under Node in the Go test
// web/goexercise/grade/engine_test.go (it needs make build's engine).
import { test } from "node:test";
import assert from "node:assert/strict";
import { goImports, goPackageName, refusedImports } from "../site/worker/go-imports.js";
import { compileErrors, compileReport, crashReport, offeredOnly, signatureError } from "../site/worker/go-errors.js";
import { createFS } from "../site/worker/go-fs.js";

const OFFERED = ["fmt", "strings", "agentloop.dev/agent/agenttest"];

test("imports are read with their lines and columns, grouped, named, after comments", () => {
  const src = '// doc\npackage loop /* x */\nimport (\n\t"fmt"\n\tx "os" // c\n\t_ `unsafe`; . "strings"\n)\nimport "sort"\nvar x = 1';
  assert.deepEqual(goImports(src), [
    { path: "fmt", line: 4, column: 2 },
    { path: "os", line: 5, column: 4 },
    { path: "unsafe", line: 6, column: 4 },
    { path: "strings", line: 6, column: 16 },
    { path: "sort", line: 8, column: 8 },
  ]);
});

test("a file whose start is malformed is left to the compiler", () => {
  assert.equal(goImports('package loop\nimport (\n"fmt"\n'), null);
  assert.equal(goImports('import "fmt"'), null);
  assert.equal(goImports('package loop\nimport "\\x6fs"\n'), null, "an escaped path is the compiler's to read (the importcfg refuses it)");
});

test("an import not offered is refused at its place, naming every offered package", () => {
  assert.deepEqual(refusedImports('package loop\n\nimport (\n\t"fmt"\n\t"os"\n)\n', OFFERED), [
    { line: 5, column: 2, message: 'import "os" is not offered here; a loop may import agentloop.dev/agent/agenttest, fmt, strings' },
  ]);
  assert.deepEqual(refusedImports('package loop\nimport "fmt"\n', OFFERED), []);
});

test("gc's errors become records at loop.go's lines, continuation lines kept", () => {
  const text = "/work/loop/loop.go:8:27: syntax error: unexpected newline\n/work/loop/loop.go:12:2: cannot use x\n\thave int\n\twant string\ntoo many errors\n";
  assert.deepEqual(compileErrors(text, "loop.go"), [
    { line: 8, column: 27, message: "syntax error: unexpected newline" },
    { line: 12, column: 2, message: "cannot use x\nhave int\nwant string" },
  ]);
});

test("gc's could not import becomes the Exercise's refusal", () => {
  const errs = offeredOnly([{ line: 4, column: 2, message: "could not import agentloop.dev/not-offered/unsafe (open : no such file or directory)" }], OFFERED);
  assert.equal(errs[0].message, 'import "unsafe" is not offered here; a loop may import agentloop.dev/agent/agenttest, fmt, strings');
});

test("a RunAgent of another signature is marked at its func line with the one wanted", () => {
  const e = signatureError("package loop\n\nfunc RunAgent() string { return \"\" }\n", "/work/harness/main.go:30:37: cannot use loop.RunAgent");
  assert.equal(e.line, 3);
  assert.match(e.message, /^loop\.go must define func RunAgent\(model agenttest\.Model, tools map\[string\]agenttest\.Tool, userMsg string, maxSteps int\) string \(cannot use loop\.RunAgent\)$/);
});

test("the runtime's last crash report is read, not a panic the loop printed before it", () => {
  const out = "panic: fake\nmore\npanic: no tool named search [recovered, repanicked]\n\ngoroutine 7 [running]:\nagentloop.dev/web/goexercise/loop.RunAgent.func1()\n\tloop.go:30 +0x5\n";
  const r = crashReport(out, 2);
  assert.equal(r.message, "the loop panicked: no tool named search");
  assert.equal(r.at, "loop.go:30");
  assert.ok(out.endsWith(r.text) && r.text.startsWith("panic: no tool"));
  assert.equal(crashReport("fatal error: all goroutines are asleep - deadlock!\n", 2).message, "fatal error: all goroutines are asleep - deadlock!");
});

// call runs an fs method the way Go does, with a callback, and returns its
// result or throws its error.
function call(fs, name, ...args) {
  let out;
  fs[name](...args, (err, v) => {
    if (err) throw err;
    out = v;
  });
  return out;
}

test("the file system reads, writes at positions, truncates, lists and renames", () => {
  const { fs, files } = createFS();
  files.put("/work/a.txt", "hello");
  const C = fs.constants;
  const fd = call(fs, "open", "/work/a.txt", C.O_RDWR, 0);
  const buf = new Uint8Array(3);
  assert.equal(call(fs, "read", fd, buf, 0, 3, null), 3);
  assert.equal(new TextDecoder().decode(buf), "hel");
  assert.equal(call(fs, "write", fd, new TextEncoder().encode("XYZ"), 0, 3, 8), 3, "a write past the end grows the file");
  assert.equal(call(fs, "fstat", fd).size, 11);
  call(fs, "ftruncate", fd, 4);
  call(fs, "close", fd);
  assert.equal(new TextDecoder().decode(files.get("/work/a.txt")), "hell");
  call(fs, "mkdir", "/work/d", 0o755);
  call(fs, "rename", "/work/a.txt", "/work/d/b.txt");
  assert.deepEqual(call(fs, "readdir", "/work"), ["d"]);
  assert.ok(call(fs, "stat", "/work/d").isDirectory());
  assert.equal(call(fs, "stat", "/work/d/b.txt").size, 4);
});

test("the file system answers Go's errors by their codes", () => {
  const { fs } = createFS();
  const codeOf = (name, ...args) => {
    let code;
    fs[name](...args, (err) => (code = err && err.code));
    return code;
  };
  assert.equal(codeOf("open", "/nope", 0, 0), "ENOENT");
  assert.equal(codeOf("open", "/x/y", fs.constants.O_CREAT | fs.constants.O_WRONLY, 0o644), "ENOENT");
  assert.equal(codeOf("read", 99, new Uint8Array(1), 0, 1, null), "EBADF");
  assert.equal(codeOf("mkdir", "/", 0o755), "EEXIST");
});

test("a device gets each write as it happens, and fd 1 and 2 go to stdout and stderr", () => {
  const got = [];
  const { fs } = createFS({ devices: { "/dev/reports": (b) => got.push(["reports", new TextDecoder().decode(b)]), "/dev/stdout": (b) => got.push(["stdout", new TextDecoder().decode(b)]) } });
  const fd = call(fs, "open", "/dev/reports", fs.constants.O_WRONLY, 0);
  call(fs, "write", fd, new TextEncoder().encode('{"type":"case_start"}\n'), 0, 22, null);
  call(fs, "write", 1, new TextEncoder().encode("hi\n"), 0, 3, null);
  assert.deepEqual(got, [["reports", '{"type":"case_start"}\n'], ["stdout", "hi\n"]]);
});

test("the package clause's name is read after comments, and a file without one has none", () => {
  assert.equal(goPackageName("// doc\n/* x */ package loop // c\nimport \"fmt\"\n"), "loop");
  assert.equal(goPackageName("package\n\tmine\n"), "mine");
  assert.equal(goPackageName("func main() {}\n"), null);
  assert.equal(goPackageName("package"), null);
});

test("what gc says of no line in loop.go is shown in its own words, not as a RunAgent wanted", () => {
  const OOM = "fatal error: runtime: out of memory\n\nruntime stack:\nruntime.throw(...)\n\ngoroutine 1 [running]:\n";
  assert.deepEqual(compileReport(OOM, "package loop\n", 1, OFFERED), [{ line: 1, column: 1, message: "fatal error: runtime: out of memory" }]);
  const moved = "elsewhere.go:41:9: undefined: undefinedName\n";
  assert.deepEqual(compileReport(moved, "package loop\n//line elsewhere.go:40\nfunc RunAgent() {}\n", 1, OFFERED), [{ line: 1, column: 1, message: "elsewhere.go:41:9: undefined: undefinedName" }]);
  const [wanted] = compileReport("/work/loop/main.go:5:37: undefined: RunAgent\n", "package loop\n", 1, OFFERED);
  assert.match(wanted.message, /^loop\.go must define func RunAgent/, "main.go's error alone is still the RunAgent wanted");
  assert.deepEqual(compileReport("/work/loop/loop.go:3:1: syntax error: unexpected EOF\n", "package loop\n\nfunc f(\n", 1, OFFERED), [{ line: 3, column: 1, message: "syntax error: unexpected EOF" }]);
});

test("gc's unexpected EOF after the last newline is laid at the end of the last line", () => {
  const source = "package loop\n\nfunc RunAgent(\n";
  assert.deepEqual(compileReport("/work/loop/loop.go:4:1: syntax error: unexpected EOF, expected )\n", source, 1, OFFERED), [
    { line: 3, column: 15, message: "syntax error: unexpected EOF, expected )" },
  ]);
});
