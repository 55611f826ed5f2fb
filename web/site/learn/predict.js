// The Predict questions: each lesson asks one, of a kind named here, and
// offers a few choices, each with a value. After the run, the answer is
// read from the run's own events (learn/run-facts.js) and compared with
// the values, and the explanation is written from those events: nothing
// here, nor in the lessons, holds the right answer.

import { plural } from "../util/format.js";
import { describeAction, describeEnd, describeMessage, list } from "./run-facts.js";

// KINDS maps a question's kind to what it reads: answer(run, q) is the
// value the run gives (compared with the choices' values), explain(run,
// q) says why, in words taken from the events.
export const KINDS = {
  // How many times the model is called.
  calls: {
    answer: (run) => run.modelCalls,
    explain: (run) => {
      const answers = runs(run.actions().map((e) => describeAction(e.message || {}))).map(
        ({ from, to, what }) => `${from === to ? `call ${from}` : `calls ${from} to ${to}`} got back a ${what}`,
      );
      return `The loop called the model ${plural(run.modelCalls, "time")}: ${list(answers)}. ${describeEnd(run)}`;
    },
  },
  // How many messages the model gets at call q.at.
  seen: {
    answer: (run, q) => (run.seenAt(q.at) || { length: -1 }).length,
    explain: (run, q) => {
      const seen = run.seenAt(q.at);
      if (!seen) return `The run made no model call ${q.at}: it ended first. ${describeEnd(run)}`;
      return `At call ${q.at} the model got ${plural(seen.length, "message")}: ${list(seen.map(describeMessage))}. Each call gets the whole list so far.`;
    },
  },
  // Which tool results (their numbers, from 1, joined by commas) model
  // call q.at is sent under a context budget.
  resultsSent: {
    answer: (run, q) => (run.sentAt(q.at) ? run.resultsSentAt(q.at).join(",") : null),
    explain: (run, q) => {
      const sent = run.sentAt(q.at);
      if (!sent) return `The run made no model call ${q.at}: it ended first. ${describeEnd(run)}`;
      const results = run.resultsSentAt(q.at);
      const which = results.length ? `results ${list(results.map(String))} with their calls` : "no tool result";
      const c = sent.context;
      if (!c) return `At call ${q.at} the model was sent the whole list, ${plural(sent.messages.length, "message")}: the run had no context budget.`;
      const count = sent.messages.length + sent.dropped.length;
      const over = sent.dropped.length
        ? `over the budget of ${c.budget}, so the loop left out ${plural(sent.dropped.length, "message")} (${rangeOf(sent.dropped)}), the oldest whole exchanges,`
        : `within the budget of ${c.budget}, so the loop left nothing out,`;
      return `At call ${q.at} the transcript held ${plural(count, "message")}, ${c.tokens} tokens by the loop's estimate: ${over} and sent ${plural(sent.messages.length, "message")} (${c.sent} tokens): the user's message and ${which}. The transcript itself keeps every message. ${describeEnd(run)}`;
    },
  },
  // What the loop returns.
  result: {
    answer: (run) => run.result,
    explain: (run) => `${describeEnd(run)} That string is what the loop returns.`,
  },
  // What the first tool message holds.
  toolResult: {
    answer: (run) => {
      const [first] = run.results();
      return first ? String(first.message.content) : null;
    },
    explain: (run) => {
      const [first] = run.results();
      if (!first) return `No tool result was appended. ${describeEnd(run)}`;
      const phase = run.toolEnds()[0] ? ` (the loop's line: phase ${run.toolEnds()[0].phase})` : "";
      return `The loop appended ${describeMessage(first)}${phase}, and went on. ${describeEnd(run)}`;
    },
  },
  // Whether the loop calls the model again after a call failed.
  continues: {
    answer: (run) => (run.continuedAfterFailure() ? "continues" : "stops"),
    explain: (run) => {
      const [failed] = run.failedCalls();
      if (!failed) return `No call failed in this run. ${describeEnd(run)}`;
      const again = run.continuedAfterFailure() ? `then it called the model again, at step ${failed.step + 1}, with the error in the list` : "and the run ended there";
      return `${failed.name} failed at step ${failed.step} with "${failed.content}" (phase ${failed.phase}); the loop appended that as its result, ${again}. ${describeEnd(run)}`;
    },
  },
  // In what order the results of one parallel action are appended.
  order: {
    answer: (run) => run.results().map((e) => e.message.id).join(","),
    explain: (run) => {
      const finished = run.toolEnds().map((e) => `${e.id} (${e.ms >= 0 ? Math.round(e.ms) : "?"} ms)`);
      const appended = run.results().map((e) => e.message.id);
      return `The calls finished in the order ${list(finished)}, and their results were appended in the order ${list(appended)}: the order of the calls in the action.`;
    },
  },
  // How many calls fail.
  failed: {
    answer: (run) => run.failedCalls().length,
    explain: (run) => {
      const failed = run.failedCalls().map((e) => `${e.name} ("${e.content}", phase ${e.phase})`);
      return `${plural(failed.length, "call")} failed${failed.length ? `: ${list(failed)}` : ""}. Each became a result the model saw. ${describeEnd(run)}`;
    },
  },
  // The input tokens the run reports.
  usage: {
    answer: (run) => run.usage.input,
    explain: (run) => {
      const each = run.actions().map((e, i) => `call ${i + 1}: ${Number(e.message.usage && e.message.usage.input_tokens) || 0}`);
      return `The done event reports ${run.usage.input} input tokens and ${run.usage.output} output tokens, the sum over the actions (${list(each)}).`;
    },
  },
  // What a streamed answer held after delta q.delta (from 1) of model call
  // q.step: the text so far, or the arguments so far of the delta's call.
  soFar: {
    answer: (run, q) => {
      const d = run.deltasOf(q.step)[q.delta - 1];
      return d && d.call !== undefined ? String(d.soFar) : "";
    },
    explain: (run, q) => {
      const deltas = run.deltasOf(q.step);
      if (deltas.length === 0) return `Model call ${q.step} did not stream. ${describeEnd(run)}`;
      const d = deltas[Math.min(q.delta, deltas.length) - 1];
      const where = d.call === undefined ? "the answer's text" : `call ${d.call}'s arguments`;
      const open = d.open ? `, with ${d.open} still open: it does not parse yet` : "";
      return `After delta ${q.delta} of model call ${q.step}, ${where} so far read ${JSON.stringify(String(d.soFar))}${open}. The loop assembles the action only once the stream ends. ${describeEnd(run)}`;
    },
  },
  // How long the run takes, roughly.
  duration: {
    answer: (run) => (run.ms < 1000 ? "fast" : "slow"),
    explain: (run) => {
      const calls = run.toolEnds().map((e) => `${e.name} ${Math.round(e.ms)} ms${e.failed ? ` ("${e.content}")` : ""}`);
      return `The run took ${Math.round(run.ms)} ms; its tool calls: ${list(calls)}. ${describeEnd(run)}`;
    },
  },
};

// judge returns what the page says after a run about the prediction
// chosen (a choice's value, or undefined when the reader chose none):
// {right, answer, text}. answer is the label of the choice the run gives,
// or "" when no choice matches (the loop changed, or the code was edited).
export function judge(question, chosen, run) {
  const kind = KINDS[question.kind];
  const value = kind.answer(run, question);
  const match = question.choices.find((c) => c.value === value);
  const why = kind.explain(run, question);
  const answer = match ? match.label : "";
  let verdict;
  if (!match) verdict = "None of the choices: this run did something else.";
  else if (chosen === undefined) verdict = `You did not predict. The answer: ${stop(answer)}`;
  else if (chosen === value) verdict = `Right: ${stop(answer)}`;
  else verdict = `Not quite: the answer is ${stop(answer)}`;
  return { right: match !== undefined && chosen === value, answer, text: `${verdict} ${why}` };
}

// rangeOf words sorted message indices: "messages 1 to 8", "message 3".
function rangeOf(indices) {
  const whole = indices.every((n, i) => i === 0 || n === indices[i - 1] + 1);
  if (indices.length === 1) return `message ${indices[0]}`;
  return whole ? `messages ${indices[0]} to ${indices[indices.length - 1]}` : `messages ${list(indices.map(String))}`;
}

// stop ends a label as a sentence, once.
function stop(label) {
  return /[.!?]"?$/.test(label) ? label : `${label}.`;
}

// runs groups equal neighbours of words, numbered from 1:
// [{from, to, what}].
function runs(words) {
  const out = [];
  words.forEach((what, i) => {
    const last = out[out.length - 1];
    if (last && last.what === what) last.to = i + 1;
    else out.push({ from: i + 1, to: i + 1, what });
  });
  return out;
}
