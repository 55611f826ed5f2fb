// The Web Worker that runs user code: it starts the Go engine (main.wasm,
// which installs globalThis.runAgent), turns the editors' source into a
// model and tools, and runs them, posting the run's events to the page.
//
// Bundled by make build into dist/worker.js, one classic script with
// wasm_exec.js in it: the sandbox frame (sandbox/main.js) starts it from a blob:
// URL that importScripts it, because the frame's origin is opaque and a
// module worker from the site would need CORS. What a run needs besides
// the engine (the parser, the event outbox) is evaluated once the engine
// is ready, off the cold start's path; the realm is frozen as the worker
// starts, while the frame still compiles main.wasm (worker/harden.js).
//
// Each worker serves a single run: the page starts a fresh one for every
// run, so nothing a run leaves behind (timers, globals, a patched
// Array.prototype) can leak into the next, and killing a runaway worker
// never loses anything the next run needs.
//
// The page talks to this worker over a private MessageChannel: its first
// message, the only one read from self.onmessage, carries one port, and
// every message after it, both ways, goes through that port. The port
// lives in this module's scope, which the editors' code (evaluated with
// indirect eval, in global scope) cannot reach, so user code calling
// self.postMessage reaches no handler of the page's, and nothing it sends
// to self is heard as the page's. The port is read and written only with
// built-ins captured before user code runs, and worker/harden.js freezes
// the realm before any does: a getter user code put on
// MessageEvent.prototype.data would otherwise be handed the page's next
// message and, through its event, the port.
//
// Its messages are lib/protocol.js's frameToWorker (engine: main.wasm
// compiled, and the port for everything after), pageToWorker and
// workerToPage (with worker/outbox.js, worker/drive.js, worker/approve.js
// and the graders). A run message's stopped says Stop came before the run
// did (the loop then ends it at its first check), its drive who answers
// the model calls (worker/drive.js), its approvals the decisions made
// before, for tools that need approval (worker/approve.js); code_error is
// the first error a model or tool call threw, where in its editor (the
// run goes on: the loop reports the failure); failed, that the Go runtime
// stopped: this worker can run nothing more, and a run in it ends with
// error.

import "../wasm_exec.js";
import { CHANNELS, heard } from "../lib/protocol.js";

// When this module began, for the timings the "ready" message carries.
const startedAt = performance.now();

// How long Go's main may take to install runAgent after it starts.
const READY_TIMEOUT_MS = 10000;

// The page's end of the private channel, set by the engine message.
let port = null;
// Built-ins are read now, before any user code runs: code that replaces
// MessagePort.prototype.postMessage or Reflect.apply later must not get
// hold of the port.
const portPost = MessagePort.prototype.postMessage;
const readData = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data").get;
const apply = Reflect.apply;

// send posts msg to the page over the private channel.
function send(msg) {
  if (port) apply(portPost, port, [msg]);
}

// Why the Go runtime stopped, once it has: nothing calls into Go after.
let goStopped = "";

// Stop may arrive while the editors' code is still being evaluated; the
// run then starts already aborted and the loop ends it at once.
const controller = new AbortController();
let started = false;
// What a run needs besides the engine, loaded after "ready", and the
// same once loaded.
let runParts = null;
let runPartsLoaded = null;

// The realm is frozen before the page hears "ready": a run posted then
// starts its time limit at once, and freezing it is no part of the user's
// code's time. It is frozen now, as the worker starts, while the frame is
// still compiling main.wasm, so that the cold start does not wait for it.
let hardenedAt = 0;
const hardened = import("./harden.js").then(({ hardenRealm }) => {
  hardenRealm();
  hardenedAt = performance.now();
});
hardened.catch(() => {}); // boot reports it

self.onmessage = (e) => {
  const msg = e.data;
  if (port || !heard(CHANNELS.frameToWorker, msg) || msg.type !== "engine" || !(msg.port instanceof MessagePort)) return;
  port = msg.port;
  // The first message is the only one taken from self: later ones (user
  // code can post to itself) are not the page's.
  self.onmessage = null;
  port.onmessage = (ev) => onPageMessage(apply(readData, ev, []));
  boot(msg);
};

function onPageMessage(msg) {
  if (!heard(CHANNELS.pageToWorker, msg)) return;
  switch (msg.type) {
    case "run":
      if (started) {
        send({ type: "end", ok: false, error: "this worker has already run once" });
        return;
      }
      started = true;
      if (msg.stopped) controller.abort();
      run(msg);
      break;
    case "grade":
      if (started) {
        send({ type: "end", ok: false, error: "this worker has already run once" });
        return;
      }
      started = true;
      grade(msg);
      break;
    case "stop":
      controller.abort();
      break;
    case "answer":
      if (runPartsLoaded) runPartsLoaded.answerModel(msg.action);
      break;
    case "approval":
      if (runPartsLoaded) runPartsLoaded.answerApproval(msg);
      break;
  }
}

// loadRunParts loads what a run needs besides the engine. The realm is
// frozen already (boot, before "ready"; worker/harden.js).
function loadRunParts() {
  if (!runParts) {
    runParts = Promise.all([import("./compile.js"), import("./outbox.js"), import("./drive.js"), import("./grade.js"), import("./grade-followups.js"), import("./reference-loops.js"), import("./approve.js")]).then(
      ([compile, outbox, drive, grade, followUps, reference, approve]) => {
        // The real loop is taken out of user code's reach: the Exercise's
        // loop must be the learner's own, not a call of the real one.
        const runAgent = self.runAgent;
        delete self.runAgent;
        runPartsLoaded = { ...compile, runAgent, driveModel: drive.driveModel, answerModel: drive.answerModel, gradeLoop: grade.gradeLoop, gradeFollowUps: followUps.gradeFollowUps, referenceLoops: reference.referenceLoops(runAgent), Outbox: outbox.Outbox, approvalTools: approve.approvalTools, makeApprover: approve.makeApprover, answerApproval: approve.answerApproval };
        return runPartsLoaded;
      },
    );
  }
  return runParts;
}

async function boot(msg) {
  const { module } = msg;
  // Times are ms since the page's time origin, so they line up with the
  // page's own performance entries.
  const shift = performance.timeOrigin - (msg.timeOrigin || performance.timeOrigin);
  const at = (t) => Math.round((t + shift) * 10) / 10;
  const timing = { started: at(startedAt), posted: msg.postedAt, engineMessage: at(performance.now()) };
  try {
    const go = new Go();
    const instance = await WebAssembly.instantiate(module, go.importObject);
    timing.instantiated = at(performance.now());
    // go.run settles only when Go's program ends (the bridge keeps it
    // running): a runtime that stops (a fatal error, an exit) fails this
    // worker at once, so the page ends the run with why, not with its
    // watchdog's "did not return" after the time limit.
    go.run(instance).then(
      () => stopped("the Go program exited"),
      (err) => stopped(describe(err)),
    );
    await until(() => typeof self.runAgent === "function" || goStopped !== "", READY_TIMEOUT_MS);
    if (goStopped) return; // stopped() has told the page
    await hardened;
    timing.hardened = at(hardenedAt);
    timing.ready = at(performance.now());
    send({ type: "ready", timing });
    loadRunParts().then(warmUp, () => {}); // run() reports a failure
  } catch (err) {
    send({ type: "failed", error: describe(err) });
  }
}

// stopped tells the page, once, that the Go runtime has stopped.
function stopped(reason) {
  if (goStopped) return;
  goStopped = reason || "no reason given";
  send({ type: "failed", error: `the Go runtime stopped: ${goStopped}` });
}

// until resolves once cond() holds, checking after each macrotask: Go's
// main may install runAgent only after it yields once.
function until(cond, timeoutMs) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (cond()) return resolve();
      if (performance.now() - t0 > timeoutMs) {
        return reject(new Error(`main.wasm did not define runAgent within ${timeoutMs} ms`));
      }
      setTimeout(check, 1);
    };
    check();
  });
}

// warmUp runs, once, what a run runs (the parser, the evaluation, the
// loop in Go, the outbox) on code of the worker's own, before any user
// code is here: a fresh worker's first pass through each is several times
// slower than the next, and it would otherwise be the user's run that
// waits for it. Nothing of it is posted or kept.
async function warmUp(parts) {
  if (started) return;
  const model = parts.compileEditor('[\n  { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },\n  { role: "assistant", type: "final", content: "5" },\n]', "model");
  const tools = parts.compileEditor("{\n  add: ({ a, b }) => a + b,\n}", "tools");
  if (model.error || tools.error || started) return;
  const outbox = new parts.Outbox(() => {});
  try {
    await parts.runAgent(model.value, watchTools(parts, tools.value, () => {}), "warm up", { maxSteps: 3, onEvent: (event) => outbox.event(event) });
  } catch {
    // A warm-up that fails only leaves the first run slower.
  }
  outbox.flush();
}

// startJob loads what a run or a grade needs and opens its outbox; it
// ends the job and returns null when the parts cannot load.
async function startJob() {
  let parts;
  try {
    parts = await loadRunParts();
  } catch (err) {
    send({ type: "end", ok: false, error: `the worker could not load its parts: ${describe(err)}` });
    return null;
  }
  return { parts, outbox: new parts.Outbox(send) };
}

async function run({ model, tools, userMsg, maxSteps, toolTimeoutMs, contextBudget, trim, drive, approvals, subjects = {} }) {
  const job = await startJob();
  if (!job) return;
  const { parts, outbox } = job;
  const modelValue = evaluate(parts, outbox, "model", model, subjects.model);
  if (modelValue === FAILED) return;
  const toolsValue = evaluate(parts, outbox, "tools", tools, subjects.tools);
  if (toolsValue === FAILED) return;

  // The first error a call throws is placed in its editor; later ones
  // would only repeat it (a tool that fails at every step).
  let reported = false;
  const report = (err) => {
    if (reported) return;
    const where = parts.locateError(err);
    if (!where) return;
    reported = true;
    outbox.control({ type: "code_error", ...where });
  };

  try {
    const post = (msg) => outbox.control(msg);
    const driven = parts.driveModel(watchModel(parts, modelValue, report), drive, post, Object.keys(toolsValue));
    const approve = parts.makeApprover(parts.approvalTools(toolsValue), approvals, post);
    const text = await parts.runAgent(driven, watchTools(parts, toolsValue, report), userMsg, {
      ...(approve ? { approve } : {}),
      maxSteps,
      // The loop's own per-tool limit: a late tool's result becomes an
      // error the model sees, and the run goes on (0: no limit).
      ...(toolTimeoutMs > 0 ? { toolTimeoutMs } : {}),
      // The most tokens a model call may be sent, by the loop's estimate,
      // and what goes when a request is over (0: no budget).
      ...(contextBudget > 0 ? { contextBudget, trim } : {}),
      onEvent: (event) => outbox.event(event),
      signal: controller.signal,
    });
    outbox.end({ ok: true, text: String(text) });
  } catch (err) {
    outbox.end({ ok: false, error: describe(err), name: err && err.name ? String(err.name) : "" });
  }
}

// grade runs the learner's loop on the Exercise's cases of level 1 or 2;
// the page compares what it did with the real loop (exercise/case-check.js,
// exercise/followup-check.js). With reference, no code of the page's runs:
// the real loop plays the cases, for the page to read their expectations
// from (interview mode's drawn cases).
async function grade({ source, cases, level, barrierWaitMs, reference }) {
  const job = await startJob();
  if (!job) return;
  const { parts, outbox } = job;
  const loop = reference === true ? parts.referenceLoops[level === 2 ? 2 : 1] : evaluate(parts, outbox, "loop", source);
  if (loop === FAILED) return;
  const post = (msg) => outbox.control(msg);
  try {
    if (level === 2) await parts.gradeFollowUps(loop, cases, barrierWaitMs, post);
    else await parts.gradeLoop(loop, cases, post);
    outbox.control({ type: "end", ok: true });
  } catch (err) {
    outbox.control({ type: "end", ok: false, error: describe(err) });
  }
}

function watchModel(parts, model, report) {
  return typeof model === "function" ? parts.watchCalls(model, report, undefined) : model;
}

// watchTools returns a plain object of the same tools, in the same order,
// each watched for errors.
function watchTools(parts, tools, report) {
  const watched = {};
  for (const name of Object.keys(tools)) watched[name] = parts.watchCalls(tools[name], report, tools);
  return watched;
}

const FAILED = Symbol("failed");

// evaluate runs an editor's top-level code, announcing it first so that
// the page's watchdog can name it if it never finishes; subject, if given,
// names the code in its errors instead of the editor.
function evaluate(parts, outbox, editor, source, subject) {
  outbox.control({ type: "evaluating", editor });
  const result = parts.compileEditor(source, editor, typeof subject === "string" ? subject : undefined);
  if (result.error) {
    outbox.control({ type: "compile_error", editor, ...result.error });
    return FAILED;
  }
  outbox.control({ type: "evaluated", editor });
  return result.value;
}

function describe(err) {
  if (err instanceof Error) return err.message;
  try {
    return String(err);
  } catch {
    return "unknown error";
  }
}
