// The playground page: it wires the editors, the fields, the examples
// menu, sharing and exporting to the engine (page/engine.js) and the run view
// (views/runner.js). Nothing here runs user code: that happens only in workers.

import { reportHeight } from "./embed-frame.js";
import { Engine, onProgress } from "./engine.js";
import { byId, h } from "../util/dom.js";
import { Editor } from "../editor/editor.js";
import { Transcript } from "../views/transcript.js";
import { LoopPanel } from "../views/loop-panel.js";
import { Runner, isDisabled, setDisabled } from "../views/runner.js";
import { EXAMPLES, exampleById, matchingExample, stateOf } from "./examples.js";
import { KEY, RUN_FIELDS, Store, sameCode } from "./storage.js";
import { decodeState, encodeState } from "./share.js";
import { clearHash, phaseNumber, readOptions } from "./url-options.js";
import { copyText } from "./clipboard.js";
import { download, transcriptJSON, transcriptMarkdown } from "../run/export.js";
import { DEFAULT_TIME_LIMIT, checkMaxSteps, checkTimeLimit, checkToolTimeout, showFieldError } from "./fields.js";
import { hideNotice, notice, reword } from "./notice.js";
import { Learner } from "../views/learner.js";
import { BeModel } from "../views/be-model.js";
import { Forker } from "../views/fork.js";
import { openRunFiles } from "./open-run.js";
import { readRunFile, runFields } from "../run/runfile.js";
import { Trace } from "../run/trace.js";
import { Exercise } from "../exercise/exercise.js";
import { Interview } from "../exercise/interview.js";
import { STUB } from "../exercise/text.js";
import { playgroundState } from "../exercise/case.js";
import { idle } from "../util/defer.js";
import { foldAway } from "./fold.js";

// The engine is already loading (agentloop.js); the page shows its state once
// the editors are filled, so "ready" means ready to run what they show.
let initDone = false;
const engine = new Engine({
  onStatus: () => {
    if (initDone) showEngine();
  },
});

const opts = readOptions();
document.body.classList.toggle("embed", opts.embed);
if (opts.theme) document.documentElement.dataset.theme = opts.theme;
if (opts.embed) {
  reportHeight();
  foldAway(byId("limits-toggle"), byId("limits"));
}

// makeEditor puts the editor for name ("model", "tools" or the Exercise's
// "loop") in its box.
function makeEditor(name, label, toolNames) {
  const box = byId(`${name}-box`);
  const editor = new Editor(box, {
    id: `${name}-editor`,
    label,
    describedBy: byId(`${name}-editor`).getAttribute("aria-describedby"),
    onChange: () => edited(name),
    onRun: () => (name === "loop" ? exercise.check() : run()),
    toolNames,
  });
  // The name beside the editor focuses it, as a label would.
  byId(`${name}-label`).addEventListener("click", () => editor.focus());
  return editor;
}

const editors = {
  // The parser loads on first use, off the cold start's path.
  model: makeEditor("model", "Model", async () => (await import("../editor/source-form.js")).topLevelKeys(editors.tools.value)),
  tools: makeEditor("tools", "Tools", () => []),
  loop: makeEditor("loop", "Your loop", () => []),
};
editors.loop.value = STUB;
// The editors start as plain text boxes and become code editors once the
// engine has started (or failed to): the code editor's weight stays off
// the engine's start. Coming to an editor upgrades it sooner. The work is
// done in pieces, each in a task of its own when the page is idle, so
// that none of it holds up a click on Run or a run being shown.
const upgradeEditors = async () => {
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
  await import("../editor/source-form.js");
  // Nothing more loads by itself: a host that goes away from now on
  // (a test's server, say) leaves the page whole.
  performance.mark("lazy-loaded");
};
engine.started.then(upgradeEditors, upgradeEditors);

const userMessage = byId("user-message");
const maxSteps = byId("max-steps");
const timeLimit = byId("time-limit");
const toolTimeout = byId("tool-timeout");
const exampleSelect = byId("example-select");
const exampleDescription = byId("example-description");

// An embed keeps the reader's code per example, each under a key of its
// own ("default" when it shows no shipped example): a frame switched to
// another example (#example=), or the other frames of a tutorial, never
// mix one example's code up with another's. The playground has one key.
const storeKey = (example) => (opts.embed ? `${KEY}:embed:${example || "default"}` : KEY);
const store = new Store(storeKey(opts.example), () =>
  notice("This browser does not let the page save your code; copy it somewhere before you leave."),
);

// ---- state of the fields ----

function readState() {
  return {
    model: editors.model.value,
    tools: editors.tools.value,
    userMessage: userMessage.value,
    maxSteps: maxSteps.value,
    timeLimit: timeLimit.value,
    loop: editors.loop.value,
    mode: document.body.dataset.mode || "playground",
    toolTimeoutMs: toolTimeout.value,
    example: loadedExample,
  };
}

// loadedExample is the example the editors were filled from, kept while
// the user edits it, so its title and explanation stay, marked "(edited)".
let loadedExample = "";

// applyState fills the fields from s; a state without a loop or a mode (an
// example, a playground link) leaves the Exercise's as they are. A state
// that names its example ("" for none) is called by it; one that does not
// (a run file, a case, a link or a save from before states named it) after
// the example whose very code it holds, if any.
function applyState(s) {
  editors.model.value = s.model ?? "";
  editors.tools.value = s.tools ?? "";
  userMessage.value = s.userMessage ?? "";
  maxSteps.value = s.maxSteps ?? "10";
  if (s.timeLimit !== undefined) timeLimit.value = s.timeLimit;
  if (s.loop !== undefined) editors.loop.value = s.loop;
  if (s.mode !== undefined) setMode(s.mode);
  toolTimeout.value = s.toolTimeoutMs ?? "";
  loadedExample = s.example === undefined ? matchingExample(s) : exampleById(s.example) ? s.example : "";
  clearErrors(s.loop !== undefined ? ["model", "tools", "loop"] : ["model", "tools"]);
  syncExample();
}

function save() {
  store.save(readState());
}

// shown follows each filling of the fields from storage, an example or a
// link: the playground saves what it shows at once; an embed writes
// nothing until the reader changes something (Store.showing), so that a
// frame that only shows an example keeps no copy of it.
function shown() {
  if (opts.embed) store.showing(readState());
  else save();
}

// ---- the user's code, kept when something else takes the editors ----
//
// Nothing the user wrote is lost by showing other code: an example they
// edited is kept under that example, and picking it brings the edits back;
// code of their own (begun as no example, or a link's, a run file's or a
// case's) is kept in a list of its own, which "Your own code" and the
// menu's "Your earlier code" bring back. An embed keeps each example's code
// under a key of its own already (storeKey), so it keeps only the rest.

// origin is where the code the editors show goes back to when other code
// replaces it: the id of the example it continues (picked in the menu, or
// saved as that example's), or "" for the user's own code. A link titled
// after an example is no continuation of the user's edits of it: its code
// is kept as their own, never over those edits.
let origin = "";

// originOf gives the origin of code the page shows as example id's (a link
// to the example, a saved state of it): the example's, unless the user's
// edits of it are kept apart (they stay where they are).
function originOf(id) {
  return exampleById(id) && (opts.embed || !store.keptExample(id)) ? id : "";
}

// keep puts the code of state s, which the editors no longer show, where
// it comes back from, and reports whether it kept anything (an example's
// very code needs no keeping). What is kept apart is never also shown:
// code that comes back leaves the place it was kept in (switchCode).
function keep(s) {
  if (!s.model && !s.tools) return false;
  const id = matchingExample(s);
  if (id) return false;
  if (origin && origin === s.example) {
    if (!opts.embed) store.keepExample(origin, s);
  } else {
    store.keepOwn(s);
  }
  return true;
}

// offerRestore shows text with the offer to bring back state, the code
// that was replaced.
function offerRestore(text, state) {
  notice(text, "Restore my code", () => switchCode(state, "", "Your code is back. The code it replaced is kept:"));
}

// keepForUndo keeps the user's code that before held and the fields (an
// example, a link, a case, a run file, code brought back) no longer do, and
// offers to bring it back with what's text (keptText when given). It
// reports whether it did. When there was none to keep (the editors held an
// example), an offer still on screen says what replaced the code since,
// not what did before. Your loop, which only an Exercise link replaces, is
// offered back too.
function keepForUndo(before, what, keptText = `${what} replaced your code. It is kept:`) {
  if (!before) return false;
  const now = readState();
  const codeKept = !sameCode(before, now) && keep(before);
  const loopLost = before.loop && before.loop !== STUB && before.loop !== now.loop;
  if (!codeKept && !loopLost) {
    reword(`${what} replaced the code shown. Your code from before is kept:`);
    return false;
  }
  const back = { ...before, origin };
  // Your loop comes back only when it was replaced: edits made to it
  // since stay. A replaced loop is kept too, for "Your earlier loop".
  if (loopLost) store.keepLoop(before.loop);
  else delete back.loop;
  offerRestore(keptText, back);
  syncKept();
  return true;
}

// switchCode shows state s in the editors in place of the code they hold,
// which it keeps and offers back with keptText (or, when what names
// what replaced it, with the usual words). It is the one way code comes
// back: an example picked in the menu, "Your own code", "Your earlier
// code" and "Restore my code". s.origin (else s.example) says where the
// code came from; the mode stays the one the user is in.
function switchCode(s, what, keptText) {
  const { mode, origin: from = s.example ?? "", ...next } = s;
  const before = readState();
  applyState(next);
  if (next.loop !== undefined) store.dropLoop(next.loop);
  keepForUndo(before, what, keptText);
  origin = from;
  if (!from) store.dropOwn(next);
  else if (!opts.embed) store.forgetExample(from);
  syncKept();
  save();
  if (!opts.embed) clearHash();
  runner.clear();
}

// restoreOwnCode brings back the user's own code kept at place i of the
// list (the latest first): "Your own code" and "Your earlier code" in the
// examples menu.
function restoreOwnCode(i = 0) {
  hideNotice();
  const s = store.ownCode()[i];
  if (s) {
    switchCode({ ...s, origin: "" }, "", "Your code is back. The code it replaced is kept:");
    return;
  }
  // Nothing was kept: code the user edited is theirs already, and is
  // from now on called their own.
  if (isExampleCode(readState())) {
    notice("You have no code of your own yet: edit the example's code, and it becomes yours.");
  } else {
    loadedExample = origin = "";
    save();
  }
  syncExample();
}

function isExampleCode(s) {
  return matchingExample(s) !== "";
}

// shownInstead says what the editors show in place of what a link asked
// for.
function shownInstead() {
  const id = matchingExample(readState());
  const ex = exampleById(id || loadedExample);
  if (!ex) return "Your own code is shown instead.";
  return `The example "${ex.title}"${id ? "" : " (edited)"} is shown instead.`;
}

// linkFailed says what is wrong with a link the page could not open, and
// what it shows instead; a page opened by the link and one already open
// when it came say the same.
function linkFailed(wrong) {
  notice(`${wrong} ${shownInstead()}`);
}

// loweredNote tells the user that a link's time limit was lowered.
function loweredNote(from) {
  return `The link asked for a time limit of ${from} ms; a link may set at most ${DEFAULT_TIME_LIMIT} ms, so it is ${DEFAULT_TIME_LIMIT} ms. Raise it by hand if you trust the code.`;
}

// ---- examples menu ----

for (const ex of EXAMPLES) exampleSelect.append(h("option", { value: ex.id, text: ex.title }));

// kept is what the menu knows is kept apart: the ids of the examples the
// user edited, and how many pieces of their own code there are. It is read
// when code is kept or brought back, not at every keystroke.
const kept = { examples: new Set(), own: 0 };

function syncKept() {
  kept.examples = new Set(opts.embed ? [] : EXAMPLES.map((e) => e.id).filter((id) => store.keptExample(id)));
  kept.own = store.ownCode().length;
  byId("restore-loop").hidden = store.keptLoops().length === 0;
  syncExample();
}

// restoreLoop brings back into Your loop the newest loop a link replaced,
// and keeps the loop it replaces in turn (unless it is the stub): the two
// swap, and neither is lost.
function restoreLoop() {
  hideNotice();
  const [loop] = store.keptLoops();
  if (loop === undefined) return;
  const replaced = editors.loop.value;
  const swapped = replaced !== STUB && replaced !== loop;
  store.dropLoop(loop);
  if (swapped) store.keepLoop(replaced);
  editors.loop.value = loop;
  clearErrors(["loop"]);
  syncKept();
  save();
  notice(swapped ? "Your earlier loop is back. The loop it replaced is kept: press Your earlier loop again to swap back." : "Your earlier loop is back.");
}

function syncExample() {
  const id = matchingExample(readState());
  const ex = exampleById(id || loadedExample);
  const edited = !id && ex !== null;
  for (const o of exampleSelect.options) {
    const e = exampleById(o.value);
    if (e) o.textContent = (e === ex ? edited : e !== ex && kept.examples.has(e.id)) ? `${e.title} (edited)` : e.title;
  }
  syncEarlierCode(ex === null);
  exampleSelect.value = ex ? ex.id : "";
  exampleDescription.textContent = ex
    ? `${edited ? "(edited) " : ""}${ex.description}`
    : "Your own code: edit it, then press Run.";
  byId("embed-caption").textContent = ex ? `${ex.title}${edited ? " (edited)" : ""}` : "agentloop playground";
}

// syncEarlierCode offers, after "Your own code", the user's other code
// kept apart: all of it while their own code is shown, and all but the
// latest (which "Your own code" brings back) while an example is.
function syncEarlierCode(ownShown) {
  const want = [];
  for (let i = ownShown ? 0 : 1; i < kept.own; i++) want.push(i);
  const have = [...exampleSelect.querySelectorAll("option.earlier")];
  if (have.length === want.length && have.every((o, k) => o.value === `own:${want[k]}`)) return;
  for (const o of have) o.remove();
  exampleSelect.options[0].after(
    ...want.map((i, k) => h("option", { value: `own:${i}`, className: "earlier", text: k === 0 ? "Your earlier code" : `Your earlier code (${k + 1})` })),
  );
}

exampleSelect.addEventListener("change", () => {
  const value = exampleSelect.value;
  if (value === "" || value.startsWith("own:")) {
    restoreOwnCode(value === "" ? 0 : Number(value.slice(4)));
    return;
  }
  const ex = exampleById(value);
  const edits = store.keptExample(ex.id);
  // The example comes with the user's edits of it, if they made any; the
  // time limit is the page's, not the example's.
  const s = edits ? { ...edits, example: ex.id } : { ...stateOf(ex), example: ex.id };
  switchCode({ ...s, timeLimit: timeLimit.value }, `The example "${ex.title}"`);
});

// ---- errors next to the editors and fields ----

function showEditorError({ editor, line, column, message }) {
  const el = byId(`${editor}-error`);
  const text = line ? `Line ${line}, column ${column}: ${message}` : message;
  el.textContent = text;
  el.hidden = false;
  editors[editor].showError(line ? { line, column, message } : null);
  const go = el.parentElement.querySelector(".goto-error");
  go.hidden = !line;
  go.dataset.line = String(line || 0);
  go.dataset.column = String(column || 0);
  go.textContent = line ? `Show line ${line}` : "";
}

function clearErrors(names = ["model", "tools"]) {
  for (const name of names) {
    const el = byId(`${name}-error`);
    if (!el.hidden || el.textContent) {
      el.textContent = "";
      el.hidden = true;
    }
    editors[name].showError(null);
    const go = el.parentElement.querySelector(".goto-error");
    if (!go.hidden) go.hidden = true;
  }
}

// A model or tool call threw: its line in the editor gets a marker. A
// mistake in the code (a ReferenceError, a TypeError) is also explained
// beside the editor; an Error the code throws on purpose is the tool's
// answer, which the transcript shows.
const MISTAKES = new Set(["ReferenceError", "TypeError", "RangeError", "SyntaxError"]);
function showCodeError(err) {
  const message = err.name && !err.message.startsWith(err.name) ? `${err.name}: ${err.message}` : err.message;
  if (MISTAKES.has(err.name)) showEditorError({ ...err, message });
  else editors[err.editor].showError({ ...err, message }, "warning");
}

for (const button of document.querySelectorAll(".goto-error")) {
  button.addEventListener("click", () => {
    editors[button.dataset.editor].goTo(Number(button.dataset.line), Number(button.dataset.column));
  });
}

// inputs returns the run's inputs, or null after explaining what is wrong
// ({quiet: true} only checks).
function inputs({ quiet = false } = {}) {
  const steps = checkMaxSteps(maxSteps.value);
  const limit = checkTimeLimit(timeLimit.value);
  const perTool = checkToolTimeout(toolTimeout.value);
  if (!quiet) {
    showFieldError(maxSteps, byId("max-steps-error"), steps.error || "");
    showFieldError(timeLimit, byId("time-limit-error"), limit.error || "");
    showFieldError(toolTimeout, byId("tool-timeout-error"), perTool.error || "");
  }
  if (steps.error || limit.error || perTool.error) return null;
  return {
    model: editors.model.value,
    tools: editors.tools.value,
    userMessage: userMessage.value,
    maxSteps: steps.value,
    timeLimitMs: limit.value,
    toolTimeoutMs: perTool.value,
  };
}

for (const [input, check, errId] of [
  [maxSteps, checkMaxSteps, "max-steps-error"],
  [timeLimit, checkTimeLimit, "time-limit-error"],
  [toolTimeout, checkToolTimeout, "tool-timeout-error"],
]) {
  // Explain a bad value when the user leaves the field; clear the
  // explanation as soon as the value is good again.
  input.addEventListener("change", () => showFieldError(input, byId(errId), check(input.value).error || ""));
  input.addEventListener("input", () => {
    if (!check(input.value).error) showFieldError(input, byId(errId), "");
  });
}

// ---- running ----

const transcript = new Transcript({
    list: byId("transcript"),
    note: byId("transcript-hidden"),
    noteText: byId("transcript-hidden-text"),
    showEarlier: byId("show-earlier"),
    scroller: byId("transcript-scroll"),
    empty: byId("transcript-empty"),
});
// The learner's views follow every render of the run view.
let learner = null;
const runner = new Runner({
  engine,
  transcript,
  loopPanel: loopPanel(),
  els: {
    run: byId("run"),
    step: byId("step"),
    back: byId("back"),
    stop: byId("stop"),
    position: byId("step-position"),
    phaseDetail: byId("phase-detail"),
    banner: byId("stop-banner"),
    list: byId("transcript"),
    exportJson: byId("export-json"),
    copyMarkdown: byId("copy-markdown"),
  },
  inputs,
  key: (i) => JSON.stringify(RUN_FIELDS.map((f) => i[f])),
  // Every edit is saved as it is made (edited), so a run has nothing to
  // save: its click does only what it shows.
  onStart: () => clearErrors(),
  onCompileError: showEditorError,
  onCodeError: showCodeError,
  onRender: (trace, upto, view) => learner && learner.render(trace, upto, view),
});
learner = new Learner({ runner, modelEditor: editors.model, embed: opts.embed });
runner.render();

// "Show earlier" widens the window; the view renders it.
transcript.onMore = () => runner.render();

function loopPanel() {
  const panel = new LoopPanel({ list: byId("loop-source"), scroller: byId("loop-scroll"), status: byId("loop-status") });
  panel.load("agent-loop.go.txt");
  return panel;
}

function onButton(id, action) {
  const button = byId(id);
  button.addEventListener("click", () => {
    if (!isDisabled(button)) action();
  });
}

function run() {
  if (runner.run()) learner.onRun();
}

onButton("run", run);
onButton("be-model", () => beModel.start());
onButton("step", () => learner.manual(() => runner.step()));
onButton("back", () => learner.manual(() => runner.back()));
onButton("play", () => learner.playPause());
onButton("stop", () => runner.stop());

document.addEventListener("keydown", (e) => {
  // In the editors, their own key binding runs (and takes the key).
  if (e.defaultPrevented) return;
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && !e.altKey) {
    e.preventDefault();
    if (document.body.dataset.mode === "exercise") exercise.check();
    else run();
  }
});

// ---- the Exercise mode ----

// setMode shows the playground or the Exercise; each is a <main> of its
// own, and the one not shown is hidden from everyone.
function setMode(mode) {
  // A locked page offers no Exercise: Your loop would be locked too.
  const exercising = mode === "exercise" && !opts.readonly;
  document.body.dataset.mode = exercising ? "exercise" : "playground";
  byId("mode-playground").setAttribute("aria-pressed", String(!exercising));
  byId("mode-exercise").setAttribute("aria-pressed", String(exercising));
  byId("exercise").hidden = !exercising;
  document.querySelector("main.layout:not(#exercise)").hidden = exercising;
  if (exercising) exercise.showLimit();
}

for (const [id, mode] of [["mode-playground", "playground"], ["mode-exercise", "exercise"]]) {
  byId(id).addEventListener("click", () => {
    setMode(mode);
    save();
  });
}

const exercise = new Exercise({
  engine,
  editor: editors.loop,
  els: {
    check: byId("check"),
    stop: byId("check-stop"),
    showHint: byId("show-hint"),
    hintCount: byId("hint-count"),
    hints: byId("hints"),
    summary: byId("exercise-summary"),
    banner: byId("exercise-banner"),
    failures: byId("exercise-failures"),
    limit: byId("exercise-time-limit"),
    limitError: byId("exercise-time-limit-error"),
    level: byId("exercise-level"),
    statement: byId("exercise-statement"),
    statement2: byId("exercise-statement-2"),
    followUps: byId("exercise-follow-ups"),
    compare: byId("exercise-compare"),
  },
  onLoopChanged: () => save(),
  limitField: timeLimit,
  progress: store.loadProgress() || {},
  onProgress: (progress) => store.saveProgress(progress),
  onCheckStart: () => {
    clearErrors(["loop"]);
    save();
  },
  onCompileError: showEditorError,
  // A case opens in the playground, to step through the real loop on it;
  // nothing runs until the user presses Run or Step.
  onOpen: (c) => {
    const before = readState();
    applyState({ ...playgroundState(c), mode: "playground" });
    keepForUndo(before, `The case "${c.name}"`);
    origin = "";
    save();
    clearHash();
    runner.clear();
    byId("user-message").scrollIntoView({ block: "nearest" });
  },
});

// Interview mode runs in the Exercise, its state kept beside the progress.
new Interview({
  exercise,
  engine,
  els: {
    start: byId("interview-start"),
    end: byId("interview-end"),
    minutes: byId("interview-minutes"),
    timeLeft: byId("interview-time"),
    stage: byId("interview-stage"),
    report: byId("interview-report"),
  },
  saved: store.loadInterview(),
  save: (state) => store.saveInterview(state),
});

// ---- persistence: every edit is saved at once ----

// edited follows every edit of the user's: in an editor (name "model" or
// "tools") or a field.
function edited(name) {
  save();
  // A #state or #example in the address no longer says what the editors
  // hold; a reload must bring back the edits, not the link.
  if (!opts.embed) clearHash();
  if (name === "model" || name === "tools" || name === "message") syncExample();
  scheduleEmbedLink();
  runner.controls();
}

userMessage.addEventListener("input", () => edited("message"));
for (const el of [maxSteps, timeLimit, toolTimeout]) el.addEventListener("input", () => edited("field"));
addEventListener("pagehide", save);

// ---- share, export ----

onButton("share", async () => {
  // An Exercise link carries the learner's loop alone; a playground link
  // the playground's fields. Each opens in its mode.
  const { loop, mode, ...fields } = readState();
  const exercising = mode === "exercise" && !opts.readonly;
  const payload = await encodeState(exercising ? { loop, mode } : { ...fields, mode });
  const search = new URLSearchParams(location.search);
  search.delete("autorun");
  const query = search.toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}#state=${payload}`);
  const copied = await copyText(location.href, "Share link");
  if (copied) notice(`Link copied. Whoever opens it sees your code; nothing runs until they press ${exercising ? "Check" : "Run"}.`);
});

onButton("restore-loop", restoreLoop);

onButton("export-json", async () => {
  if (runner.trace) download("agentloop-run.json", await transcriptJSON(runner.trace), "application/json");
});

onButton("copy-markdown", async () => {
  if (!runner.trace) return;
  if (await copyText(transcriptMarkdown(runner.trace), "Transcript as Markdown")) notice("Transcript copied as Markdown.");
});

// In an embed, "Open in the full playground" carries the code along.
let embedLinkTimer = 0;
function scheduleEmbedLink() {
  if (!opts.embed) return;
  clearTimeout(embedLinkTimer);
  embedLinkTimer = setTimeout(async () => {
    byId("open-full").href = `${location.pathname}#state=${await encodeState(readState())}`;
  }, 200);
}

// ---- engine status ----

// While the engine loads, the status says how far: bytes of main.wasm
// received, then compiling.
let loading = { phase: "download", received: 0, total: 0 };
onProgress((p) => {
  loading = p;
  if (initDone && engine.status === "loading") showEngine();
});

function loadingText(p) {
  const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;
  if (p.phase === "download" && p.received > 0) {
    return p.total ? `Loading the engine: ${mb(p.received)} of ${mb(p.total)}…` : `Loading the engine: ${mb(p.received)}…`;
  }
  if (p.phase === "compile" || p.phase === "ready") return "Loading the engine: compiling…";
  return "Loading the engine…";
}

function showEngine() {
  const { status: state, detail } = engine;
  document.body.dataset.engine = state;
  byId("engine-status").textContent =
    state === "ready" ? "Engine ready" : state === "failed" ? `The engine failed to load: ${detail}` : loadingText(loading);
}

// ---- start ----

// defaultState is a first visit's: the seed example, which the user did
// not pick, so that what they type over it is their own code.
function defaultState() {
  return { ...stateOf(EXAMPLES[0]), timeLimit: String(DEFAULT_TIME_LIMIT), example: "" };
}

// init fills the fields from, in order: a share link (#state=), a shipped
// example (#example=), what was saved, or the seed example. What was wrong
// with the link is said once the page shows what it shows instead.
async function init() {
  syncKept();
  const saved = store.load();
  if (saved) origin = originOf(saved.example);
  const base = { timeLimit: String(DEFAULT_TIME_LIMIT), ...(saved || {}) };
  const example = exampleById(opts.example);
  let wrong = opts.example && !example ? `There is no example "${opts.example}".` : "";

  if (opts.state !== null) {
    try {
      const { state: shared, loweredFrom } = await decodeState(opts.state);
      applyState({ ...base, ...shared });
      keepForUndo(saved, "The shared link");
      origin = "";
      if (loweredFrom) notice(loweredNote(loweredFrom));
      shown();
      if (!opts.embed) clearHash();
      return; // a link never runs by itself
    } catch (err) {
      wrong = `This share link could not be opened: ${err.message}.`;
    }
  }
  if (example) {
    // An embed keeps the reader's edits of its example across reloads,
    // unless it is asked to run: only the shipped code may run by itself.
    // What it keeps is the reader's code for this example, whatever it
    // has become, so it keeps the example's title, marked "(edited)".
    const keep = opts.embed && saved && !opts.autorun;
    applyState({ ...base, ...(keep ? {} : stateOf(example)), example: example.id });
    if (!opts.embed) {
      keepForUndo(saved, `The example "${example.title}"`);
      clearHash();
    }
    origin = originOf(example.id);
    shown();
    if (wrong) linkFailed(wrong);
    if (opts.autorun) run();
    else if (opts.phase !== null) openAtPhase(opts.phase);
    return;
  }
  applyState(saved ? { ...defaultState(), ...saved } : defaultState());
  if (!saved) origin = "";
  shown();
  if (wrong) linkFailed(wrong);
}

// openAtPhase records the example's run and opens it at the phase a
// #phase= link names, for a tutorial's "look at this step" link. A link
// that names no phase, or one past the run's end, is told what is shown
// instead.
function openAtPhase(text) {
  const n = phaseNumber(text);
  learner.onStep();
  runner.run("record", {
    onEnd: (current) => {
      const length = runner.trace ? runner.trace.length : 0;
      if (!current || length === 0) return;
      runner.goTo(n - 1);
      if (n === 0) notice(`The link's #phase=${text} names no phase (they are numbered from 1): the run is shown at phase 1.`);
      else if (n > length) notice(`The link's #phase=${text} is past the end of the run, which has ${length} phases: it is shown at the last, phase ${length}.`);
    },
  });
}

// A locked page keeps its author's code: its editors are read-only, and
// what would replace their code (Use as script, Open run) or needs an
// editor of the reader's own (the Exercise) is not offered.
if (opts.readonly) {
  for (const e of Object.values(editors)) e.setReadOnly(true);
  // The mode switch would offer the playground alone: it goes too.
  document.querySelector(".mode-switch").hidden = true;
}

init().finally(() => {
  initDone = true;
  showEngine();
  scheduleEmbedLink();
});

// A link to #example=ID or #state=... on this very page (a tutorial's
// "try this" link, say) opens it without a reload; it never runs it. A
// read-only embed ignores #state=: its locked editors hold the author's
// code, and whatever can set the frame's hash must not replace it; its
// shipped examples (#example=) may still switch. A link that cannot be
// opened is told as init tells it: what is wrong, and what is shown
// instead (the link's example, if it names one, else what was shown).
addEventListener("hashchange", async () => {
  const next = readOptions();
  if (next.state !== null && opts.embed && opts.readonly) return;
  if (next.state === null && !next.example) return;
  const before = readState();
  const ex = exampleById(next.example);
  let wrong = next.example && !ex ? `There is no example "${next.example}".` : "";
  if (next.state !== null) {
    try {
      const { state: shared, loweredFrom } = await decodeState(next.state);
      // A link's code is no example's: in an embed it is kept apart from
      // the examples' code (a link says which example its code was, if
      // any: not the one shown before).
      if (opts.embed) store.use(storeKey(""));
      applyState({ ...before, ...shared });
      keepForUndo(before, "The shared link");
      origin = "";
      if (loweredFrom) notice(loweredNote(loweredFrom));
      linkShown();
      return;
    } catch (err) {
      wrong = `This share link could not be opened: ${err.message}.`;
    }
  }
  if (ex) {
    if (opts.embed) {
      // The frame now shows ex, with the reader's edits of it if there
      // are any; the code it showed stays saved under its own example.
      store.use(storeKey(ex.id));
      const saved = store.load();
      applyState(saved ? { timeLimit: timeLimit.value, ...saved, example: ex.id } : { ...stateOf(ex), timeLimit: timeLimit.value });
    } else {
      applyState({ ...stateOf(ex), timeLimit: timeLimit.value });
      keepForUndo(before, `The example "${ex.title}"`);
    }
    origin = originOf(ex.id);
    linkShown();
  } else {
    // The link changed nothing. An offer still on screen is about code
    // replaced before it came, and beside this notice would read as the
    // link's doing: it goes (what it offered stays in the examples menu,
    // as Your earlier code).
    hideNotice();
  }
  if (wrong) linkFailed(wrong);
});

// linkShown follows a link opened on this very page.
function linkShown() {
  shown();
  if (!opts.embed) clearHash();
  runner.clear();
}

// ---- time travel: be the model, fork a run, open a saved run ----

const beModel = new BeModel({
  runner,
  locked: opts.readonly,
  useScript: (source) => {
    const before = readState();
    editors.model.value = source;
    clearErrors();
    syncExample();
    const kept = keepForUndo(before, "Use as script");
    // The answers are the user's own code, whatever the editors began as.
    origin = "";
    save();
    if (!opts.embed) clearHash();
    runner.controls();
    if (!kept) notice("Your answers are in the Model editor: press Run to run them as a script.");
  },
});
const forker = new Forker({ runner });
transcript.decorate = (li, m, trace) => forker.decorate(li, m, trace);
runner.onView = (trace, upto) => {
  forker.sync(trace, upto);
  beModel.sync(trace);
  setDisabled(byId("be-model"), runner.running);
};
runner.render();

// openRun shows a saved run: the editors get its code (the user's own is
// kept, with "Restore my code"), the transcript its events. Nothing runs.
function openRun(text, name) {
  const file = readRunFile(text);
  if (file.error) {
    notice(`Could not open ${name}: ${file.error}`);
    return;
  }
  if (runner.running) {
    notice(`Could not open ${name}: a run is in progress; stop it first.`);
    return;
  }
  const before = readState();
  const i = file.inputs;
  // A run opens in the playground, whatever mode the page was in.
  applyState({ ...runFields(i), mode: "playground" });
  const kept = keepForUndo(before, `The run file ${name}`);
  origin = "";
  save();
  if (!opts.embed) clearHash();
  // The trace's inputs are what the fields now hold, so Step walks the
  // file's events instead of recording a new run.
  const trace = new Trace(inputs({ quiet: true }) || { ...i });
  trace.push(file.events);
  trace.forkedAt = file.forkedAt;
  runner.show(trace);
  if (!kept) notice(`Opened ${name}: step through it, or fork it. Its code runs only when you press Run.`);
}

openRunFiles(openRun, (name, error) => notice(`Could not open ${name}: ${error}`), { locked: opts.readonly });
