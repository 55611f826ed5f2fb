// "Fork from here": change one answer of a past run and see the road not
// taken. The earlier model calls get exactly the answers the trace
// recorded, the chosen call gets the edited answer, and later calls go to
// the Model editor's model as usual (worker/drive.js). The forked run is
// shown instead of the original, marked where it forked; "Back to
// original" shows the original trace again, kept as it was, never re-run.
// Export JSON saves a fork with the model it really ran (run/fork-model.js),
// so that its run file runs as the fork did; a fork reopened from its
// file is marked too, with no original to go back to.

import { byId, h } from "../util/dom.js";
import { modelAnswers, parseAction } from "../run/actions.js";
import { decisions } from "../run/approvals.js";

// What the dialog starts from when the call gave no answer (it failed).
const BLANK_ANSWER = { role: "assistant", type: "final", content: "" };

export class Forker {
  constructor({ runner }) {
    this.runner = runner;
    // The run each fork made here came from; a fork opened from a file
    // has none.
    this.originals = new WeakMap();
    this.target = null; // {trace, step} the dialog forks
    this.el = {
      bar: byId("fork-bar"),
      barText: byId("fork-bar-text"),
      back: byId("back-to-original"),
      stepButton: byId("fork-step"),
      dialog: byId("fork-dialog"),
      title: byId("fork-dialog-title"),
      action: byId("fork-action"),
      error: byId("fork-error"),
    };
    this.el.back.addEventListener("click", () => this.backToOriginal());
    byId("fork-run").addEventListener("click", () => this.runFork());
    byId("fork-cancel").addEventListener("click", () => this.el.dialog.close());
    this.el.stepButton.addEventListener("click", () => {
      const t = this.runner.trace;
      if (t) this.open(t, Number(this.el.stepButton.dataset.step));
    });
  }

  // decorate adds "Fork from here" to each model answer in the transcript,
  // and marks the answer a fork changed.
  decorate(li, m, trace) {
    if (m.role !== "assistant") return;
    if (trace.forkedAt === m.step) {
      li.classList.add("forked");
      li.append(h("p", { className: "fork-mark", text: `Forked at model call ${m.step}: this answer was edited.` }));
    }
    const button = h("button", { type: "button", className: "fork-here", text: "Fork from here", dataset: { step: String(m.step) } });
    button.addEventListener("click", () => this.open(trace, m.step));
    li.append(button);
  }

  // sync follows the view: the fork bar for a forked run, and the step
  // view's button when it stands on a model call.
  sync(trace, upto) {
    const forked = trace && trace.forkedAt ? trace.forkedAt : 0;
    const original = forked ? this.originals.get(trace) : undefined;
    this.el.bar.hidden = !forked;
    this.el.back.hidden = !original;
    if (forked) {
      const text = original
        ? `Forked at model call ${forked}: the calls before it got their recorded answers, this one your edit, later ones your Model editor.`
        : `This run file is a fork, made at model call ${forked}: that answer was edited. The Model editor holds the model the fork ran, so Run runs the fork again.`;
      if (this.el.barText.textContent !== text) this.el.barText.textContent = text;
    }
    const r = this.runner;
    const e = trace && !r.running && !r.view.live && upto >= 0 ? trace.events[upto] : null;
    const call = e && (e.kind === "model_start" || e.kind === "model_end" || (e.kind === "message" && trace.message(trace.messageCount(upto) - 1).role === "assistant"));
    this.el.stepButton.hidden = !call;
    if (call) this.el.stepButton.dataset.step = String(e.step);
  }

  // open shows the dialog to edit the answer of model call step.
  open(trace, step) {
    if (this.runner.running || !(step >= 1)) return;
    this.target = { trace, step };
    const answer = modelAnswers(trace).find((a) => a.step === step);
    this.el.title.textContent = `Fork from model call ${step}`;
    this.el.action.value = JSON.stringify(answer ? answer.action : BLANK_ANSWER, null, 2);
    this.showError("");
    this.el.dialog.showModal();
    this.el.action.focus();
  }

  showError(text) {
    this.el.error.textContent = text;
    this.el.error.hidden = text === "";
  }

  runFork() {
    const target = this.target;
    if (!target || this.runner.running) return;
    const r = parseAction(this.el.action.value);
    if (r.error) {
      this.showError(r.error);
      return;
    }
    const replay = modelAnswers(target.trace)
      .filter((a) => a.step < target.step)
      .map((a) => a.action);
    replay.push(r.action);
    this.el.dialog.close();
    // A fork of a fork goes back to the run the first fork came from.
    const original = this.originals.get(target.trace) || target.trace;
    // The tool calls before the fork get the decisions they got; from the
    // forked call on, the person decides again.
    const approvals = decisions(target.trace.events, target.step);
    if (this.runner.run("live", { drive: { kind: "fork", replay }, forkedAt: target.step, approvals })) this.originals.set(this.runner.trace, original);
  }

  backToOriginal() {
    const original = this.originals.get(this.runner.trace);
    if (original) this.runner.show(original);
  }
}
