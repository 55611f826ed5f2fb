// The decisions of a run whose tools needed approval, read from its
// events: an approved, edited or denied event is the decision on one call
// ({step, call}). The run file keeps them as events; a Fork replays those
// of the model calls before the one it forks at (worker/approve.js), so
// that the road up to there is the one taken, and asks again from there:
// forking at a model call is how a past decision is changed. Pure: no DOM.

const DECIDED = new Set(["approved", "edited", "denied"]);

// decisions returns the decisions events hold, in order, as the worker
// takes them: {step, call, name, decision: "approve" | "edit" | "deny",
// args? (edit), reason? (deny)}. before, when given, keeps only those of
// the model calls before it.
export function decisions(events, before = Infinity) {
  const out = [];
  for (const e of events) {
    if (!e || !DECIDED.has(e.kind) || !(e.step < before)) continue;
    const d = { step: e.step, call: e.call, name: e.name, decision: e.kind === "approved" ? "approve" : e.kind === "edited" ? "edit" : "deny" };
    if (e.kind === "edited") d.args = e.args;
    if (e.kind === "denied" && typeof e.reason === "string" && e.reason !== "") d.reason = e.reason;
    out.push(d);
  }
  return out;
}

// parseArgs reads the edited arguments the person typed: {args} or
// {error} saying what is wrong, with the line where JSON says it is.
export function parseArgs(text) {
  let v;
  try {
    v = JSON.parse(text);
  } catch (err) {
    return { error: `The arguments are not JSON: ${err.message}` };
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    return { error: `The arguments must be a JSON object such as {"path": "/tmp"}; this is ${Array.isArray(v) ? "an array" : v === null ? "null" : `a ${typeof v}`}.` };
  }
  return { args: v };
}
