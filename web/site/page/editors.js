// The page's three code editors: Model, Tools and the Exercise's Your
// loop. They start as plain text boxes and become code editors once the
// engine has started (or failed to): the code editor's weight stays off
// the engine's start.

import { byId } from "../util/dom.js";
import { Editor } from "../editor/editor.js";
import { idle } from "../util/defer.js";
import { STUB } from "../exercise/text.js";

// makeEditors returns {model, tools, loop}. onChange(name) hears every
// edit; onRun(name) a press of Ctrl+Enter in editor name.
export function makeEditors({ onChange, onRun }) {
  const make = (name, label, toolNames) => {
    const editor = new Editor(byId(`${name}-box`), {
      id: `${name}-editor`,
      label,
      describedBy: byId(`${name}-editor`).getAttribute("aria-describedby"),
      onChange: () => onChange(name),
      onRun: () => onRun(name),
      toolNames,
    });
    // The name beside the editor focuses it, as a label would.
    byId(`${name}-label`).addEventListener("click", () => editor.focus());
    return editor;
  };
  const editors = {
    // The parser loads on first use, off the cold start's path.
    model: make("model", "Model", async () => (await import("../run/source-form.js")).topLevelKeys(editors.tools.value)),
    tools: make("tools", "Tools", () => []),
    loop: make("loop", "Your loop", () => []),
  };
  editors.loop.value = STUB;
  return editors;
}

// upgradeEditors turns the editors into code editors. Coming to an editor
// upgrades it sooner. The work is done in pieces, each in a task of its
// own when the page is idle, so that none of it holds up a click on Run
// or a run being shown.
export async function upgradeEditors(editors) {
  await import("../editor/code-editor.js");
  for (const e of Object.values(editors)) {
    await idle();
    await e.upgrade();
  }
  const { highlightLoopList } = await import("../views/go-highlight.js");
  await idle();
  highlightLoopList(byId("loop-source"));
  // The parser that checks the user's typing: loading it is a long task
  // of its own, better done now than at the first edit, or in the middle
  // of the run that follows it.
  await idle();
  await import("../run/source-form.js");
  // Nothing more loads by itself: a host that goes away from now on
  // (a test's server, say) leaves the page whole.
  performance.mark("lazy-loaded");
}
