// The playground page's wiring: it builds each part of the page from the
// parts it needs, and starts the page with what its address asks for.
// Nothing here runs user code: that happens only in workers, when the
// user presses Run, Step or Check (or a shipped example's own code, when
// its link asks, page/links.js).
//
//   page/code-state.js    what the editors show, and why (replaceCode)
//   page/links.js         #state=, #example=, #phase=, ?autorun=
//   page/examples-menu.js the examples menu and the words beside it
//   page/run-view.js      the transcript, the run bar, the learner's views
//   page/time-travel.js   be the model, fork, open a run file
//   page/share-export.js  share, export, the embed's full-playground link
//   learn/learn.js        the Learn mode: lessons beside the editors

import { reportHeight } from "./embed-frame.js";
import { Engine, onProgress } from "./engine.js";
import { byId } from "../util/dom.js";
import { Store } from "./storage.js";
import { readOptions } from "./url-options.js";
import { notice } from "../views/notice.js";
import { foldAway } from "./fold.js";
import { Language } from "../exercise/language.js";
import { prepareGo } from "../exercise/go-sandbox.js";
import { mountExercise } from "./exercise-parts.js";
import { playgroundState } from "../exercise/case.js";
import { caseRuns } from "../exercise/case-runs.js";
import { CodeState } from "./code-state.js";
import { ExamplesMenu } from "./examples-menu.js";
import { linkOpener } from "./links.js";
import { listenToHost } from "./host-messages.js";
import { makeEditors, upgradeEditors } from "./editors.js";
import { editorErrors } from "./editor-errors.js";
import { runInputs } from "./input-fields.js";
import { pageMode } from "./mode.js";
import { runView, onButton } from "./run-view.js";
import { timeTravel } from "./time-travel.js";
import { shareAndExport } from "./share-export.js";
import { engineStatus } from "./engine-status.js";
import { KEY } from "./storage.js";
import { mountLearn } from "../learn/learn.js";
import { idle } from "../util/defer.js";

const opts = readOptions();
document.body.classList.toggle("embed", opts.embed);
if (opts.theme) document.documentElement.dataset.theme = opts.theme;
if (opts.embed) {
  reportHeight();
  foldAway(byId("limits-toggle"), byId("limits"));
}

// The engine is already loading (agentloop.js); its status shows once
// the editors are filled (start, below).
const status = engineStatus();
const engine = new Engine({ onStatus: status.onStatus });
onProgress(status.onProgress);

// The parts call one another only once the page has started: `page`
// names each, and is filled before anything can be clicked.
const page = {};

const editors = makeEditors({
  onChange: (name) => edited(name),
  onRun: (name) => (name === "loop" ? page.exercise.check() : page.view.run()),
});
engine.started.then(
  () => upgradeEditors(editors),
  () => upgradeEditors(editors),
);
if (opts.readonly) for (const e of Object.values(editors)) e.setReadOnly(true);

const fields = {
  userMsg: byId("user-message"),
  maxSteps: byId("max-steps"),
  timeLimitMs: byId("time-limit"),
  toolTimeoutMs: byId("tool-timeout"),
  contextBudget: byId("context-budget"),
  trim: byId("trim"),
};
const errors = editorErrors(editors);
const inputs = runInputs(editors, fields);

const store = new Store(undefined, () =>
  notice("This browser does not let the page save your code; copy it somewhere before you leave."),
);
const mode = pageMode({
  readonly: opts.readonly,
  onShown: (m) => {
    if (m === "exercise" && page.exercise) page.exercise.showLimit();
    if (page.learn) page.learn.showMode(m);
  },
  onPicked: () => code.save(),
});
// The Exercise's language and Go loop, saved and shared with the rest.
const language = new Language({
  els: {
    select: byId("exercise-language"),
    jsBlock: byId("js-loop-block"),
    goBlock: byId("go-loop-block"),
    goBox: byId("go-loop-box"),
    goError: byId("go-loop-error"),
    starter: byId("go-starter"),
    statement: byId("exercise-statement"),
  },
  onChange: () => edited("goLoop"),
  // The engine downloads once Go is picked, and the frame warms it up
  // while the learner writes the loop.
  onPickGo: () => prepareGo(),
  onShow: () => page.exercise && page.exercise.render(),
  onCheck: () => page.exercise.check(),
});
const code = new CodeState({ editors, fields, store, embed: opts.embed, mode, clearErrors: errors.clear, language });
store.use(code.keyFor(opts.example));

new ExamplesMenu({
  els: {
    select: byId("example-select"),
    description: byId("example-description"),
    caption: byId("embed-caption"),
    restoreLoop: byId("restore-loop"),
  },
  code,
  store,
  embed: opts.embed,
});
onButton("restore-loop", () => code.restoreLoop());

page.view = runView({ engine, inputs, errors, modelEditor: editors.model, embed: opts.embed, mode, check: () => page.exercise.check(), recorded: () => code.recorded() });
const { runner } = page.view;
code.subscribe((what, how) => {
  if (what !== "replaced") return;
  if (how.keepRun) runner.controls();
  else runner.clear();
});

// The Exercise, its Go check and interview mode; openCase opens a case
// in the playground, compareCase with its two runs side by side.
page.exercise = mountExercise({ engine, editors, fields, store, errors, code, language, openCase, compareCase });

// openCase opens a case in the playground, to step through the real loop
// on it; nothing runs until the user presses Run or Step.
function openCase(c) {
  code.replaceCode({ ...playgroundState(c), mode: "playground" }, { why: `The case "${c.name}"` });
  fields.userMsg.scrollIntoView({ block: "nearest" });
}

// compareCase opens a failing case in the playground with the learner's
// run and the real loop's side by side in Compare runs (nothing runs).
function compareCase(c, observed) {
  openCase(c);
  const { yours, real } = caseRuns(c, observed);
  page.realApiReady.then((api) => api.compareRuns(yours, real, { aName: "your loop", bName: "the real loop" }));
}

// A dropped file that is no run file may be a provider's conversation.
const otherFile = async (text, name, runFileError) => Boolean(page.realApi && (await page.realApi.openConversationText(text, name, runFileError)));
timeTravel({ code, runner, transcript: page.view.transcript, inputs, onButton, readonly: opts.readonly, otherFile });
// "As a real API" and "Compare runs" come once the page is idle: they bring the parser.
page.realApiReady = idle()
  .then(() => import("../api/mount.js"))
  .then(({ mountRealApi }) => (page.realApi = mountRealApi({ runner, code, locked: opts.readonly })));
const scheduleEmbedLink = shareAndExport({ onButton, code, runner, readonly: opts.readonly });

page.learn = mountLearn({
  store,
  key: `${KEY}:lessons`,
  readCode: () => code.read(),
  replaceCode: (next, how) => code.replaceCode(next, how),
  embed: opts.embed,
  keptCode: (origin) => store.load(code.keyFor(origin)),
  setMode: mode.set,
  save: () => code.save(),
  loopPanel: runner.loopPanel,
  places: { modeSwitch: document.querySelector(".mode-switch"), codePanel: byId("code-panel"), banner: byId("stop-banner") },
  locked: opts.readonly,
});
// The lesson hears every render of a run, after time travel's views.
runner.subscribe((trace) => page.learn.sync(trace));

// edited follows every edit of the user's: in an editor or a field. It is
// saved at once.
function edited(name) {
  code.edited(name);
  scheduleEmbedLink();
  runner.controls();
}
fields.userMsg.addEventListener("input", () => edited("message"));
for (const el of [fields.maxSteps, fields.timeLimitMs, fields.toolTimeoutMs, fields.contextBudget, fields.trim]) el.addEventListener("input", () => edited("field"));
addEventListener("pagehide", () => code.save());

const openLink = linkOpener({ code, store, readonly: opts.readonly, run: page.view.run, runAtPhase: page.view.runAtPhase, openLesson: page.learn.openLink });

// The page opens with what its address names, else what was saved, else
// the seed example; a link to #example= or #state= on this very page (a
// tutorial's "try this" link, say) opens the same way without a reload,
// and never runs. A read-only embed ignores a later #state=: its locked
// editors hold the author's code, and whatever can set the frame's hash
// must not replace it; its shipped examples (#example=) may still switch.
code.emit("kept");
openLink(opts, { atLoad: true }).finally(() => {
  status.show(engine);
  scheduleEmbedLink();
});
addEventListener("hashchange", () => openLink(readOptions()));
if (opts.embed) listenToHost(openLink, () => code.read().example, () => runner.running);
