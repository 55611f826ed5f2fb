// How the page words what happened at each event of a run. Each event
// names the line of agent/loop.go that emitted it (its phase: the
// "// phase: NAME" marks, one line each), says who a message is from and
// whether a tool call failed; the page renders those, and infers nothing
// from the text of a message or an error.

import { fmtMs, toolName } from "../util/format.js";

// describeEvent says what happened at event e, for the step view.
export function describeEvent(e) {
  const at = e.step ? `Step ${e.step}: ` : "";
  const tool = `tool '${toolName(e.kind === "message" ? e.message && e.message.name : e.name)}'`;
  switch (e.kind) {
    case "message":
      switch (e.phase) {
        case "user":
          return "The user's message starts the transcript.";
        case "action":
          return `${at}the model's action is appended to the messages.`;
        case "result":
          return e.failed
            ? `${at}the error of ${tool} is appended to the messages, for the model to see.`
            : `${at}the output of ${tool} is appended to the messages.`;
        default:
          return `${at}a ${e.role || "new"} message is appended to the messages.`;
      }
    case "model_start":
      return `${at}the loop calls the model with the messages so far.`;
    case "delta":
      return e.call === undefined
        ? `${at}a piece of the answer's text arrives: ${JSON.stringify(String(e.text ?? ""))}.`
        : `${at}a piece of call ${e.call} (${toolName(e.name)}) arrives: ${JSON.stringify(String(e.args ?? ""))}${e.open ? `; its arguments do not parse yet (${e.open} still open)` : ""}.`;
    case "model_end":
      return e.error ? `${at}the model failed after ${fmtMs(e.ms)}: ${e.error}` : `${at}the model answered in ${fmtMs(e.ms)}.`;
    case "tool_start":
      return `${at}the loop calls ${tool}.`;
    case "tool_end":
      switch (e.phase) {
        case "unknown_tool":
          return `${at}${tool} is unknown: the model will see the error.`;
        case "tool_error":
          return `${at}${tool} failed after ${fmtMs(e.ms)}: the model will see the error.`;
        case "tool_output":
          return `${at}${tool} returned in ${fmtMs(e.ms)}.`;
        case "denied":
          return `${at}${tool} was denied: it did not run, and the model will see "${e.content}".`;
        default:
          return `${at}${tool} ${e.failed ? "failed" : "returned"} in ${fmtMs(e.ms)}.`;
      }
    case "approval_asked":
      return `${at}${tool} waits for approval before it runs.`;
    case "approved":
      return `${at}${tool} was approved after ${fmtMs(e.ms)}.`;
    case "edited":
      return `${at}${tool} was approved with edited arguments after ${fmtMs(e.ms)}: it runs with those.`;
    case "denied":
      return `${at}${tool} was denied after ${fmtMs(e.ms)}${e.reason ? `: ${e.reason}` : "."}`;
    case "done":
      return describeEnd(e);
    case "unreadable":
      return String(e.error || "");
    default:
      return "";
  }
}

// describeEnd says why the run ended at its done event.
function describeEnd(e) {
  const cause = e.error ? `: ${e.error}` : ".";
  switch (e.phase) {
    case "final":
      return "The model's final answer ends the run.";
    case "max_steps":
      return "The steps ran out: the run ends with \"Stopped: reached max steps.\"";
    case "error_model":
      // The loop's line is the same whether the model failed or the run's
      // context ended the call; the reason tells the two apart.
      if (e.reason === "canceled") return "The run was canceled during the model call, which ends it.";
      return `The model call failed, which ends the run${cause}`;
    case "error_calls":
      return `The tool action's calls cannot be read, which ends the run${cause}`;
    case "error_type":
      return `The action is neither a final answer nor a tool call, which ends the run${cause}`;
    case "canceled_before_model":
      return "The run was canceled before the next model call.";
    case "canceled_after_tools":
      return "The run was canceled while the tools ran; their outputs are appended, and the run ends.";
  }
  switch (e.reason) {
    case "timeout":
      return `A call ran away: the page stopped the worker running it${cause}`;
    case "crashed":
      return `The worker running the code crashed${cause}`;
    default:
      return `The run ends: ${e.reason}${e.error ? ` (${e.error})` : ""}.`;
  }
}
