// "Compare with the reference": once a level passes, the learner's loop
// beside a reference solution written for the page (exercise/reference.js)
// or, in Go, agenttest's example (exercise/go-reference.js), with the
// differences that matter called out. Only text reaches the DOM.

import { h } from "../util/dom.js";
import { NOTES, REFERENCE_LEVEL_1, REFERENCE_LEVEL_2 } from "./reference.js";

const REFERENCES = { 1: REFERENCE_LEVEL_1, 2: REFERENCE_LEVEL_2 };

// renderCompare offers the comparison in box when the last Check passed
// every case of its level (last: the Exercise's last Check, or null), and
// shows it when open; code is Your loop. go: {reference, notes} for a Go
// loop (reference: agenttest's example loop, or "" while it loads).
export function renderCompare(box, { last, level, code, open, onToggle, go = null }) {
  const passed = Boolean(last && last.level === level && last.total > 0 && last.passed === last.total);
  box.hidden = !passed;
  if (!passed) {
    box.replaceChildren();
    return;
  }
  const button = h("button", { type: "button", "aria-expanded": String(open), "aria-controls": "reference-compare", text: "Compare with the reference" });
  button.addEventListener("click", () => onToggle(!open));
  const children = [button];
  if (open) {
    children.push(
      h(
        "section",
        { id: "reference-compare", className: "reference-compare", "aria-label": "Your loop and the reference" },
        h(
          "div",
          { className: "reference-columns" },
          h("div", {}, h("h3", { text: "Your loop" }), h("pre", { className: "compare-yours", text: code })),
          go
            ? h("div", {}, h("h3", { text: `agenttest's example (level ${level})` }), h("pre", { className: "compare-reference", text: go.reference || "Loading agenttest's example…" }))
            : h("div", {}, h("h3", { text: `The reference (level ${level})` }), h("pre", { className: "compare-reference", text: REFERENCES[level] })),
        ),
        h("h3", { text: "The differences that matter" }),
        h("ul", { className: "compare-notes" }, ...(go ? go.notes : NOTES[level]).map((n) => h("li", { text: n }))),
      ),
    );
  } else {
    children.push(h("section", { id: "reference-compare", hidden: true }));
  }
  box.replaceChildren(...children);
}
