// The run's inputs, read from the fields beside the editors: the code,
// the user's message and the loop's limits. A bad value in a number field
// is explained beside it when the user leaves the field, and the
// explanation goes as soon as the value is good again.

import { byId, showFieldError } from "../util/dom.js";
import { DEFAULT_TRIM, TRIMS, checkContextBudget, checkMaxSteps, checkTimeLimit, checkToolTimeout } from "../lib/run-inputs.js";

// runInputs returns inputs({quiet}): the run's inputs ({model, tools,
// userMsg, maxSteps, timeLimitMs, toolTimeoutMs, contextBudget, trim},
// as run/trace.js keeps them), or null after explaining what is wrong
// ({quiet: true} only checks). editors: {model, tools}; fields: the
// inputs {userMsg, maxSteps, timeLimitMs, toolTimeoutMs, contextBudget,
// trim}.
export function runInputs(editors, fields) {
  const checked = [
    [fields.maxSteps, checkMaxSteps, byId("max-steps-error")],
    [fields.timeLimitMs, checkTimeLimit, byId("time-limit-error")],
    [fields.toolTimeoutMs, checkToolTimeout, byId("tool-timeout-error")],
    [fields.contextBudget, checkContextBudget, byId("context-budget-error")],
  ];
  // A number field reads as empty when what is typed is not a number:
  // its validity tells the two apart.
  const checkField = (input, check) => check(input.value, { badInput: Boolean(input.validity && input.validity.badInput) });
  for (const [input, check, errorEl] of checked) {
    input.addEventListener("change", () => showFieldError(input, errorEl, checkField(input, check).error || ""));
    input.addEventListener("input", () => {
      if (!checkField(input, check).error) showFieldError(input, errorEl, "");
    });
  }

  return function inputs({ quiet = false } = {}) {
    const results = checked.map(([input, check]) => checkField(input, check));
    if (!quiet) checked.forEach(([input, , errorEl], k) => showFieldError(input, errorEl, results[k].error || ""));
    if (results.some((r) => r.error)) return null;
    const [steps, limit, perTool, context] = results;
    return {
      model: editors.model.value,
      tools: editors.tools.value,
      userMsg: fields.userMsg.value,
      maxSteps: steps.value,
      timeLimitMs: limit.value,
      toolTimeoutMs: perTool.value,
      contextBudget: context.value,
      trim: TRIMS.includes(fields.trim.value) ? fields.trim.value : DEFAULT_TRIM,
    };
  };
}
