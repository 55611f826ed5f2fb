// A run's inputs, one place for each fact about them: their names, the
// same everywhere (the page's fields and state, run files, share links,
// runAgentSandboxed's options, the worker's run message), their defaults
// and the checks of what the fields hold. Pure (no DOM): the page, the
// library and the Node tests share it.
//
//   model, tools    the Model and Tools editors' code (source text)
//   userMsg         the user's message, the first of the conversation
//   maxSteps        at most this many model calls (default 10, the loop's)
//   timeLimitMs     how long a model or tool call, or the code's own
//                   evaluation, may take before its worker is killed
//   toolTimeoutMs   the loop's own limit per tool call (0: none): a late
//                   tool's result becomes an error the model sees
//   contextBudget   the most tokens, by the loop's estimate, each model
//                   call may be sent (0: none), and trim, what goes first
//   trim            when a request is over it (runAgent's trim)

// RUN_INPUTS are the inputs' names, in the order a run file lists them.
export const RUN_INPUTS = ["model", "tools", "userMsg", "maxSteps", "timeLimitMs", "toolTimeoutMs", "contextBudget", "trim"];

// OLD_NAMES are the spellings that things already published used for
// some inputs (run files: timeLimit; share links and stored edits:
// userMessage and timeLimit; runAgentSandboxed's options: timeLimit),
// read as the inputs they name. Nothing writes them any more.
export const OLD_NAMES = { ["user" + "Message"]: "userMsg", ["time" + "Limit"]: "timeLimitMs" };

// withCurrentNames returns a copy of obj, an object of inputs that may
// spell some the old way, with each under its current name (a current
// name with a value wins over its old spelling).
export function withCurrentNames(obj) {
  const out = { ...obj };
  for (const [old, name] of Object.entries(OLD_NAMES)) {
    if (!Object.hasOwn(out, old)) continue;
    if (out[name] === undefined) out[name] = out[old];
    delete out[old];
  }
  return out;
}

// fieldsOf returns what the page's fields show for inputs, a run's or a
// shipped setup's (an example's, a lesson's): strings, the inputs it
// lacks left out but for max steps, the default, and the tool timeout, an
// empty field when there is none (0).
export function fieldsOf(inputs) {
  const out = {};
  for (const name of RUN_INPUTS) {
    const v = inputs[name];
    if (name === "maxSteps") out[name] = String(v ?? DEFAULT_MAX_STEPS);
    else if (name === "toolTimeoutMs" || name === "contextBudget") out[name] = v ? String(v) : "";
    else if (name === "trim") out[name] = TRIMS.includes(v) ? v : DEFAULT_TRIM;
    else if (v !== undefined) out[name] = String(v);
  }
  return out;
}

export const MAX_STEPS_LIMIT = 100000;
export const TIME_LIMIT_MIN = 50;
export const TIME_LIMIT_MAX = 600000;
// DEFAULT_TIME_LIMIT_MS is the time limit of a run that sets none, and
// the most a share link may set (page/share.js).
export const DEFAULT_TIME_LIMIT_MS = 2000;

// wholeNumber reads a whole number written as a number field lets one be
// typed ("1000", "1e3", "1000.0"), or gives NaN.
function wholeNumber(text) {
  const t = String(text).trim();
  if (!/^\d+(\.\d*)?(e\+?\d+)?$/i.test(t)) return NaN;
  const n = Number(t);
  return Number.isInteger(n) ? n : NaN;
}

// DEFAULT_MAX_STEPS is the loop's own default (agent.DefaultMaxSteps),
// what an empty Max steps field means (web/test/run-inputs.test.mjs runs
// the loop to check).
export const DEFAULT_MAX_STEPS = 10;

// checkMaxSteps returns {value} or {error}. An empty field is the loop's
// default; badInput says the field holds text that is not a number (a
// number field then reads as empty).
export function checkMaxSteps(text, { badInput = false } = {}) {
  const t = String(text).trim();
  if (badInput) return { error: "Max steps must be a whole number from 0 to 100,000; what is typed is not a number." };
  if (t === "") return { value: DEFAULT_MAX_STEPS };
  const n = wholeNumber(t);
  if (!Number.isInteger(n) || n < 0 || n > MAX_STEPS_LIMIT) {
    return { error: `Max steps must be a whole number from 0 to 100,000; "${t}" is not.` };
  }
  return { value: n };
}

// checkTimeLimit returns {value} or {error}.
export function checkTimeLimit(text) {
  const t = String(text).trim();
  if (t === "") return { error: "Enter a time limit in milliseconds, from 50 to 600,000 (2000 is 2 seconds)." };
  const n = wholeNumber(t);
  if (!Number.isInteger(n) || n < TIME_LIMIT_MIN || n > TIME_LIMIT_MAX) {
    return { error: `The time limit must be a whole number of milliseconds from 50 to 600,000; "${t}" is not.` };
  }
  return { value: n };
}

export const TOOL_TIMEOUT_MAX = 600000;

// DEFAULT_TOOL_TIMEOUT_MS is the tool timeout of a run that sets none:
// no limit per tool call.
export const DEFAULT_TOOL_TIMEOUT_MS = 0;

// checkToolTimeout returns {value} (0 when empty: no per-tool limit) or
// {error}. It is the loop's own limit (runAgent's toolTimeoutMs): a late
// tool's result becomes "error: tool 'NAME' timed out after …" and the
// run goes on, unlike the time limit, which stops the worker.
export function checkToolTimeout(text) {
  const t = String(text ?? "").trim();
  if (t === "") return { value: DEFAULT_TOOL_TIMEOUT_MS };
  const n = wholeNumber(t);
  if (!Number.isInteger(n) || n < 1 || n > TOOL_TIMEOUT_MAX) {
    return { error: `The tool timeout must be empty (no limit) or a whole number of milliseconds from 1 to 600,000; "${t}" is not.` };
  }
  return { value: n };
}

export const CONTEXT_BUDGET_MAX = 10000000;

// DEFAULT_CONTEXT_BUDGET is the context budget of a run that sets none:
// each model call is sent the whole transcript.
export const DEFAULT_CONTEXT_BUDGET = 0;

// checkContextBudget returns {value} (0 when empty: no budget) or {error}.
// It is runAgent's contextBudget: the most tokens each model call may be
// sent, by the loop's estimate.
export function checkContextBudget(text) {
  const t = String(text ?? "").trim();
  if (t === "") return { value: DEFAULT_CONTEXT_BUDGET };
  const n = wholeNumber(t);
  if (!Number.isInteger(n) || n < 1 || n > CONTEXT_BUDGET_MAX) {
    return { error: `The context must be empty (no budget) or a whole number of tokens from 1 to 10,000,000; "${t}" is not.` };
  }
  return { value: n };
}

// TRIMS are the strategies runAgent's trim option takes, as the page
// offers them; DEFAULT_TRIM is the page's when none is given.
export const TRIMS = ["tool_outputs", "exchanges", "none"];
export const DEFAULT_TRIM = TRIMS[0];
