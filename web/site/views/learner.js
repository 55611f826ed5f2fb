// The learner's views, wired to the run view: the tabs that keep the loop
// in view on narrow screens and in embeds, keys and autoplay for stepping,
// the sequence diagram, what the model sees, and jumping to a message.
// page/code-state.js owns the page's state; this module only follows the runner's
// renders (view = render(events[0..i])) and asks the runner to move.

import { byId } from "../util/dom.js";
import { Tabs, fitOnScreen, revealIn, revealInWindow, revealWithControls } from "./layout.js";
import { onSteppingKeys } from "./keys.js";
import { Playback } from "./playback.js";
import { Diagram } from "./diagram.js";
import { ModelView } from "./model-view.js";

export class Learner {
  // runner: the Runner; modelEditor: the Model editor; embed: the page is
  // in a tutorial's iframe; tokenView: the Tokens view (api/token-view.js),
  // which follows the renders as what the model sees does.
  constructor({ runner, modelEditor, embed, tokenView = null }) {
    this.runner = runner;
    this.embed = embed;
    this.follow = false; // after Run, keep the result in view
    this.started = null; // the trace of the last run onRun showed
    this.shown = null; // {trace, upto}: what the last render showed
    this.tabs = new Tabs(
      byId("view-tabs"),
      { code: byId("tab-code"), transcript: byId("tab-transcript"), loop: byId("tab-loop") },
      { always: embed, onChange: () => this.showPanels() },
    );
    this.playback = new Playback(runner, byId("play"), byId("speed"));
    this.modelView = new ModelView({ summary: byId("model-sees-summary"), list: byId("model-sees-list"), editor: modelEditor });
    this.tokenView = tokenView;
    this.diagram = new Diagram(byId("diagram"), (i) => this.jump(i));
    this.transcriptScroll = byId("transcript-scroll");
    this.loopScroll = byId("loop-scroll");
    this.controls = document.querySelector(".runbar .controls");
    this.phaseDetail = byId("phase-detail");
    this.list = byId("transcript");

    // A click on a message shows the phase that appended it.
    this.list.addEventListener("click", (e) => {
      const target = e.target instanceof Element ? e.target : null;
      if (!target || target.closest("button") || String(getSelection()).length > 0) return;
      const li = target.closest("li.msg");
      const t = this.runner.trace;
      if (!li || !t) return;
      const pos = t.messagePos[Number(li.dataset.index)];
      if (pos !== undefined) this.jump(pos, { tab: false });
    });

    onSteppingKeys({
      back: () => this.manual(() => runner.back()),
      forward: () => this.manual(() => runner.step()),
      first: () => this.manual(() => runner.goTo(0)),
      last: () =>
        this.manual(() => {
          const t = runner.trace;
          if (!t || t.length === 0 || runner.stale()) runner.recordAt(Number.MAX_SAFE_INTEGER);
          else runner.goTo(t.length - 1);
        }),
      playPause: () => this.playPause(),
      stop: () => {
        if (this.playback.playing) this.playback.pause();
        if (!runner.running) return false;
        runner.stop();
        return true;
      },
    });
  }

  // onRun: a run started live; show the transcript and keep the result
  // in view. page/run-view.js calls it when Run starts one; render calls it for a
  // run started any other way (Be the model, whose answer form is on the
  // Transcript tab; a fork).
  onRun() {
    this.started = this.runner.trace;
    this.playback.pause();
    this.tabs.select("transcript");
    this.follow = true;
  }

  // onStep: Step or Back was pressed; show the loop.
  onStep() {
    this.tabs.select("loop");
  }

  manual(move) {
    this.playback.pause();
    this.onStep();
    move();
  }

  playPause() {
    this.onStep();
    this.playback.toggle();
  }

  jump(index, { tab = true } = {}) {
    this.playback.pause();
    if (tab) this.onStep();
    this.runner.goTo(index);
  }

  // showPanels brings what the model sees (its panel is on the Loop tab,
  // the answering entry on the Code tab) and the diagram up to the last
  // render. A view on a tab that is not shown is built when the tab is.
  showPanels() {
    if (!this.shown) return;
    const { trace, upto } = this.shown;
    if (this.tabs.shows("loop") || this.tabs.shows("code")) this.modelView.show(trace, upto);
    if (this.tabs.shows("loop")) this.diagram.show(trace, upto);
    if (this.tabs.shows("loop") && this.tokenView) this.tokenView.show(trace, upto);
  }

  // render follows the runner's render of events[0..upto].
  render(trace, upto, view) {
    // A run shown live that onRun has not seen was started elsewhere.
    if (trace && trace !== this.started && view.live && this.runner.running) this.onRun();
    const stepping = Boolean(trace) && !view.live && !view.recording;
    document.body.classList.toggle("stepping", stepping);
    // What scrolls into view is read first, before the panels below are
    // rebuilt: reading positions after a change lays the page out again.
    if (this.follow && trace) revealIn(this.transcriptScroll, this.list.lastElementChild);
    // Below two columns the views are below the run bar: while stepping,
    // Step, the sentence of what happened and the loop's source (which
    // then ends on the screen) are brought on screen together.
    const belowControls = stepping && this.tabs.on && !this.embed && this.tabs.selected === "loop";
    if (belowControls) revealWithControls(this.controls, this.phaseDetail, this.loopScroll);
    fitOnScreen(this.loopScroll, belowControls);
    if (stepping) {
      // While stepping, the newest message and the lit line stay in view,
      // each within its own panel.
      revealIn(this.transcriptScroll, this.list.lastElementChild);
      revealIn(this.loopScroll, this.runner.loopPanel.current);
    }
    if (this.follow && trace && this.tabs.on && !this.embed) {
      revealInWindow(byId("transcript-panel"), byId("view-tabs"));
    }
    this.shown = { trace, upto };
    this.showPanels();
    if (this.follow && trace && trace.doneUpTo(upto)) this.follow = false;
    if (!this.runner.running && (!trace || view.live) && this.playback.playing && !view.recording) this.playback.pause();
  }
}
