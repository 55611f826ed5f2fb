// The Exercise's parts, wired: the Exercise itself (its JavaScript
// Check), the Go Check's view and interview mode, each given its elements
// and what it needs of the page. page/app.js calls mountExercise once.

import { byId } from "../util/dom.js";
import { Exercise } from "../exercise/exercise.js";
import { GoCheckView } from "../exercise/go-check-view.js";
import { Interview } from "../exercise/interview.js";

// mountExercise builds the Exercise and returns it. engine: the page's
// Engine; editors, fields: the page's editors and run fields; store: the
// Store (progress, interview); errors: the editors' error marks; code: the
// CodeState; language: the Exercise's Language; openCase(c): opens a case
// in the playground; compareCase(c, observed): opens it with its two runs
// side by side.
export function mountExercise({ engine, editors, fields, store, errors, code, language, openCase, compareCase }) {
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
    onLoopChanged: () => code.save(),
    keepLoop: (source, language) => code.keepStarterReplaced(source, language),
    limitField: fields.timeLimitMs,
    progress: store.loadProgress() || {},
    onProgress: (progress) => store.saveProgress(progress),
    onCheckStart: () => {
      errors.clear(["loop"]);
      code.save();
    },
    onCompileError: errors.show,
    onOpen: openCase,
    onCompare: compareCase,
    goCheck: new GoCheckView({
      language,
      els: {
        check: byId("check"),
        stop: byId("check-stop"),
        summary: byId("exercise-summary"),
        banner: byId("exercise-banner"),
        failures: byId("exercise-failures"),
        followUps: byId("exercise-follow-ups"),
      },
      limitField: fields.timeLimitMs,
      onOpen: openCase,
    }),
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
  return exercise;
}
