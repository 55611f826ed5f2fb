// The "Compare runs" region: the run shown beside the run shown before it
// (a fork's original, the run before an opened run file, the run before
// a Run with other code), aligned by model call (compare/align.js). The
// row of the model call at the step position is marked, so Step and Back
// move both sides together. Built from the two traces only; the DOM gets
// text through textContent.

import { h } from "../util/dom.js";
import { modelCallAt } from "../run/model-input.js";
import { alignRuns, gainedText } from "./align.js";

export class CompareView {
  // section: the region's (empty) element.
  constructor(section) {
    this.section = section;
    this.pair = null; // {a, b, aName, bName}: the runs compared
    this.aligned = null;
    this.rowsEl = [];
    const heading = h("h2", { id: "compare-heading", text: "Compare runs" });
    this.close = h("button", { type: "button", id: "compare-close", text: "Close comparison" });
    this.first = h("p", { id: "compare-first", className: "compare-first", "aria-live": "polite" });
    this.list = h("ol", { id: "compare-rows", className: "compare-rows", "aria-label": "Model calls of the two runs" });
    section.setAttribute("aria-labelledby", heading.id);
    section.replaceChildren(h("div", { className: "panel-head" }, heading, h("div", { className: "panel-actions" }, this.close)), this.first, this.list);
    section.hidden = true;
    this.close.addEventListener("click", () => this.stop());
  }

  get comparing() {
    return this.pair !== null;
  }

  // start compares run a (shown) with run b (the one before it). apart:
  // neither run is the runner's (a failing case's two runs): the
  // comparison stays while the runner shows no run.
  start(a, b, names, { apart = false } = {}) {
    this.pair = { a, b, apart, ...names };
    this.section.hidden = false;
    try {
      this.aligned = alignRuns(a, b);
      this.rowsEl = this.aligned.rows.map((row) => this.row(row));
    } catch (err) {
      // A run file's values nested too deep to put in words.
      this.first.textContent = `These runs cannot be compared (${err && err.message}).`;
      this.rowsEl = [];
      this.list.replaceChildren();
      return;
    }
    this.first.textContent = this.aligned.first
      ? `${this.aligned.first} (${names.aName} vs ${names.bName}).`
      : `The two runs' messages are the same (${names.aName} and ${names.bName}).`;
    this.list.replaceChildren(...this.rowsEl);
    this.section.scrollIntoView({ block: "nearest" });
  }

  stop() {
    this.pair = null;
    this.section.hidden = true;
    this.list.replaceChildren();
  }

  row(row) {
    const side = (step, name) =>
      h(
        "div",
        { className: "compare-side" },
        h("span", { className: "compare-side-name", text: name }),
        step
          ? h("ul", {}, ...step.gained.map((m) => h("li", { dataset: { role: m.role }, text: gainedText(m) })))
          : h("p", { className: "hint", text: "no model call here: the run had ended" }),
      );
    return h(
      "li",
      { className: row.same ? "compare-row" : "compare-row differs", dataset: { call: String(row.call) } },
      h("h3", { text: `Model call ${row.call}${row.same ? "" : " (differs)"}` }),
      side(row.a, this.pair.aName),
      side(row.b, this.pair.bName),
    );
  }

  // show follows the step position: the row of the model call in effect
  // at events[0..upto] of the run shown is marked on both sides.
  show(trace, upto) {
    if (!this.pair) return;
    if (this.pair.apart && !trace) return; // its runs are not the runner's to show
    if (trace !== this.pair.a && trace !== this.pair.b) {
      // Another run is shown now: this comparison is of runs not shown.
      this.stop();
      return;
    }
    const at = trace && upto >= 0 ? modelCallAt(trace.events, upto) : null;
    const k = at ? at.step : 0;
    this.rowsEl.forEach((li, i) => {
      if (i + 1 === k) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
  }
}
