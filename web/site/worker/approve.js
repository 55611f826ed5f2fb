// Tool approval in the worker: which tools wait for the person's decision,
// and the approve option of the run that asks the page for it. An ES
// module, imported by worker/worker.js.
//
// A tool needs approval when the Tools editor marks it, with an own
// property needsApproval set to true:
//
//   const tools = { delete_file: ({ path }) => `deleted ${path}` };
//   tools.delete_file.needsApproval = true;
//
// A run with such a tool gives runAgent an approve option (see
// web/README.md): the calls of every other tool are approved at once, and
// a call of a marked tool goes to the page, approve_ask, and waits for
// approval to come back (lib/protocol.js: workerToPage, pageToWorker);
// always approves the tool's later calls of the
// run without asking. A run message's approvals, [{step, call, decision,
// reason?, args?}], are decisions made before (a Fork replays those of
// the model calls before the one it forks at): a call they name is
// decided so without asking.

import { copy } from "./drive.js";

let waiting = null; // resolves the call the person is deciding

// approvalTools returns the names of the tools marked as needing approval.
// A property that cannot be read counts as unmarked: the run's tools are
// checked when the run starts, and a getter that throws gets no second
// chance to run.
export function approvalTools(tools) {
  const names = [];
  for (const name of Object.keys(tools)) {
    try {
      const tool = tools[name];
      if (typeof tool === "function" && Object.hasOwn(tool, "needsApproval") && tool.needsApproval === true) names.push(name);
    } catch {
      // Unmarked.
    }
  }
  return names;
}

// makeApprover returns the run's approve option, or undefined when no tool
// needs approval. post sends a control message to the page, after the
// events before it.
export function makeApprover(names, approvals, post) {
  if (names.length === 0) return undefined;
  const needs = new Set(names);
  const always = new Set();
  const recorded = new Map();
  for (const d of Array.isArray(approvals) ? approvals : []) {
    if (d && Number.isSafeInteger(d.step) && Number.isSafeInteger(d.call)) recorded.set(`${d.step}:${d.call}`, d);
  }
  return function approve(call) {
    const made = recorded.get(`${call.step}:${call.call}`);
    if (made) return decisionOf(made);
    if (!needs.has(call.name) || always.has(call.name)) return { decision: "approve" };
    const ask = { type: "approve_ask", step: call.step, call: call.call, name: call.name, args: copy(call.args) };
    if (call.id !== undefined) ask.id = String(call.id);
    post(ask);
    return new Promise((resolve) => {
      waiting = (answer) => {
        if (answer.always === true && answer.decision && answer.decision.decision === "approve") always.add(call.name);
        resolve(decisionOf(answer.decision));
      };
    });
  };
}

// decisionOf is a plain decision from what the page (or a recorded
// decision) says; anything the bridge would not take as one is passed on
// as it is, and denies the call with the bridge's words.
function decisionOf(d) {
  if (!d || typeof d !== "object") return d;
  switch (d.decision) {
    case "approve":
      return { decision: "approve" };
    case "deny":
      return typeof d.reason === "string" && d.reason !== "" ? { decision: "deny", reason: d.reason } : { decision: "deny" };
    case "edit":
      return { decision: "edit", args: d.args };
  }
  return d;
}

// answerApproval hands the page's answer to the call waiting for it.
export function answerApproval(answer) {
  const resolve = waiting;
  waiting = null;
  if (resolve && answer && typeof answer === "object") resolve(answer);
}
