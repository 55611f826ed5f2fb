// Compares what a learner's loop did on a case with what the real loop,
// agent.Run, did, and names the first difference, in the words of Go's
// agenttest.TestLoop where they read well. Pure: no DOM, no worker; the
// worker records what the loop did (worker/grade.js) and the page shows
// the verdict (exercise/exercise.js).
//
// A case is one of agenttest.Cases (cases.json): {name, userMsg, maxSteps,
// defaultMaxSteps, script, tools, expect: {modelCalls, toolCalls, result}}.
// What the loop did, as worker/grade.js records it:
//
//   {trace: [{kind: "model", call, messages} | {kind: "tool", call, name, args}],
//    end: {call, result} | {call, notString} | {call, threw}, with aborted: true
//         when the model stopped a loop that called it too often}
//
// A Go loop's record (agenttest.Observation, which the Go Exercise's
// program writes) has {call, panicked} where a JavaScript one has threw.
//
// call is the number of model calls made so far, that one included.
// messages and args are JSON copies of what the loop passed, except that a
// value JSON cannot carry (undefined, a function…), which JSON would turn
// into null or leave out, is recorded as {[NOT_JSON]: how to show it}.

// NOT_JSON (lib/protocol.js) is the key worker/grade.js records a value
// JSON cannot carry under.
import { NOT_JSON } from "../lib/protocol.js";

// notJSON returns how to show v if it is a value JSON cannot carry, or
// one recorded as such, and otherwise undefined.
function notJSON(v) {
  if (v === undefined) return "undefined";
  if (typeof v === "function") return "a function";
  if (v === null || typeof v !== "object" || Array.isArray(v)) return undefined;
  const keys = Object.keys(v);
  return keys.length === 1 && keys[0] === NOT_JSON && typeof v[NOT_JSON] === "string" ? v[NOT_JSON] : undefined;
}

// encode writes v as JSON with its object keys sorted. A value JSON cannot
// carry is written as it is shown (undefined) when asShown is true;
// otherwise, inside a list or an object, as JSON would write it (null in a
// list, left out of an object), so that comparing loops keeps JSON's idea
// of equal.
function encode(v, asShown) {
  const odd = notJSON(v);
  if (odd !== undefined) return odd;
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x) => (!asShown && notJSON(x) !== undefined ? "null" : encode(x, asShown))).join(",")}]`;
  const keys = Object.keys(v)
    .filter((k) => asShown || notJSON(v[k]) === undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${encode(v[k], asShown)}`).join(",")}}`;
}

// canonical encodes v as JSON with its object keys sorted, so that equal
// values have equal encodings whatever order their keys were set in. A
// value JSON cannot carry is never equal to JSON at the top (undefined
// args are not {}), and inside a list or an object is what JSON makes of it.
export function canonical(v) {
  return encode(v, false);
}

// The keys a reader looks for first in a message, in this order; the
// others follow, sorted.
const KEY_ORDER = ["role", "type", "name", "args", "content"];

// show returns a message as JSON with its keys in a readable order:
// "role", "type", "name", "args", "content", then the others sorted.
// A value JSON cannot carry is shown as JavaScript would write it: undefined
// stays undefined, in a list or as a key's value too.
export function show(msg) {
  if (msg === null || typeof msg !== "object" || Array.isArray(msg) || notJSON(msg) !== undefined) return encode(msg, true);
  const rank = (k) => {
    const i = KEY_ORDER.indexOf(k);
    return i < 0 ? KEY_ORDER.length : i;
  };
  const keys = Object.keys(msg).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${JSON.stringify(k)}:${encode(msg[k], true)}`).join(",")}}`;
}

// quote shows a returned string as Go's %q would, near enough: in double
// quotes, with escapes.
export function quote(s) {
  return JSON.stringify(String(s));
}

// expectedTrace is what the real loop did on c, in the form of an observed
// run.
export function expectedTrace(c) {
  return { trace: expectedCalls(c.expect), end: { call: c.expect.modelCalls.length, result: c.expect.result } };
}

// expectedCalls returns the model and tool calls the real loop made, in
// the order it made them, from a case's expect (both levels' cases have
// its modelCalls and toolCalls).
export function expectedCalls(expect) {
  const trace = [];
  const toolCalls = [...expect.toolCalls];
  expect.modelCalls.forEach((messages, i) => {
    trace.push({ kind: "model", call: i + 1, messages });
    while (toolCalls.length > 0 && toolCalls[0].step === i + 1) {
      const tc = toolCalls.shift();
      trace.push({ kind: "tool", call: i + 1, name: tc.name, args: tc.args });
    }
  });
  return trace;
}

// after says when something happened, by the model calls made before it.
// Sentences start with it, so that how a loop ended, which may carry its
// own commas, comes last.
export function after(calls) {
  return calls === 0 ? "before any model call" : `after model call ${calls}`;
}

// failedToEnd reports whether a loop ended by throwing (JavaScript) or
// panicking (Go) rather than returning.
export function failedToEnd(end) {
  return end.threw !== undefined || end.panicked !== undefined;
}

// ended says how a loop ended.
function ended(end) {
  if (end.aborted) return "was stopped for calling the model too often";
  if (end.threw !== undefined) return `threw (${end.threw})`;
  if (end.panicked !== undefined) return `panicked (${end.panicked})`;
  if (end.notString !== undefined) return `returned ${end.notString}, not a string`;
  return `returned ${quote(end.result)}`;
}

function showCall(e) {
  return `${e.name}(${show(e.args)})`;
}

// messages counts n messages in words.
function messages(n) {
  return n === 1 ? "1 message" : `${n} messages`;
}

// diffMessages describes the first difference between the messages model
// call k saw and those the real loop's saw, or returns null. It returns
// {text, index}: index (0-based) is the message that differs, -1 for
// none in particular.
export function diffMessages(k, got, want) {
  if (!Array.isArray(got)) {
    return { text: `model call ${k} got ${show(got)} instead of a list of messages; the reference saw ${messages(want.length)}`, index: -1 };
  }
  const g = got.map(canonical);
  const w = want.map(canonical);
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const missing = (i) =>
    `model call ${k} saw ${messages(g.length)}; the reference saw ${w.length} (missing message ${i + 1} = ${show(want[i])})`;
  const extra = (i) =>
    `model call ${k} saw ${messages(g.length)}; the reference saw ${w.length} (extra message ${i + 1} = ${show(got[i])})`;
  for (let i = 0; i < Math.min(g.length, w.length); i++) {
    if (g[i] === w[i]) continue;
    if (g.length + 1 === w.length && same(g.slice(i), w.slice(i + 1))) return { text: missing(i), index: i };
    if (g.length === w.length + 1 && same(g.slice(i + 1), w.slice(i))) return { text: extra(i), index: i };
    let text = `model call ${k} saw message ${i + 1} = ${show(got[i])}; the reference has ${show(want[i])}`;
    if (g.length !== w.length) text += ` (and the call saw ${messages(g.length)}; the reference saw ${w.length})`;
    return { text, index: i };
  }
  const n = Math.min(g.length, w.length);
  if (g.length < w.length) return { text: missing(n), index: n };
  if (g.length > w.length) return { text: extra(n), index: n };
  return null;
}

// firstDiff walks both traces to the first difference: {text, atEnd, call,
// index}, or null. call is the model call whose messages are worth showing
// beside each other: the one the text is about, and where one loop made a
// model call while the other did something else, that call (the later of
// the two counts); index the message that differs in it, or -1.
function firstDiff(got, want) {
  const gs = [...got.trace, { kind: "end", ...got.end }];
  const ws = [...want.trace, { kind: "end", ...want.end }];
  for (let i = 0; ; i++) {
    const g = gs[i];
    const w = ws[i];
    // An entry the grader does not know is a difference, never skipped:
    // skipping would let a record that says nothing pass.
    if (!knownEntry(g)) return { text: `entry ${i + 1} of what the loop did is not one the grader knows (${show(g)})`, atEnd: false, call: w.call, index: -1 };
    const at = (text, atEnd = false) => ({ text, atEnd, call: Math.max(g.call, w.call), index: -1 });
    if (g.kind === "model" && w.kind === "model") {
      const d = diffMessages(g.call, g.messages, w.messages);
      if (d) return { text: d.text, atEnd: false, call: g.call, index: d.index };
    } else if (g.kind === "tool" && w.kind === "tool") {
      if (g.name !== w.name || canonical(g.args) !== canonical(w.args)) {
        return at(`${after(g.call)}, the loop called ${showCall(g)}; the reference called ${showCall(w)}`);
      }
    } else if (g.kind === "end" && w.kind === "end") {
      if (g.aborted || failedToEnd(g) || g.notString !== undefined || g.result !== w.result) {
        return at(`the loop ${ended(g)}; the reference returned ${quote(w.result)}`, true);
      }
      return null;
    } else if (g.kind === "model" && w.kind === "tool") {
      return at(`${after(w.call)}, the loop made model call ${g.call} without calling ${showCall(w)} as the reference did`);
    } else if (g.kind === "model" && w.kind === "end") {
      return at(`the loop made model call ${g.call}; the reference stopped ${after(w.call)} and returned ${quote(w.result)}`);
    } else if (g.kind === "tool" && w.kind === "model") {
      return at(`${after(g.call)}, the loop called ${showCall(g)}; the reference called no tool there and went on to model call ${w.call}`);
    } else if (g.kind === "tool" && w.kind === "end") {
      return at(`${after(g.call)}, the loop called ${showCall(g)}; the reference called no tool there and returned ${quote(w.result)}`);
    } else if (g.kind === "end" && w.kind === "model") {
      return at(`${after(g.call)}, the loop ${ended(g)}; the reference made model call ${w.call}`, true);
    } else if (g.kind === "end" && w.kind === "tool") {
      return at(`${after(g.call)}, the loop called no tool there and ${ended(g)}; the reference called ${showCall(w)}`, true);
    }
  }
}

// knownEntry reports whether e is an entry of a record as worker/grade.js
// writes them.
function knownEntry(e) {
  if (e === null || typeof e !== "object" || !Number.isInteger(e.call)) return false;
  return e.kind === "model" || e.kind === "end" || (e.kind === "tool" && typeof e.name === "string");
}

// checkCase returns null when the loop did on c what the real loop did,
// and otherwise the first difference:
//
//   {text: 'case "NAME": ...', call, index,
//    got: {calls, messages, result}, want: {calls, messages, result}}
//
// call is the model call (1-based, 0 for none) to show beside each other,
// index the message that differs in it (-1 for none). For each loop, calls
// is how many model calls it made, messages what its model call call saw
// (null when call is 0 or more than calls: a loop may pass null itself),
// and result how it ended.
export function checkCase(c, observed) {
  if (observed === null || typeof observed !== "object" || !Array.isArray(observed.trace) || observed.end === null || typeof observed.end !== "object") {
    observed = { trace: [{ kind: "unreadable" }], end: { call: 0, threw: "nothing the grader can read" } };
  }
  const want = expectedTrace(c);
  const d = firstDiff(observed, want);
  const end = observed.end;
  let text = d ? d.text : "";
  if (failedToEnd(end) && !end.aborted && d && !d.atEnd) {
    text = `${after(end.call)}, the loop ${ended(end)}; before that, ${text}`;
  } else if (end.aborted && d) {
    text += ` (the loop was stopped at model call ${end.call})`;
  }
  if (!text) return null;
  const call = d.call;
  const seen = observed.trace.find((e) => knownEntry(e) && e.kind === "model" && e.call === call);
  return {
    text: `case ${quote(c.name)}: ${text}`,
    call,
    index: d.index,
    got: { calls: end.call, messages: seen ? seen.messages : null, result: ended(end) },
    want: {
      calls: c.expect.modelCalls.length,
      messages: call >= 1 && call <= c.expect.modelCalls.length ? c.expect.modelCalls[call - 1] : null,
      result: `returned ${quote(c.expect.result)}`,
    },
  };
}
