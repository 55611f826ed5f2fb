// The two runs of a failing case of the JavaScript Exercise, as the
// Compare view reads runs (compare/align.js: messages() as {role,
// message} entries): the learner's loop, from what the worker recorded
// (worker/grade.js), and the real loop, from the case's expectation
// (exercise/case-check.js). Each is the messages its model saw at its last
// call, then what the model answered there: all the grader knows of a
// run, and all that was ever shown to the model. Pure: no DOM.

import { expectedTrace } from "./case-check.js";

// caseRuns returns {yours, real} for case c and the record of what the
// learner's loop did on it.
export function caseRuns(c, observed) {
  return { yours: recordRun(c, observed), real: recordRun(c, expectedTrace(c)) };
}

// recordRun makes a run of a record ({trace, end}, as worker/grade.js
// writes it). A record that holds no model call is a run of no messages.
function recordRun(c, record) {
  const trace = record && Array.isArray(record.trace) ? record.trace : [];
  const calls = trace.filter((e) => e !== null && typeof e === "object" && e.kind === "model");
  const last = calls[calls.length - 1];
  const seen = last && Array.isArray(last.messages) ? last.messages : [];
  const entries = seen.map((m) => ({ role: m !== null && typeof m === "object" && typeof m.role === "string" ? m.role : "?", message: m }));
  const answer = last && Number.isInteger(last.call) ? c.script[last.call - 1] : undefined;
  if (answer !== undefined) entries.push({ role: "assistant", message: answer });
  return { messages: () => entries, events: [], done: true };
}
