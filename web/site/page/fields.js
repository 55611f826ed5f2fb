// The number fields: max steps and the time limit per call. A bad value
// is explained next to its field, and nothing runs until it is fixed.

export const MAX_STEPS_LIMIT = 100000;
export const TIME_LIMIT_MIN = 50;
export const TIME_LIMIT_MAX = 600000;
export const DEFAULT_TIME_LIMIT = 2000;

// wholeNumber reads a whole number written as a number field lets one be
// typed ("1000", "1e3", "1000.0"), or gives NaN.
function wholeNumber(text) {
  const t = String(text).trim();
  if (!/^\d+(\.\d*)?(e\+?\d+)?$/i.test(t)) return NaN;
  const n = Number(t);
  return Number.isInteger(n) ? n : NaN;
}

// DEFAULT_MAX_STEPS is the loop's own default (agent.DefaultMaxSteps),
// what an empty Max steps field means.
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

// showFieldError shows message under input (or clears it with "").
export function showFieldError(input, errorEl, message) {
  // Every Run checks every field: what is unchanged is left alone.
  if (errorEl.textContent !== message) errorEl.textContent = message;
  if (errorEl.hidden !== (message === "")) errorEl.hidden = message === "";
  const invalid = message ? "true" : "false";
  if (input.getAttribute("aria-invalid") !== invalid) input.setAttribute("aria-invalid", invalid);
}

export const TOOL_TIMEOUT_MAX = 600000;
export const CONTEXT_BUDGET_MAX = 10000000;

// checkContextBudget returns {value} (0 when empty: no budget) or {error}.
// It is runAgent's contextBudget: the most tokens each model call may be
// sent, by the loop's estimate.
export function checkContextBudget(text) {
  const t = String(text ?? "").trim();
  if (t === "") return { value: 0 };
  const n = wholeNumber(t);
  if (!Number.isInteger(n) || n < 1 || n > CONTEXT_BUDGET_MAX) {
    return { error: `The context must be empty (no budget) or a whole number of tokens from 1 to 10,000,000; "${t}" is not.` };
  }
  return { value: n };
}



// checkToolTimeout returns {value} (0 when empty: no per-tool limit) or
// {error}. It is the loop's own limit (runAgent's toolTimeoutMs): a late
// tool's result becomes "error: tool 'NAME' timed out after …" and the
// run goes on, unlike the time limit, which stops the worker.
export function checkToolTimeout(text) {
  const t = String(text ?? "").trim();
  if (t === "") return { value: 0 };
  const n = wholeNumber(t);
  if (!Number.isInteger(n) || n < 1 || n > TOOL_TIMEOUT_MAX) {
    return { error: `The tool timeout must be empty (no limit) or a whole number of milliseconds from 1 to 600,000; "${t}" is not.` };
  }
  return { value: n };
}
