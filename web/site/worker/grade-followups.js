// Runs a learner's level-2 loop on the follow-ups' cases (followups.json,
// Go's agenttest.FollowUps) and records what it did. An ES module,
// imported by worker/worker.js; the comparison with the real loop is the
// page's (exercise/followup-check.js). It plays each case as
// agenttest.FollowUpCase's doc says a runtime does:
//
//   loop(model, tools, userMsg, {maxSteps, toolTimeoutMs, signal})
//
// model(messages, {signal}) returns a promise of the next reply's action
// (a fresh copy), or rejects with its "fails"; tools[name](args, {signal})
// returns a promise that, in this order, aborts the run ("cancels"), waits
// for every call of the action to start ("barrier"), takes its time
// ("delayMs", cut short when its signal aborts), then resolves or rejects.
// signal is the run's AbortSignal, aborted before the loop starts when the
// case is "canceled", with a reason whose message is Go's "context
// canceled".
//
// A signal the loop hands on must be the run's, or one that aborts with
// it (AbortSignal.any): once the loop has returned, the run's signal is
// aborted, and a call whose signal did not follow is recorded as foreign.
//
// For each case the worker posts, through post, {type: "case_start",
// index, name} and {type: "case_end", index, observed}, as worker/grade.js
// does. Like it, this relies on worker/harden.js having frozen the realm
// before the learner's code runs.

import { copy, describe, describeValue } from "./grade.js";

// How many model calls past the real loop's a loop may make before the
// model stops it, as in Go's agenttest.
const EXTRA_CALLS = 5;
const EXHAUSTED = "(script exhausted)";

const stringify = JSON.stringify;
const parse = JSON.parse;
const ErrorType = Error;
const PromiseType = Promise;
const entries = Object.entries;
const isArray = Array.isArray;
const setTimer = setTimeout;
const clearTimer = clearTimeout;
const Controller = AbortController;
const SignalType = AbortSignal;

// The errors a JavaScript engine throws at a bug (a Go loop would panic):
// a loop that throws one of these "threw", while one that throws an Error
// of its own returned that error.
const BUG_ERRORS = [TypeError, ReferenceError, RangeError, SyntaxError, EvalError, URIError];

// Thrown by the model at a loop that calls it too often.
class TooManyCalls extends ErrorType {}

// signalOf reads opts.signal as the loop passed it, or undefined.
function signalOf(opts) {
  try {
    return opts !== null && typeof opts === "object" ? opts.signal : undefined;
  } catch {
    return undefined;
  }
}

function isSignal(s) {
  return s instanceof SignalType;
}

function aborted(s) {
  try {
    return isSignal(s) && s.aborted === true;
  } catch {
    return false;
  }
}

// quiet returns p with a handler of its own, so that a rejection the
// loop never awaits (it forgot to) is no unhandled rejection in the
// worker: the loop that awaits it still gets the rejection.
function quiet(p) {
  p.then(undefined, () => {});
  return p;
}

// pause resolves after ms, or rejects at once with the words of Go's
// context errors when signal aborts first.
function pause(ms, signal, runSignal) {
  return new PromiseType((resolve, reject) => {
    const fail = () => reject(new ErrorType(runSignal.aborted ? "context canceled" : "context deadline exceeded"));
    if (aborted(signal)) return fail();
    const timer = setTimer(resolve, ms);
    if (isSignal(signal)) {
      signal.addEventListener(
        "abort",
        () => {
          clearTimer(timer);
          fail();
        },
        { once: true },
      );
    }
  });
}

// barrierCalls counts the calls of the reply to model call step that name
// a barrier tool.
function barrierCalls(c, step) {
  if (step < 1 || step > c.script.length) return 0;
  const action = c.script[step - 1].action;
  if (action === null || typeof action !== "object" || isArray(action)) return 0;
  const calls = isArray(action.calls) ? action.calls : action.calls === undefined ? [action] : [];
  let n = 0;
  for (const call of calls) {
    if (call !== null && typeof call === "object" && typeof call.name === "string" && c.tools[call.name] && c.tools[call.name].barrier) n++;
  }
  return n;
}

// count reads a token count of the loop's usage as Go's int would hold it.
function count(usage, key) {
  try {
    const n = usage !== null && typeof usage === "object" ? usage[key] : 0;
    return typeof n === "number" && Number.isFinite(n) ? Math.trunc(n) : 0;
  } catch {
    return 0;
  }
}

// readAnswer writes what the loop's answer holds into end: its text (or
// that it is no answer), usage and transcript.
function readAnswer(end, answer, failed) {
  try {
    if (answer === null || typeof answer !== "object") {
      if (!failed) end.notAnswer = describeValue(answer);
      end.inputTokens = end.outputTokens = 0;
      end.transcript = [];
      return;
    }
    const text = answer.text;
    if (!failed) {
      if (typeof text === "string") end.result = text;
      else end.notAnswer = `an answer whose text is ${describeValue(text)}`;
    }
    end.inputTokens = count(answer.usage, "input_tokens");
    end.outputTokens = count(answer.usage, "output_tokens");
    const messages = answer.messages;
    end.transcript = isArray(messages) ? copy(messages) : [];
  } catch (err) {
    if (!failed) end.notAnswer = `an answer that cannot be read (${describe(err)})`;
  }
}

// playCase runs loop on case c and returns what it did.
async function playCase(loop, c, barrierWaitMs) {
  const trace = [];
  let calls = 0;
  let over = false;
  let done = false;
  let apart = false; // a barrier ran out: no later call waits
  const limit = c.expect.modelCalls.length + EXTRA_CALLS;
  const run = new Controller();
  const cancel = () => {
    if (!run.signal.aborted) run.abort(new ErrorType("context canceled"));
  };
  if (c.canceled) cancel();
  // The signals the loop handed on, with the entry they were handed with.
  const handed = [];
  const record = (entry, opts) => {
    const s = signalOf(opts);
    if (s === run.signal) return;
    if (!isSignal(s) || (run.signal.aborted && !aborted(s))) entry.foreign = true;
    else handed.push({ entry, signal: s });
  };
  const barriers = new Map(); // by step: {started, release, all}

  const model = (messages, opts) => {
    if (done) return quiet(PromiseType.reject(new ErrorType("the model was called after the loop returned")));
    calls++;
    const k = calls;
    const entry = { kind: "model", call: k, messages: copy(messages) };
    trace[trace.length] = entry;
    record(entry, opts);
    if (k > limit) {
      over = true;
      cancel();
      return quiet(PromiseType.reject(new TooManyCalls(`the model was called more than ${limit} times`)));
    }
    if (k > c.script.length) return PromiseType.resolve({ role: "assistant", type: "final", content: EXHAUSTED });
    const reply = c.script[k - 1];
    if (reply.fails !== undefined) return quiet(PromiseType.reject(new ErrorType(reply.fails)));
    return PromiseType.resolve(parse(stringify(reply.action ?? null)));
  };

  const tools = {};
  for (const [name, spec] of entries(c.tools)) {
    tools[name] = (args, opts) => {
      const step = calls;
      const signal = signalOf(opts);
      let entry = null;
      if (!done) {
        entry = { kind: "tool", call: step, name, args: copy(args) };
        trace[trace.length] = entry;
        record(entry, opts);
      }
      const need = barrierCalls(c, step);
      let wait = null;
      if (spec.barrier && !apart) {
        let b = barriers.get(step);
        if (!b) {
          b = { started: 0, release: null, all: null };
          b.all = new PromiseType((resolve) => (b.release = resolve));
          barriers.set(step, b);
        }
        b.started++;
        if (b.started === need) b.release(true);
        else if (b.started < need) wait = b.all;
      }
      if (spec.cancels) cancel();
      return quiet((async () => {
        if (wait) {
          let timer;
          const together = await PromiseType.race([wait, new PromiseType((resolve) => (timer = setTimer(() => resolve(false), barrierWaitMs)))]);
          clearTimer(timer);
          if (!together) {
            if (entry && !done) entry.apart = need - 1;
            apart = true;
          }
        }
        if (spec.delayMs > 0) await pause(spec.delayMs, signal, run.signal);
        if (spec.fails !== undefined) throw new ErrorType(spec.fails);
        return spec.returns ?? "";
      })());
    };
  }

  const end = {};
  try {
    const answer = await loop(model, tools, c.userMsg, { maxSteps: c.maxSteps, toolTimeoutMs: c.toolTimeoutMs, signal: run.signal });
    readAnswer(end, answer, false);
  } catch (err) {
    if (err instanceof TooManyCalls && over) {
      // The model's own stop: how the loop ended is that it was stopped.
    } else if (!(err instanceof ErrorType) || BUG_ERRORS.some((E) => err instanceof E)) {
      end.threw = describe(err);
    } else {
      try {
        end.error = String(err.message);
      } catch (e) {
        end.error = `an error whose message cannot be read (${describe(e)})`;
      }
      let answer = null;
      try {
        answer = err.answer;
      } catch {
        // An answer that cannot be read is none.
      }
      readAnswer(end, answer ?? { text: "" }, true);
    }
  }
  if (end.inputTokens === undefined) {
    end.inputTokens = end.outputTokens = 0;
    end.transcript = [];
  }
  done = true;
  // Tools the loop left running end now, and a signal handed on that does
  // not abort with the run's was not made from it.
  cancel();
  for (const { entry, signal } of handed) if (!aborted(signal)) entry.foreign = true;
  end.call = calls;
  if (over) end.aborted = true;
  return { trace, end };
}

// gradeFollowUps runs loop on every case in turn, posting what it did.
export async function gradeFollowUps(loop, cases, barrierWaitMs, post) {
  for (let index = 0; index < cases.length; index++) {
    post({ type: "case_start", index, name: cases[index].name });
    const observed = await playCase(loop, cases[index], barrierWaitMs);
    post({ type: "case_end", index, observed });
  }
}
