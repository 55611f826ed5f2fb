// One Check of the Go Exercise: build the program from the learner's
// loop.go (go-build.js) and run it, which grades the loop with agenttest's
// own checker (web/goexercise/grade). Pure of the page: the workers
// (go-grader.js) and the Node test call it alike.
//
// checkGo(engine, source, post, {level, cases}) posts, in order, the
// messages of lib/protocol.js's goRunnerToPage: phase ("compile", "link",
// "run": the program starts, its init first); compile_error when loop.go
// does not compile, or holds what is refused (then nothing is played, and
// nothing follows but done); initialized once every package's init has
// run, the learner's too; case_start and case_end for each case (observed:
// what the loop did, an agenttest.Observation, which the page judges,
// exercise/go-judge.js: nothing here or in the program knows what the
// reference did), with output, what the loop printed (fd 1 and 2) while
// it ran; crashed when the program died during a case (a panic in a
// goroutine the loop started; a deadlock, as soon as every goroutine
// sleeps with no timer to wake one: message is the runtime's first line,
// at the loop.go:LINE it named); done last, whose timing's loadMs is
// compiling the linked program to a WebAssembly.Module,
// and resolves when done is posted. engine is what loadEngine returns
// (exercise/go-engine.js): {compile, link, manifest, archives, cases}.
// level (1 unless 2) picks the harness that plays loop.go: the classic loop, or
// the follow-ups (each case's reports then name its followUp); cases, a
// JSON text, are the cases to play, without their expectations
// (go-judge.js's blinded).
// The page's workers split it: a long-lived worker builds, a fresh one
// runs each program (runProgram), so only the learner's code is killed
// with it.

import { createBuilder } from "./go-build.js";
import { Deadlock, runGo } from "./go-run.js";
import { crashReport } from "./go-errors.js";
import { createFS } from "./go-fs.js";

// The graded program's environment.
const RUN_ENV = { GOOS: "js", GOARCH: "wasm", HOME: "/work", TMPDIR: "/tmp" };
// How much of what the loop prints is kept, per Check: a loop printing
// without end must not fill the worker's memory.
const OUTPUT_LIMIT = 256 * 1024;
// The reports' device, and the harness's cases: the harness opens both
// (web/goexercise/grade's ReportsFile and CasesFile).
const REPORTS = "/dev/reports";
const CASES = "/harness/cases.json";

const builders = new WeakMap();

export async function checkGo(engine, source, post, { level = 1, cases, builderOptions } = {}) {
  if (!builders.has(engine)) builders.set(engine, createBuilder(engine, builderOptions));
  const { program, timing } = await builders.get(engine)(source, post, level);
  if (!program) {
    post({ type: "done", timing });
    return;
  }
  await runProgram(program, casesOf(cases), post, timing);
}

// casesOf returns the bytes of the cases a Check plays, a JSON text.
export function casesOf(cases) {
  if (typeof cases !== "string") throw new Error("a Go Check needs the cases to play (go-judge.js's blinded)");
  return new TextEncoder().encode(cases);
}

// runProgram runs the linked program (its bytes) on a file system of its
// own that holds the harness's cases, turning the harness's reports into
// messages and what the loop prints into output messages of the case it
// printed during; it posts done last, with timing completed.
export async function runProgram(linked, cases, post, timing) {
  const t1 = performance.now();
  const program = await WebAssembly.compile(linked);
  timing.loadMs = Math.round(performance.now() - t1);
  // The program starts: from here the learner's package runs (its init
  // first), under the page's time limit.
  post({ type: "phase", phase: "run" });
  timing.programBytes = linked.length;
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
  files.put(CASES, cases);
  const t0 = performance.now();
  let code;
  try {
    code = await runGo(program, { name: "loop", env: RUN_ENV, fs, detectDeadlock: true });
  } catch (err) {
    if (!(err instanceof Deadlock)) throw err;
    // As Go's runtime says it natively, at once, naming the case.
    timing.runMs = Math.round(performance.now() - t0);
    flush();
    post({ type: "crashed", index: current, message: err.message });
    post({ type: "done", timing });
    return;
  }
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
  post({ type: "done", timing });
}
