// The page's side of the worker protocol (see worker.js and
// worker-events.js): it keeps a worker warmed up with the engine (boot.js
// compiles main.wasm once and starts the workers), gives each run a fresh
// worker, and watches every model and tool call so that one that does not
// return in time gets its worker killed and named. The page's thread never
// runs user code.

import { toolName } from "./phases.js";

const STOP_GRACE_MS = 300; // a busy worker that ignores Stop this long is killed
const TICK_MIN_MS = 20;

// A Slot is one worker with its engine loading or loaded (boot.js starts
// them). Before it is ready, its messages are boot.js's business; after,
// they go to the run that took it.
class Slot {
  constructor({ worker, ready }) {
    this.worker = worker;
    this.ready = ready;
    this.listener = null;
    this.booted = false;
    ready.then(() => (this.booted = true), () => {});
    worker.addEventListener("message", (e) => {
      if (this.booted && this.listener) this.listener(e.data);
    });
    // Errors user code throws later, in its own timers, are not the run's
    // business (boot.js handles those before the engine is ready).
    worker.addEventListener("error", (ev) => ev.preventDefault());
  }

  terminate() {
    this.listener = null;
    this.worker.terminate();
  }
}

// Engine runs agent loops in workers, starting from what boot.js began:
// boot = globalThis.agentloopBoot. Its status is "loading", "ready" or
// "failed" (with detail); onStatus(state, detail) hears every change.
export class Engine {
  constructor(boot, { onStatus = () => {} } = {}) {
    if (!boot) throw new Error("boot.js has not run: index.html must load it before app.js");
    this.boot = boot;
    this.onStatus = onStatus;
    this.status = "loading";
    this.detail = "";
    this.module = boot.module;
    this.spare = null;
    this.module.catch((err) => this.setStatus("failed", `main.wasm could not be loaded: ${err.message}`));
    this.adopt(new Slot(boot.first));
  }

  setStatus(state, detail = "") {
    this.status = state;
    this.detail = detail;
    this.onStatus(state, detail);
  }

  // warm makes sure a spare worker is loading, so the next run starts at
  // once.
  warm() {
    if (!this.spare) this.adopt(new Slot(this.boot.startWorker()));
  }

  adopt(slot) {
    this.spare = slot;
    slot.ready.then(
      () => {
        if (this.status !== "ready") this.setStatus("ready");
      },
      (err) => {
        if (this.spare === slot) this.spare = null;
        slot.terminate();
        this.setStatus("failed", err.message);
      },
    );
  }

  // take hands out the spare worker: at once when it is ready (null
  // otherwise), so that a run on a warm page reaches its worker within the
  // click's own task.
  takeReady() {
    const slot = this.spare;
    if (!slot || !slot.booted) return null;
    this.spare = null;
    return slot;
  }

  // take hands out the spare worker once it is ready.
  async take() {
    if (!this.spare) this.warm();
    const slot = this.spare;
    this.spare = null;
    await slot.ready;
    return slot;
  }

  // run starts a run of request {model, tools, userMessage, maxSteps,
  // timeLimitMs}. handlers: onEvents(events) gets runAgent's events in
  // order, ending with a "done" event (made up here when the worker had to
  // be killed: reason "timeout", "canceled" or "crashed"); onCompileError
  // ({editor, line, column, message}) when an editor's code is wrong;
  // onCodeError({editor, line, column, message, name}) where a model or
  // tool call first threw; onAsk({step, messages, tools}) when a person is
  // to answer a model call (request.drive {kind: "person"}; see
  // worker-drive.js), answered with run.answer(action); onEnd() once, last.
  // It returns the run; run.stop() cancels it.
  run(request, handlers) {
    const run = new Run(this, request, handlers);
    run.begin();
    return run;
  }

  // grade checks the Exercise's loop in the same kind of worker, under the
  // same watchdog: request {source, cases, timeLimitMs}, where the time
  // limit applies to each case. handlers: onCase(index, observed) for each
  // case the loop ran (see worker-grade.js); onCompileError as for run;
  // onEvents([done]) when the worker had to be killed (a case that ran
  // away is named in done.call); onEnd() once, last.
  grade(request, handlers) {
    const run = new Run(this, { ...request, job: "grade" }, handlers);
    run.begin();
    return run;
  }
}

const EDITOR_LABELS = { model: "the Model editor's code", tools: "the Tools editor's code", loop: "Your loop's code" };

// describeCall names a call the way the transcript and the banner do.
function describeCall(c) {
  if (c.kind === "eval") return EDITOR_LABELS[c.editor];
  if (c.kind === "case") return `case "${c.name}"`;
  if (c.kind === "model") return `the model at step ${c.step}`;
  return `tool '${toolName(c.name)}' at step ${c.step}`;
}

class Run {
  constructor(engine, request, handlers) {
    this.engine = engine;
    this.request = request;
    this.h = handlers;
    this.slot = null;
    this.over = false;
    this.stopping = false;
    this.inflight = new Map(); // key -> {kind, step, name, editor, since}
    this.precise = true;
    this.lastStep = 0;
    this.lastEvent = null;
    this.sawDone = false;
    this.t0 = 0;
    this.lastMessageAt = 0;
    this.timer = 0;
    this.stopTimer = 0;
    this.asked = 0; // the model call a person is answering, or 0
  }

  async begin() {
    // One microtask's wait: the run is posted right after the click's
    // handlers, with a Stop pressed in the same task (see below).
    await null;
    try {
      this.slot = this.engine.takeReady() || (await this.engine.take());
    } catch (err) {
      this.finishWith({ reason: "crashed", error: `the engine could not start: ${err.message}` });
      return;
    }
    if (this.over) {
      this.slot.terminate();
      this.engine.warm();
      return;
    }
    this.slot.listener = (msg) => this.onMessage(msg);
    const { model, tools, userMessage, maxSteps, drive, toolTimeoutMs = 0, source, cases } = this.request;
    this.t0 = this.lastMessageAt = performance.now();
    // Stop pressed before the worker was ready goes with the run, so that
    // the loop itself ends it, before it calls the model.
    this.slot.worker.postMessage(
      this.request.job === "grade"
        ? { type: "grade", source, cases }
        : { type: "run", model, tools, userMessage, maxSteps, toolTimeoutMs, drive, stopped: this.stopping },
    );
    if (this.stopping) this.sendStop();
    const limit = this.request.timeLimitMs;
    this.timer = setInterval(() => this.check(), Math.max(TICK_MIN_MS, Math.min(100, limit / 10)));
  }

  stop() {
    if (this.over || this.stopping) return;
    this.stopping = true;
    if (this.slot) this.sendStop(); // else begin() sends it once it has a worker
  }

  sendStop() {
    this.slot.worker.postMessage({ type: "stop" });
    this.stopTimer = setTimeout(() => {
      this.kill("canceled", `canceled at step ${this.lastStep}: the worker was busy, so it was stopped and replaced`, this.oldestCall());
    }, STOP_GRACE_MS);
  }

  // oldestCall returns the call in flight the longest, or null.
  oldestCall() {
    let oldest = null;
    for (const c of this.inflight.values()) if (!oldest || c.since < oldest.since) oldest = c;
    return oldest;
  }

  onMessage(msg) {
    if (this.over) return;
    const now = performance.now();
    this.lastMessageAt = now;
    switch (msg.type) {
      case "evaluating":
        this.inflight.set("eval", { kind: "eval", editor: msg.editor, since: now });
        break;
      case "evaluated":
        this.inflight.delete("eval");
        break;
      case "compile_error":
        this.inflight.clear();
        this.h.onCompileError({ editor: msg.editor, line: msg.line, column: msg.column, message: msg.message });
        this.close();
        this.h.onEnd();
        break;
      case "code_error":
        // A model or tool call threw: where, in the editor. The run goes
        // on; the loop reports the failure in its events.
        if (this.h.onCodeError) this.h.onCodeError({ editor: msg.editor, line: msg.line, column: msg.column, message: msg.message, name: msg.name });
        break;
      case "events": {
        this.precise = msg.precise;
        const events = JSON.parse(msg.json);
        for (const e of events) this.track(e, now);
        this.h.onEvents(events);
        break;
      }
      case "case_start":
        this.inflight.set("case", { kind: "case", name: msg.name, since: now });
        break;
      case "case_end":
        this.inflight.delete("case");
        this.h.onCase(msg.index, msg.observed);
        break;
      case "ask":
        // A person answers this model call: the time limit is theirs to
        // take, so the watchdog waits until they answer.
        this.asked = msg.step;
        this.inflight.delete(-msg.step);
        if (this.h.onAsk) this.h.onAsk({ step: msg.step, messages: msg.messages, tools: msg.tools });
        break;
      case "end":
        if (this.request.job === "grade") {
          if (!msg.ok) this.h.onEvents([this.madeUpDone("crashed", msg.error, "")]);
        } else if (!this.sawDone) {
          // runAgent settled without a done event (it rejected before the
          // loop began): report it the way the loop would.
          const canceled = msg.name === "AbortError";
          this.h.onEvents([this.madeUpDone(canceled ? "canceled" : "model_error", msg.ok ? "" : msg.error, msg.ok ? msg.text : "")]);
        }
        this.close();
        this.h.onEnd();
        break;
    }
  }

  // track keeps the calls in flight, keyed by number (this runs for
  // every event of a long run): -step for the model, step * 4096 + call
  // for a tool.
  track(e, now) {
    if (e.step > this.lastStep) this.lastStep = e.step;
    this.lastEvent = e;
    switch (e.kind) {
      case "model_start":
        this.inflight.set(-e.step, { kind: "model", step: e.step, since: now });
        break;
      case "model_end":
        this.inflight.delete(-e.step);
        break;
      case "tool_start":
        this.inflight.set(e.step * 4096 + e.call, { kind: "tool", step: e.step, name: e.name, since: now });
        break;
      case "tool_end":
        this.inflight.delete(e.step * 4096 + e.call);
        break;
      case "done":
        this.sawDone = true;
        this.inflight.clear();
        break;
    }
  }

  // answer gives the person's answer to the model call they were asked.
  answer(action) {
    if (this.over || !this.asked) return;
    const now = performance.now();
    this.inflight.set(-this.asked, { kind: "model", step: this.asked, since: now });
    this.lastMessageAt = now;
    this.asked = 0;
    this.slot.worker.postMessage({ type: "answer", action });
  }

  // check is the watchdog: it runs on the page's thread, which the worker
  // can never block.
  check() {
    if (this.over || this.asked) return;
    const limit = this.request.timeLimitMs;
    const now = performance.now();
    const oldest = this.oldestCall();
    if (oldest && now - oldest.since >= limit) {
      const verb = oldest.kind === "eval" || oldest.kind === "case" ? "did not finish" : "did not return";
      let text = `${describeCall(oldest)} ${verb} within ${limit} ms`;
      if (!this.precise && (oldest.kind === "model" || oldest.kind === "tool")) {
        // The worker was posting starts in batches: a later call may be
        // the one that hangs.
        text = `a model or tool call at or after ${describeCall(oldest)} did not return within ${limit} ms (the calls were too quick to follow one by one)`;
      }
      this.kill("timeout", text, oldest);
    } else if (!oldest && now - this.lastMessageAt >= limit) {
      const after = this.lastEvent ? ` after step ${this.lastStep}` : "";
      this.kill("timeout", `the run stopped responding${after} for ${limit} ms (code outside any model or tool call kept the worker busy)`);
    }
  }

  kill(reason, error, call = null) {
    if (this.over) return;
    this.slot.terminate();
    this.h.onEvents([this.madeUpDone(reason, error, "", call)]);
    this.close();
    this.h.onEnd();
  }

  finishWith({ reason, error }) {
    this.h.onEvents([this.madeUpDone(reason, error, "")]);
    this.close();
    this.h.onEnd();
  }

  madeUpDone(reason, error, text, call = null) {
    const done = {
      kind: "done",
      step: this.lastStep,
      reason,
      text,
      steps: this.lastStep,
      ms: this.t0 ? performance.now() - this.t0 : 0,
      stepMs: [],
      madeUp: true,
    };
    if (error) done.error = error;
    if (call) {
      done.call = { kind: call.kind, step: call.step || 0, name: call.name, editor: call.editor || "" };
      // No line of the loop ended this run, but the page knows which call
      // it was waiting for: the Loop panel shows that call's line.
      if (call.kind === "model" || call.kind === "tool") done.phase = call.kind;
    }
    return done;
  }

  close() {
    this.over = true;
    clearInterval(this.timer);
    clearTimeout(this.stopTimer);
    if (this.slot) this.slot.terminate();
    this.engine.warm();
  }
}
