// A streamed answer as it arrives: an entry after the transcript's
// messages while the model call under way streams, showing the text so far
// and each call's arguments growing (the JSON so far, the latest fragment
// marked, and what is still open, which keeps it from parsing yet). Built
// only from the delta events (run/stream-state.js), so Step and Back walk
// it delta by delta; once the loop appends the assembled action, the
// transcript shows that instead.

import { h } from "../util/dom.js";
import { toolName } from "../util/format.js";
import { streamAt, openWords } from "../run/stream-state.js";

export class StreamView {
  // el: the entry's element, after the transcript's list.
  constructor(el) {
    this.el = el;
    this.shown = null; // the latest delta event shown, and the error
    this.error = "";
  }

  // show shows the stream of trace.events[0..upto], or hides the entry.
  // It reports whether the entry changed.
  show(trace, upto) {
    const s = trace ? streamAt(trace.events, upto) : null;
    if (s === null) {
      this.shown = null;
      if (this.el.hidden) return false;
      this.el.hidden = true;
      this.el.replaceChildren();
      return true;
    }
    if (s.latest === this.shown && s.error === this.error) return false;
    this.shown = s.latest;
    this.error = s.error;
    this.el.replaceChildren(...entry(s));
    this.el.hidden = false;
    return true;
  }
}

// entry builds the entry's children for stream s.
function entry(s) {
  const latest = s.latest;
  const state = s.error ? "stream broke" : "streaming…";
  const parts = [
    h(
      "div",
      { className: "msg-head" },
      h("span", { className: "msg-role", text: "Assistant" }),
      h("span", { className: "msg-extra", text: `${state} ${latest.index + 1} ${latest.index === 0 ? "delta" : "deltas"}` }),
      h("span", { className: "msg-step", text: `step ${s.step}` }),
    ),
  ];
  if (s.text !== "" || latest.call === undefined) {
    parts.push(h("p", { className: "msg-content stream-text" }, ...grown(s.text, latest.call === undefined ? String(latest.text ?? "") : "")));
  }
  if (s.calls.length > 0) {
    parts.push(h("ol", { className: "tool-calls stream-calls" }, ...s.calls.map((c) => callEntry(c, latest.call === c.call ? String(latest.args ?? "") : null))));
  }
  parts.push(h("p", { className: "stream-piece" }, "Latest piece: ", h("code", { text: JSON.stringify(latest.call === undefined ? String(latest.text ?? "") : String(latest.args ?? "")) }),
    latest.call === undefined ? " (text)" : ` (call ${latest.call}, ${toolName(latest.name)})`));
  if (s.error) parts.push(h("p", { className: "stream-error", role: "note", text: `The model call failed: ${s.error}` }));
  return parts;
}

// grown shows text with its latest fragment marked, when it ends with it.
function grown(text, fragment) {
  if (fragment === "" || !text.endsWith(fragment)) return [text];
  return [text.slice(0, text.length - fragment.length), h("mark", { className: "stream-new", text: fragment })];
}

// callEntry shows one call's arguments so far; fragment is the latest
// delta's when it was this call's piece, or null.
function callEntry(c, fragment) {
  const args = h("pre", { className: "tool-args stream-args" }, ...grown(c.soFar, fragment ?? ""));
  if (c.open) args.append(h("span", { className: "json-open", title: "still open", text: c.open }));
  const status = c.open
    ? `Does not parse yet: ${openWords(c.open)} still open (${c.open} would close it).`
    : c.soFar === ""
      ? "No arguments yet."
      : "Nothing left open.";
  return h(
    "li",
    { className: "tool-call", dataset: { latest: String(fragment !== null) } },
    h("span", { className: "tool-name", text: toolName(c.name) }),
    c.id ? h("span", { className: "tool-id", text: `id ${c.id}` }) : null,
    h("span", { className: "tool-id", text: `call ${c.call}` }),
    args,
    h("p", { className: "stream-status", text: status }),
  );
}
