// The Go Exercise's Check: grades loop.go through exercise/go-sandbox.js
// (the real Go compiler and linker in a sandboxed worker, agenttest's own
// checker) and shows it as the JavaScript Exercise does: "N of M cases
// pass", each failing case with agenttest's first difference and what the
// loop printed during it, a banner when a case ran away or the program
// crashed, and the compiler's errors under the editor and on their lines
// (nothing is graded then). The first Check downloads the engine: its
// progress shows in the summary.
//
// At level 2 loop.go is an agenttest.FollowUpLoop, graded by the level-2
// harness, and each follow-up shows whether it passes with agenttest's
// first difference, as the JavaScript level 2 does. In interview mode the
// cases are drawn anew at each Check (exercise/interview.js, with the
// expectations of the real loop in the page) and handed to the harness;
// only "N of M cases pass" shows until the interview ends.

import { h, setDisabled } from "../util/dom.js";
import { DEFAULT_TIME_LIMIT_MS, checkTimeLimit } from "../lib/run-inputs.js";
import { FOLLOW_UP_MIN_LIMIT_MS, followUpVerdicts, renderFollowUps } from "./level.js";
// Static: go-sandbox.js imports the library by its served URL, which only
// the page's entry bundle may (page/engine.js). It fetches nothing until a
// Check.
import { checkGoSandboxed } from "./go-sandbox.js";

export class GoCheckView {
  // language: the Language (exercise/language.js); els: the Exercise's
  // {check, stop, summary, banner, failures, followUps}; limitField: the
  // Time limit field, the ms a case may take; onOpen(c) opens case c in the playground;
  // onEnd() hears a Check's end. The Exercise attaches itself (attach):
  // its level, its interview, its cases and its progress.
  constructor({ language, els, limitField, onOpen, onEnd = () => {} }) {
    Object.assign(this, { language, els, limitField, onOpen, onEnd });
    this.exercise = null;
    this.job = null;
    this.status = ""; // what the Check in flight is doing
    // {level, passed, total, checked, failures, verdicts, followUps,
    // stopped, compileError, outputs, restored?}
    this.last = null;
  }

  // attach joins the Exercise; restored is the Go count its progress
  // kept ({passed, total, level}), shown until the next Check.
  attach(exercise, restored) {
    this.exercise = exercise;
    if (restored && restored.total > 0) this.last = { ...emptyResult(restored.level), passed: restored.passed, total: restored.total, restored: true };
  }

  // forget drops the last Check (the level changed: it was of other cases).
  forget() {
    this.last = null;
  }

  active() {
    return this.language.isGo();
  }

  async check() {
    if (this.job) return;
    const ex = this.exercise;
    const level = ex.gradedLevel;
    const source = this.language.source;
    this.language.showErrors([]);
    const result = emptyResult(level);
    const byIndex = new Map();
    // While the cases load (and an interview draws them), Stop ends the
    // Check before it starts.
    let stopped = false;
    this.job = { stop: () => (stopped = true), done: null };
    this.status = ex.interview ? "Drawing fresh cases…" : "Starting the Go engine…";
    this.render();
    let cases;
    try {
      const loaded = await ex.loadCases(level);
      result.followUps = loaded.followUps;
      result.total = loaded.cases.length;
      if (ex.interview) {
        const drawn = await ex.interview.draw(level, loaded);
        result.total = drawn.length;
        cases = JSON.stringify(level === 2 ? groupByFollowUp(loaded.followUps, drawn) : drawn);
      }
    } catch (err) {
      result.stopped = { reason: "failed", error: err.message };
    }
    if (stopped || result.stopped) {
      if (stopped) result.stopped = { reason: "canceled" };
      return this.finish(result, source);
    }
    const limit = checkTimeLimit(this.limitField.value).value ?? DEFAULT_TIME_LIMIT_MS;
    this.caseLimit = level === 2 ? Math.max(limit, FOLLOW_UP_MIN_LIMIT_MS) : limit;
    this.status = "Starting the Go engine…";
    this.job = checkGoSandboxed(source, {
      level,
      cases,
      caseTimeLimitMs: this.caseLimit,
      onProgress: (p) => {
        this.status = p.phase === "download" ? `Downloading the Go compiler: ${mb(p.loaded)} of ${mb(p.total)} (once; the browser keeps it)…` : "Preparing the Go compiler…";
        this.render();
      },
      onMessage: (msg) => this.hear(msg, result, byIndex),
    });
    this.render();
    await this.job.done;
    this.finish(result, source);
  }

  // finish ends a Check: its result is the last, the progress and an
  // interview hear of it.
  finish(result, source) {
    this.job = null;
    this.last = result;
    const ex = this.exercise;
    ex.onProgress(ex.progress);
    if (ex.interview) {
      const failures = result.failures.map((f) => ({ failure: { text: f.difference } }));
      ex.interview.checked({ ...result, failures }, source, result.compileError);
    }
    ex.render();
    this.onEnd();
  }

  stop() {
    if (this.job) this.job.stop();
  }

  hear(msg, result, byIndex) {
    switch (msg.type) {
      case "phase":
        this.status = { compile: "Compiling your loop with the Go compiler…", link: "Linking…", run: "Running your loop on every case…" }[msg.phase] || this.status;
        break;
      case "compile_error":
        result.compileError = true;
        this.language.showErrors(msg.errors || []);
        break;
      case "case_start":
        byIndex.set(msg.index, msg.name);
        this.status = `Running case ${msg.index + 1}: ${msg.name}…`;
        break;
      case "output":
        result.outputs.set(msg.index, (result.outputs.get(msg.index) || "") + msg.text);
        break;
      case "case_end":
        result.checked++;
        result.verdicts.push({ c: { name: msg.name, followUp: msg.followUp }, failure: msg.passed ? null : { text: msg.difference || "" } });
        if (msg.passed) result.passed++;
        else result.failures.push({ index: msg.index, name: msg.name, difference: msg.difference || "", panicAt: msg.panicAt || "" });
        break;
      case "crashed":
        result.stopped = { reason: "crashed", error: msg.at ? `${msg.message} (at ${msg.at})` : msg.message, name: byIndex.get(msg.index) };
        break;
      case "timeout":
        result.stopped =
          msg.index < 0
            ? { reason: "timeout", error: `your package's initialization (init and package-level variables), before the first case, did not finish within ${this.caseLimit} ms` }
            : { reason: "timeout", error: `case "${msg.name}" did not finish within ${this.caseLimit} ms`, name: msg.name };
        break;
      case "failed":
        result.stopped = msg.error === "stopped" ? { reason: "canceled" } : { reason: "failed", error: msg.error };
        break;
      case "done":
        if (Number.isInteger(msg.total)) result.total = msg.total;
        break;
    }
    this.render();
  }

  // shown is the last Check when it is of the level shown, and may be
  // shown in full: not during a Check, nor in an interview.
  shown() {
    const last = this.last;
    return !this.job && last && !last.compileError && !last.restored && last.level === this.exercise.level && !this.exercise.interview ? last : null;
  }

  render() {
    const { els } = this;
    setDisabled(els.check, this.job !== null);
    setDisabled(els.stop, this.job === null);
    els.summary.textContent = this.summary();
    this.renderBanner();
    this.renderFailures();
    const last = this.shown();
    renderFollowUps(els.followUps, last && last.level === 2 ? followUpVerdicts(last.followUps, last.verdicts) : []);
  }

  summary() {
    if (this.job) return this.status;
    const last = this.last;
    if (!last) return "Press Check to compile your loop.go and run it on every case of agenttest.";
    if (last.level !== this.exercise.level && !this.exercise.interview) return "Press Check to compile your loop.go and run it on every case of this level.";
    if (last.compileError) return "Your loop.go does not compile (the Go compiler's errors are under the editor): fix it, then press Check.";
    if (last.stopped && last.stopped.reason === "failed") return "The cases could not be checked.";
    const total = last.total;
    const counts = `${last.passed} of ${total || "?"} cases pass`;
    if (this.exercise.interview && !last.stopped) return `${counts}. The cases stay hidden until the interview ends.`;
    if (last.restored && last.passed === total) return `${counts} (at your last Check): your loop did what agent.Run does on every case.`;
    if (last.restored) return `${counts} (at your last Check; press Check to see the differences).`;
    if (last.stopped) return `${counts}: the check stopped after ${last.checked} of ${total || "?"}.`;
    if (last.passed === total) return `${counts}. Your loop does what agent.Run does on every case.`;
    if (last.level === 2) return `${counts}. Each follow-up is below, with agenttest's first difference of those that fail.`;
    return `${counts}. agenttest's first difference of each failing case is below.`;
  }

  renderBanner() {
    const el = this.els.banner;
    const stopped = !this.job && this.last && !this.last.compileError && !this.last.restored && this.last.stopped;
    if (!stopped) {
      el.hidden = true;
      el.replaceChildren();
      delete el.dataset.reason;
      return;
    }
    const words = {
      timeout: ["Your loop ran away", `${upperFirst(stopped.error)}. The Go worker running it was stopped and replaced; your code is kept, and the cases after that one were not checked.`],
      crashed: ["Your loop crashed", `${stopped.name ? `During case "${stopped.name}": ` : ""}${stopped.error}. Your code is kept; the cases after that one were not checked.`],
      canceled: ["You stopped the check", `You stopped the check after ${this.last.checked} cases; your code is kept.`],
      failed: ["The check failed", `The Go check ended early: ${stopped.error}.`],
    }[stopped.reason];
    el.dataset.reason = stopped.reason;
    el.replaceChildren(h("p", { className: "banner-title" }, h("strong", { text: words[0] })), h("p", { className: "banner-cause", text: words[1] }));
    el.hidden = false;
  }

  renderFailures() {
    const list = this.els.failures;
    const last = this.shown();
    const failures = last ? last.failures : [];
    list.replaceChildren(...failures.map((f, i) => this.failureView(f, i, last.outputs.get(f.index))));
    list.hidden = failures.length === 0;
  }

  // failureView shows one failing case: agenttest's first difference,
  // the line a panic came from, what the loop printed, and a button that
  // opens the case in the playground (where the real loop steps through
  // it: Go loops run only in the Exercise).
  failureView(f, i, printed) {
    const headingId = `failing-case-${i + 1}`;
    // Level 1's cases open in the playground; level 2's need a loop of
    // their own (async, parallel calls), which the playground is not.
    let open = null;
    if (this.last.level === 1) {
      open = h("button", { type: "button", className: "open-case", "aria-describedby": headingId, text: "Open in playground" });
      open.addEventListener("click", async () => {
        const { cases } = await this.exercise.loadCases(1);
        const c = cases.find((x) => x.name === f.name);
        if (c) this.onOpen(c);
      });
    }
    return h(
      "li",
      { className: "case-failure", dataset: { case: f.name } },
      h(
        "details",
        { open: i === 0 },
        h("summary", {}, h("span", { id: headingId, className: "case-name", text: f.name })),
        h("p", { className: "case-diff", text: f.difference }),
        f.panicAt ? h("p", { className: "case-panic", text: `The panic came from ${f.panicAt}.` }) : null,
        h("h3", { className: "case-inputs-title", text: "What your loop printed" }),
        h("pre", { className: "case-messages case-output", text: printed || "(nothing)" }),
        open,
      ),
    );
  }
}

// emptyResult is a Check's result before it runs.
function emptyResult(level) {
  return { level, passed: 0, total: 0, checked: 0, failures: [], verdicts: [], followUps: [], stopped: null, compileError: false, outputs: new Map() };
}

// groupByFollowUp puts level 2's drawn cases back in their follow-ups, in
// order, as the level-2 harness reads them ([agenttest.FollowUp]).
function groupByFollowUp(followUps, cases) {
  return followUps
    .map((f) => ({ name: f.name, about: f.about, cases: cases.filter((c) => c.followUp === f.name) }))
    .filter((f) => f.cases.length > 0);
}

function mb(bytes) {
  return `${(Number(bytes) / (1024 * 1024)).toFixed(1)} MiB`;
}

function upperFirst(text) {
  const t = String(text || "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}
