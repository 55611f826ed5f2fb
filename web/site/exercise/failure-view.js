// One failing case of the JavaScript Exercise's level 1, as the Exercise
// lists it: the first difference, what the model saw from the learner's
// loop and from the real loop at that call, how each ended, the case's
// inputs, and buttons that open it in the playground, alone or with its
// two runs side by side.

import { h } from "../util/dom.js";
import { show } from "./case-check.js";

// failureView shows one failing case: the difference, what the model saw
// from each loop at that call and how each ended, the case's inputs, a
// button to open it in the playground and, given onCompare(), one that
// shows the case's two runs side by side in the playground's Compare view.
export function failureView(c, f, i, onOpen, onCompare = null) {
  const headingId = `failing-case-${i + 1}`;
  // side shows what one loop's model call f.call saw, or that the loop
  // made no such call, going by how many calls it made (a loop may pass
  // null for messages itself).
  const side = ({ calls, messages }) => {
    if (!f.call) return h("pre", { className: "case-messages", text: "(no model call)" });
    if (f.call > calls) return h("pre", { className: "case-messages", text: `(none: this loop made ${madeCalls(calls)})` });
    if (!Array.isArray(messages)) return h("pre", { className: "case-messages", text: show(messages) });
    return h(
      "pre",
      { className: "case-messages" },
      ...messages.map((m, i) => h(i === f.index ? "mark" : "span", { text: `${i + 1}. ${show(m)}\n` })),
    );
  };
  const at = f.call ? `Model call ${f.call} saw` : "Model calls";
  const table = h(
    "table",
    { className: "case-compare" },
    h("caption", { className: "visually-hidden", text: `Your loop beside the real loop on case "${c.name}"` }),
    h("thead", {}, h("tr", {}, h("td", {}), h("th", { scope: "col", text: "Your loop" }), h("th", { scope: "col", text: "The real loop" }))),
    h(
      "tbody",
      {},
      h("tr", {}, h("th", { scope: "row", text: at }), h("td", {}, side(f.got)), h("td", {}, side(f.want))),
      h("tr", {}, h("th", { scope: "row", text: "In the end, the loop" }), h("td", { className: "case-result", text: f.got.result }), h("td", { className: "case-result", text: f.want.result })),
    ),
  );
  const inputs = h(
    "dl",
    { className: "case-inputs" },
    h("dt", { text: "User message" }),
    h("dd", {}, h("q", { text: c.userMsg })),
    h("dt", { text: "Max steps" }),
    h("dd", { text: c.defaultMaxSteps ? `${c.maxSteps} (the default: runAgent is called with three arguments)` : String(c.maxSteps) }),
    h("dt", { text: "Script" }),
    h("dd", {}, h("pre", { className: "case-messages", text: c.script.map((a, i) => `${i + 1}. ${show(a)}`).join("\n") || "(empty)" })),
    h("dt", { text: "Tools" }),
    h("dd", {}, h("pre", { className: "case-messages", text: toolsText(c.tools) })),
  );
  const openButton = h("button", { type: "button", className: "open-case", "aria-describedby": headingId, text: "Open in playground" });
  openButton.addEventListener("click", () => onOpen(c));
  const buttons = [openButton];
  if (onCompare) {
    const compareButton = h("button", { type: "button", className: "compare-case", "aria-describedby": headingId, text: "Compare the two runs" });
    compareButton.addEventListener("click", () => onCompare());
    buttons.push(compareButton);
  }
  const details = h(
    "details",
    { open: i === 0 },
    h("summary", {}, h("span", { id: headingId, className: "case-name", text: c.name })),
    h("p", { className: "case-diff", text: f.text }),
    table,
    h("h3", { className: "case-inputs-title", text: "The case" }),
    inputs,
    h("div", { className: "case-buttons" }, ...buttons),
  );
  return h("li", { className: "case-failure", dataset: { case: c.name } }, details);
}

// madeCalls counts a loop's model calls in words.
function madeCalls(n) {
  if (n === 0) return "no model call";
  return n === 1 ? "1 model call" : `${n} model calls`;
}

function toolsText(tools) {
  const names = Object.keys(tools);
  if (names.length === 0) return "(none: every tool is unknown)";
  return names.map((n) => (tools[n].fails !== undefined ? `${n}: throws "${tools[n].fails}"` : `${n}: returns ${JSON.stringify(tools[n].returns)}`)).join("\n");
}

