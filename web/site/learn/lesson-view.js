// The Learn mode's panel: the Lessons navigation, and the lesson shown,
// its text, the lines of the loop it teaches, its Predict question and
// its Try it task with a hint. It renders what it is given and reports
// the reader's choices; learn/learn.js decides what to show.

import { h } from "../util/dom.js";
import { LESSONS } from "./lessons.js";
import { inline, paragraph } from "./text.js";

export class LessonView {
  // onChoose(value): a prediction was chosen; onReload(): the reader asked
  // for the lesson's code again; onExercise(): the reader asked for the
  // Exercise; onRun(): the reader pressed the question's Run; locked: the
  // editors are read-only (a read-only embed), so the Try it task cannot
  // be done here, and the panel says what can.
  constructor({ onChoose, onReload, onExercise, onRun, locked = false }) {
    this.onChoose = onChoose;
    this.links = LESSONS.map((l, i) => h("a", { href: `#lesson=${i + 1}`, className: "lesson-link" }, `${i + 1}. ${l.title}`));
    this.count = h("span", { className: "lesson-count" });
    this.list = h("details", { className: "lesson-list" },
      h("summary", null, "All lessons ", this.count),
      h("ol", null, ...this.links.map((a) => h("li", null, a))),
    );
    this.nav = h("nav", { className: "lesson-nav", "aria-label": "Lessons" }, this.list);
    this.heading = h("h2", { id: "lesson-heading", className: "lesson-heading", tabindex: "-1" });
    this.text = h("div", { className: "lesson-text" });
    this.lines = h("p", { className: "lesson-lines hint" });
    this.legend = h("legend");
    this.choices = h("div", { className: "lesson-choices" });
    // Run beside the choices: the lesson's text pushes the question below
    // the run bar's Run on a laptop's screen, and a prediction is made to
    // be run at once. It presses the run bar's Run, the page's one way to
    // run (aria-label: a second control named just "Run" would be
    // ambiguous to a screen reader).
    this.run = h("button", { type: "button", className: "primary lesson-run", "aria-label": "Run the code shown" }, "Run");
    this.predict = h("fieldset", { className: "lesson-predict" }, this.legend, h("div", { className: "lesson-predict-row" }, this.choices, this.run));
    this.task = h("p", { className: "lesson-task-text" });
    this.hint = h("p", { id: "lesson-hint", className: "lesson-hint hint", hidden: true });
    this.hintButton = h("button", { type: "button", id: "lesson-show-hint", "aria-expanded": "false", "aria-controls": "lesson-hint" }, "Show a hint");
    this.status = h("p", { id: "lesson-status", className: "lesson-status" });
    this.prev = h("a", { className: "lesson-prev" }, "← Previous lesson");
    this.next = h("a", { className: "lesson-next" }, "Next lesson →");
    this.exercise = h("button", { type: "button", className: "primary lesson-exercise", hidden: true }, "Open the Exercise");
    this.reload = h("button", { type: "button", className: "lesson-reload", hidden: locked }, "Load the lesson's code again");
    this.locked = h("p", { id: "lesson-locked", className: "lesson-locked", hidden: !locked },
      "This frame's code is read-only: predict, then press Run or Step to watch the lesson's run through the loop. " +
        "To try the task, which edits the code, follow Open in the full playground, at the foot of the frame.");
    this.root = h("section", { id: "lesson", className: "lesson", "aria-labelledby": "lesson-heading", hidden: true },
      this.nav,
      this.heading,
      this.text,
      this.lines,
      this.predict,
      h("section", { className: "lesson-task", "aria-labelledby": "lesson-task-heading" },
        h("h3", { id: "lesson-task-heading" }, "Try it"),
        this.task,
        this.locked,
        h("div", { className: "lesson-task-controls" }, this.hintButton, this.reload),
        this.hint,
        this.status,
      ),
      h("div", { className: "lesson-foot" }, this.prev, this.next, this.exercise),
    );
    this.hintButton.addEventListener("click", () => this.showHint(this.hint.hidden));
    this.reload.addEventListener("click", () => onReload());
    this.run.addEventListener("click", () => onRun());
    this.exercise.addEventListener("click", () => onExercise());
    this.choices.addEventListener("change", (e) => {
      const i = Number(e.target.value);
      if (this.lesson && Number.isInteger(i)) onChoose(this.lesson.predict.choices[i].value);
    });
  }

  // show renders lesson n; done(lesson) says which lessons are done;
  // chosen is the prediction chosen so far (undefined: none).
  show(n, done, chosen) {
    const lesson = LESSONS[n - 1];
    const changed = lesson !== this.lesson;
    this.lesson = lesson;
    this.n = n;
    this.marks(done);
    if (!changed) return;
    this.heading.textContent = `Lesson ${n} of ${LESSONS.length}: ${lesson.title}`;
    this.text.replaceChildren(...lesson.text.map((p) => paragraph(p)));
    this.lines.replaceChildren(
      "Marked in the Loop panel: ",
      ...lesson.phases.flatMap((p, i) => [i ? ", " : "", h("code", null, `phase: ${p}`)]),
      ".",
    );
    this.legend.replaceChildren(h("span", { className: "lesson-predict-label" }, "Predict, then Run: "), ...inline(lesson.predict.question));
    this.choices.replaceChildren(
      ...lesson.predict.choices.map((c, i) =>
        h("label", { className: "lesson-choice" },
          h("input", { type: "radio", name: "lesson-predict", value: String(i), checked: c.value === chosen }),
          ` ${c.label}`,
        ),
      ),
    );
    this.task.replaceChildren(...inline(lesson.task.text));
    this.hint.replaceChildren(...inline(lesson.task.hint));
    this.showHint(false);
    this.status.textContent = "";
    const link = (a, to) => {
      a.hidden = !LESSONS[to - 1];
      if (!a.hidden) a.href = `#lesson=${to}`;
    };
    link(this.prev, n - 1);
    link(this.next, n + 1);
    this.exercise.hidden = n !== LESSONS.length;
  }

  // marks shows which lessons are done, in the list and its summary.
  marks(done) {
    let count = 0;
    LESSONS.forEach((l, i) => {
      const a = this.links[i];
      const isDone = done(l);
      if (isDone) count++;
      a.dataset.done = String(isDone);
      a.replaceChildren(`${i + 1}. ${l.title}`, isDone ? h("span", { className: "lesson-done" }, h("span", { "aria-hidden": "true" }, " ✓"), h("span", { className: "visually-hidden" }, " (done)")) : "");
      if (i + 1 === this.n) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    });
    this.count.textContent = `(${count} of ${LESSONS.length} done)`;
  }

  showHint(on) {
    this.hint.hidden = !on;
    this.hintButton.setAttribute("aria-expanded", String(on));
    this.hintButton.textContent = on ? "Hide the hint" : "Show a hint";
  }

  // say puts the task's state under it.
  say(text, passed) {
    this.status.textContent = text;
    this.status.dataset.passed = String(passed);
  }
}
