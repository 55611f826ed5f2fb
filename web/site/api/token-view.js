// The token view, folded under "What the model sees": at the model call
// in effect, how many tokens its request holds against a window of the
// reader's choice (8k, 32k, 128k or a number), split by role (user,
// assistant, tool outputs, tool schemas) with the largest messages named,
// and a chart of every call's tokens across the run, so that a long run's
// growth (and a context budget's trimming) shows at a glance. The counts
// are gpt-tokenizer's (o200k, run/tokens.js), loaded the first time the
// view opens, never with the first screen; the loop's own estimate (its
// context events) and the usage a model reports are shown beside them,
// each labelled. A function of the events: view = render(events[0..i]).
// It sits with As a real API, whose tool schemas it counts.

import { h } from "../util/dom.js";
import { fmtCount } from "../util/format.js";
import { modelCalls, requestMessages } from "../run/context-window.js";

const ROLES = [
  { key: "user", label: "user" },
  { key: "assistant", label: "assistant" },
  { key: "tool", label: "tool outputs" },
  { key: "schemas", label: "tool schemas" },
];

// At most this many calls are charted; a longer run shows its latest.
const CHARTED = 200;

export class TokenView {
  // root: the <details> the view lives in; window: its window <select>;
  // custom: the number field for a window of the reader's own.
  constructor({ root, window, custom, body }) {
    this.root = root;
    this.window = window;
    this.custom = custom;
    this.body = body;
    this.parts = null; // {counter, runTools, byRole} once loaded
    this.loading = null;
    this.shown = null; // {trace, upto}
    this.key = "";
    root.addEventListener("toggle", () => {
      if (root.open) this.open();
    });
    const redraw = () => {
      this.custom.hidden = this.window.value !== "custom";
      this.key = "";
      this.render();
    };
    window.addEventListener("change", redraw);
    custom.addEventListener("input", redraw);
  }

  // open loads the tokenizer the first time, then renders.
  open() {
    if (!this.parts && !this.loading) {
      this.body.replaceChildren(h("p", { className: "tokens-note", text: "Loading the tokenizer (gpt-tokenizer, o200k)…" }));
      this.loading = Promise.all([import("gpt-tokenizer/encoding/o200k_base"), import("../run/tokens.js"), import("./at-call.js")]).then(
        ([tok, tokens, api]) => {
          this.parts = { counter: tokens.tokenCounter(tok), byRole: tokens.byRole, runTools: api.runTools };
          this.key = "";
          this.render();
        },
        (err) => {
          this.loading = null;
          this.body.replaceChildren(h("p", { className: "tokens-note", role: "alert", text: `The tokenizer did not load: ${err && err.message ? err.message : err}. Close and open Tokens to try again.` }));
        },
      );
    }
    this.render();
  }

  show(trace, upto) {
    this.shown = trace ? { trace, upto } : null;
    this.render();
  }

  windowSize() {
    if (this.window.value !== "custom") return Number(this.window.value);
    const n = Number(this.custom.value);
    return Number.isInteger(n) && n > 0 ? n : 0;
  }

  render() {
    if (!this.root.open || !this.parts) return;
    const s = this.shown;
    const key = s ? `${s.trace.length}:${s.upto}:${this.windowSize()}` : "";
    if (key === this.key && s && s.trace === this.trace) return;
    this.key = key;
    this.trace = s && s.trace;
    if (!s) {
      this.body.replaceChildren(h("p", { className: "tokens-note", text: "Run the code: each model call's tokens appear here." }));
      return;
    }
    const { trace, upto } = s;
    const calls = modelCalls(trace.events, upto);
    if (calls.length === 0) {
      this.body.replaceChildren(h("p", { className: "tokens-note", text: "The model has not been called yet." }));
      return;
    }
    const tools = this.toolsOf(trace);
    const counts = calls.map((c) => this.parts.counter.request(requestMessages(trace, c), tools));
    const call = calls[calls.length - 1];
    this.body.replaceChildren(this.callPart(trace, call, tools), this.chartPart(calls, counts));
  }

  toolsOf(trace) {
    if (this.toolsFor !== trace) {
      this.toolsFor = trace;
      this.tools = this.parts.runTools(trace);
    }
    return this.tools;
  }

  // callPart is the bar of the call in effect, its numbers as text.
  callPart(trace, call, tools) {
    const size = this.windowSize();
    const messages = requestMessages(trace, call);
    const { split, total, largest } = this.parts.byRole(this.parts.counter, messages, tools);
    const of = size > 0 ? ` of a ${fmtCount(size)}-token window (${Math.round((100 * total) / size)}%)` : "";
    const head = h("p", { className: "tokens-total", text: `Model call ${fmtCount(call.step)} is sent ${fmtCount(total)} tokens${of}, by gpt-tokenizer (o200k).` });
    const scale = Math.max(size, total, 1);
    const bar = h("div", { className: "tokens-bar", "aria-hidden": "true" });
    for (const r of ROLES) {
      if (split[r.key] > 0) bar.append(h("span", { className: `tokens-seg tokens-${r.key}`, style: `width: ${(100 * split[r.key]) / scale}%` }));
    }
    const legend = h("ul", { className: "tokens-legend" });
    for (const r of ROLES) legend.append(h("li", { className: `tokens-key tokens-${r.key}`, text: `${r.label}: ${fmtCount(split[r.key])}` }));
    const big = h("p", { className: "tokens-largest", text: `Largest: ${largest.map((l) => `messages[${l.index}] (${l.name ? `${l.role} ${l.name}` : l.role}) ${fmtCount(l.tokens)}`).join("; ")}.` });
    const notes = [h("p", { className: "tokens-note", text: "Estimates: a tool call counts as the JSON of its name and arguments, and the tool schemas as the JSON of their declarations; each provider frames them its own way." })];
    const ctx = call.context;
    if (ctx) {
      const left = ctx.dropped.length > 0 ? `; left out messages ${ctx.dropped.join(", ")}` : "";
      const replaced = ctx.replaced.length > 0 ? `; replaced the outputs of messages ${ctx.replaced.join(", ")}` : "";
      notes.unshift(h("p", { className: "tokens-loop", text: `The loop's own estimate (its context budget, ${ctx.trim}): the transcript is ${fmtCount(ctx.tokens)} tokens, the request ${fmtCount(ctx.sent)} of ${fmtCount(ctx.budget)}${left}${replaced}${ctx.sent > ctx.budget ? "; still over: nothing more could go" : ""}.` }));
    }
    const usage = this.usageOf(trace, call);
    if (usage !== null) notes.unshift(h("p", { className: "tokens-usage", text: `The model's own usage (reported by the mock): ${fmtCount(usage)} input tokens.` }));
    return h("div", { className: "tokens-call" }, head, bar, legend, big, ...notes);
  }

  // usageOf is the input_tokens the answer to call reported, or null.
  usageOf(trace, call) {
    if (call.count >= trace.messagePos.length) return null;
    const answer = trace.message(call.count).message;
    const u = answer && typeof answer === "object" ? answer.usage : null;
    return u && typeof u.input_tokens === "number" ? u.input_tokens : null;
  }

  // chartPart charts every call's tokens, newest last, each with its
  // number as text.
  chartPart(calls, counts) {
    const from = Math.max(0, calls.length - CHARTED);
    const size = this.windowSize();
    const top = Math.max(size, ...counts.slice(from), 1);
    const list = h("ol", { className: "tokens-chart", tabindex: "0", "aria-label": "Tokens sent at each model call" });
    for (let k = from; k < calls.length; k++) {
      const trimmed = calls[k].context && (calls[k].context.dropped.length > 0 || calls[k].context.replaced.length > 0);
      list.append(h("li", { className: trimmed ? "tokens-row trimmed" : "tokens-row" },
        h("span", { className: "tokens-row-label", text: `call ${fmtCount(calls[k].step)}: ${fmtCount(counts[k])}${trimmed ? " (trimmed)" : ""}` }),
        h("span", { className: "tokens-row-bar", "aria-hidden": "true", style: `width: ${(100 * counts[k]) / top}%` })));
    }
    const what = from > 0 ? `the latest ${fmtCount(CHARTED)} of ${fmtCount(calls.length)} calls` : `${fmtCount(calls.length)} ${calls.length === 1 ? "call" : "calls"}`;
    return h("div", { className: "tokens-run" }, h("p", { className: "tokens-note", text: `Tokens per model call, ${what}${size > 0 ? `; the window is ${fmtCount(size)}` : ""}:` }), list);
  }
}
