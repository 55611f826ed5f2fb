// Which phase of the loop an event belongs to, and how to say it in words.
// The phase names are the ones agent/loop.go marks with "// phase: NAME"
// comments, so the Loop panel can highlight the line.

// phaseOf returns the phase of event e (role: the message's role, for
// message events), or "" when no line of the loop matches (a run killed
// while the editors' code was evaluated, say).
export function phaseOf(e, role) {
  switch (e.kind) {
    case "message":
      return role === "user" ? "user" : role === "assistant" ? "action" : "result";
    case "model_start":
    case "model_end":
      return "model";
    case "tool_start":
    case "tool_end":
      return "tool";
    case "done":
      switch (e.reason) {
        case "final":
          return "final";
        case "max_steps":
          return "max_steps";
        case "model_error":
          return "error";
        case "canceled":
          return "canceled";
        default:
          // A call that ran away is shown where the loop waits for it.
          return e.call && (e.call.kind === "model" || e.call.kind === "tool") ? e.call.kind : "";
      }
    default:
      return "";
  }
}

// phaseAt returns the phase of the trace's event i and, where the loop has
// several lines of that phase, which one: {phase, variant}.
export function phaseAt(trace, i) {
  const e = trace.events[i];
  const phase = phaseOf(e, trace.roleAt(i));
  if (e.kind !== "done") return { phase, variant: 0 };
  if (e.reason === "model_error") return { phase, variant: errorVariant(e.error) };
  if (e.reason === "canceled") {
    // Canceled while the model was called: the model call's error line;
    // after the tools ran: the check that follows them; otherwise the
    // check at the top of the loop.
    const before = i > 0 ? trace.events[i - 1] : null;
    if (before && before.kind === "model_end") return { phase: "error", variant: 0 };
    if (before && (before.kind === "tool_end" || (before.kind === "message" && trace.roleAt(i - 1) === "tool"))) {
      return { phase, variant: 1 };
    }
  }
  return { phase, variant: 0 };
}

// errorVariant picks which of the loop's "phase: error" lines a model
// error ended on, from the error's text: 0 the model call failed, 1 the
// tool action could not be read, 2 the action's type is unknown.
export function errorVariant(text) {
  const t = String(text || "");
  if (!/malformed/i.test(t) || /no action/i.test(t)) return 0;
  return /"type"|\btype\b/.test(t) ? 2 : 1;
}

// fmtMs formats a duration for people: "0.12 ms", "35 ms", "1.25 s".
export function fmtMs(ms) {
  if (!(ms >= 0)) return "0 ms";
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

// fmtCount formats a whole count with thousands separators: 10,000.
// Intl.NumberFormat would do it, but making one costs tens of milliseconds
// on a slow machine, a long task in the middle of a run.
export function fmtCount(n) {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// describeEvent says what happened at event e, for the step view.
export function describeEvent(e, role) {
  const at = e.step ? `Step ${e.step}: ` : "";
  switch (e.kind) {
    case "message":
      if (role === "user") return "The user's message starts the transcript.";
      if (role === "assistant") return `${at}the model's action is appended to the messages.`;
      return `${at}the result of tool '${(e.message && e.message.name) || "(missing name)"}' is appended to the messages.`;
    case "model_start":
      return `${at}the loop calls the model with the messages so far.`;
    case "model_end":
      return e.error ? `${at}the model failed after ${fmtMs(e.ms)}: ${e.error}` : `${at}the model answered in ${fmtMs(e.ms)}.`;
    case "tool_start":
      return `${at}the loop calls tool '${e.name || "(missing name)"}'.`;
    case "tool_end":
      return `${at}tool '${e.name || "(missing name)"}' ${e.failed ? "failed" : "returned"} in ${fmtMs(e.ms)}.`;
    case "done":
      return `The run ends: ${e.reason}.`;
    default:
      return "";
  }
}
