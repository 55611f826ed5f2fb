// The run view and its controls: the transcript, the Loop panel, the run
// bar (Run, Step, Back, Play, Stop) and Ctrl+Enter, and the learner's
// views that follow the step position.

import { byId, isDisabled } from "../util/dom.js";
import { Transcript } from "../views/transcript.js";
import { LoopPanel } from "../views/loop-panel.js";
import { Runner } from "../views/runner.js";
import { Learner } from "../views/learner.js";
import { TokenView } from "../api/token-view.js";
import { RUN_FIELDS } from "./storage.js";
import { phaseNumber } from "./url-options.js";
import { notice } from "../views/notice.js";

// onButton runs action on a click of button id, unless it is disabled.
export function onButton(id, action) {
  const button = byId(id);
  button.addEventListener("click", () => {
    if (!isDisabled(button)) action();
  });
}

// runView builds the run view. engine: the Engine; inputs(): the run's
// inputs (page/input-fields.js); errors: the editors' errors
// (page/editor-errors.js); modelEditor: the Model editor; embed: whether
// the page is a tutorial's frame; mode: the page's mode; check(): the Exercise's Check, which
// Ctrl+Enter presses in the Exercise; recorded(): the approval decisions
// a run of the code shown makes again (a share link's). It returns
// {runner, learner, transcript, run, runAtPhase}.
export function runView({ engine, inputs, errors, modelEditor, embed, mode, check, recorded }) {
  const transcript = new Transcript({
    list: byId("transcript"),
    note: byId("transcript-hidden"),
    noteText: byId("transcript-hidden-text"),
    showEarlier: byId("show-earlier"),
    scroller: byId("transcript-scroll"),
    empty: byId("transcript-empty"),
    stream: byId("transcript-stream"),
  });
  const loopPanel = new LoopPanel({ list: byId("loop-source"), scroller: byId("loop-scroll"), status: byId("loop-status") });
  loopPanel.load("agent-loop.go.txt");
  // The learner's views follow every render of the run view; the runner
  // renders once as it is made, before there are any.
  let learner = null;
  const runner = new Runner({
    engine,
    transcript,
    loopPanel,
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
    // Every edit is saved as it is made, so a run has nothing to save:
    // its click does only what it shows.
    onStart: () => errors.clear(),
    onCompileError: errors.show,
    onCodeError: errors.showThrown,
    onRender: (trace, upto, view) => learner && learner.render(trace, upto, view),
    recorded,
  });
  const tokenView = new TokenView({ root: byId("tokens"), window: byId("token-window"), custom: byId("token-window-custom"), body: byId("tokens-body") });
  learner = new Learner({ runner, modelEditor, embed, tokenView });
  runner.render();
  // "Show earlier" widens the window; the view renders it.
  transcript.onMore = () => runner.render();

  const run = () => {
    if (runner.run()) learner.onRun();
  };
  onButton("run", run);
  onButton("step", () => learner.manual(() => runner.step()));
  onButton("back", () => learner.manual(() => runner.back()));
  onButton("play", () => learner.playPause());
  onButton("stop", () => runner.stop());
  document.addEventListener("keydown", (e) => {
    // In the editors, their own key binding runs (and takes the key).
    if (e.defaultPrevented) return;
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && !e.altKey) {
      e.preventDefault();
      if (mode.get() === "exercise") check();
      else run();
    }
  });

  // runAtPhase records the run of what the editors show and opens it at
  // the phase a #phase= link names, for a tutorial's "look at this step"
  // link. A link that names no phase, or one past the run's end, is told
  // what is shown instead.
  const runAtPhase = (text) => {
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
  };
  return { runner, learner, transcript, run, runAtPhase };
}
