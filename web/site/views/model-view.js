// The "What the model sees" panel: at the model call in effect at the
// current phase, the exact messages array the loop passed in (its length
// and each message, the newest highlighted), and, for a Model editor that
// holds an array, the entry that answered, highlighted in the editor.

import { h } from "../util/dom.js";
import { modelCallAt, scriptEntries } from "../run/model-input.js";
import { fmtCount, pretty } from "../util/format.js";
import { PLACEHOLDER, contextOf, sentMessages } from "../run/context-window.js";

// At most this many of the newest messages are listed (a long run passes
// thousands).
const SHOWN = 12;

export class ModelView {
  // summary, list: the panel's elements; editor: the Model editor (its
  // highlightLines(from, to) marks the answering entry).
  constructor({ summary, list, editor }) {
    this.summary = summary;
    this.list = list;
    this.editor = editor;
    this.key = "";
    this.entriesFor = null; // the source scriptEntries last read
    this.entries = null;
  }

  show(trace, upto) {
    const call = trace && upto >= 0 ? modelCallAt(trace.events, upto) : null;
    const key = call ? `${trace.length}:${call.start}:${call.answered}` : "";
    if (key === this.key && trace === this.trace) return;
    this.key = key;
    this.trace = trace;
    if (!call) {
      this.summary.textContent = trace
        ? "The model has not been called yet: the loop calls it with the messages so far."
        : "At each model call, the messages the loop passes in appear here.";
      this.list.replaceChildren();
      this.editor.highlightLines(0, 0);
      return;
    }
    // With a context budget, the call got the request the loop chose.
    const context = contextOf(trace.events, call.start);
    const { sent, dropped } = sentMessages({ count: call.count, context });
    const n = sent.length;
    const entry = this.scriptEntry(trace, call.step);
    let text = `Model call ${fmtCount(call.step)} gets ${fmtCount(n)} ${n === 1 ? "message" : "messages"}`;
    const replaced = sent.filter((s) => s.replaced).length;
    if (dropped.length > 0) text += ` (${fmtCount(dropped.length)} of the transcript's ${fmtCount(call.count)} left out to fit the context budget)`;
    if (replaced > 0) text += ` (${fmtCount(replaced)} ${replaced === 1 ? "output" : "outputs"} replaced to fit the context budget)`;
    const lines = entry && (entry.line === entry.endLine ? `${entry.line}` : `${entry.line}–${entry.endLine}`);
    if (entry) text += `; entry ${call.step} of the Model array (line ${lines}) ${call.answered ? "answered" : "answers"}`;
    else if (entry === null) text += `; the Model array has no entry ${call.step}`;
    this.summary.textContent = `${text}.`;
    this.list.dataset.count = String(n);
    const from = Math.max(0, n - SHOWN);
    const items = [];
    if (from > 0) items.push(h("li", { className: "model-sees-more", text: `${fmtCount(from)} earlier messages not shown` }));
    for (let k = from; k < n; k++) {
      const { index: i, replaced: out } = sent[k];
      const m = trace.message(i);
      const shown = out ? { ...m.message, content: PLACEHOLDER } : m.message;
      const li = h(
        "li",
        { className: out ? "model-sees-msg replaced" : "model-sees-msg", dataset: { role: m.role || "", index: String(i) } },
        h("span", { className: "model-sees-index", text: i === k ? `messages[${k}]` : `messages[${k}] (transcript ${i})` }),
        h("pre", { text: pretty(shown) }),
      );
      if (k === n - 1) {
        li.classList.add("newest");
        li.setAttribute("aria-current", "true");
      }
      items.push(li);
    }
    this.list.replaceChildren(...items);
    if (entry) this.editor.highlightLines(entry.line, entry.endLine);
    else this.editor.highlightLines(0, 0);
  }

  // scriptEntry returns the array entry that answers model call k (an
  // object with its lines), null when the array has none, or undefined
  // when the model is a function or a person (Be the model), whose
  // answers are no entry of the editor's.
  scriptEntry(trace, k) {
    if (trace.modelIsPerson) return undefined;
    const src = trace.inputs && trace.inputs.model;
    if (src !== this.entriesFor) {
      this.entriesFor = src;
      this.entries = typeof src === "string" ? scriptEntries(src) : null;
    }
    if (!this.entries) return undefined;
    return this.entries[k - 1] || null;
  }
}
