// The Go Exercise's Web Workers, one script in two roles, which the
// sandbox frame (sandbox/main.js) gives with its first message
// (lib/protocol.js's frameToWorker; every message below is in that table):
//
// The builder, one per frame, long-lived: it compiles and links every
// Check's program (go-build.js), so the compiler's and linker's code,
// warmed up by one Check, serves the next, and the package archives are
// laid out once. It never runs a learner's code. go_builder gives it the
// engine ({manifest, compile, link, archives, cases}, compile and link
// WebAssembly.Modules); with warm, it first builds WARM_UP, a loop of this
// file's, so that the first Check finds the compiler's and linker's code
// warm. client hands it a Check's runner. It tells the frame when it is
// warm, and which runner's Check it is building until it is idle, so that
// the frame can replace a builder stuck in a Check that the page stopped
// (goBuilderToFrame). A runner asks it to build (goRunnerToBuilder), and
// hears the phase and compile_error messages of go-check.js, then built,
// not_built or build_failed (goBuilderToRunner).
//
// The runner, a fresh one per Check: it runs the learner's program
// (go-check.js's runProgram), and the page terminates it when a case runs
// too long, so the next Check starts clean. go_check gives it its ports to
// the page and to the builder. The page then sends check (pageToGoRunner):
// loop.go's text, the level (1 unless 2) whose harness plays it, and
// cases, a JSON text: the cases to play, without what the reference did
// (the page judges, exercise/go-judge.js); it hears what checkGo posts
// (see go-check.js), then end (goRunnerToPage).
// The learner's code runs inside Go's runtime in the runner and can reach
// no JavaScript (it may import neither syscall/js nor unsafe, nor use a
// compiler directive such as //go:wasmimport); the runner lets go of its
// channel to the builder before it starts it, and were it taken over, it
// holds no verdict to forge.
//
// Bundled by make build into dist/go-worker.js, one classic script with
// wasm_exec.js in it, started by the sandbox frame from a blob: URL, as
// dist/worker.js is.

import "../wasm_exec.js";
import { CHANNELS, heard } from "../lib/protocol.js";
import { createBuilder } from "./go-build.js";
import { casesOf, runProgram } from "./go-check.js";

const describe = (err) => (err && err.message ? String(err.message) : String(err));

self.onmessage = (e) => {
  const msg = e.data;
  if (!heard(CHANNELS.frameToWorker, msg)) return;
  if (msg.type === "go_builder" && msg.engine) {
    self.onmessage = null;
    serveBuilds(msg.engine, msg.warm === true);
  } else if (msg.type === "go_check" && msg.port instanceof MessagePort && msg.builder instanceof MessagePort) {
    self.onmessage = null;
    runCheck(msg.port, msg.builder);
  }
};

// WARM_UP is the loop a builder sent ahead of any Check builds first: the
// smallest level-1 loop that compiles and links, which is never run.
const WARM_UP = `package loop

import "agentloop.dev/agent/agenttest"

func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {
	return ""
}
`;

function serveBuilds(engine, warm) {
  const build = createBuilder(engine);
  // One build at a time: the builds share the builder's file system.
  let queue = warm ? build(WARM_UP, () => {}).then(() => self.postMessage({ type: "warm" }), () => {}) : Promise.resolve();
  self.onmessage = (e) => {
    if (!heard(CHANNELS.frameToWorker, e.data)) return;
    const { type, id, port } = e.data;
    if (type !== "client" || !(port instanceof MessagePort)) return;
    port.onmessage = (ev) => {
      const req = ev.data;
      if (!heard(CHANNELS.goRunnerToBuilder, req) || req.type !== "build") return;
      port.onmessage = null;
      queue = queue.then(async () => {
        self.postMessage({ type: "building", id });
        let answer;
        let transfer = [];
        try {
          const { program, timing } = await build(String(req.source), (m) => port.postMessage(m), req.level === 2 ? 2 : 1);
          answer = program ? { type: "built", program, timing } : { type: "not_built", timing };
          if (program) transfer = [program.buffer];
        } catch (err) {
          answer = { type: "build_failed", error: describe(err) };
        }
        // Idle first: the page may stop the runner as soon as it hears the
        // answer, and the frame must not take the builder for stuck.
        self.postMessage({ type: "idle" });
        port.postMessage(answer, transfer);
        port.close();
      });
    };
  };
}

// runCheck serves one Check.
function runCheck(port, builder) {
  let started = false;
  let options = {};
  const end = (error) => port.postMessage(error === undefined ? { type: "end", ok: true } : { type: "end", ok: false, error });
  builder.onmessage = (e) => {
    const msg = e.data;
    if (!heard(CHANNELS.goBuilderToRunner, msg)) return;
    switch (msg.type) {
      case "phase":
      case "compile_error":
        port.postMessage(msg);
        break;
      case "not_built":
        builder.close();
        port.postMessage({ type: "done", timing: msg.timing });
        end();
        break;
      case "build_failed":
        builder.close();
        end(String(msg.error));
        break;
      case "built":
        builder.close();
        Promise.resolve()
          .then(() => runProgram(msg.program, casesOf(options.cases), (m) => port.postMessage(m), msg.timing))
          .then(
          () => end(),
          (err) => end(describe(err)),
        );
        break;
    }
  };
  port.onmessage = (ev) => {
    const msg = ev.data;
    if (!heard(CHANNELS.pageToGoRunner, msg) || msg.type !== "check") return;
    if (started) return end("this worker has already checked once");
    started = true;
    options = checkOptions(msg);
    builder.postMessage({ type: "build", source: String(msg.source), level: options.level });
  };
  port.postMessage({ type: "ready" });
}

// checkOptions reads a check message's level (1 unless 2) and cases (a
// JSON text, or absent).
function checkOptions(msg) {
  const options = { level: msg.level === 2 ? 2 : 1 };
  if (typeof msg.cases === "string") options.cases = msg.cases;
  return options;
}
