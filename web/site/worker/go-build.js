// Builds the Go Exercise's program from a learner's loop.go with the real
// gc (compile.wasm) and linker (link.wasm). Nothing here runs the learner's
// code: the built program runs elsewhere (go-check.js's runProgram, in a
// worker of its own).
//
// loop.go is compiled as the program's main package (import path main),
// beside one more file of this worker's,
//
//	func main() { harness.Main(RunAgent) }
//
// and linked with the harness (web/goexercise/harness), compiled ahead by
// make build: a Check runs the compiler once, on the learner's file. The
// package keeps the name its clause gives (loop), as in go test; the
// object file is marked as a main package's for the linker, the one thing
// gc would have written differently for a package named main.
//
// createBuilder(engine) returns build(source, post, level), which resolves to
//   {program, timing}  the linked program's bytes
//   {timing}           loop.go did not compile, or holds what is refused
//                      (go-source.js: a compiler directive, a file too
//                      big or nested too deep; go-imports.js: an import
//                      not offered): a compile_error has been posted
// level (1 or 2) picks the harness, and with it the RunAgent loop.go must
// define (an agenttest.Loop, or at level 2 an agenttest.FollowUpLoop), and
// posts {type: "phase", phase: "compile" | "link"} and compile_error
// (see go-check.js). engine is what loadEngine returns (exercise/go-engine.js). A
// builder keeps one file system with the archives in it for all its
// builds, so a long-lived worker pays for laying it out once.

import { createFS } from "./go-fs.js";
import { goPackageName, refusedImports } from "./go-imports.js";
import { sourceRefusals } from "./go-source.js";
import { runGo } from "./go-run.js";
import { compileReport } from "./go-errors.js";

// harnessOf returns the manifest's harness for level.
export function harnessOf(manifest, level) {
  const h = manifest.harnesses.find((x) => x.level === level);
  if (!h) throw new Error(`the Go engine has no harness for level ${level}; make build writes it`);
  return h;
}

// The toolchain's environment. (GOGC=off made the linker several times
// slower in Chromium, whose wasm memory grows dearly: make bench row 9.)
const TOOL_ENV = { GOOS: "js", GOARCH: "wasm", GOROOT: "/goroot", HOME: "/work", TMPDIR: "/tmp" };
// Where the learner's import of unsafe is sent: nowhere.
const UNSAFE_MAPPED = "agentloop.dev/not-offered/unsafe";

// createBuilder's options hold one for tests alone: allowDirectives, to
// build a loop.go that takes its runner over (web/test/go-check.mjs
// --allow-directives), as a directive the refusal missed would, and show
// that it still passes nothing (exercise/go-judge.js). The page never sets
// it.
export function createBuilder(engine, { allowDirectives = false } = {}) {
  const { manifest } = engine;
  const lang = `-lang=${manifest.goVersion.match(/^go\d+\.\d+/)[0]}`;
  let stderr = [];
  const { fs, files } = createFS({ devices: { "/dev/stdout": (b) => stderr.push(b), "/dev/stderr": (b) => stderr.push(b) } });
  files.put("/tmp/.keep", "");
  const archives = putArchives(files, engine);
  const cfg = (pkgs) => pkgs.map(([path, file]) => `packagefile ${path}=${file}\n`).join("");
  // The learner's file sees only what it may import, and its level's
  // harness, whose Main refuses every caller but main.main. unsafe is the
  // compiler's own, found whatever the importcfg holds, but an importmap
  // is applied first: mapped to a package that does not exist, it cannot
  // be imported (nor, without it, can //go:linkname be used).
  const importcfg = (harness) => {
    const seen = [...manifest.allowedImports, harness];
    return `importmap unsafe=${UNSAFE_MAPPED}\n${cfg(archives.filter(([path]) => seen.includes(path)))}`;
  };
  files.put("/work/importcfg.link", cfg([...archives, ["main", "/work/main.a"]]));
  const stderrText = () => new TextDecoder().decode(concat(stderr.splice(0)));
  const compileArgs = ["-o", "/work/main.a", "-p", "main", "-importcfg", "/work/importcfg", "-pack", "-complete", lang, "-trimpath=/work/loop", "/work/loop/loop.go", "/work/loop/main.go"];
  const linkArgs = ["-o", "/work/main.wasm", "-importcfg", "/work/importcfg.link", "-buildmode=exe", "-s", "-w", "/work/main.a"];

  return async function build(source, post, level = 1) {
    const timing = {};
    const harness = harnessOf(manifest, level).package;
    // Refused before the compiler runs: a directive (//go:wasmimport would
    // reach the runner's JavaScript), a file too big or too deeply nested
    // to be worth compiling, an import not offered.
    const refused = allowDirectives ? [] : sourceRefusals(source);
    if (refused.length === 0) refused.push(...refusedImports(source, manifest.allowedImports));
    if (refused.length > 0) {
      post({ type: "compile_error", errors: refused });
      return { timing };
    }
    stderr = [];
    for (const out of ["/work/main.a", "/work/main.wasm"]) files.remove(out);
    files.put("/work/loop/loop.go", source);
    files.put("/work/loop/main.go", mainFile(goPackageName(source) || "loop", harness));
    files.put("/work/importcfg", importcfg(harness));
    const run = async (key, module, args) => {
      const t0 = performance.now();
      const code = await runGo(module, { name: key, args, env: TOOL_ENV, fs });
      timing[key] = Math.round(performance.now() - t0);
      return code;
    };

    post({ type: "phase", phase: "compile" });
    if ((await run("compileMs", engine.compile, compileArgs)) !== 0) {
      post({ type: "compile_error", errors: compileReport(stderrText(), source, level, manifest.allowedImports) });
      return { timing };
    }
    files.put("/work/main.a", markMain(files.get("/work/main.a")));
    post({ type: "phase", phase: "link" });
    if ((await run("linkMs", engine.link, linkArgs)) !== 0) {
      throw new Error(`the linker failed: ${stderrText()}`);
    }
    // A copy of its own length, to transfer to the worker that runs it.
    return { program: files.get("/work/main.wasm").slice(), timing };
  };
}

// mainFile is the file compiled beside loop.go: the program's main.
function mainFile(pkg, harness) {
  return `package ${pkg}\n\nimport agentloop_harness ${JSON.stringify(harness)}\n\nfunc main() { agentloop_harness.Main(RunAgent) }\n`;
}

// markMain returns the archive gc wrote (ar format: "!<arch>\n", then
// members of a 60-byte header and their bytes, padded to even) with the
// line "main" added to its object file's header (member _go_.o), after the
// first line: what gc writes for a package named main, and what the linker
// checks its main package for.
export function markMain(archive) {
  const text = new TextDecoder("latin1");
  const even = (n) => n + (n & 1);
  for (let at = 8; at + 60 <= archive.length; ) {
    const name = text.decode(archive.subarray(at, at + 16)).trim();
    const size = Number(text.decode(archive.subarray(at + 48, at + 58)).trim());
    const body = at + 60;
    if (name !== "_go_.o") {
      at = body + even(size);
      continue;
    }
    const data = archive.subarray(body, body + size);
    const eol = data.indexOf(10);
    if (!text.decode(data.subarray(0, eol)).startsWith("go object ")) break;
    const line = new TextEncoder().encode("main\n");
    const marked = size + line.length;
    const out = new Uint8Array(body + even(marked) + archive.length - (body + even(size)));
    out.set(archive.subarray(0, body));
    out.set(new TextEncoder().encode(String(marked).padEnd(10)), at + 48);
    out.set(data.subarray(0, eol + 1), body);
    out.set(line, body + eol + 1);
    out.set(data.subarray(eol + 1), body + eol + 1 + line.length);
    if (marked & 1) out[body + marked] = 10;
    out.set(archive.subarray(body + even(size)), body + even(marked));
    return out;
  }
  throw new Error("the compiler's archive has no object file of the expected form");
}

// putArchives puts each package's archive at /goroot/pkg/PATH.a, as views
// of the pack (no copies), and returns [[importPath, file]].
function putArchives(files, { manifest, archives }) {
  return manifest.archives.packages.map(({ importPath, offset, size }) => {
    const file = `/goroot/pkg/${importPath}.a`;
    files.put(file, archives.subarray(offset, offset + size));
    return [importPath, file];
  });
}

export function concat(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
