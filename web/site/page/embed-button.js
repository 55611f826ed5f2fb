// The Embed button: a dialog with the snippet that embeds what the page
// shows in a tutorial's page (page/embed-snippet.js builds it), and Copy.
// Nothing runs: the snippet's frame runs only a shipped example's own code
// by itself, and anything else when its reader presses Run.

import { byId } from "../util/dom.js";
import { encodeState } from "./share.js";
import { sameCode } from "./storage.js";
import { exampleById, matchingExample, stateOf } from "./examples.js";
import { embedAddress, embedSnippet, embedTarget } from "./embed-snippet.js";

// embedButton wires the button and its dialog. onButton(id, action) adds
// a click handler; code: the CodeState; runner: the run view's runner;
// shared(): the state Share would put in its link.
export function embedButton({ onButton, code, runner, shared }) {
  const dialog = byId("embed-dialog");
  const text = byId("embed-dialog-text");
  const about = byId("embed-dialog-about");
  const status = byId("embed-dialog-status");
  const readonly = byId("embed-dialog-readonly");
  let shownAt = null; // {page, target, title}: what the dialog embeds

  // write puts the snippet of what the dialog embeds into it, read-only or
  // not as its box says.
  const write = () => {
    const { page, target, title } = shownAt;
    text.value = embedSnippet({ src: embedAddress(page, target, { readonly: readonly.checked }), title });
    status.textContent = "";
  };
  readonly.addEventListener("change", () => {
    if (shownAt) write();
  });

  onButton("embed-button", async () => {
    const shown = code.read();
    const example = shown.mode === "exercise" ? null : exampleById(matchingExample(shown));
    const target = embedTarget({
      example: example ? example.id : "",
      exact: Boolean(example) && sameCode(shown, stateOf(example)),
      phase: phaseOnScreen(runner),
      state: await encodeState(shared()),
    });
    const title = target.example ? `agentloop playground: ${example.title}` : shown.mode === "exercise" ? "agentloop exercise: a loop to write" : "agentloop playground: your code";
    shownAt = { page: location.origin + location.pathname, target, title };
    write();
    about.textContent = target.example
      ? `The frame shows the example "${example.title}"${target.phase ? ` and opens its run at phase ${target.phase}` : ""}.`
      : "The frame shows your code as a share link does: it runs only when a reader presses Run.";
    dialog.showModal();
    text.focus();
    text.select();
  });

  onButton("embed-dialog-copy", async () => {
    try {
      await navigator.clipboard.writeText(text.value);
      status.textContent = "Copied. Paste it into your page's HTML.";
    } catch {
      text.focus();
      text.select();
      status.textContent = "The browser did not allow copying: the snippet is selected, copy it with Ctrl+C (⌘+C).";
    }
  });
}

// phaseOnScreen is the phase (from 1) of the recorded run shown, when it
// is a run of what the editors hold and is stopped at a phase, else 0.
function phaseOnScreen(runner) {
  const t = runner.trace;
  if (!t || t.length === 0 || runner.running || runner.view.live || runner.view.recording || runner.stale()) return 0;
  return runner.upto() + 1;
}
