// Sandbox: the pool of workers that run user code, one fresh worker per
// run with a spare kept ready. The playground's engine is one
// (page/engine.js); runAgentSandboxed keeps another.

import { Slot } from "./slot.js";
import { Run } from "./run.js";

// Sandbox runs agent loops of user-written code in workers, one fresh
// worker per run, with a spare one kept ready. Its status is "loading",
// "ready" or "failed" (with detail); onStatus(state, detail) hears every
// change.
export class Sandbox {
  constructor({ onStatus = () => {} } = {}) {
    this.onStatus = onStatus;
    this.status = "loading";
    this.detail = "";
    this.spare = null;
    const slot = Slot.start(); // the worker started with the page, if any
    // started settles when the first worker is ready (or failed to be).
    this.started = slot.ready.then(() => undefined);
    this.started.catch(() => {});
    this.adopt(slot);
  }

  setStatus(state, detail = "") {
    this.status = state;
    this.detail = detail;
    this.onStatus(state, detail);
  }

  // warm makes sure a spare worker is loading, so the next run starts at
  // once.
  warm() {
    if (!this.spare) this.adopt(Slot.start());
  }

  adopt(slot) {
    this.spare = slot;
    // A spare whose Go runtime stopped is replaced, never handed out.
    slot.onDead = () => {
      if (this.spare !== slot) return;
      this.spare = null;
      slot.terminate();
      this.warm();
    };
    slot.ready.then(
      () => {
        if (this.status !== "ready") this.setStatus("ready");
      },
      (err) => {
        if (this.spare === slot) this.spare = null;
        slot.terminate();
        if (err.lost) return this.warm(); // its frame crashed under a run
        this.setStatus("failed", err.message);
      },
    );
  }

  // takeReady hands out the spare worker: at once when it is ready (null
  // otherwise), so that a run on a warm page reaches its worker within the
  // click's own task.
  takeReady() {
    const slot = this.spare;
    if (!slot || !slot.booted || slot.dead) return null;
    this.spare = null;
    return slot;
  }

  // take hands out the spare worker once it is ready. A spare that dies
  // first (its Go runtime stopped, its frame crashed) is replaced once:
  // only a fresh worker that fails too means the engine cannot start.
  async take() {
    for (let attempt = 1; ; attempt++) {
      if (!this.spare) this.warm();
      const slot = this.spare;
      this.spare = null;
      try {
        await slot.ready;
        if (slot.dead) throw new Error(slot.dead);
        return slot;
      } catch (err) {
        slot.terminate();
        if (attempt === 2) throw err;
      }
    }
  }

  // run starts a run of request {model, tools, userMsg, maxSteps,
  // timeLimitMs, subjects?, labels?}, where subjects ({model, tools}: "The
  // model source") and labels ("the model source") name the code in errors
  // instead of the editors. handlers: onEvents(events) gets runAgent's
  // events in order, ending with a "done" event (made up here when the
  // worker had to be killed: reason "timeout", "canceled" or "crashed");
  // onCompileError ({editor, line, column, message, whole}) when an
  // editor's code is wrong (whole: the message names its subject);
  // onCodeError({editor, line, column, message, name}) where a model or
  // tool call first threw; onAsk({step, messages, tools}) when a person is
  // to answer a model call (request.drive {kind: "person"}; see
  // worker/drive.js), answered with run.answer(action);
  // onApprovalAsk({step, call, name, id?, args}) when a tool call waits for
  // a person's decision (worker/approve.js; request.approvals replays
  // decisions made before), answered with run.decide(decision, always);
  // onEnd() once, last.
  // It returns the run; run.stop() cancels it.
  run(request, handlers) {
    const run = new Run(this, request, handlers);
    run.begin();
    return run;
  }

  // grade checks the Exercise's loop in the same kind of worker, under the
  // same watchdog: request {source, cases, timeLimitMs, level?,
  // barrierWaitMs?, reference?}, where the time limit applies to each
  // case; level 2 plays the follow-ups' cases (worker/grade-followups.js)
  // and reference plays them on the real loop instead of source. handlers: onCase(index, observed) for each
  // case the loop ran (see worker/grade.js); onCompileError as for run;
  // onEvents([done]) when the worker had to be killed (a case that ran
  // away is named in done.call); onEnd() once, last.
  grade(request, handlers) {
    const run = new Run(this, { ...request, job: "grade" }, handlers);
    run.begin();
    return run;
  }
}
