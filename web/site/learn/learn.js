// The Learn mode: a tour of lessons beside the playground's editors and
// views. A lesson loads its setup into the editors through the page's one
// way of replacing code (which keeps the learner's own code and offers it
// back), lights the lines of loop() it teaches in the Loop panel, asks its
// Predict question, and after each run says what the run did and whether
// it passed the Try it task, all read from the run's events. Lesson code
// runs only when the reader presses Run or Step, as any other code.
//
// mountLearn is the one hook: page/app.js calls it once and tells it the
// page's mode (showMode), each render of a run (sync) and each #lesson=N
// link (openLink).

import { hideNotice, notice } from "../views/notice.js";
import { byId } from "../util/dom.js";
import { revealWholeInWindow } from "../views/layout.js";
import { LESSONS, lessonAt, matchingLesson, setupState } from "./lessons.js";
import { LessonView } from "./lesson-view.js";
import { Outcome } from "./outcome.js";
import { Progress } from "./progress.js";
import { Run } from "./run-facts.js";
import { DEFAULT_TRIM } from "../lib/run-inputs.js";

// mountLearn puts the Learn mode into the page. store: the page's Store;
// key: the storage key the progress goes under; readCode(): the editors'
// state; replaceCode(state, how): shows state in the editors, keeping what
// they held (page/code-state.js); embed: the page is a tutorial's frame,
// which keeps the reader's code of each lesson under a key of its own
// (keptCode(origin) reads it); setMode(mode): switches the page's mode;
// save(): saves what the page shows; loopPanel: the Loop panel (its
// teach(phases) lights a lesson's lines); places: the elements the mode's
// parts go into: {modeSwitch, codePanel, banner}; locked: the editors
// are read-only (a read-only embed).
export function mountLearn({ store, key, readCode, replaceCode, embed, keptCode, setMode, save, loopPanel, places, locked = false }) {
  const progress = new Progress(store, key);
  const predictions = new Map(); // lesson number -> the value chosen
  const lessonRuns = new Map(); // lesson number -> the last Run of its own code
  let learning = false;
  let judged = null; // the trace whose end was last told

  const view = new LessonView({
    locked,
    onChoose: (value) => predictions.set(progress.current, value),
    onReload: () => load(progress.current),
    onExercise: () => {
      setMode("exercise");
      save();
    },
    onRun: () => byId("run").click(),
  });
  const outcome = new Outcome();
  // The button is in the page's markup, so that the header's row is laid
  // out once, with it, before this mode is mounted.
  const button = places.modeSwitch.querySelector("#mode-learn");
  places.codePanel.prepend(view.root);
  places.banner.after(outcome.root);
  button.addEventListener("click", () => {
    setMode("learn");
    // The lesson the learner was on comes back with its code, unless
    // the editors hold it (or the learner's edit of it) already.
    if (matchingLesson(readCode()) !== progress.current) load(progress.current);
    else save();
  });

  // show renders lesson n, and what a run of it said, if anything.
  function show(n) {
    if (n !== progress.current) outcome.hide();
    progress.at(n);
    const lesson = lessonAt(n);
    view.show(n, (l) => progress.isDone(l), predictions.get(n));
    view.say(progress.isDone(lesson) ? "Done: the task passed in an earlier run." : "", progress.isDone(lesson));
    loopPanel.teach(lesson.phases);
  }

  // load shows lesson n with its setup in the editors. An embed shows the
  // reader's code of the lesson, if they edited it there: each lesson's
  // is kept under its own key, as each example's is, so nothing needs
  // keeping when another replaces it, and a frame that only shows a
  // lesson writes nothing.
  function load(n) {
    show(n);
    const origin = embed ? `lesson-${n}` : "";
    const next = (embed && keptCode(origin)) || { ...setupState(lessonAt(n)), example: "" };
    if (!sameRun(readCode(), next)) {
      const how = embed ? { why: `Lesson ${n}`, origin, before: null, loaded: true } : { why: `Lesson ${n}` };
      // A lesson that sets nothing of the learner's aside says nothing: an
      // offer still on the bar spoke of the screen before (the learner's
      // own code stays in the Playground's examples menu), and rewording
      // it at every lesson change would be a notice at every lesson.
      if (!replaceCode(next, how)) hideNotice();
    }
    judged = null;
    outcome.hide();
  }

  return {
    // showMode follows the page's mode: the lesson panel, its lit lines
    // and the Learn button belong to "learn".
    showMode(mode) {
      learning = mode === "learn";
      button.setAttribute("aria-pressed", String(learning));
      view.root.hidden = !learning;
      if (learning) show(progress.current);
      else {
        outcome.hide();
        loopPanel.teach([]);
      }
    },

    // openLink opens the lesson a #lesson=N link names (text, as the
    // address has it) with its code; it reports whether it opened one.
    // focus moves the keyboard's focus to the lesson (a link followed on
    // the page, not the page's first load).
    openLink(text, { focus = false } = {}) {
      const n = /^\d+$/.test(String(text).trim()) ? Number(text) : 0;
      if (!lessonAt(n)) {
        notice(`There is no lesson "${text}": the lessons are numbered 1 to ${LESSONS.length}.`);
        return false;
      }
      setMode("learn");
      load(n);
      if (focus) view.heading.focus();
      return true;
    },

    // sync follows each render of a run: once a run in the Learn mode has
    // ended, the lesson says what it did and checks the task.
    sync(trace) {
      if (!learning || !trace || !trace.done || trace === judged) return;
      judged = trace;
      const n = progress.current;
      const lesson = lessonAt(n);
      const run = new Run(trace.events);
      const edited = !sameRun(trace.inputs, setupState(lesson));
      const passed = lesson.task.check(run);
      if (passed && progress.pass(lesson)) view.marks((l) => progress.isDone(l));
      if (passed) view.say("Done: this run passed the task.", true);
      else if (!progress.isDone(lesson)) view.say(edited ? "Not yet: this run does not pass the task." : "", false);
      if (!edited) lessonRuns.set(n, run);
      outcome.show(lesson, run, { chosen: predictions.get(n), edited, passed, lessonRun: lessonRuns.get(n) });
      // A run that ended on its own (not one being stepped through, whose
      // controls stay put) brings its stop banner and the whole of what
      // the lesson says about it on screen: on a laptop's screen they
      // ended below the fold, or above it for a reader scrolled down to
      // the question.
      // Two frames later: after the editors bring the lines that answered
      // into view, which scrolls the window too.
      if (!document.body.classList.contains("stepping")) {
        requestAnimationFrame(() => requestAnimationFrame(() => revealWholeInWindow(outcome.root, places.banner)));
      }
    },

    // isLessonCode reports whether state is a lesson's untouched setup,
    // which needs no keeping when other code replaces it.
    isLessonCode: (state) => matchingLesson(state) !== 0,
  };
}

// sameRun reports whether a run's inputs (or the editors' state) are the
// lesson setup's: numbers and the fields' strings compare by value.
function sameRun(a, setup) {
  return (
    a.model === setup.model &&
    a.tools === setup.tools &&
    a.userMsg === setup.userMsg &&
    Number(a.maxSteps) === Number(setup.maxSteps) &&
    Number(a.toolTimeoutMs || 0) === Number(setup.toolTimeoutMs || 0) &&
    Number(a.contextBudget || 0) === Number(setup.contextBudget || 0) &&
    (a.trim || DEFAULT_TRIM) === (setup.trim || DEFAULT_TRIM)
  );
}
