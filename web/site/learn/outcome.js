// What a lesson says after a run, beside the run's stop banner (so that it
// is on screen with the result in every layout): the prediction, told
// right or wrong and explained from the run's events, and whether the run
// passed the Try it task.

import { h } from "../util/dom.js";
import { judge } from "./predict.js";
import { describeEnd } from "./run-facts.js";

export class Outcome {
  constructor() {
    this.heading = h("h3", { id: "lesson-outcome-heading" }, "The lesson's run");
    this.prediction = h("p", { className: "lesson-outcome-predict" });
    this.task = h("p", { className: "lesson-outcome-task" });
    this.root = h("section", { id: "lesson-outcome", className: "lesson-outcome", "aria-labelledby": "lesson-outcome-heading", hidden: true },
      this.heading,
      h("div", { role: "status" }, this.prediction, this.task),
    );
  }

  hide() {
    this.root.hidden = true;
  }

  // show explains run, a Run of lesson's code (edited: the learner's edit
  // of it), with the prediction chosen (undefined: none), and says whether
  // the task passed. The question is about the lesson's own code, so only
  // a run of it answers it: after a run of an edit, the prediction is
  // judged on lessonRun, the last run of the lesson's code (null: none
  // yet), and the words say so.
  show(lesson, run, { chosen, edited, passed, lessonRun = null }) {
    this.heading.textContent = edited ? "The run of your edit" : "The run of the lesson's code";
    this.prediction.replaceChildren(h("strong", null, "Predict: "), edited ? ofEdit(lesson, chosen, lessonRun) : judge(lesson.predict, chosen, run).text);
    this.prediction.dataset.right = String(!edited && judge(lesson.predict, chosen, run).right);
    this.task.replaceChildren(h("strong", null, "Try it: "), passed ? "passed. The lesson is done." : notYet(run, edited));
    this.task.dataset.passed = String(passed);
    this.root.hidden = false;
  }
}

// ofEdit is what a run of an edit says of the prediction: not judged on
// it, and judged on the last run of the lesson's code, if there was one.
function ofEdit(lesson, chosen, lessonRun) {
  const not = "not judged on this run, which is of your edit: the question is about the lesson's code.";
  if (!lessonRun) return `${not} Load the lesson's code again and Run it to see the answer.`;
  return `${not} On your last run of the lesson's code: ${judge(lesson.predict, chosen, lessonRun).text}`;
}

function notYet(run, edited) {
  if (!edited) return "not yet: edit the code as the task says, then Run.";
  return `not yet: ${describeEnd(run)}`;
}
