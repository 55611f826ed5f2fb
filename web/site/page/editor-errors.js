// Errors beside the editors: a compile error (with its line, and a "Show
// line N" button that goes there), a mistake in the code that a model or
// tool call threw, and taking them away again.

import { byId } from "../util/dom.js";
import { errorText } from "../util/format.js";

// A mistake in the code (a ReferenceError, a TypeError) is explained
// beside the editor; an Error the code throws on purpose is the tool's
// answer, which the transcript shows, and only marks its line.
const MISTAKES = new Set(["ReferenceError", "TypeError", "RangeError", "SyntaxError"]);

// editorErrors returns {show, showThrown, clear} for editors ({model,
// tools, loop}), and makes each "Show line N" button go to its line.
export function editorErrors(editors) {
  const gotoButton = (el) => el.parentElement.querySelector(".goto-error");

  // show puts {editor, line, column, message} beside its editor.
  function show({ editor, line, column, message }) {
    const el = byId(`${editor}-error`);
    el.textContent = line ? `Line ${line}, column ${column}: ${message}` : message;
    el.hidden = false;
    editors[editor].showError(line ? { line, column, message } : null);
    const go = gotoButton(el);
    go.hidden = !line;
    go.dataset.line = String(line || 0);
    go.dataset.column = String(column || 0);
    go.textContent = line ? `Show line ${line}` : "";
  }

  // showThrown marks where a model or tool call threw err.
  function showThrown(err) {
    const message = errorText(err);
    if (MISTAKES.has(err.name)) show({ ...err, message });
    else editors[err.editor].showError({ ...err, message }, "warning");
  }

  function clear(names = ["model", "tools"]) {
    for (const name of names) {
      const el = byId(`${name}-error`);
      if (!el.hidden || el.textContent) {
        el.textContent = "";
        el.hidden = true;
      }
      editors[name].showError(null);
      const go = gotoButton(el);
      if (!go.hidden) go.hidden = true;
    }
  }

  for (const button of document.querySelectorAll(".goto-error")) {
    button.addEventListener("click", () => {
      editors[button.dataset.editor].goTo(Number(button.dataset.line), Number(button.dataset.column));
    });
  }
  return { show, showThrown, clear };
}
