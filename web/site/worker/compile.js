// Turns the source in an editor into the value the run needs (the model: an
// array or a function; the tools: an object of functions), or into an error
// that names the line and column in that editor. Loaded by worker/worker.js once
// the engine is ready, off the cold start's path.
//
// acorn decides what the code is and reports its syntax errors
// (run/source-form.js). The code is then evaluated wrapped in a function, with
// a sourceURL naming the editor (model.js, tools.js): V8's stack traces of
// errors thrown while it runs, at once or later inside a model or tool
// call, then carry the editor's line and column.

import { readSource, wrap, positionInStack } from "../run/source-form.js";
// The shape of a model and of tools is decided once, in the bridge's
// wasm/shape.js (a CommonJS file as esbuild and node read it): this file
// words it for the editors.
import { isModel, isObject, readTools } from "../../../wasm/shape.js";

export const FILES = { model: "model.js", tools: "tools.js", loop: "your-loop.js" };

function errorText(err) {
  if (err instanceof Error) return err.message || err.name;
  try {
    return String(err);
  } catch {
    return "an error that cannot be shown";
  }
}

function stackOf(err) {
  try {
    return err && typeof err.stack === "string" ? err.stack : "";
  } catch {
    return "";
  }
}

// SUBJECTS name what gives each value in the messages of check: the
// playground's editors, unless the run names its sources otherwise
// (runAgentSandboxed's are arguments, not editors).
const SUBJECTS = { model: "The Model editor", tools: "The Tools editor", loop: "Your loop" };

// compileEditor returns {value} or {error: {line?, column?, message,
// whole?}}; whole marks a message that names its subject (subject, or the
// editor's) and so reads alone. Nothing runs before the user pressed Run:
// the worker calls this for a run.
export function compileEditor(source, editor, subject = SUBJECTS[editor]) {
  source = String(source);
  const read = readSource(source);
  if (read.error) return { error: read.error };
  let factory;
  try {
    // Indirect eval: global scope, none of the worker's own names in reach,
    // and the code's lines are the sourceURL's lines.
    factory = (0, eval)(wrap(read, editor, FILES[editor]));
  } catch (err) {
    // What acorn accepts but strict mode refuses (a `with`, an octal
    // literal) is refused here, without a position.
    return { error: { message: errorText(err) } };
  }
  try {
    const value = factory();
    const problem = check(value, editor, subject);
    return problem ? { error: { message: problem, whole: true } } : { value };
  } catch (err) {
    const at = positionInStack(stackOf(err), FILES[editor]);
    return { error: at ? { line: at.line, column: at.column, message: errorText(err) } : { message: errorText(err) } };
  }
}

// locateError returns where in the editors err was thrown:
// {editor, line, column, message, name} or null when no frame is theirs.
export function locateError(err) {
  const stack = stackOf(err);
  let best = null;
  for (const editor of Object.keys(FILES)) {
    const at = positionInStack(stack, FILES[editor]);
    if (at && (!best || at.index < best.index)) best = { editor, ...at };
  }
  if (!best) return null;
  let name = "";
  try {
    name = err instanceof Error ? String(err.name) : "";
  } catch {
    name = "";
  }
  return { editor: best.editor, line: best.line, column: best.column, message: errorText(err), name };
}

// watchCalls wraps a function of the user's so that an error it throws, or
// a promise it returns that rejects, is reported with report(err) before
// it goes on to the loop unchanged. The function is called on receiver
// (the tools object its `this` would have been).
export function watchCalls(fn, report, receiver) {
  return function watched(...args) {
    let out;
    try {
      out = fn.apply(receiver, args);
    } catch (err) {
      report(err);
      throw err;
    }
    if (out !== null && (typeof out === "object" || typeof out === "function") && typeof out.then === "function") {
      return out.then(undefined, (err) => {
        report(err);
        throw err;
      });
    }
    return out;
  };
}

function check(value, editor, subject) {
  const kind = describeType(value);
  if (editor === "loop") {
    if (typeof value === "function") return null;
    if (value === undefined) {
      return `${subject} gives nothing: define function runAgent(model, tools, userMsg, maxSteps = 10) { … }.`;
    }
    return `${subject} gives ${kind}; it must define a function runAgent(model, tools, userMsg, maxSteps = 10).`;
  }
  if (editor === "model") {
    if (isModel(value)) return null;
    if (value === undefined) {
      return `${subject} gives nothing: write an array of actions, or a function model(messages).`;
    }
    return `${subject} gives ${kind}; it must give an array of actions or a function model(messages).`;
  }
  if (value === undefined) {
    return `${subject} gives nothing: write an object of functions, such as { add: ({a, b}) => a + b }.`;
  }
  if (!isObject(value)) {
    return `${subject} gives ${kind}; it must give an object of functions, such as { add: ({a, b}) => a + b }.`;
  }
  const tools = readTools(value);
  switch (tools.problem) {
    case undefined:
      return null;
    case "names":
      // Thrown by the code's own Proxy, say: compileEditor shows where.
      throw tools.error;
    case "name":
      return `Tool ${JSON.stringify(tools.name)} has a name that is not well-formed Unicode (a lone surrogate).`;
    case "read":
      return `Reading tool '${tools.name}' failed: ${errorText(tools.error)}`;
    default:
      return `Tool '${tools.name}' is ${describeType(tools.value)}, not a function.`;
  }
}

function describeType(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  const t = typeof v;
  return t === "object" ? "an object" : `a ${t}`;
}

