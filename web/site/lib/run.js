// A Run: one run (or grade) in a sandbox worker, under the watchdog that
// runs on the page's thread, which the worker can never block.

import { toolName } from "../util/format.js";
import { afterPaint } from "../util/defer.js";
import { readEvents } from "./event-wire.js";

const STOP_GRACE_MS = 300; // a busy worker that ignores Stop this long is killed
const TICK_MIN_MS = 20;
// Until the worker's first message for this job, only the engine's own
// code runs (it loads the run's parts, on a busy machine for longer than
// a short time limit): that wait has its own, generous limit, so that the
// user's limit measures the user's code alone.
export const START_LIMIT_MS = 15000;

const EDITOR_LABELS = { model: "the Model editor's code", tools: "the Tools editor's code", loop: "Your loop's code" };

// describeCall names a call the way the transcript and the banner do;
// labels, if given, name the code of each editor instead (request.labels).
function describeCall(c, labels = EDITOR_LABELS) {
  if (c.kind === "eval") return Object.hasOwn(labels, c.editor) ? labels[c.editor] : "the editors' code";
  if (c.kind === "case") return `case "${c.name}"`;
  if (c.kind === "model") return `the model at step ${c.step}`;
  return `tool '${toolName(c.name)}' at step ${c.step}`;
}

export class Run {
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
    this.heard = false; // the worker has sent a message for this job
    this.timer = 0;
    this.stopTimer = 0;
    this.asked = 0; // the model call a person is answering, or 0
    this.approving = null; // the tool call a person is deciding, or null
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
    this.slot.onDead = null;
    this.slot.listener = (msg) => this.onMessage(msg);
    const { model, tools, userMsg, maxSteps, drive, approvals, toolTimeoutMs = 0, contextBudget = 0, trim = "none", source, cases, subjects, level = 1, barrierWaitMs = 0, reference = false } = this.request;
    this.t0 = this.lastMessageAt = performance.now();
    // Stop pressed before the worker was ready goes with the run, so that
    // the loop itself ends it, before it calls the model.
    this.slot.post(
      this.request.job === "grade"
        ? { type: "grade", source, cases, level, barrierWaitMs, reference }
        : { type: "run", model, tools, userMsg, maxSteps, toolTimeoutMs, contextBudget, trim, drive, approvals, subjects, stopped: this.stopping },
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
    this.slot.post({ type: "stop" });
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

  // onMessage takes one message of the worker's (lib/protocol.js's
  // workerToPage, which lib/slot.js hears). A
  // message it cannot read ends the run with why, never with an exception
  // on the page.
  onMessage(msg) {
    if (this.over) return;
    try {
      this.handle(msg);
    } catch (err) {
      this.kill("crashed", `the worker sent a message the page could not read (${msg.type}): ${err && err.message}`);
    }
  }

  handle(msg) {
    const now = performance.now();
    this.lastMessageAt = now;
    this.heard = true;
    switch (msg.type) {
      case "failed": {
        // The worker's Go runtime stopped, or its frame crashed: nothing
        // in it can answer now.
        const oldest = this.oldestCall();
        const during = msg.crashed && oldest ? ` while ${describeCall(oldest, this.request.labels)} was running` : "";
        this.kill("crashed", `${msg.error}${during}`, oldest);
        break;
      }
      case "evaluating":
        this.inflight.set("eval", { kind: "eval", editor: msg.editor, since: now });
        break;
      case "evaluated":
        this.inflight.delete("eval");
        break;
      case "compile_error":
        this.inflight.clear();
        this.end(() => this.h.onCompileError({ editor: msg.editor, line: msg.line, column: msg.column, message: msg.message, whole: msg.whole === true }));
        break;
      case "code_error":
        // A model or tool call threw: where, in the editor. The run goes
        // on; the loop reports the failure in its events.
        if (this.h.onCodeError) this.h.onCodeError({ editor: msg.editor, line: msg.line, column: msg.column, message: msg.message, name: msg.name });
        break;
      case "events": {
        this.precise = msg.precise !== false;
        const events = readEvents(msg);
        for (const e of events) this.track(e, now);
        this.h.onEvents(events);
        break;
      }
      case "case_start":
        this.inflight.set("case", { kind: "case", name: msg.name, since: now });
        break;
      case "case_end":
        this.inflight.delete("case");
        if (this.h.onCase) this.h.onCase(msg.index, msg.observed);
        break;
      case "ask":
        // A person answers this model call: the time limit is theirs to
        // take, so the watchdog waits until they answer.
        this.asked = msg.step;
        this.inflight.delete(-msg.step);
        if (this.h.onAsk) this.h.onAsk({ step: msg.step, messages: msg.messages, tools: msg.tools });
        break;
      case "approve_ask":
        // A person decides whether this tool call runs: like an answer,
        // the time is theirs, so the watchdog waits for the decision.
        this.approving = { step: msg.step, call: msg.call, name: msg.name };
        if (this.h.onApprovalAsk) this.h.onApprovalAsk({ step: msg.step, call: msg.call, name: msg.name, id: msg.id, args: msg.args });
        break;
      case "end": {
        let last = null;
        if (this.request.job === "grade") {
          if (!msg.ok) last = this.madeUpDone("crashed", msg.error, "");
        } else if (!this.sawDone) {
          // runAgent settled without a done event (it rejected before the
          // loop began): report it the way the loop would.
          const canceled = msg.name === "AbortError";
          last = this.madeUpDone(canceled ? "canceled" : "model_error", msg.ok ? "" : msg.error, msg.ok ? msg.text : "");
        }
        this.end(last && (() => this.h.onEvents([last])));
        break;
      }
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
      case "delta": {
        // A model that streams is alive while its deltas come: the time
        // limit bounds the wait for each, not the whole answer.
        const call = this.inflight.get(-e.step);
        if (call) call.since = now;
        break;
      }
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
    this.slot.post({ type: "answer", action });
  }

  // decide gives the person's decision on the tool call they were asked
  // about: decision is {decision: "approve" | "deny" | "edit", reason?,
  // args?}; always approves the tool for the rest of the run.
  decide(decision, always = false) {
    if (this.over || !this.approving) return;
    this.lastMessageAt = performance.now();
    this.approving = null;
    this.slot.post({ type: "approval", decision, always: always === true });
  }

  // check is the watchdog: it runs on the page's thread, which the worker
  // can never block.
  check() {
    if (this.over) return;
    const now = performance.now();
    // A crashed frame ends the run at once, through its workers (onCrash).
    if (!this.slot.frame.answering(now) || this.over || this.asked || this.approving) return;
    const limit = this.request.timeLimitMs;
    const oldest = this.oldestCall();
    if (!this.heard) {
      const startLimit = Math.max(limit, START_LIMIT_MS);
      if (now - this.lastMessageAt >= startLimit) this.kill("crashed", `the engine did not start the run within ${startLimit} ms`);
      return;
    }
    if (oldest && now - oldest.since >= limit) {
      const verb = oldest.kind === "eval" || oldest.kind === "case" ? "did not finish" : "did not return";
      let text = `${describeCall(oldest, this.request.labels)} ${verb} within ${limit} ms`;
      if (!this.precise && (oldest.kind === "model" || oldest.kind === "tool")) {
        // The worker was posting starts in batches: a later call may be
        // the one that hangs.
        text = `a model or tool call at or after ${describeCall(oldest, this.request.labels)} did not return within ${limit} ms (the calls were too quick to follow one by one)`;
      }
      this.kill("timeout", text, oldest);
    } else if (!oldest && now - this.lastMessageAt >= limit) {
      const after = this.lastEvent ? ` after step ${this.lastStep}` : "";
      this.kill("timeout", `the run stopped responding${after} for ${limit} ms (code outside any model or tool call kept the worker busy)`);
    }
  }

  kill(reason, error, call = null) {
    if (this.over) return;
    const done = this.madeUpDone(reason, error, "", call);
    this.end(() => this.h.onEvents([done]));
  }

  finishWith({ reason, error }) {
    const done = this.madeUpDone(reason, error, "");
    this.end(() => this.h.onEvents([done]));
  }

  // end ends the run: the worker goes and the watchdog stops first, so
  // that a handler that throws (last, then onEnd) leaves no timer behind
  // and the run ends once.
  end(last = null) {
    this.close();
    try {
      if (last) last();
    } finally {
      this.h.onEnd();
    }
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
    // The next spare starts after the page has shown this run's end: its
    // start would otherwise share the cores with that frame.
    afterPaint(() => this.engine.warm());
  }
}
