// runAgentSandboxed: the loop on untrusted source text, in a sandbox
// worker under the runaway guard, for a tutorial page.

import { Sandbox } from "./sandbox.js";
import { Turns } from "./turns.js";
import { DEFAULT_MAX_STEPS, DEFAULT_TIME_LIMIT_MS, DEFAULT_TOOL_TIMEOUT_MS, withCurrentNames } from "./run-inputs.js";

let defaultSandbox = null;

// The runs in flight, at most MAX_SANDBOXED_RUNS at once.
const turns = new Turns();

// runAgentSandboxed's sources are its arguments, not the playground's
// editors: its errors name them so.
const SOURCE_SUBJECTS = { model: "The model source", tools: "The tools source" };
const SOURCE_LABELS = { model: "the model source", tools: "the tools source" };

// typeOf describes a value in an argument error: its type, and the value
// itself when it is short.
function typeOf(v) {
  if (v === null || v === undefined) return String(v);
  if (typeof v === "string") return `string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === "number" || typeof v === "boolean") return `${typeof v} ${v}`;
  return Array.isArray(v) ? "an array" : typeof v;
}

// checkArguments refuses a bad argument at once, with a TypeError (not the
// kind of value wanted) or a RangeError (the right kind, out of range)
// that names it, before any worker is asked: the same rules as runAgent's
// (wasm/check.js), and for timeLimitMs, the guard's own.
function checkArguments(model, tools, { maxSteps, toolTimeoutMs, timeLimitMs, onEvent }) {
  for (const [name, value] of [["model", model], ["tools", tools]]) {
    if (typeof value !== "string") throw new TypeError(`runAgentSandboxed: ${name} must be source text (a string), got ${typeOf(value)}`);
  }
  if (typeof maxSteps !== "number") throw new TypeError(`runAgentSandboxed: maxSteps must be a non-negative integer, got ${typeOf(maxSteps)}`);
  if (!(Number.isInteger(maxSteps) && maxSteps >= 0 && maxSteps <= Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`runAgentSandboxed: maxSteps must be a non-negative integer, got ${typeOf(maxSteps)}`);
  }
  if (typeof timeLimitMs !== "number" || Number.isNaN(timeLimitMs)) {
    throw new TypeError(`runAgentSandboxed: timeLimitMs must be a number of milliseconds, got ${typeOf(timeLimitMs)}`);
  }
  if (!(timeLimitMs > 0 && timeLimitMs < Infinity)) throw new RangeError(`runAgentSandboxed: timeLimitMs must be more than 0 and finite, got ${timeLimitMs}`);
  if (onEvent !== undefined && typeof onEvent !== "function") throw new TypeError(`runAgentSandboxed: onEvent must be a function, got ${typeOf(onEvent)}`);
  // The worker leaves a tool timeout of 0 out (none); anything else that is
  // not a duration would be dropped there without a word.
  if (typeof toolTimeoutMs !== "number" || !(toolTimeoutMs >= 0 && toolTimeoutMs < Infinity)) {
    throw new RangeError(`runAgentSandboxed: toolTimeoutMs must be a number of milliseconds, 0 (none) or more, got ${typeOf(toolTimeoutMs)}`);
  }
}

// listener returns what calls onEvent for each event, the way runAgent
// does (wasm/engine.js): an onEvent that throws, or returns a promise that
// rejects, is logged once per run and the run goes on. The run is the
// page's to end, never the listener's: a failure of onEvent ending it
// would leave the caller with a run half shown.
function listener(onEvent) {
  if (!onEvent) return () => {};
  let reported = false;
  const report = (err) => {
    if (reported) return;
    reported = true;
    console.error("runAgentSandboxed: onEvent failed; the run goes on, and later failures of this run are not logged:", err);
  };
  return (e) => {
    try {
      const out = onEvent(e);
      if (out !== null && typeof out === "object" && typeof out.then === "function") out.then(undefined, report);
    } catch (err) {
      report(err);
    }
  };
}

// runAgentSandboxed evaluates {model, tools} (source text, as the
// playground's editors hold) in a fresh worker and runs the loop there
// under the runaway guard: a model or tool call, or the code's own
// evaluation, that does not return within options.timeLimitMs ms (default
// 2000) gets the worker killed. options: {maxSteps, toolTimeoutMs,
// timeLimitMs, onEvent}; pages written before timeLimitMs had its name
// spell it otherwise, and are read as ever (lib/run-inputs.js). It resolves with the answer, or rejects with an
// Error whose message is the reason (the runaway call, the code's error,
// the loop's rejection) and whose event is the done event, if any. Beyond
// MAX_SANDBOXED_RUNS (lib/turns.js) runs in flight, a run waits for its
// turn.
export async function runAgentSandboxed(sources, userMsg, options = {}) {
  const { model, tools } = sources ?? {};
  const { maxSteps = DEFAULT_MAX_STEPS, toolTimeoutMs = DEFAULT_TOOL_TIMEOUT_MS, timeLimitMs = DEFAULT_TIME_LIMIT_MS, onEvent } = withCurrentNames(options ?? {});
  const steps = maxSteps ?? DEFAULT_MAX_STEPS; // null, as for runAgent: the default
  checkArguments(model, tools, { maxSteps: steps, toolTimeoutMs, timeLimitMs, onEvent });
  if (!defaultSandbox) defaultSandbox = new Sandbox();
  const tell = listener(onEvent);
  const message = String(userMsg);
  await turns.take();
  try {
    return await run(model, tools, message, steps, toolTimeoutMs, timeLimitMs, tell);
  } finally {
    turns.done();
  }
}

// run is one sandboxed run, once it has its turn.
function run(model, tools, userMsg, steps, toolTimeoutMs, timeLimitMs, tell) {
  return new Promise((resolve, reject) => {
    let done = null;
    let failure = null;
    defaultSandbox.run(
      {
        model,
        tools,
        userMsg,
        maxSteps: steps,
        toolTimeoutMs,
        timeLimitMs,
        subjects: SOURCE_SUBJECTS,
        labels: SOURCE_LABELS,
      },
      {
        onEvents: (events) => {
          for (const e of events) {
            if (e.kind === "done") done = e;
            tell(e);
          }
        },
        onCompileError: (err) => {
          const where = err.line ? ` (line ${err.line}, column ${err.column})` : "";
          failure = new Error(err.whole ? err.message : `${SOURCE_LABELS[err.editor] ?? err.editor}: ${err.message}${where}`);
        },
        onEnd: () => {
          if (failure) return reject(failure);
          if (done && done.reason !== "final" && done.reason !== "max_steps") {
            const err = new Error(done.error || done.reason);
            err.event = done;
            return reject(err);
          }
          resolve(done ? done.text : "");
        },
      },
    );
  });
}
