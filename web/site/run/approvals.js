// The decisions of a run whose tools needed approval, read from its
// events: an approved, edited or denied event is the decision on one call
// ({step, call}). The run file keeps them as events; a Fork replays those
// of the model calls before the one it forks at (worker/approve.js), so
// that the road up to there is the one taken, and asks again from there:
// forking at a model call is how a past decision is changed. A share link
// carries them as a list (readDecisions checks one that came from a link
// or storage), and a run of the link's code makes them again without
// asking. Pure: no DOM.

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

// MAX_DECISIONS caps what a link or storage may hand the worker: a run
// has at most that many model calls' worth of decisions to replay.
const MAX_DECISIONS = 10000;
const KINDS = new Set(["approve", "edit", "deny"]);

// readDecisions checks a list of decisions that came from a link or
// storage (hostile), as decisions() gives them: {decisions}, the list
// with its known fields alone, or {error} naming the first bad one (from
// 1).
export function readDecisions(value) {
  if (!Array.isArray(value)) return { error: `the approval decisions must be a list; they are ${describe(value)}` };
  if (value.length > MAX_DECISIONS) return { error: `there are ${value.length} approval decisions; at most ${MAX_DECISIONS} are kept` };
  const out = [];
  for (let i = 0; i < value.length; i++) {
    const d = value[i];
    const at = `approval decision ${i + 1}`;
    if (d === null || typeof d !== "object" || Array.isArray(d)) return { error: `${at} must be an object; it is ${describe(d)}` };
    if (!Number.isSafeInteger(d.step) || d.step < 1) return { error: `${at} has step ${describe(d.step)}; it must be a model call's number, from 1` };
    if (!Number.isSafeInteger(d.call) || d.call < 0) return { error: `${at} has call ${describe(d.call)}; it must be a whole number from 0` };
    if (typeof d.name !== "string") return { error: `${at} has name ${describe(d.name)}; it must be the tool's name, a string` };
    if (!KINDS.has(d.decision)) return { error: `${at} has decision ${describe(d.decision)}; it must be "approve", "edit" or "deny"` };
    const kept = { step: d.step, call: d.call, name: d.name, decision: d.decision };
    if (d.decision === "edit") {
      if (d.args === null || typeof d.args !== "object" || Array.isArray(d.args)) return { error: `${at} edits the arguments to ${describe(d.args)}; they must be an object` };
      kept.args = d.args;
    }
    if (d.decision === "deny" && d.reason !== undefined) {
      if (typeof d.reason !== "string") return { error: `${at} has reason ${describe(d.reason)}; it must be a string` };
      if (d.reason !== "") kept.reason = d.reason;
    }
    out.push(kept);
  }
  return { decisions: out };
}

function describe(v) {
  if (v === undefined) return "missing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  return JSON.stringify(v);
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
