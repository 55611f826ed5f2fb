"use strict";
// Checking runAgent's arguments, and the helpers the engine shares.
//
// The arguments are checked here, in JavaScript, for a reason of safety
// more than speed: reading a property of a user's object may run a getter
// or a Proxy trap that throws, and syscall/js catches exceptions only in
// calls (Call, Invoke, New), not in Get, Index or Length, whose exception
// would unwind through the Go program. So Go never reads a user's object:
// checkArgs reads each argument once and returns what the run needs, or
// throws a TypeError or RangeError that names the argument.
//
// The bridge compiles this file with engine.js and run-agent.js into one
// function, after a prelude of the protocol's constants that Go writes.

// describe names a value's type, and its value when short, for an error.
function describe(v) {
  if (v === null) return "null";
  switch (typeof v) {
    case "undefined": return "undefined";
    case "string": return "string " + JSON.stringify(v.length > 40 ? v.slice(0, 40) + "..." : v);
    case "number": case "boolean": return typeof v + " " + String(v);
    case "bigint": return "a bigint";
    case "symbol": return "a symbol";
    case "function": return "a function";
  }
  try {
    return Array.isArray(v) ? "an array" : "an object";
  } catch (_) {
    return "an object"; // a revoked Proxy
  }
}

// errorText is what a failure reads as: an Error's message, or String() of
// anything else that was thrown. It never throws.
function errorText(e) {
  try {
    if (e !== null && typeof e === "object" && typeof e.message === "string" && e.message !== "") return e.message;
    return String(e);
  } catch (_) {
    try {
      if (e !== null && typeof e === "object" && typeof e.name === "string" && e.name !== "") return e.name;
    } catch (_) {
      // Nothing of it can be read.
    }
    return "unprintable error";
  }
}

// isObject, isModel and readTools (the shape of a model and of tools) are
// shape.js's, shared with the playground's worker.
function isSteps(v) { return Number.isInteger(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER; }

// defaultTranscriptBytes is the transcript budget of a run that sets none:
// 256 MiB of messages, the model's actions as well as tool outputs.
const defaultTranscriptBytes = 256 * 1024 * 1024;

const optionNames = "{maxSteps, onEvent, signal, toolTimeoutMs, maxTranscriptBytes, approve, contextBudget, trim, countTokens}";

// checkArgs checks runAgent's arguments and returns them, read once.
function checkArgs(model, tools, userMsg, options) {
  const args = {
    model: null, script: null, names: null, fns: [], userMsg: "",
    maxSteps: -1, onEvent: null, signal: null, aborted: false, toolTimeoutMs: 0,
    maxTranscriptBytes: defaultTranscriptBytes, approve: null,
    contextBudget: 0, trim: "none", countTokens: null,
  };
  const readOption = (o, name, where) => {
    try {
      return o[name];
    } catch (e) {
      throw new TypeError("runAgent: reading " + where + ": " + errorText(e));
    }
  };
  if (!isModel(model)) {
    throw new TypeError("runAgent: model must be a function (messages) => action, or an array of scripted actions; got " + describe(model));
  }
  if (Array.isArray(model)) args.script = model;
  else args.model = model;
  if (!isObject(tools)) throw new TypeError("runAgent: tools must be an object of name → function (args) => result, got " + describe(tools));
  const read = readTools(tools);
  if (read.problem) throw new TypeError(toolsProblem(read));
  args.names = read.names;
  args.fns = read.fns;
  if (typeof userMsg !== "string") throw new TypeError("runAgent: userMsg must be a string, got " + describe(userMsg));
  args.userMsg = userMsg;
  if (typeof options === "number") {
    if (!isSteps(options)) throw new RangeError("runAgent: maxSteps must be a non-negative integer, got " + describe(options));
    args.maxSteps = options;
  } else if (isObject(options)) {
    checkOptions(args, options, readOption);
  } else if (options !== undefined && options !== null) {
    throw new TypeError("runAgent: maxSteps must be a non-negative integer (or the 4th argument an options object " + optionNames + "), got " + describe(options));
  }
  return args;
}

// toolsProblem words what readTools found wrong with tools.
function toolsProblem(p) {
  const where = "runAgent: tools[" + JSON.stringify(p.name) + "]";
  switch (p.problem) {
    case "names": return "runAgent: reading the names of tools: " + errorText(p.error);
    case "name": return where + ": a tool's name must be well-formed Unicode, without a lone surrogate";
    case "read": return "runAgent: reading tools[" + JSON.stringify(p.name) + "]: " + errorText(p.error);
    default: return where + " must be a function (args) => result, got " + describe(p.value);
  }
}

function checkOptions(args, options, read) {
  const steps = read(options, "maxSteps", "options.maxSteps");
  if (steps !== undefined && steps !== null) {
    if (typeof steps !== "number") throw new TypeError("runAgent: options.maxSteps must be a non-negative integer, got " + describe(steps));
    if (!isSteps(steps)) throw new RangeError("runAgent: options.maxSteps must be a non-negative integer, got " + describe(steps));
    args.maxSteps = steps;
  }
  const f = read(options, "onEvent", "options.onEvent");
  if (f !== undefined && f !== null) {
    if (typeof f !== "function") throw new TypeError("runAgent: options.onEvent must be a function (event) => void, got " + describe(f));
    args.onEvent = f;
  }
  const s = read(options, "signal", "options.signal");
  if (s !== undefined && s !== null) {
    const fired = isObject(s) ? read(s, "aborted", "options.signal.aborted") : undefined;
    if (typeof fired !== "boolean" ||
        typeof read(s, "addEventListener", "options.signal.addEventListener") !== "function" ||
        typeof read(s, "removeEventListener", "options.signal.removeEventListener") !== "function") {
      throw new TypeError("runAgent: options.signal must be an AbortSignal, got " + describe(s));
    }
    args.signal = s;
    args.aborted = fired;
  }
  const ms = read(options, "toolTimeoutMs", "options.toolTimeoutMs");
  if (ms !== undefined && ms !== null) {
    if (typeof ms !== "number") throw new TypeError("runAgent: options.toolTimeoutMs must be a non-negative number of milliseconds, got " + describe(ms));
    if (!(ms >= 0 && ms < Infinity)) throw new RangeError("runAgent: options.toolTimeoutMs must be a non-negative number of milliseconds, got " + describe(ms));
    args.toolTimeoutMs = ms;
  }
  const bytes = read(options, "maxTranscriptBytes", "options.maxTranscriptBytes");
  if (bytes !== undefined && bytes !== null) {
    const what = "runAgent: options.maxTranscriptBytes must be a non-negative integer number of bytes (or Infinity), got ";
    if (typeof bytes !== "number") throw new TypeError(what + describe(bytes));
    if (!(isSteps(bytes) || bytes === Infinity)) throw new RangeError(what + describe(bytes));
    args.maxTranscriptBytes = bytes;
  }
  const approve = read(options, "approve", "options.approve");
  if (approve !== undefined && approve !== null) {
    if (typeof approve !== "function") throw new TypeError("runAgent: options.approve must be a function (call) => decision, got " + describe(approve));
    args.approve = approve;
  }
  checkContext(args, options, read);
}

// checkContext checks the context budget's options: contextBudget, a
// number of tokens (0, the default, for none); trim, one of trimNames (the
// Go agent's strategies); countTokens, a function (message) => tokens.
function checkContext(args, options, read) {
  const tokens = read(options, "contextBudget", "options.contextBudget");
  if (tokens !== undefined && tokens !== null) {
    const what = "runAgent: options.contextBudget must be a non-negative integer number of tokens (0 for none), got ";
    if (typeof tokens !== "number") throw new TypeError(what + describe(tokens));
    if (!isSteps(tokens)) throw new RangeError(what + describe(tokens));
    args.contextBudget = tokens;
  }
  const trim = read(options, "trim", "options.trim");
  if (trim !== undefined && trim !== null) {
    if (typeof trim !== "string" || !trimNames.includes(trim)) {
      throw new TypeError("runAgent: options.trim must be one of " + trimNames.map((n) => JSON.stringify(n)).join(", ") + ", got " + describe(trim));
    }
    args.trim = trim;
  }
  const count = read(options, "countTokens", "options.countTokens");
  if (count !== undefined && count !== null) {
    if (typeof count !== "function") throw new TypeError("runAgent: options.countTokens must be a function (message) => number of tokens, got " + describe(count));
    args.countTokens = count;
  }
}
