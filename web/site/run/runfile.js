// The run file: a run saved as JSON, self-contained, so that it can be
// reopened and stepped, diagrammed and forked without running anything.
//
//   {
//     "format": "agentloop-run",
//     "version": 1,
//     "inputs": {"model": "<Model editor's code>", "tools": "<Tools editor's code>",
//                "userMsg": "...", "maxSteps": 10, "timeLimitMs": 2000, "toolTimeoutMs": 0},
//     "events": [{"kind": "message", "step": 0, ...}, ..., {"kind": "done", ...}],
//     "fork": {"at": 2}
//   }
//
// The events are the run's events as the page kept them, ending with its
// done event: an older event whose content the page cut (see run/trace.js)
// says so with "cut": true and "contentLength", the length its content
// had. A fork (views/fork.js) says so with "fork", the model call it was forked
// at, and its inputs.model is the model the fork ran (run/fork-model.js), not
// the Model editor's code: run again, the file gives the fork's run.
//
// The version changes only when a page that reads the old one would
// misread a new file. "fork" did not change it: a page that does not know
// it opens a fork as a plain run, whose model still runs as the fork did.
// Nor did giving each input one spelling (lib/run-inputs.js): files that
// spell the time limit as before are read as ever, and a page of before
// refuses a new file, naming the input it misses.
//
// This module is pure (no DOM): reading a file never throws, it returns
// the run or an error that names what is wrong and where.

import { describeValue, errorMessage } from "../util/format.js";
import { tooDeepAt } from "../util/depth.js";
import { DEFAULT_CONTEXT_BUDGET, DEFAULT_TOOL_TIMEOUT_MS, DEFAULT_TRIM, RUN_INPUTS, TRIMS, withCurrentNames } from "../lib/run-inputs.js";

export const RUN_FORMAT = "agentloop-run";
export const RUN_VERSION = 1;

// MAX_DEPTH is how deep a run file's values may be nested: the worker
// cuts what it sends at 24 levels (worker/outbox.js), so a file the page
// saved never comes near it, and deeper input would take the views' JSON
// past the stack.
export const MAX_DEPTH = 64;

// approval_asked, approved, edited and denied: a run whose tools needed
// approval (views/approval.js); a file without them reads as before.
const KINDS = new Set(["message", "model_start", "model_end", "tool_start", "tool_end", "done", "approval_asked", "approved", "edited", "denied"]);
const ROLES = new Set(["user", "assistant", "tool"]);

// NONE is the value of each input that older files lack: reading such a
// file gives it, and the field shows it as empty.
const NONE = { toolTimeoutMs: DEFAULT_TOOL_TIMEOUT_MS, contextBudget: DEFAULT_CONTEXT_BUDGET, trim: DEFAULT_TRIM };

// BUDGETED are the inputs a run with no context budget leaves out of its
// file, which then reads as it did before the page had them.
const BUDGETED = ["contextBudget", "trim"];

// runFile returns the run file of a trace (see run/trace.js) as an object.
// model is the code of the model the run ran when that is not the Model
// editor's: a fork's (run/fork-model.js). A fork (trace.forkedAt) says so.
export function runFile(trace, { model } = {}) {
  const i = trace.inputs;
  const file = {
    format: RUN_FORMAT,
    version: RUN_VERSION,
    inputs: Object.fromEntries(RUN_INPUTS.filter((n) => i.contextBudget > 0 || !BUDGETED.includes(n)).map((n) => [n, i[n] ?? NONE[n]])),
    events: trace.events,
  };
  if (model !== undefined) file.inputs.model = model;
  if (trace.forkedAt) file.fork = { at: trace.forkedAt };
  return file;
}

// runFileJSON returns the run file of a trace as indented JSON text.
export function runFileJSON(trace, options) {
  return JSON.stringify(runFile(trace, options), null, 2);
}

// readRunFile parses the text of a run file. It returns {inputs, events,
// forkedAt} with inputs in the page's own shape ({model, tools,
// userMsg, maxSteps, timeLimitMs, toolTimeoutMs}) and forkedAt the
// model call a fork was forked at (0: not a fork), or {error} saying what
// is wrong. It never throws.
export function readRunFile(text) {
  if (typeof text !== "string") return { error: "The run file is not text." };
  let value;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { error: `This is not a run file: it is not JSON (${errorMessage(err)}).` };
  }
  return checkRunFile(value);
}

// checkRunFile checks a parsed run file: {inputs, events, forkedAt} or
// {error}. It never throws.
export function checkRunFile(value) {
  try {
    // Files saved before the inputs had one spelling each spell one otherwise.
    if (isObject(value) && isObject(value.inputs)) value = { ...value, inputs: withCurrentNames(value.inputs) };
    const error = problem(value);
    if (error) return { error };
    const i = value.inputs;
    return {
      inputs: Object.fromEntries(RUN_INPUTS.map((n) => [n, i[n] ?? NONE[n]])),
      events: value.events,
      forkedAt: value.fork === undefined ? 0 : value.fork.at,
    };
  } catch (err) {
    // A bug here must not take the page down; say so plainly.
    return { error: `This run file could not be read (${errorMessage(err)}).` };
  }
}

function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function isCount(v) {
  return Number.isSafeInteger(v) && v >= 0;
}

// problem returns what is wrong with a run file, or "".
function problem(f) {
  if (!isObject(f)) return `This is not a run file: it holds ${describeValue(f)}, not an object.`;
  if (f.format !== RUN_FORMAT) {
    return f.format === undefined
      ? `This is not a run file: it has no "format" (a run file says "format": "${RUN_FORMAT}").`
      : `This is not a run file: its format is ${describeValue(f.format)}, not "${RUN_FORMAT}".`;
  }
  if (!Number.isSafeInteger(f.version) || f.version < 1) {
    return `This run file's version is ${describeValue(f.version)}; it must be a whole number from 1.`;
  }
  if (f.version > RUN_VERSION) {
    return `This run file is version ${f.version}; this page reads version ${RUN_VERSION}.`;
  }
  const inputs = inputsProblem(f.inputs);
  if (inputs) return inputs;
  if (!Array.isArray(f.events)) return `The run file's events must be an array; it has ${describeValue(f.events)}.`;
  if (f.events.length === 0) return "The run file has no events: there is no run to show.";
  for (let i = 0; i < f.events.length; i++) {
    const p = tooDeep(f.events[i], `events[${i}]`) || eventProblem(f.events[i], i, f.events.length);
    if (p) return p;
  }
  const first = f.events[0];
  if (first.kind !== "message") return `events[0] is a ${first.kind} event; a run starts with the user's message.`;
  let messages = 0;
  for (let i = 0; i < f.events.length; i++) {
    const p = indexProblem(f.events[i], i, messages);
    if (p) return p;
    if (f.events[i].kind === "message") messages++;
  }
  const last = f.events.length - 1;
  if (f.events[last].kind !== "done") {
    // A run the page shows has ended; a file saved in the middle of one,
    // or cut short, would show a run that never says how it ended.
    return `The run file has no done event: it ends at events[${last}], a ${f.events[last].kind} event, so the run's end is missing (a run file ends with its done event).`;
  }
  return forkProblem(f.fork);
}

// forkProblem checks a file's fork (absent: not a fork).
function forkProblem(fork) {
  if (fork === undefined) return "";
  if (!isObject(fork)) return `The run file's fork must be an object such as {"at": 2}; it has ${describeValue(fork)}.`;
  if (!Number.isSafeInteger(fork.at) || fork.at < 1) {
    return `fork.at must be the model call the run was forked at, a whole number from 1; it is ${describeValue(fork.at)}.`;
  }
  return "";
}

function inputsProblem(inputs) {
  if (!isObject(inputs)) return `The run file's inputs must be an object; it has ${describeValue(inputs)}.`;
  for (const [name, what] of [
    ["model", "the Model editor's code"],
    ["tools", "the Tools editor's code"],
    ["userMsg", "the user's message"],
  ]) {
    if (typeof inputs[name] !== "string") return `inputs.${name} must be a string (${what}); it is ${describeValue(inputs[name])}.`;
  }
  if (!isCount(inputs.maxSteps)) return `inputs.maxSteps must be a whole number from 0; it is ${describeValue(inputs.maxSteps)}.`;
  if (typeof inputs.timeLimitMs !== "number" || !(inputs.timeLimitMs > 0) || !Number.isFinite(inputs.timeLimitMs)) {
    return `inputs.timeLimitMs must be a number of milliseconds above 0; it is ${describeValue(inputs.timeLimitMs)}.`;
  }
  if (inputs.toolTimeoutMs !== undefined && !isCount(inputs.toolTimeoutMs)) {
    return `inputs.toolTimeoutMs must be a whole number of milliseconds from 0 (0: no limit per tool call); it is ${describeValue(inputs.toolTimeoutMs)}.`;
  }
  if (inputs.contextBudget !== undefined && !isCount(inputs.contextBudget)) {
    return `inputs.contextBudget must be a whole number of tokens from 0 (0: no budget); it is ${describeValue(inputs.contextBudget)}.`;
  }
  if (inputs.trim !== undefined && !TRIMS.includes(inputs.trim)) {
    return `inputs.trim must be one of ${TRIMS.map((t) => JSON.stringify(t)).join(", ")}; it is ${describeValue(inputs.trim)}.`;
  }
  return "";
}

// tooDeep says where v (named at) is nested more than MAX_DEPTH deep, or
// returns "".
function tooDeep(v, at) {
  const path = tooDeepAt(v, at, MAX_DEPTH);
  return path ? `${at} is nested more than ${MAX_DEPTH} deep (at ${path}); a run file's values go at most ${MAX_DEPTH} deep.` : "";
}

// indexProblem checks that message event e (events[i]), after count
// messages, says it is the message it is: the views look a message up by
// its index.
function indexProblem(e, i, count) {
  if (e.kind !== "message" || e.index === undefined || e.index === count) return "";
  return `events[${i}] is message ${count} of the run (counting from 0), yet its index is ${describeValue(e.index)}: a message event's index is its place among the run's messages.`;
}

// eventProblem checks the fields of event e (events[i] of n) the page reads.
function eventProblem(e, i, n) {
  const at = `events[${i}]`;
  if (!isObject(e)) return `${at} is ${describeValue(e)}, not an event object.`;
  if (e.kind === undefined) return `${at} has no kind.`;
  if (typeof e.kind !== "string" || !KINDS.has(e.kind)) {
    return `${at} has kind ${describeValue(e.kind)}, which this page does not know (it knows ${[...KINDS].join(", ")}).`;
  }
  if (!isCount(e.step)) return `${at} (${e.kind}) has step ${describeValue(e.step)}; it must be a whole number from 0.`;
  if (e.phase !== undefined && typeof e.phase !== "string") return `${at}.phase must be a string; it is ${describeValue(e.phase)}.`;
  switch (e.kind) {
    case "message":
      if (!("message" in e)) return `${at} is a message event with no message.`;
      // The page shows a message by its role, never by guessing.
      if (e.role === undefined) return `${at} is a message event with no role.`;
      if (!ROLES.has(e.role)) return `${at}.role is ${describeValue(e.role)}; it must be user, assistant or tool.`;
      break;
    case "tool_start":
    case "tool_end":
    case "approval_asked":
    case "approved":
    case "edited":
    case "denied":
      if (!isCount(e.call)) return `${at} (${e.kind}) has call ${describeValue(e.call)}; it must be a whole number from 0.`;
      if (typeof e.name !== "string") return `${at} (${e.kind}) has name ${describeValue(e.name)}; it must be the tool's name, a string.`;
      if (e.kind === "tool_end" && typeof e.content !== "string") return `${at} (tool_end) has content ${describeValue(e.content)}; it must be a string.`;
      break;
    case "done":
      if (typeof e.reason !== "string") return `${at} (done) has reason ${describeValue(e.reason)}; it must be a string.`;
      if (i !== n - 1) return `${at} is the run's done event, yet ${n - 1 - i} more events follow it.`;
      break;
  }
  for (const key of ["ms", "error", "text"]) {
    if (e[key] !== undefined && typeof e[key] !== (key === "ms" ? "number" : "string")) {
      return `${at}.${key} must be a ${key === "ms" ? "number" : "string"}; it is ${describeValue(e[key])}.`;
    }
  }
  return "";
}
