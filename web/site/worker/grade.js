// Runs a learner's loop on the Exercise's cases and records what it did.
// An ES module, imported by worker/worker.js.
// The comparison with the real loop is the page's (exercise/case-check.js):
// this only plays each case's model and tools and writes down every call.
//
// For each case the worker posts to the page, through post:
//   {type: "case_start", index, name}   before the loop runs it, so the
//                                       page's watchdog can name a case
//                                       that never ends
//   {type: "case_end", index, observed} what the loop did (see
//                                       exercise/case-check.js)
//
// The learner's code runs in this worker, in the realm of this module:
// what keeps it from rewriting the record (setters on Array.prototype, a
// toJSON on Object.prototype, a JSON.stringify of its own) is that
// worker/harden.js freezes the built-ins before any of it runs.

import { NOT_JSON } from "../lib/protocol.js";

// How many model calls past the real loop's a loop may make before the
// model stops it, as in Go's agenttest.
const EXTRA_CALLS = 5;
const EXHAUSTED = "(script exhausted)";

// The learner's code may still replace the globals that name them; what
// the recording needs is kept from before it runs.
const stringify = JSON.stringify;
const parse = JSON.parse;
const ErrorType = Error;
const entries = Object.entries;

// Thrown by the model at a loop that calls it too often.
class TooManyCalls extends ErrorType {}

// notJSON returns how to show v if JSON cannot carry it, else undefined.
function notJSON(v) {
  switch (typeof v) {
    case "undefined":
      return "undefined";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    case "bigint":
      return `${v}n`;
    default:
      return undefined;
  }
}

// keepNotJSON is copy's replacer: JSON would turn undefined into null in
// a list or at the top, and leave it out of an object, and the learner
// would read that their loop passed null, or nothing, where it passed
// undefined.
function keepNotJSON(key, v) {
  const shown = notJSON(v);
  return shown === undefined ? v : { [NOT_JSON]: shown };
}

// copy returns a plain deep copy of v, as JSON sees it but for the values
// JSON cannot carry (see keepNotJSON), so that later changes by the loop
// do not change what was recorded.
export function copy(v) {
  try {
    return parse(stringify(v, keepNotJSON));
  } catch (err) {
    return { [NOT_JSON]: `a value that cannot be copied (${describe(err)})` };
  }
}

export function describe(err) {
  try {
    if (err instanceof ErrorType) return err.message ? `${err.name}: ${err.message}` : err.name;
    return typeof err === "string" ? err : stringify(err) ?? String(err);
  } catch {
    return "an error that cannot be shown";
  }
}

export function describeValue(v) {
  const shown = notJSON(v);
  if (shown !== undefined) return shown;
  try {
    return stringify(v) ?? String(v);
  } catch {
    return "a value that cannot be shown";
  }
}

// runCase runs loop on case c: its model plays the script, its tools
// return or fail as the case says.
async function runCase(loop, c) {
  const trace = [];
  let calls = 0;
  const limit = c.expect.modelCalls.length + EXTRA_CALLS;
  const model = (messages) => {
    calls++;
    trace[trace.length] = { kind: "model", call: calls, messages: copy(messages) };
    if (calls > limit) throw new TooManyCalls(`the model was called more than ${limit} times`);
    if (calls > c.script.length) return { role: "assistant", type: "final", content: EXHAUSTED };
    return parse(stringify(c.script[calls - 1]));
  };
  const tools = {};
  for (const [name, spec] of entries(c.tools)) {
    tools[name] = (args) => {
      trace[trace.length] = { kind: "tool", call: calls, name, args: copy(args) };
      if (spec.fails !== undefined) throw new ErrorType(spec.fails);
      return spec.returns;
    };
  }
  const end = {};
  try {
    // A case run with the default max steps calls the loop without it,
    // so the loop's own default (10) applies.
    const value = await (c.defaultMaxSteps ? loop(model, tools, c.userMsg) : loop(model, tools, c.userMsg, c.maxSteps));
    if (typeof value === "string") end.result = value;
    else end.notString = describeValue(value);
  } catch (err) {
    // Only the model's own stop is not the loop's throw: a loop can get
    // hold of a TooManyCalls and throw one of its own.
    if (!(err instanceof TooManyCalls && calls > limit)) end.threw = describe(err);
  }
  end.call = calls;
  if (calls > limit) end.aborted = true;
  return { trace, end };
}

// gradeLoop runs loop on every case in turn, posting what it did.
export async function gradeLoop(loop, cases, post) {
  for (let index = 0; index < cases.length; index++) {
    post({ type: "case_start", index, name: cases[index].name });
    const observed = await runCase(loop, cases[index]);
    post({ type: "case_end", index, observed });
  }
}
