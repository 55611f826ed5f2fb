// The page's "As a real API" and "Compare runs" regions, wired in one
// call: page/app.js mounts them once the page is idle (they bring the
// parser), and they follow every render of the runner. They keep no
// state of the page's: the regions render from the runs' traces; a
// conversation opened here reaches the editors only through the code
// state's replaceCode (page/code-state.js), which keeps the user's code
// for "Restore my code", and nothing runs until the reader presses Run or
// Step.

import { h, byId, setDisabled } from "../util/dom.js";
import { copyText } from "../util/clipboard.js";
import { download } from "../run/export.js";
import { notice } from "../views/notice.js";
import { ApiView } from "./api-view.js";
import { OpenConversation } from "./open-conversation.js";
import { CompareView } from "../compare/compare-view.js";
import { readConversationOffThread } from "./read-off-thread.js";
import { tooLarge } from "./read-conversation.js";
import { formatById } from "./formats.js";

// How many finished runs are kept to compare with (the latest first).
const KEPT_RUNS = 3;

// mountRealApi builds the API region after #diagram-panel, Compare runs
// first in the Loop group and the Compare button beside Export JSON, and
// subscribes its view to the runner's renders. runner: the Runner; code: the
// CodeState; locked: the editors keep their author's code (a read-only
// embed), so no conversation is opened. It returns
// {compareRuns(a, b, names)}, for the Exercise's failing cases, and
// {openConversationText(text, name, runFileError)}, for a file dropped on
// the page that is no run file.
export function mountRealApi({ runner, code, locked = false }) {
  const apiSection = h("section", { className: "panel real-api", id: "real-api" });
  const compareSection = h("section", { className: "panel compare-runs", id: "compare-runs" });
  byId("diagram-panel").after(apiSection);
  // First in the Loop tab's group: under the transcript on a wide screen.
  byId("loop-group").prepend(compareSection);

  const api = new ApiView(apiSection, {
    copy: async (text, title) => {
      if (await copyText(text, title)) notice(`${title} copied.`);
    },
    download: (filename, text) => download(filename, text, "application/json"),
  });
  const compare = new CompareView(compareSection);

  // Opening a conversation: its setup replaces the editors' code.
  const takeSetup = (result, file) => {
    if (runner.running) return `${file || "The conversation"} could not be opened: a run is in progress; stop it first.`;
    const label = formatById(result.format).label;
    code.replaceCode({ ...result.setup, mode: "playground" }, { why: `The ${label} conversation` });
    const notes = result.notes.length > 0 ? ` ${result.notes.join(" ")}` : "";
    const from = file ? ` (${file})` : "";
    notice(`Opened an ${label} conversation${from} as a scripted model and recorded tool results: press Step or Run to step it through the loop.${notes}`);
    return "";
  };
  const opener = new OpenConversation(takeSetup);
  api.openButton.hidden = locked;
  api.openButton.addEventListener("click", () => opener.show());

  // Compare: the run shown beside the latest other finished run.
  const compareButton = h("button", { type: "button", id: "compare-runs-button", text: "Compare", hidden: true, "aria-describedby": "compare-runs-hint" });
  const hint = h("p", { id: "compare-runs-hint", className: "visually-hidden", text: "Compares the run shown with the run shown before it: a fork with its original, an opened run with the run before it." });
  byId("export-json").after(compareButton);
  compareButton.after(hint);
  const finished = []; // the latest finished runs, the latest last
  let shown = null;
  const partner = () => {
    for (let i = finished.length - 1; i >= 0; i--) if (finished[i] !== shown) return finished[i];
    return null;
  };
  // Behind the tabs (a phone, an embed), the comparison is on the Loop tab.
  const toLoopTab = () => document.body.classList.contains("tabbed") && byId("tab-loop").click();
  compareButton.addEventListener("click", () => {
    const other = partner();
    if (!shown || !other || runner.running) return;
    const fork = shown.forkedAt > 0;
    const original = other.forkedAt > 0 && !fork;
    toLoopTab();
    compare.start(shown, other, {
      aName: fork ? "the fork" : original ? "the original" : "this run",
      bName: fork ? "the original" : original ? "the fork" : "the run before",
    });
  });

  const onView = (trace, upto) => {
    if (trace && trace.done && !finished.includes(trace)) {
      finished.push(trace);
      if (finished.length > KEPT_RUNS) finished.shift();
    }
    shown = trace;
    compareButton.hidden = !trace || !partner();
    setDisabled(compareButton, runner.running);
    api.show(trace, upto, { live: Boolean(trace) && runner.running && runner.view.live });
    compare.show(trace, upto);
  };
  runner.subscribe(onView);
  runner.render();

  return {
    // compareRuns shows two runs the runner does not show (a failing
    // case's, from the Exercise) side by side, until a run is shown.
    compareRuns(a, b, names) {
      toLoopTab();
      compare.start(a, b, names, { apart: true });
    },

    // openConversationText opens text dropped on the page that is not a
    // run file (runFileError says why not): it resolves with whether it
    // was a conversation, or one too large to be (which it says).
    async openConversationText(text, name, runFileError) {
      if (locked) return false;
      const large = tooLarge(text.length, name);
      if (large) {
        notice(`Could not open ${name}: ${runFileError} Nor can it be a conversation: ${large}`);
        return true;
      }
      const result = await readConversationOffThread(text);
      if (result.error) return false;
      const refused = takeSetup(result, name);
      if (refused) notice(refused);
      return true;
    },
  };
}
