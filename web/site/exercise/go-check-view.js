// The Go Exercise's Check: grades loop.go through exercise/go-sandbox.js
// (the real Go compiler and linker in a sandboxed worker, agenttest's own
// checker) and shows it as the JavaScript Exercise does: "N of M cases
// pass", each failing case with agenttest's first difference and what the
// loop printed during it, a banner when a case ran away or the program
// crashed, and the compiler's errors under the editor and on their lines
// (nothing is graded then). The first Check downloads the engine: its
// progress shows in the summary.

import { h } from "../util/dom.js";
import { setDisabled } from "../views/runner.js";
// Static: go-sandbox.js reaches the sandbox through page/engine.js, which
// only the page's entry may import. It fetches nothing until a Check.
import { checkGoSandboxed } from "./go-sandbox.js";

export class GoCheckView {
  // language: the Language (exercise/language.js); els: the Exercise's
  // {check, stop, summary, banner, failures}; timeLimitMs(): the ms a
  // case may take; loadCases(): the promise of cases.json; onOpen(c)
  // opens case c in the playground; onEnd() hears a Check's end.
  constructor({ language, els, timeLimitMs, loadCases, onOpen, onEnd = () => {} }) {
    Object.assign(this, { language, els, timeLimitMs, loadCases, onOpen, onEnd });
    this.job = null;
    this.status = ""; // what the Check in flight is doing
    this.last = null; // {passed, total, checked, failures, stopped, compileError}
  }

  active() {
    return this.language.isGo();
  }

  async check() {
    if (this.job) return;
    this.language.showErrors([]);
    const result = { passed: 0, total: 0, checked: 0, failures: [], stopped: null, compileError: false, outputs: new Map() };
    const byIndex = new Map();
    this.status = "Starting the Go engine…";
    this.job = checkGoSandboxed(this.language.source, {
      caseTimeLimitMs: this.timeLimitMs(),
      onProgress: (p) => {
        this.status = p.phase === "download" ? `Downloading the Go compiler: ${mb(p.loaded)} of ${mb(p.total)} (once; the browser keeps it)…` : "Preparing the Go compiler…";
        this.render();
      },
      onMessage: (msg) => this.hear(msg, result, byIndex),
    });
    this.render();
    await this.job.done;
    this.job = null;
    this.last = result;
    this.render();
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
        if (msg.passed) result.passed++;
        else result.failures.push({ index: msg.index, name: msg.name, difference: msg.difference || "", panicAt: msg.panicAt || "" });
        break;
      case "crashed":
        result.stopped = { reason: "crashed", error: msg.at ? `${msg.message} (at ${msg.at})` : msg.message, name: byIndex.get(msg.index) };
        break;
      case "timeout":
        result.stopped = { reason: "timeout", error: `case "${msg.name}" did not finish within ${this.timeLimitMs()} ms`, name: msg.name };
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

  render() {
    const { els } = this;
    setDisabled(els.check, this.job !== null);
    setDisabled(els.stop, this.job === null);
    els.summary.textContent = this.summary();
    this.renderBanner();
    this.renderFailures();
  }

  summary() {
    if (this.job) return this.status;
    const last = this.last;
    if (!last) return "Press Check to compile your loop.go and run it on every case of agenttest.";
    if (last.compileError) return "Your loop.go does not compile (the Go compiler's errors are under the editor): fix it, then press Check.";
    if (last.stopped && last.stopped.reason === "failed") return "The cases could not be checked.";
    const total = last.total || this.caseCount || 0;
    const counts = `${last.passed} of ${total || "?"} cases pass`;
    if (last.stopped) return `${counts}: the check stopped after ${last.checked} of ${total || "?"}.`;
    if (last.passed === total) return `${counts}. Your loop does what agent.Run does on every case.`;
    return `${counts}. agenttest's first difference of each failing case is below.`;
  }

  renderBanner() {
    const el = this.els.banner;
    const stopped = !this.job && this.last && !this.last.compileError && this.last.stopped;
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
    const last = !this.job && this.last && !this.last.compileError ? this.last : null;
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
    const open = h("button", { type: "button", className: "open-case", "aria-describedby": headingId, text: "Open in playground" });
    open.addEventListener("click", async () => {
      const cases = await this.loadCases();
      const c = cases.find((x) => x.name === f.name);
      if (c) this.onOpen(c);
    });
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

function mb(bytes) {
  return `${(Number(bytes) / (1024 * 1024)).toFixed(1)} MiB`;
}

function upperFirst(text) {
  const t = String(text || "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}
