// What a lesson says after a run, beside the run's stop banner (so that it
// is on screen with the result in every layout): the prediction, told
// right or wrong and explained from the run's events, and whether the run
// passed the Try it task.

import { h } from "../util/dom.js";
import { judge } from "./predict.js";
import { describeEnd } from "./run-facts.js";

export class Outcome {
  constructor() {
    this.prediction = h("p", { className: "lesson-outcome-predict" });
    this.task = h("p", { className: "lesson-outcome-task" });
    this.root = h("section", { id: "lesson-outcome", className: "lesson-outcome", "aria-labelledby": "lesson-outcome-heading", hidden: true },
      h("h3", { id: "lesson-outcome-heading" }, "The lesson's run"),
      h("div", { role: "status" }, this.prediction, this.task),
    );
  }

  hide() {
    this.root.hidden = true;
  }

  // show explains run, a Run of lesson's code (edited: the learner's edit
  // of it), with the prediction chosen (undefined: none), and says whether
  // the task passed.
  show(lesson, run, { chosen, edited, passed }) {
    const said = judge(lesson.predict, chosen, run);
    const of = edited ? "This run is of your edit of the lesson's code. " : "";
    this.prediction.replaceChildren(h("strong", null, "Predict: "), `${of}${said.text}`);
    this.prediction.dataset.right = String(said.right);
    this.task.replaceChildren(h("strong", null, "Try it: "), passed ? "passed. The lesson is done." : notYet(run, edited));
    this.task.dataset.passed = String(passed);
    this.root.hidden = false;
  }
}

function notYet(run, edited) {
  if (!edited) return "not yet: edit the code as the task says, then Run.";
  return `not yet: ${describeEnd(run)}`;
}
