// Compares what a learner's level-2 loop did on a follow-up case with what
// the real loop, agent.Run, did, and names the first difference in the
// words of Go's agenttest.TestFollowUps. Pure: no DOM, no worker; the
// worker records what the loop did (worker/grade-followups.js) and the
// page shows the verdict (exercise/level.js).
//
// A case is one of agenttest.FollowUps' (followups.json): {name, userMsg,
// maxSteps, toolTimeoutMs, canceled, script: [{action} | {fails}], tools,
// expect: {modelCalls, toolCalls, result, error, inputTokens,
// outputTokens, messages?}}. What the loop did, as the recorder writes it:
//
//   {trace: [{kind: "model", call, messages, foreign?}
//          | {kind: "tool", call, name, args, foreign?, apart?}],
//    end: {call, result | error | threw | panicked | notAnswer, aborted?,
//          inputTokens, outputTokens, transcript}}
//
// foreign: the call got a signal that is not the loop's nor aborts with
// it; apart: how many other calls of its action a barrier call waited for
// in vain. Within a step, tool calls are sorted by name, then args.

import { after, canonical, expectedCalls, failedToEnd, show, quote } from "./case-check.js";

// goDuration writes ms as Go's time.Duration prints it: 20ms, 1s, 1.5s.
export function goDuration(ms) {
  if (ms === 0) return "0s";
  return ms < 1000 ? `${ms}ms` : `${ms / 1000}s`;
}

// sortCalls sorts the tool calls of each step by name, then args: they
// run at the same time, in no order.
export function sortCalls(trace) {
  const out = [];
  for (let i = 0; i < trace.length; ) {
    if (trace[i].kind !== "tool") {
      out.push(trace[i++]);
      continue;
    }
    let j = i;
    while (j < trace.length && trace[j].kind === "tool" && trace[j].call === trace[i].call) j++;
    const key = (e) => [e.name, canonical(e.args)];
    const group = trace.slice(i, j).sort((a, b) => {
      const [an, aa] = key(a);
      const [bn, ba] = key(b);
      return an < bn ? -1 : an > bn ? 1 : aa < ba ? -1 : aa > ba ? 1 : 0;
    });
    out.push(...group);
    i = j;
  }
  return out;
}

// expectedFollowUp is what the real loop did on c, in the form of an
// observed run.
export function expectedFollowUp(c) {
  const trace = expectedCalls(c.expect);
  const ex = c.expect;
  const end = { call: ex.modelCalls.length, inputTokens: ex.inputTokens, outputTokens: ex.outputTokens };
  if (ex.error) end.error = ex.error;
  else end.result = ex.result;
  if (Array.isArray(ex.messages)) end.transcript = ex.messages;
  return { trace, end };
}

// ended says how a loop ended.
function ended(end) {
  if (end.threw !== undefined) return `threw (${end.threw})`;
  if (end.panicked !== undefined) return `panicked (${end.panicked})`;
  if (end.aborted) return "was stopped for calling the model too often";
  if (end.error !== undefined) return `returned the error ${quote(end.error)}`;
  if (end.notAnswer !== undefined) return `returned ${end.notAnswer}, not an answer {text, usage, messages}`;
  return `returned ${quote(end.result)}`;
}

function showCall(e) {
  return `${e.name}(${canonical(e.args)})`;
}

function countMessages(n) {
  return n === 1 ? "1 message" : `${n} messages`;
}

function countOthers(n) {
  return n === 1 ? "1 other call" : `${n} other calls`;
}

// diffList describes the first difference between two lists of messages,
// in words {subject, verb, again}, or returns "".
function diffList(words, got, want) {
  const { subject, verb, again } = words;
  if (!Array.isArray(got)) return `${subject} ${verb} ${show(got)} instead of a list of messages; the reference ${verb} ${countMessages(want.length)}`;
  const g = got.map(canonical);
  const w = want.map(canonical);
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const missing = (i) => `${subject} ${verb} ${countMessages(g.length)}; the reference ${verb} ${w.length} (missing message ${i + 1} = ${show(want[i])})`;
  const extra = (i) => `${subject} ${verb} ${countMessages(g.length)}; the reference ${verb} ${w.length} (extra message ${i + 1} = ${show(got[i])})`;
  for (let i = 0; i < Math.min(g.length, w.length); i++) {
    if (g[i] === w[i]) continue;
    if (g.length + 1 === w.length && same(g.slice(i), w.slice(i + 1))) return missing(i);
    if (g.length === w.length + 1 && same(g.slice(i + 1), w.slice(i))) return extra(i);
    let text = `${subject} ${verb} message ${i + 1} = ${show(got[i])}; the reference has ${show(want[i])}`;
    if (g.length !== w.length) text += ` (and ${again} ${countMessages(g.length)}; the reference ${verb} ${w.length})`;
    return text;
  }
  const n = Math.min(g.length, w.length);
  if (g.length < w.length) return missing(n);
  if (g.length > w.length) return extra(n);
  return "";
}

// endDiff describes the first difference in how a loop ended: what it
// returned, then its usage, then (where the case checks it) its transcript.
function endDiff(g, w) {
  const failed = g.error !== undefined;
  const wantFailed = w.error !== undefined;
  if (failedToEnd(g) || g.aborted || g.notAnswer !== undefined || failed !== wantFailed || (failed && g.error !== w.error) || (!failed && g.result !== w.result)) {
    return `the loop ${ended(g)}; the reference ${ended(w)}`;
  }
  if (g.inputTokens !== w.inputTokens || g.outputTokens !== w.outputTokens) {
    return `the loop returned a usage of ${g.inputTokens} input and ${g.outputTokens} output tokens; the reference summed ${w.inputTokens} input and ${w.outputTokens} output tokens`;
  }
  if (w.transcript) return diffList({ subject: "the loop", verb: "returned", again: "the loop returned" }, g.transcript, w.transcript);
  return "";
}

// firstDiff walks both records to the first difference: {text, atEnd},
// or null.
function firstDiff(got, want, barrierWaitMs) {
  const gs = [...got.trace, { kind: "end", ...got.end }];
  const ws = [...want.trace, { kind: "end", ...want.end }];
  for (let i = 0; ; i++) {
    const g = gs[i];
    const w = ws[i];
    const at = (text, atEnd = false) => ({ text, atEnd });
    if (g.kind === "model" && w.kind === "model") {
      if (g.foreign) return at(`model call ${g.call} got a context that is not the loop's ctx nor made from it; the reference passes ctx on`);
      const d = diffList({ subject: `model call ${g.call}`, verb: "saw", again: "the call saw" }, g.messages, w.messages);
      if (d) return at(d);
    } else if (g.kind === "tool" && w.kind === "tool") {
      if (g.name !== w.name || canonical(g.args) !== canonical(w.args)) {
        return at(`${after(g.call)}, the loop called ${showCall(g)}; the reference called ${showCall(w)}`);
      }
      if (g.foreign) {
        return at(`${after(g.call)}, the loop called ${showCall(g)} with a context that is not the loop's ctx nor made from it; the reference passes ctx on to every tool`);
      }
      if (g.apart > 0) {
        return at(
          `${after(g.call)}, the calls did not run at the same time: ${showCall(g)} waited ${goDuration(barrierWaitMs)} for the action's ${countOthers(g.apart)} to start; the reference runs them all at once`,
        );
      }
    } else if (g.kind === "end" && w.kind === "end") {
      const d = endDiff(g, w);
      return d ? at(d, true) : null;
    } else if (g.kind === "model" && w.kind === "tool") {
      return at(`${after(w.call)}, the loop made model call ${g.call} without calling ${showCall(w)} as the reference did`);
    } else if (g.kind === "model" && w.kind === "end") {
      return at(`the loop made model call ${g.call}; the reference stopped ${after(w.call)} and ${ended(w)}`);
    } else if (g.kind === "tool" && w.kind === "model") {
      return at(`${after(g.call)}, the loop called ${showCall(g)}; the reference called no tool there and went on to model call ${w.call}`);
    } else if (g.kind === "tool" && w.kind === "end") {
      return at(`${after(g.call)}, the loop called ${showCall(g)}; the reference called no tool there and ${ended(w)}`);
    } else if (g.kind === "end" && w.kind === "model") {
      return at(`${after(g.call)}, the loop ${ended(g)}; the reference made model call ${w.call}`, true);
    } else if (g.kind === "end" && w.kind === "tool") {
      return at(`${after(g.call)}, the loop called no tool there and ${ended(g)}; the reference called ${showCall(w)}`, true);
    } else {
      // An entry the grader does not know is a difference, never skipped.
      return at(`entry ${i + 1} of what the loop did is not one the grader knows (${show(g)})`);
    }
  }
}

// readable reports whether observed has the shape the recorder writes.
function readable(observed) {
  if (observed === null || typeof observed !== "object" || !Array.isArray(observed.trace)) return false;
  if (observed.end === null || typeof observed.end !== "object" || !Number.isInteger(observed.end.call)) return false;
  return observed.trace.every((e) => e !== null && typeof e === "object" && Number.isInteger(e.call) && (e.kind === "model" || (e.kind === "tool" && typeof e.name === "string")));
}

// checkFollowUpCase returns null when the loop did on c what the real
// loop did, and otherwise the first difference, as Go's FollowUpCase.Check
// words it: 'case "NAME": ...'. barrierWaitMs is how long a barrier call
// waits for the others (followups.json's barrierWaitMs).
export function checkFollowUpCase(c, observed, barrierWaitMs) {
  if (!readable(observed)) observed = { trace: [{ kind: "unreadable", call: 0 }], end: { call: 0, threw: "nothing the grader can read" } };
  const got = { trace: sortCalls(observed.trace), end: observed.end };
  const d = firstDiff(got, expectedFollowUp(c), barrierWaitMs);
  if (!d) return null;
  const end = observed.end;
  let text = d.text;
  if (failedToEnd(end) && !d.atEnd) text = `${after(end.call)}, the loop ${ended(end)}; before that, ${text}`;
  else if (end.aborted) text += ` (the loop was stopped at model call ${end.call})`;
  return { text: `case ${quote(c.name)}: ${text}` };
}
