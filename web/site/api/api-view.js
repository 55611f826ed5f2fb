// The "As a real API" region: at the model call in effect at the step
// position (the last one after a run), the request body the loop's
// messages would be at the chosen provider, the response body the model's
// answer stands for, and the protocol check. It follows the runner's
// renders (view = render(events[0..upto])) and builds its text from the
// trace only; the DOM gets it through textContent.

import { h, setDisabled } from "../util/dom.js";
import { FORMATS } from "./formats.js";
import { apiAt, runTools, conversationOf } from "./at-call.js";
import { modelCallAt } from "../run/model-input.js";
import { streamOf } from "./stream-wire.js";

// A body longer than this shows its start; Copy copies all of it.
const SHOWN_CHARS = 200_000;

export class ApiView {
  // section: the region's (empty) element; copy(text, title) copies text;
  // download(filename, text) saves it.
  constructor(section, { copy, download }) {
    this.copy = copy;
    this.download = download;
    this.format = FORMATS[0].id;
    this.key = "";
    this.bodyText = "";
    this.toolsFor = null; // the trace runTools last read
    this.tools = null;

    const heading = h("h2", { id: "real-api-heading", text: "As a real API" });
    this.select = h("select", { id: "real-api-format", "aria-label": "Format" }, ...FORMATS.map((f) => h("option", { value: f.id, text: f.label })));
    this.copyButton = h("button", { type: "button", id: "real-api-copy", text: "Copy", "aria-describedby": "real-api-summary" });
    this.exportButton = h("button", { type: "button", id: "real-api-export", text: "Export conversation" });
    this.openButton = h("button", { type: "button", id: "real-api-open", text: "Open a real conversation" });
    this.summary = h("p", { id: "real-api-summary", className: "real-api-summary", "aria-live": "polite" });
    this.body = h("pre", { id: "real-api-body", className: "real-api-json", tabindex: "0", role: "region", "aria-label": "Request body" });
    this.response = h("pre", { id: "real-api-response", className: "real-api-json", tabindex: "0", role: "region", "aria-label": "Response body" });
    // A streamed answer's deltas as the provider's server-sent events.
    this.streamHead = h("h3", { text: "Response stream (server-sent events)", hidden: true });
    this.streamNote = h("p", { id: "real-api-stream-note", className: "hint", hidden: true });
    this.stream = h("pre", { id: "real-api-stream", className: "real-api-json", tabindex: "0", role: "region", "aria-label": "Response stream", hidden: true });
    this.checkList = h("ul", { id: "real-api-check", className: "real-api-check", "aria-label": "Protocol check" });
    this.schemas = h("p", { id: "real-api-schemas", className: "hint" });
    section.setAttribute("aria-labelledby", heading.id);
    section.replaceChildren(
      h("div", { className: "panel-head" }, heading, h("div", { className: "panel-actions" }, this.copyButton, this.exportButton, this.openButton)),
      h("label", { className: "real-api-format" }, "Format ", this.select),
      this.summary,
      h("h3", { text: "Request body" }),
      this.body,
      h("h3", { text: "Response body" }),
      this.response,
      this.streamHead,
      this.streamNote,
      this.stream,
      h("h3", { text: "Protocol check" }),
      this.checkList,
      this.schemas,
    );
    this.select.addEventListener("change", () => {
      this.format = this.select.value;
      this.render();
    });
    // The region renders only while it is on screen (and when its Format
    // changes): a long run's body is megabytes of JSON, not worth
    // building at each step nobody sees.
    this.visible = true;
    if (typeof IntersectionObserver === "function") {
      new IntersectionObserver((entries) => {
        this.visible = entries.some((e) => e.isIntersecting);
        if (this.visible) this.render();
      }).observe(section);
    }
    this.copyButton.addEventListener("click", () => {
      if (this.bodyText) this.copy(this.bodyText, `Request body (${this.label()})`);
    });
    this.exportButton.addEventListener("click", () => this.exportConversation());
  }

  label() {
    return FORMATS.find((f) => f.id === this.format).label;
  }

  // show renders events[0..upto] of trace; live: the run is still coming
  // in (the body waits for its end, as building it at every frame of a
  // long run would slow it down).
  show(trace, upto, { live = false } = {}) {
    this.shown = { trace, upto, live };
    if (this.visible) this.render();
  }

  render() {
    if (!this.shown) return;
    const { trace, upto, live } = this.shown;
    this.trace = trace;
    // The body changes only at a model call and when its answer arrives:
    // steps between them show the same one.
    const deltas = trace && !live && upto >= 0 ? streamedAt(trace, upto) : [];
    const key = trace ? `${trace.length}:${this.format}:${live}:${callKey(trace, upto)}:${deltas.length}` : "";
    if (key === this.key && trace === this.shownTrace) return;
    this.key = key;
    this.shownTrace = trace;
    let at = null;
    try {
      at = trace && !live && upto >= 0 ? apiAt(trace, upto, this.format, this.toolsOf(trace)) : null;
    } catch (err) {
      // A run file's values nested too deep for JSON: say so, and go on.
      this.clear(`This model call cannot be shown as a request (${err && err.message}).`);
      return;
    }
    setDisabled(this.exportButton, !trace || live || trace.messagePos.length === 0);
    if (!at) {
      this.clear(
        live
          ? "The run is under way: the request body of its last model call appears when it ends."
          : trace
            ? "The model has not been called yet: at each model call, the request a real provider would get appears here."
            : "Run or Step, and each model call appears here as a real provider's request.",
      );
      return;
    }
    try {
      this.bodyText = JSON.stringify(at.body, null, 2);
    } catch (err) {
      this.clear(`This model call cannot be shown as a request (${err && err.message}).`);
      return;
    }
    setDisabled(this.copyButton, false);
    const n = at.body.messages ? at.body.messages.length : at.body.input.length;
    const unit = at.body.messages ? (n === 1 ? "message" : "messages") : n === 1 ? "input item" : "input items";
    this.summary.textContent = `Model call ${at.call} as an ${this.label()} request: ${n} ${unit}, ${at.tools.length} ${at.tools.length === 1 ? "tool" : "tools"}.`;
    this.body.textContent = clip(this.bodyText);
    this.response.textContent = at.response ? clip(JSON.stringify(at.response, null, 2)) : "(the model has not answered this call yet)";
    this.checkList.replaceChildren(
      ...(at.problems.length === 0
        ? [h("li", { className: "real-api-ok", text: `Nothing here that ${this.label()} would refuse or misread.` })]
        : at.problems.map((p) => h("li", { className: "real-api-problem", dataset: p.index === null ? {} : { index: String(p.index) }, text: p.text }))),
    );
    this.schemas.textContent = at.tools.map(schemaNote).join(" ");
    this.showStream(at.call, deltas);
  }

  // showStream shows the deltas of model call k so far as the format's
  // stream events, or hides the block when the call did not stream.
  showStream(k, deltas) {
    const streamed = deltas.length > 0 && deltas[0].step === k;
    this.streamHead.hidden = this.stream.hidden = !streamed;
    this.streamNote.hidden = true;
    if (!streamed) {
      this.stream.textContent = "";
      return;
    }
    const { text, notes } = streamOf(this.format, k, deltas);
    this.stream.textContent = clip(text);
    this.streamNote.hidden = notes.length === 0;
    this.streamNote.textContent = notes.join(" ");
  }

  // clear shows text in place of a body.
  clear(text) {
    this.summary.textContent = text;
    this.bodyText = "";
    setDisabled(this.copyButton, true);
    this.body.textContent = "";
    this.response.textContent = "";
    this.showStream(0, []);
    this.checkList.replaceChildren();
    this.schemas.textContent = "";
  }

  // toolsOf reads a trace's tools once: they are the same at every call.
  toolsOf(trace) {
    if (this.toolsFor !== trace || this.toolsLength !== trace.length) {
      this.toolsFor = trace;
      this.toolsLength = trace.length;
      this.tools = runTools(trace);
    }
    return this.tools;
  }

  exportConversation() {
    const t = this.trace;
    if (!t || t.messagePos.length === 0) return;
    const text = JSON.stringify(conversationOf(t, this.format, this.toolsOf(t)), null, 2);
    this.download(`agentloop-${this.format}-conversation.json`, text);
  }
}

// callKey says which model call events[0..upto] is at, and whether its
// answer is in.
function callKey(trace, upto) {
  const at = upto >= 0 ? modelCallAt(trace.events, Math.min(upto, trace.length - 1)) : null;
  if (!at) return "none";
  const answer = trace.messagePos[at.count];
  return `${at.start}:${answer !== undefined && answer <= upto}`;
}

// streamedAt returns the delta events of the model call in effect at
// events[0..upto], up to upto (none when it did not stream).
function streamedAt(trace, upto) {
  const at = modelCallAt(trace.events, Math.min(upto, trace.length - 1));
  if (!at) return [];
  const out = [];
  for (let i = at.start + 1; i <= upto && i < trace.length; i++) {
    const e = trace.events[i];
    if (e.kind === "delta" && e.step === at.step) out.push(e);
  }
  return out;
}

function schemaNote(t) {
  if (!t.inferred) return `${t.name}: schema declared in the Tools editor.`;
  const from = t.calls === 0 ? "never called, so no parameters are known" : `inferred from ${t.calls === 1 ? "1 call" : `${t.calls} calls`}`;
  return `${t.name}: schema ${from}${t.problem ? ` (${t.problem})` : ""}.`;
}

function clip(text) {
  if (text.length <= SHOWN_CHARS) return text;
  return `${text.slice(0, SHOWN_CHARS)}\n… (${(text.length - SHOWN_CHARS).toLocaleString("en-US")} more characters; Copy copies all of it)`;
}
