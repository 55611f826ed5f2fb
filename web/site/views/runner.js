// Runs and the view of a run. The view is a function of the trace and an
// index: render(events[0..upto]). Run shows the run live (upto follows
// the end); Step records a run first and then walks it one event (one
// phase of the loop) at a time; Back steps back through what was recorded.
//
// A render shows the transcript, the stop banner and the controls first.
// The views that follow the step position (the Loop panel's line, the
// diagram, what the model sees) come with them when the user steps and at
// the end of a run; while a run is shown live they come in a task of their
// own once the frame is painted, so that a click on Run shows the run's
// first messages without waiting for them.

import { Trace } from "../run/trace.js";
import { showBanner } from "./banner.js";
import { describeEvent } from "../run/phases.js";
import { afterPaint } from "../util/defer.js";
import { setDisabled } from "../util/dom.js";

// If a frame never comes (a hidden tab), render anyway after this long.
const RENDER_FALLBACK_MS = 250;
// While a run streams events, render at most this often: nobody reads
// thousands of messages a second, and each render costs a layout.
const LIVE_RENDER_MS = 100;

export class Runner {
  // engine: the Engine; transcript, loopPanel: the views; els: the
  // buttons and outputs; inputs(): the run's inputs, or null when a field
  // is invalid (it shows why); key(inputs): what makes two runs the same;
  // onStart(): before each run; onCompileError(err): an editor's error;
  // onCodeError(err): where a model or tool call threw;
  // onRender(trace, upto, view): after each render, for the views that
  // follow the step position (the diagram, what the model sees);
  // recorded(): the approval decisions a run of the code shown makes
  // without asking (page/code-state.js).
  constructor({ engine, transcript, loopPanel, els, inputs, key, onStart, onCompileError, onCodeError = () => {}, onRender = () => {}, recorded = () => [] }) {
    this.engine = engine;
    this.recorded = recorded;
    this.transcript = transcript;
    this.loopPanel = loopPanel;
    this.els = els;
    this.inputs = inputs;
    this.key = key;
    this.onStart = onStart;
    this.onCompileError = onCompileError;
    this.onCodeError = onCodeError;
    this.onRender = onRender;
    this.startAt = 0; // the phase a recording opens at (#phase=N)
    this.trace = null;
    this.current = null; // the run in flight
    this.view = { live: true, index: -1, recording: false };
    this.frame = 0;
    this.fallback = 0;
    this.throttle = 0;
    this.lastRender = 0;
    this.pendingViews = null; // {when, cancel}: the views' render to come
    // What subscribe added: each hears every render.
    this.viewers = [];
    // approval shows a tool call that waits for the person's decision
    // (views/approval.js): show(ask, run) and hide().
    this.approval = null;
    this.render();
  }

  get running() {
    return this.current !== null;
  }

  // run starts a run shown live. mode "record" starts one for Step.
  // how: {drive, onAsk, onEnd, forkedAt, approvals} for runs whose model
  // calls are answered by a person or replayed (see worker/drive.js), and
  // whose first tool calls' decisions are replayed (approvals, see
  // worker/approve.js); forkedAt marks
  // the trace as forked at that model call (and keeps the answers it
  // replays as forkReplay, for its run file), and a person's answers mark
  // it modelIsPerson (no Model editor entry answers its calls).
  //
  // subscribe has fn(trace, upto) hear every render, after those added
  // before it (time travel's views, then the lesson's, "As a real API"'s),
  // and returns what stops it.
  subscribe(fn) {
    this.viewers.push(fn);
    return () => {
      this.viewers = this.viewers.filter((v) => v !== fn);
    };
  }

  // A run that cannot start because a field's value is wrong (inputs()
  // shows why) starts nothing and leaves the run shown as it was. When an
  // editor's code is wrong (onCompileError shows why), the view shows that
  // error alone: the run shown before, its stop banner with it, was made
  // by other code than the editors now hold, and beside the error would
  // read as this code's result.
  run(mode = "live", how = {}) {
    if (this.current) return false;
    const inputs = this.inputs();
    if (!inputs) return false;
    const before = { trace: this.trace, view: this.view };
    let wrongCode = false;
    const trace = new Trace(inputs);
    if (how.forkedAt) Object.assign(trace, { forkedAt: how.forkedAt, forkReplay: how.drive.replay });
    if (how.drive && how.drive.kind === "person") trace.modelIsPerson = true;
    this.trace = trace;
    this.view = mode === "record" ? { live: false, index: 0, recording: true } : { live: true, index: -1, recording: false };
    // The run goes to its worker first, and the page's own work for the
    // click (onStart, the render) happens while the worker runs it.
    // A run of code that came with approval decisions (a share link's)
    // makes them again; a Fork brings its own, and a person answering
    // the model calls takes another road.
    const approvals = how.approvals ?? (how.drive ? [] : this.recorded());
    const request = { ...inputs, ...(how.drive ? { drive: how.drive } : {}), ...(approvals.length > 0 ? { approvals } : {}) };
    const run = this.engine.run(request, {
      onEvents: (events) => {
        const first = trace.length === 0;
        trace.push(events);
        // The run's first messages show at once: a click on Run answers
        // within a frame. Later ones come at the live throttle's pace.
        if (first) this.render({ views: "painted" });
        else this.schedule();
      },
      onCompileError: (err) => {
        wrongCode = true;
        this.onCompileError(err);
      },
      onAsk: how.onAsk,
      onApprovalAsk: (ask) => {
        if (this.approval) this.approval.show(ask, run);
      },
      onCodeError: (err) => this.onCodeError(err),
      onEnd: () => {
        this.current = null;
        if (this.approval) this.approval.hide();
        if (trace.length === 0) {
          // Nothing ran (a run that was stopped or killed still ends with
          // its done event).
          this.trace = wrongCode ? null : before.trace;
          this.view = wrongCode ? { live: true, index: -1, recording: false } : before.view;
        } else if (this.view.recording) {
          this.view = { live: false, index: Math.min(this.startAt, trace.length - 1), recording: false };
        }
        this.startAt = 0;
        this.setRunning(false);
        // The end shows at once, not after the live throttle's wait, and
        // every view with it.
        this.render();
        if (how.onEnd) how.onEnd(this.trace === trace);
      },
    });
    this.current = run;
    this.onStart();
    this.setRunning(true);
    this.render({ views: "first" });
    return true;
  }

  stop() {
    if (this.current) this.current.stop();
  }

  // show shows a trace recorded before (a run file, the original of a
  // fork) as a finished run: nothing runs.
  show(trace) {
    if (this.current) return false;
    this.trace = trace;
    this.view = { live: true, index: -1, recording: false };
    this.render();
    return true;
  }

  // stale reports whether the shown trace was made from other inputs than
  // the fields hold now.
  stale() {
    if (!this.trace) return true;
    const now = this.inputs({ quiet: true });
    return !now || this.key(now) !== this.key(this.trace.inputs);
  }

  step() {
    const t = this.trace;
    if (this.current) {
      if (this.view.recording) return;
      // Stepping during a live run pins the view where it is.
      if (this.view.live) this.view = { live: false, index: Math.max(0, t.length - 1), recording: false };
      else this.view.index = Math.min(this.view.index + 1, t.length - 1);
    } else if (!t || t.length === 0 || this.stale()) {
      this.run("record");
      return;
    } else if (this.view.live) {
      this.view = { live: false, index: 0, recording: false };
    } else {
      this.view.index = Math.min(this.view.index + 1, t.length - 1);
    }
    this.render();
  }

  // goTo shows phase index (0-based) of the recorded run: Home, End, a
  // click on a message or on the diagram.
  goTo(index) {
    const t = this.trace;
    if (!t || t.length === 0 || this.view.recording) return;
    this.view = { live: false, index: Math.max(0, Math.min(index, t.length - 1)), recording: false };
    this.render();
  }

  // recordAt records a run for Step and opens it at phase index.
  recordAt(index) {
    this.startAt = index;
    if (!this.run("record")) this.startAt = 0;
  }

  back() {
    const t = this.trace;
    if (!t || t.length === 0 || this.view.recording) return;
    if (this.view.live) this.view = { live: false, index: Math.max(0, t.length - 2), recording: false };
    else this.view.index = Math.max(0, this.view.index - 1);
    this.render();
  }

  // clear forgets the shown run (a new example was picked).
  clear() {
    if (this.current) return;
    this.trace = null;
    this.view = { live: true, index: -1, recording: false };
    this.render();
  }

  setRunning(on) {
    document.body.dataset.running = on ? "true" : "false";
    this.els.list.setAttribute("aria-busy", on ? "true" : "false");
  }

  // schedule renders once per frame, however many events arrive: a fast
  // run sends thousands of events per frame.
  // soon skips the wait between renders of a streaming run (the
  // transcript has more to build).
  schedule(soon = false) {
    if (this.frame || this.throttle) return;
    const wait = this.current && !soon ? this.lastRender + LIVE_RENDER_MS - performance.now() : 0;
    if (wait > 0) {
      this.throttle = setTimeout(() => {
        this.throttle = 0;
        this.schedule();
      }, wait);
      return;
    }
    this.frame = requestAnimationFrame(() => this.render({ views: "painted" }));
    this.fallback = setTimeout(() => this.render({ views: "painted" }), RENDER_FALLBACK_MS);
  }

  upto() {
    const t = this.trace;
    if (!t) return -1;
    if (this.view.recording) return -1;
    if (this.view.live) return t.length - 1;
    return Math.min(this.view.index, t.length - 1);
  }

  // render shows events[0..upto]. views says when the views that follow
  // the step position catch up: "now"; "painted", once this frame is
  // painted (a live run's renders); "first", with the run's first messages,
  // at once on a warm page, or after LIVE_RENDER_MS (a click on Run).
  render({ views = "now" } = {}) {
    if (this.frame) cancelAnimationFrame(this.frame);
    clearTimeout(this.fallback);
    clearTimeout(this.throttle);
    this.frame = this.throttle = 0;
    this.lastRender = performance.now();
    const t = this.trace;
    const upto = this.upto();
    const els = this.els;
    if (this.transcript.show(t, upto, this.current !== null && this.view.live)) this.schedule(true);
    showBanner(els.banner, t ? t.doneUpTo(upto) : null);

    const e = t && upto >= 0 ? t.events[upto] : null;
    let detail = e ? describeEvent(e) : "Run or Step, and the line of each phase lights up here.";
    if (!e && this.current) {
      detail = this.engine.status === "ready" ? "Evaluating the editors' code…" : "The run starts when the engine is ready…";
    }
    if (els.phaseDetail.textContent !== detail) els.phaseDetail.textContent = detail;

    let position = "";
    // The run bar is in view in every layout (the Loop panel is a tab of
    // its own on a phone): a run that waits for the engine says so here.
    if (!e && this.current && this.engine.status !== "ready") position = "The run starts when the engine is ready…";
    else if (this.view.recording) position = "Recording the run…";
    else if (!this.view.live && t && t.length) position = `Phase ${upto + 1} of ${t.length}`;
    if (els.position.textContent !== position) els.position.textContent = position;

    this.controls(upto);
    for (const viewer of this.viewers) viewer(t, upto);
    if (views === "now") this.renderViews();
    else this.scheduleViews(views);
  }

  // scheduleViews has the views render at the time render's views names,
  // or sooner when a render already asked for sooner.
  scheduleViews(when) {
    const pending = this.pendingViews;
    if (pending && (pending.when === "painted" || when === "first")) return;
    if (pending) pending.cancel();
    const run = () => {
      this.pendingViews = null;
      this.renderViews();
    };
    let cancel;
    if (when === "painted") {
      cancel = afterPaint(run);
    } else {
      const timer = setTimeout(run, LIVE_RENDER_MS);
      cancel = () => clearTimeout(timer);
    }
    this.pendingViews = { when, cancel };
  }

  // renderViews brings the views that follow the step position up to date
  // with what render showed last.
  renderViews() {
    if (this.pendingViews) this.pendingViews.cancel();
    this.pendingViews = null;
    const t = this.trace;
    const upto = this.upto();
    const e = t && upto >= 0 ? t.events[upto] : null;
    this.loopPanel.show((e && e.phase) || "");
    this.onRender(t, upto, this.view);
  }

  // controls updates which buttons are available; page/app.js calls it after
  // each edit too, since an edit makes Step record anew.
  controls(upto = this.upto()) {
    const t = this.trace;
    const els = this.els;
    const running = this.current !== null;
    setDisabled(els.run, running);
    setDisabled(els.stop, !running);
    setDisabled(els.back, !t || t.length === 0 || this.view.recording || (!this.view.live && upto <= 0));
    // At the last phase Step has nothing left to show, unless the code
    // changed since: then it records a new run.
    const atEnd = !running && t && !this.view.live && upto >= t.length - 1;
    setDisabled(els.step, this.view.recording || (atEnd && !this.stale()));
    const hasMessages = !!t && t.messagePos.length > 0;
    // A run file holds a finished run: Export JSON waits for the end.
    setDisabled(els.exportJson, !hasMessages || running);
    setDisabled(els.copyMarkdown, !hasMessages);
  }
}
