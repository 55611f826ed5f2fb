// One Check of the Go Exercise: compile the learner's loop.go with the real
// gc (compile.wasm), compile the harness beside it, link them (link.wasm)
// and run the program, which grades the loop with agenttest's own checker
// (web/goexercise/grade). Pure of the page: the worker (go-grader.js) and
// the Node test call it alike.
//
// checkGo(engine, source, post) posts, in order:
//   {type: "phase", phase: "compile" | "link" | "run"}
//   {type: "compile_error", errors: [{line, column, message}]}
//        loop.go does not compile, or imports what is not offered (then
//        nothing is graded, and nothing follows but "done")
//   {type: "case_start", index, name}
//   {type: "output", index, text}  what the loop printed (fd 1 and 2)
//                                  while case index ran
//   {type: "case_end", index, name, passed, difference?, panicAt?}
//        difference: agenttest's first difference, word for word
//   {type: "crashed", index, message, at?}
//        the program died during case index (a panic in a goroutine the
//        loop started, a deadlock): message is the runtime's first line,
//        at the loop.go:LINE it named
//   {type: "done", passedCount?, total?, timing: {compileMs, linkMs, loadMs, runMs, programBytes}}
//        loadMs: compiling the linked program to a WebAssembly.Module
// and resolves when done is posted. engine is what loadEngine returns
// (go-engine.js): {compile, link, manifest, archives, harness}. options
// grade another level or other cases: {harness, learnerPackage,
// signature} name the harness's source, the import path loop.go is
// compiled under and the RunAgent it must define (default: level 1's,
// engine.harness and the manifest's), and cases, a JSON text, is given to
// the harness as the cases to grade instead of agenttest's (interview
// mode's, drawn anew at each Check).

import { createFS } from "./go-fs.js";
import { refusedImports } from "./go-imports.js";
import { runGo } from "./go-run.js";
import { compileErrors, crashReport, offeredOnly, signatureError } from "./go-errors.js";

const ENV = { GOOS: "js", GOARCH: "wasm", GOROOT: "/goroot", HOME: "/work", TMPDIR: "/tmp" };
// How much of what the loop prints is kept, per Check: a loop printing
// without end must not fill the worker's memory.
const OUTPUT_LIMIT = 256 * 1024;
// The reports' device: the harness opens it (web/goexercise/harness).
const REPORTS = "/dev/reports";
// Where the harness reads the cases it is given instead of agenttest's.
const CASES = "/work/cases.json";
// Where the learner's import of unsafe is sent: nowhere.
const UNSAFE_MAPPED = "agentloop.dev/not-offered/unsafe";

export async function checkGo(engine, source, post, options = {}) {
  const { manifest } = engine;
  const harness = options.harness || engine.harness;
  const learnerPackage = options.learnerPackage || manifest.learnerPackage;
  const timing = {};
  const refused = refusedImports(source, manifest.allowedImports);
  if (refused.length > 0) {
    post({ type: "compile_error", errors: refused });
    post({ type: "done", timing });
    return;
  }
  const lang = `-lang=${manifest.goVersion.match(/^go\d+\.\d+/)[0]}`;
  const stderr = [];
  const { fs, files } = createFS({ devices: { "/dev/stdout": (b) => stderr.push(b), "/dev/stderr": (b) => stderr.push(b) } });
  files.put("/work/loop/loop.go", source);
  files.put("/work/harness/main.go", harness);
  files.put("/tmp/.keep", "");
  const archives = putArchives(files, engine);
  const cfg = (pkgs) => pkgs.map(([path, file]) => `packagefile ${path}=${file}\n`).join("");
  // The learner's package sees only what it may import. unsafe is the
  // compiler's own, found whatever the importcfg holds, but an importmap
  // is applied first: mapped to a package that does not exist, it cannot
  // be imported (nor, without it, can //go:linkname be used).
  const offered = archives.filter(([path]) => manifest.allowedImports.includes(path));
  files.put("/work/importcfg.loop", `importmap unsafe=${UNSAFE_MAPPED}\n${cfg(offered)}`);
  const all = [...archives, [learnerPackage, "/work/loop.a"]];
  files.put("/work/importcfg", cfg(all));
  files.put("/work/importcfg.link", cfg([...all, ["main", "/work/main.a"]]));
  const stderrText = () => new TextDecoder().decode(concat(stderr.splice(0)));

  const timed = async (phase, module, args) => {
    post({ type: "phase", phase });
    const t0 = performance.now();
    const code = await runGo(module, { name: phase, args, env: ENV, fs });
    timing[`${phase}Ms`] = Math.round(performance.now() - t0);
    return code;
  };

  const loopArgs = ["-o", "/work/loop.a", "-p", learnerPackage, "-importcfg", "/work/importcfg.loop", "-pack", "-complete", lang, "-trimpath=/work/loop", "/work/loop/loop.go"];
  if ((await timed("compile", engine.compile, loopArgs)) !== 0) {
    post({ type: "compile_error", errors: offeredOnly(compileErrors(stderrText(), "loop.go"), manifest.allowedImports) });
    post({ type: "done", timing });
    return;
  }
  const harnessArgs = ["-o", "/work/main.a", "-p", "main", "-importcfg", "/work/importcfg", "-pack", "-complete", lang, "-trimpath=/work/harness", "/work/harness/main.go"];
  const t0 = performance.now();
  const harnessCode = await runGo(engine.compile, { name: "compile", args: harnessArgs, env: ENV, fs });
  timing.compileMs += Math.round(performance.now() - t0);
  if (harnessCode !== 0) {
    post({ type: "compile_error", errors: [signatureError(source, stderrText(), options.signature)] });
    post({ type: "done", timing });
    return;
  }
  const linkArgs = ["-o", "/work/main.wasm", "-importcfg", "/work/importcfg.link", "-buildmode=exe", "-s", "-w", "/work/main.a"];
  if ((await timed("link", engine.link, linkArgs)) !== 0) {
    throw new Error(`the linker failed: ${stderrText()}`);
  }
  const linked = files.get("/work/main.wasm");
  const t1 = performance.now();
  const program = await WebAssembly.compile(linked);
  timing.loadMs = Math.round(performance.now() - t1);
  timing.programBytes = linked.length;
  await runProgram(program, post, timing, options.cases);
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

// runProgram runs the linked program on a file system of its own, turning
// the harness's reports into messages and what the loop prints into
// output messages of the case it printed during. cases, when given, is
// put in the program's file system and named to the harness.
async function runProgram(program, post, timing, cases) {
  const decoder = new TextDecoder();
  let current = -1;
  let printed = "";
  let kept = 0;
  let crashText = "";
  let summary = null;
  const flush = () => {
    if (printed) post({ type: "output", index: current, text: printed });
    printed = "";
  };
  const print = (bytes) => {
    const text = decoder.decode(bytes);
    crashText = (crashText + text).slice(-16384);
    if (kept >= OUTPUT_LIMIT) return;
    const room = OUTPUT_LIMIT - kept;
    printed += text.length > room ? `${text.slice(0, room)}\n… (the rest of the output is left out)\n` : text;
    kept += Math.min(text.length, room);
  };
  let pending = "";
  const report = (bytes) => {
    pending += decoder.decode(bytes);
    let nl;
    while ((nl = pending.indexOf("\n")) >= 0) {
      const r = JSON.parse(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
      flush();
      if (r.type === "case_start") current = r.index;
      if (r.type === "done") summary = r;
      else post(r);
    }
  };
  const { fs, files } = createFS({ devices: { "/dev/stdout": print, "/dev/stderr": print, [REPORTS]: report } });
  const args = [];
  if (typeof cases === "string") {
    files.put(CASES, new TextEncoder().encode(cases));
    args.push(CASES);
  }
  post({ type: "phase", phase: "run" });
  const t0 = performance.now();
  const code = await runGo(program, { name: "loop", args, env: ENV, fs });
  timing.runMs = Math.round(performance.now() - t0);
  if (summary === null) {
    // The runtime's crash report went to fd 2 after what the loop printed.
    const crash = crashReport(crashText, code);
    printed = printed.slice(0, Math.max(0, printed.length - crash.text.length));
    flush();
    post({ type: "crashed", index: current, message: crash.message, ...(crash.at ? { at: crash.at } : {}) });
    post({ type: "done", timing });
    return;
  }
  flush();
  post({ type: "done", passedCount: summary.passedCount, total: summary.total, timing });
}

function concat(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
