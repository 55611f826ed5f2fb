// The approval panel: a run pauses at each call of a tool the Tools editor
// marks as needing approval (worker/approve.js), and the person approves
// it, denies it with a reason the model reads, or runs it with edited
// arguments; "approve this tool for the rest of the run" stops the asking
// for that tool. Keyboard first: the panel takes the focus on Approve when
// a call waits, and a status line announces it. The decisions are the
// run's events (approved, edited, denied), so replay, the run file and
// Fork have them (run/approvals.js).

import { byId } from "../util/dom.js";
import { pretty, toolName } from "../util/format.js";
import { parseArgs } from "../run/approvals.js";

export class ApprovalPanel {
  constructor() {
    this.run = null; // the run whose call waits, or null
    this.ask = null;
    this.el = {
      panel: byId("approval-panel"),
      call: byId("approval-call"),
      args: byId("approval-args"),
      approve: byId("approval-approve"),
      deny: byId("approval-deny"),
      edit: byId("approval-edit"),
      always: byId("approval-always"),
      alwaysText: byId("approval-always-text"),
      denyField: byId("approval-deny-field"),
      reason: byId("approval-reason"),
      editField: byId("approval-edit-field"),
      editArgs: byId("approval-edit-args"),
      error: byId("approval-error"),
      status: byId("approval-status"),
    };
    const el = this.el;
    el.approve.addEventListener("click", () => this.decide({ decision: "approve" }, el.always.checked));
    el.deny.addEventListener("click", () => this.open("deny"));
    el.edit.addEventListener("click", () => this.open("edit"));
    byId("approval-deny-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const reason = el.reason.value.trim();
      this.decide(reason ? { decision: "deny", reason } : { decision: "deny" });
    });
    byId("approval-edit-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const r = parseArgs(el.editArgs.value);
      if (r.error) return this.showError(r.error);
      this.decide({ decision: "edit", args: r.args });
    });
    el.editArgs.addEventListener("input", () => this.showError(""));
    // Escape leaves a half-typed denial or edit for the three choices.
    el.panel.addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || (el.denyField.hidden && el.editField.hidden)) return;
      e.preventDefault();
      this.open("");
      el.approve.focus();
    });
  }

  // show shows the call run waits on: {step, call, name, id?, args}.
  show(ask, run) {
    this.run = run;
    this.ask = ask;
    const el = this.el;
    const name = toolName(ask.name);
    el.call.textContent = `Step ${ask.step}: the model calls tool '${name}'${ask.id ? ` (call ${ask.id})` : ""} with these arguments. It runs only if you approve.`;
    el.args.textContent = pretty(ask.args);
    el.editArgs.value = pretty(ask.args);
    el.reason.value = "";
    el.always.checked = false;
    el.alwaysText.textContent = `Approve '${name}' for the rest of the run`;
    this.open("");
    el.panel.hidden = false;
    el.status.textContent = `Tool '${name}' waits for your approval: Approve, Deny or Edit arguments.`;
    el.approve.focus();
  }

  // open shows the denial's reason ("deny"), the arguments to edit
  // ("edit"), or neither (""), and focuses what was opened.
  open(what) {
    const el = this.el;
    el.denyField.hidden = what !== "deny";
    el.editField.hidden = what !== "edit";
    el.deny.setAttribute("aria-expanded", String(what === "deny"));
    el.edit.setAttribute("aria-expanded", String(what === "edit"));
    this.showError("");
    if (what === "deny") el.reason.focus();
    if (what === "edit") el.editArgs.focus();
  }

  showError(text) {
    this.el.error.textContent = text;
    this.el.error.hidden = text === "";
  }

  decide(decision, always = false) {
    const run = this.run;
    if (!run) return;
    const name = toolName(this.ask.name);
    this.hide();
    // The focus was in the panel, which is gone: it goes on to the
    // transcript, where the call's result comes (or the next call's
    // panel takes it).
    byId("transcript-scroll").focus();
    this.el.status.textContent =
      decision.decision === "approve" ? `Approved '${name}'${always ? " for the rest of the run" : ""}.` : decision.decision === "deny" ? `Denied '${name}'.` : `'${name}' runs with your arguments.`;
    run.decide(decision, always);
  }

  // hide takes the panel away: the call was decided, or the run ended.
  hide() {
    this.run = null;
    this.ask = null;
    this.el.panel.hidden = true;
  }
}
