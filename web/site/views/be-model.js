// "Be the model": a run whose model calls a person answers. The run is
// the real loop in a worker (worker/drive.js asks the page at each model
// call); this panel shows the call, takes the answer (a final answer, or
// one or more tool calls with JSON args) and, when the run is over, offers
// to put the answers into the Model editor as a scripted array, unless the
// editors are locked (a read-only embed keeps its author's code).

import { byId, h } from "../util/dom.js";
import { buildAnswer, scriptSource } from "../run/actions.js";
import { pretty } from "../util/format.js";

export class BeModel {
  // runner: the Runner; useScript(source): puts source into the Model
  // editor; locked: the editors are read-only, so Use as script is not
  // offered.
  constructor({ runner, useScript, locked = false }) {
    this.runner = runner;
    this.useScript = useScript;
    this.locked = locked;
    this.trace = null; // the run being answered, or last answered
    this.answers = [];
    this.asking = 0; // the model call waiting for an answer, or 0
    this.rows = 0;
    this.el = {
      panel: byId("be-model-panel"),
      heading: byId("be-model-heading"),
      ask: byId("be-model-ask"),
      intro: byId("be-model-intro"),
      messages: byId("be-model-messages"),
      form: byId("be-model-form"),
      kindFinal: byId("be-model-kind-final"),
      kindTool: byId("be-model-kind-tool"),
      final: byId("be-model-final"),
      answer: byId("be-model-answer"),
      calls: byId("be-model-calls"),
      list: byId("be-model-call-list"),
      names: byId("be-model-tool-names"),
      error: byId("be-model-error"),
      done: byId("be-model-done"),
      summary: byId("be-model-summary"),
    };
    this.tools = [];
    const el = this.el;
    el.kindFinal.addEventListener("change", () => this.showKind());
    el.kindTool.addEventListener("change", () => this.showKind());
    // A new call's row pushes Send down: the row's first field and Send
    // come on screen together.
    byId("be-model-add-call").addEventListener("click", () => this.showAnswerForm(this.addCall().querySelector("input")));
    // An error shown for the answer goes as soon as the answer is fixed
    // (or says what is wrong now), not at the next Send.
    el.form.addEventListener("input", () => this.recheck());
    el.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.send();
    });
    byId("use-as-script").addEventListener("click", () => {
      if (this.answers.length && !this.locked) this.useScript(scriptSource(this.answers));
    });
  }

  // start begins a run whose model is the person.
  start() {
    if (this.runner.running) return;
    this.answers = [];
    this.asking = 0;
    const started = this.runner.run("live", {
      drive: { kind: "person" },
      onAsk: (ask) => this.ask(ask),
      onEnd: () => this.end(),
    });
    this.trace = started ? this.runner.trace : null;
    this.el.panel.hidden = !started;
    this.el.ask.hidden = true;
    this.el.done.hidden = true;
    this.el.heading.textContent = "You are the model";
  }

  ask({ step, messages, tools }) {
    const el = this.el;
    this.asking = step;
    this.tools = Array.isArray(tools) ? tools.map(String) : [];
    // The person answers what the transcript shows: bring it up to date
    // now rather than at the next throttled render.
    this.runner.render();
    el.panel.hidden = false;
    el.ask.hidden = false;
    el.done.hidden = true;
    el.heading.textContent = `You are the model: call ${step}`;
    const n = Array.isArray(messages) ? messages.length : 0;
    el.intro.textContent =
      `The loop calls the model with the ${n} ${n === 1 ? "message" : "messages"} in the transcript and waits for your answer. ` +
      "Give the final answer, or call tools: the loop runs them and asks you again.";
    el.messages.textContent = pretty(messages);
    el.names.replaceChildren(...this.tools.map((name) => h("option", { value: name })));
    el.answer.value = "";
    el.list.replaceChildren();
    this.addCall();
    el.kindFinal.checked = step === 1 && this.tools.length > 0 ? false : true;
    el.kindTool.checked = !el.kindFinal.checked;
    this.showKind();
    this.showError("");
    this.showAnswerForm((el.kindTool.checked ? el.list.querySelector("input") : el.answer));
  }

  // showAnswerForm puts the caret in field and brings Send on screen with
  // it: on a phone the form is taller than the room left below the
  // messages, and scrolls within the transcript's panel, where Send would
  // wait below its edge. The field wins when both do not fit.
  showAnswerForm(field) {
    field.focus({ preventScroll: true });
    byId("be-model-send").scrollIntoView({ block: "nearest" });
    field.scrollIntoView({ block: "nearest" });
  }

  showKind() {
    const tool = this.el.kindTool.checked;
    this.el.calls.hidden = !tool;
    this.el.final.hidden = tool;
  }

  // addCall adds a row for one more tool call and returns it.
  addCall() {
    const k = ++this.rows;
    const nameId = `be-call-name-${k}`;
    const argsId = `be-call-args-${k}`;
    const name = h("input", { id: nameId, className: "be-call-name", list: "be-model-tool-names", autocomplete: "off", spellcheck: "false" });
    name.value = this.tools[0] || "";
    const args = h("textarea", { id: argsId, className: "be-call-args", rows: "2", spellcheck: "false", autocapitalize: "off" });
    args.value = "{}";
    const remove = h("button", { type: "button", className: "be-call-remove", text: "Remove this call" });
    const li = h(
      "li",
      { className: "be-call" },
      h("label", { for: nameId, text: "Tool" }),
      name,
      h("label", { for: argsId, text: "Args (JSON)" }),
      args,
      remove,
    );
    remove.addEventListener("click", () => {
      if (this.el.list.children.length > 1) li.remove();
      this.recheck();
    });
    this.el.list.append(li);
    return li;
  }

  showError(text) {
    this.el.error.textContent = text;
    this.el.error.hidden = text === "";
  }

  // answer reads the form: {action} or {error} (run/actions.js).
  answer() {
    const el = this.el;
    const form = el.kindTool.checked
      ? {
          kind: "tool",
          calls: [...el.list.querySelectorAll(".be-call")].map((li) => ({
            name: li.querySelector(".be-call-name").value,
            args: li.querySelector(".be-call-args").value,
          })),
        }
      : { kind: "final", content: el.answer.value };
    return buildAnswer(form);
  }

  // recheck brings an error on screen up to date with the form.
  recheck() {
    if (!this.el.error.hidden) this.showError(this.answer().error || "");
  }

  send() {
    const run = this.runner.current;
    if (!this.asking || !run) return;
    const el = this.el;
    const r = this.answer();
    if (r.error) {
      this.showError(r.error);
      byId("be-model-send").scrollIntoView({ block: "nearest" }); // the error pushed it down
      return;
    }
    this.showError("");
    this.answers.push(r.action);
    this.asking = 0;
    el.ask.hidden = true;
    el.heading.textContent = "You are the model: the loop is working…";
    run.answer(r.action);
  }

  end() {
    const el = this.el;
    this.asking = 0;
    el.ask.hidden = true;
    const n = this.answers.length;
    if (n === 0 || this.runner.trace !== this.trace) {
      el.panel.hidden = true;
      return;
    }
    el.heading.textContent = "You were the model";
    const answered = `You answered ${n} model ${n === 1 ? "call" : "calls"}.`;
    el.summary.textContent = this.locked
      ? `${answered} The editors here are locked, so your answers cannot become the script: in the full playground, Be the model offers Use as script.`
      : `${answered} Use as script puts your answers into the Model editor as a scripted array, ready to run, share or step.`;
    byId("use-as-script").hidden = this.locked;
    el.done.hidden = false;
  }

  // sync hides the panel once another run is shown.
  sync(trace) {
    if (trace !== this.trace && !this.el.panel.hidden && !this.asking) this.el.panel.hidden = true;
  }
}
