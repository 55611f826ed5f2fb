// What the "As a real API" region shows at a step position: the model call
// in effect at events[0..upto] (the last one after a run), its request
// body in a format, the response body its answer stands for, and the
// protocol check. A function of the trace (its events and the Tools
// editor's code it ran with) and upto only. Pure (no DOM).

import { modelCallAt } from "../run/model-input.js";
import { requestMessages } from "../run/context-window.js";
import { requestBody, responseBody } from "./formats.js";
import { protocolProblems } from "./protocol-check.js";
import { toolsOf } from "./schemas.js";

// runTools returns the tools of a trace's run with their schemas. The
// schemas inferred from args read every call of the run, so every model
// call's body tells of the same tools.
export function runTools(trace) {
  const calls = [];
  for (const m of trace.messages()) {
    if (m.role !== "assistant" || !m.message || m.message.type !== "tool") continue;
    const list = Array.isArray(m.message.calls) ? m.message.calls : [m.message];
    for (const c of list) if (c && typeof c.name === "string") calls.push({ name: c.name, args: c.args ?? {} });
  }
  return toolsOf(trace.inputs ? trace.inputs.tools : "", calls);
}

// apiAt returns {call, body, response, problems, tools} for format at
// events[0..upto] of trace, or null before the first model call (the
// request as the loop sent it: trimmed to a context budget if any). call is
// the model call's number; response is null until the call answered.
// tools may be given (runTools(trace)) to spare reading them again.
export function apiAt(trace, upto, format, tools = runTools(trace)) {
  const at = modelCallAt(trace.events, Math.min(upto, trace.length - 1));
  if (!at) return null;
  // With a context budget, the request the loop chose (its context event
  // just before the call), which the protocol check judges as sent.
  const messages = requestMessages(trace, at);
  const body = requestBody(format, messages, tools);
  let response = null;
  if (at.answered && at.count < trace.messagePos.length) {
    const answer = trace.message(at.count);
    if (answer.role === "assistant" && trace.messagePos[at.count] <= upto) response = responseBody(format, answer, at.step);
  }
  return { call: at.step, body, response, problems: protocolProblems(format, messages, tools), tools };
}

// conversationOf returns the whole run as format's conversation: the
// request body of a call that would follow its last message, so it holds
// the final answer too (Export; Open a real conversation reads it back).
export function conversationOf(trace, format, tools = runTools(trace)) {
  return requestBody(format, trace.messages(), tools);
}
