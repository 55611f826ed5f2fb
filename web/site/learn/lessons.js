// The tour's lessons, in order: lesson N is LESSONS[N - 1] and opens with
// #lesson=N. Each lesson is one idea:
//   id         a name for storage and tests
//   title      shown in the Lessons list and above the text
//   text       paragraphs (at most about 200 words in all); `code` spans
//              are marked with backticks
//   phases     the "// phase:" lines of agent/loop.go it teaches (the names
//              of agent/phase.go), lit in the Loop panel
//   setup      what it loads into the editors: model, tools, userMsg,
//              and maxSteps, toolTimeoutMs, contextBudget and trim when
//              not the defaults
//   expect     how a run of the setup ends (as the examples declare it):
//              reason, phase, text, failed (the tools whose calls fail)
//   predict    the question asked before Run (learn/predict.js): kind,
//              question, choices [{label, value}]
//   task       Try it: text, hint, check(run) (run: learn/run-facts.js's
//              Run of the learner's run) and solution, the fields of the
//              setup that the reference answer changes
//   decide     for a setup whose tools need approval: what the person
//              decides at each call that waits, in order, when the tests
//              run it (learn/lessons-beyond.js)
// The tests run every setup and solution through the real loop: the setup
// ends as expect says and fails the task, the solution passes it.

import { FIRST } from "./lessons-first.js";
import { NEXT } from "./lessons-next.js";
import { BEYOND } from "./lessons-beyond.js";
import { STREAM } from "./lessons-stream.js";
import { CONTEXT } from "./lessons-context.js";
import { fieldsOf } from "../lib/run-inputs.js";

export const LESSONS = [...FIRST, ...NEXT, ...BEYOND, ...STREAM, ...CONTEXT];

// lessonAt returns lesson n (from 1), or null.
export function lessonAt(n) {
  return Number.isInteger(n) && n >= 1 && n <= LESSONS.length ? LESSONS[n - 1] : null;
}

// setupState returns the editor state a lesson loads: the page's fields,
// as strings.
export function setupState(lesson) {
  return fields(lesson.setup);
}

// solutionState returns the editor state of the lesson's reference answer.
export function solutionState(lesson) {
  return fields({ ...lesson.setup, ...lesson.task.solution });
}

// matchingLesson returns the number of the lesson whose untouched setup
// the state holds, or 0: such code is the lesson's, not the learner's,
// and needs no keeping when other code replaces it.
export function matchingLesson(state) {
  const i = LESSONS.findIndex((l) => {
    const s = setupState(l);
    return s.model === state.model && s.tools === state.tools && s.userMsg === state.userMsg;
  });
  return i + 1;
}

// words counts the words of a lesson's text.
export function words(lesson) {
  return lesson.text.join(" ").split(/\s+/).filter(Boolean).length;
}

function fields(s) {
  const { model, tools, userMsg, maxSteps, toolTimeoutMs, contextBudget, trim } = s;
  return fieldsOf({ model, tools, userMsg, maxSteps, toolTimeoutMs, contextBudget, trim });
}
