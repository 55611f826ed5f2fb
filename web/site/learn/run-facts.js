// What a lesson reads from a run: facts taken from the run's own events
// (see README, Events), never from a message's text or from an answer kept
// by hand. The predictions' explanations and the tasks' checks are built
// on these, so they say what the loop really did.
import { plural } from "../util/format.js";
import { modelCalls, sentMessages } from "../run/context-window.js";

// Run wraps one run's events, in the order the loop emitted them.
export class Run {
  constructor(events) {
    this.events = Array.isArray(events) ? events : [];
  }

  // deltasOf returns the delta events of model call step, in order.
  deltasOf(step) {
    return this.events.filter((e) => e.kind === "delta" && e.step === step);
  }

  // done is the run's done event, or null while it has none.
  get done() {
    return this.events.find((e) => e.kind === "done") || null;
  }

  get reason() {
    return this.done ? this.done.reason : "";
  }

  // phase is the phase of the loop's line that ended the run.
  get phase() {
    return this.done ? this.done.phase : "";
  }

  // result is what the loop returned: the final content, or the max steps
  // text ("" when the run failed).
  get result() {
    return this.done && typeof this.done.text === "string" ? this.done.text : "";
  }

  // modelCalls is how many times the loop called the model.
  get modelCalls() {
    return this.events.filter((e) => e.kind === "model_start").length;
  }

  // messages returns the message events, in the order they were appended.
  messages() {
    return this.events.filter((e) => e.kind === "message");
  }

  // seenAt returns the message events appended before model call k (from
  // 1): the list the model got at that call, or null when the run made no
  // call k.
  seenAt(k) {
    const seen = [];
    let calls = 0;
    for (const e of this.events) {
      if (e.kind === "model_start" && ++calls === k) return seen;
      if (e.kind === "message") seen.push(e);
    }
    return null;
  }

  // budgeted reports whether the run had a context budget: the loop then
  // reports each model call's request in a context event.
  budgeted() {
    return this.events.some((e) => e.kind === "context");
  }

  // sentAt returns what model call k (from 1) was sent, by its context
  // event: {messages (the message events sent, in order), dropped (the
  // transcript's indices left out), context (the event, or null without a
  // budget)}, or null when the run made no call k.
  sentAt(k) {
    const call = modelCalls(this.events).find((_, i) => i === k - 1);
    if (!call) return null;
    const all = this.messages();
    const { sent, dropped } = sentMessages(call);
    return { messages: sent.map(({ index }) => all[index]), dropped, context: call.context };
  }

  // resultsSentAt returns the numbers (from 1, in the order the results
  // were appended) of the tool results model call k was sent, or [] when
  // the run made no call k.
  resultsSentAt(k) {
    const sent = this.sentAt(k);
    if (!sent) return [];
    const number = new Map(this.results().map((e, i) => [e, i + 1]));
    return sent.messages.filter((e) => number.has(e)).map((e) => number.get(e));
  }

  // actions returns the message events of the model's actions.
  actions() {
    return this.messages().filter((e) => e.role === "assistant");
  }

  // results returns the message events of the tool results, in the order
  // they were appended.
  results() {
    return this.messages().filter((e) => e.role === "tool");
  }

  // toolEnds returns the tool_end events, in the order the calls finished.
  toolEnds() {
    return this.events.filter((e) => e.kind === "tool_end");
  }

  // failedCalls returns the tool_end events of the calls the loop marked
  // failed.
  failedCalls() {
    return this.toolEnds().filter((e) => e.failed === true);
  }

  // callsOf returns the tool_end events of the calls to tool name.
  callsOf(name) {
    return this.toolEnds().filter((e) => e.name === name);
  }

  // widestStep returns the most calls one action made (tool_start events
  // of one step).
  widestStep() {
    const perStep = new Map();
    for (const e of this.events) {
      if (e.kind === "tool_start") perStep.set(e.step, (perStep.get(e.step) || 0) + 1);
    }
    return Math.max(0, ...perStep.values());
  }

  // continuedAfterFailure reports whether the loop called the model again
  // after a call failed.
  continuedAfterFailure() {
    const i = this.events.findIndex((e) => e.kind === "tool_end" && e.failed === true);
    return i >= 0 && this.events.slice(i).some((e) => e.kind === "model_start");
  }

  // recoveredAfterFailure reports whether a call succeeded after one had
  // failed, and the run then ended with a final answer.
  recoveredAfterFailure() {
    const ends = this.toolEnds();
    const i = ends.findIndex((e) => e.failed === true);
    return i >= 0 && ends.slice(i + 1).some((e) => e.failed !== true) && this.reason === "final";
  }

  // usage is the tokens the done event sums over the run's actions.
  get usage() {
    const u = (this.done && this.done.usage) || {};
    return { input: Number(u.input_tokens) || 0, output: Number(u.output_tokens) || 0 };
  }

  // ms is how long the run took, in milliseconds.
  get ms() {
    return this.done ? Number(this.done.ms) || 0 : 0;
  }
}

// describeEnd says how the run ended, from its done event.
export function describeEnd(run) {
  const d = run.done;
  if (!d) return "The run has not ended.";
  const steps = plural(d.steps ?? run.modelCalls, "step");
  switch (d.reason) {
    case "final":
      return `The run ended at step ${d.step} with the final answer "${run.result}" (phase ${d.phase}, ${steps}).`;
    case "max_steps":
      return `The steps ran out: the run ended with "${run.result}" (phase ${d.phase}, ${steps}).`;
    default:
      return `The run ended with reason ${d.reason} (phase ${d.phase})${d.error ? `: ${d.error}` : ""}.`;
  }
}

// describeMessage words one message event in a few words: who it is from
// and what it holds.
export function describeMessage(e) {
  const m = (e && e.message) || {};
  if (e.role === "user") return `the user's message "${short(m.content)}"`;
  if (e.role === "tool") {
    const failed = e.failed ? ", failed" : "";
    return `the result of ${m.name} "${short(m.content)}"${failed}`;
  }
  return `the model's ${describeAction(m)}`;
}

// describeAction words an action: a final answer, a tool call or calls.
export function describeAction(m) {
  if (m.type === "final") return `final answer "${short(m.content)}"`;
  if (m.type === "tool" && Array.isArray(m.calls)) return `${m.calls.length} tool calls (${m.calls.map((c) => c && c.name).join(", ")})`;
  if (m.type === "tool") return `call of ${m.name}`;
  return `action of type ${JSON.stringify(m.type)}`;
}

// list joins words as a sentence does: "a", "a and b", "a, b and c".
export function list(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function short(text) {
  const s = typeof text === "string" ? text : JSON.stringify(text) ?? "";
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}
