// The Web Worker that runs one Check of the Go Exercise: it compiles the
// learner's loop.go with the real Go compiler, links it with the harness
// and runs it (go-check.js), posting what happened to the page.
//
// Bundled by make build into dist/go-worker.js, one classic script with
// wasm_exec.js in it, started by the sandbox frame (sandbox/sandbox.js)
// from a blob: URL, as dist/worker.js is. Each worker serves one Check:
// the page starts a fresh one every time, and terminates one that runs
// too long (a loop that never ends), so the next Check starts clean.
//
// Messages, as for worker.js, go over a private port: the first message
// on self, from the frame, is
//   {type: "go_engine", engine, port}
//        engine: {manifest, compile, link, archives, harness}, the two
//        WebAssembly.Modules compiled once in the frame
// and the page then sends on port
//   {type: "check", source, options?}  loop.go's text, and the level's
//        harness and interview cases (checkGo's options: strings only)
// and hears what checkGo posts (see go-check.js), then
//   {type: "end", ok: true} | {type: "end", ok: false, error}
// The learner's code runs inside Go's runtime in this worker and can
// reach no JavaScript (it may import neither syscall/js nor unsafe).

import "../wasm_exec.js";
import { checkGo } from "./go-check.js";

let port = null;
let engine = null;
let started = false;

self.onmessage = (e) => {
  const msg = e.data;
  if (port || !msg || msg.type !== "go_engine" || !(msg.port instanceof MessagePort)) return;
  port = msg.port;
  engine = msg.engine;
  self.onmessage = null;
  port.onmessage = (ev) => onPageMessage(ev.data);
  port.postMessage({ type: "ready" });
};

function onPageMessage(msg) {
  if (!msg || msg.type !== "check") return;
  if (started) {
    port.postMessage({ type: "end", ok: false, error: "this worker has already checked once" });
    return;
  }
  started = true;
  checkGo(engine, String(msg.source), (m) => port.postMessage(m), checkOptions(msg.options)).then(
    () => port.postMessage({ type: "end", ok: true }),
    (err) => port.postMessage({ type: "end", ok: false, error: err && err.message ? String(err.message) : String(err) }),
  );
}

// checkOptions keeps the options checkGo reads, each a string or absent.
function checkOptions(o) {
  const out = {};
  if (!o || typeof o !== "object") return out;
  for (const k of ["harness", "learnerPackage", "signature", "cases"]) if (typeof o[k] === "string") out[k] = o[k];
  return out;
}
