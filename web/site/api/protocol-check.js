// The protocol check: what a real provider would refuse or misread in the
// messages a model call is given, each a sentence that names the message
// (messages[i], as "What the model sees" numbers them). The loop on this
// page is lenient (it keeps whatever a model returns); the providers are
// not, and these are the classic bugs of a first agent loop. Pure (no DOM).

import { turnsOf } from "./turns.js";
import { formatById } from "./formats.js";

// Tool names the providers accept (their references give the patterns).
const NAME_PATTERN = { chat: /^[a-zA-Z0-9_-]{1,64}$/, responses: /^[a-zA-Z0-9_-]{1,64}$/, anthropic: /^[a-zA-Z0-9_-]{1,128}$/ };
const NAME_RULE = { chat: "letters, digits, _ and -, at most 64", responses: "letters, digits, _ and -, at most 64", anthropic: "letters, digits, _ and -, at most 128" };
const ANTHROPIC_ID = /^[a-zA-Z0-9_-]+$/;

// The words each provider's rule about results is said in.
const UNANSWERED = {
  chat: "OpenAI refuses an assistant message whose tool_calls are not each answered by a tool message with that tool_call_id",
  responses: "OpenAI refuses a function_call whose call_id no function_call_output answers",
  anthropic: "Anthropic refuses a tool_use block without a tool_result for its id in the next user message",
};
const ORPHAN = {
  chat: "OpenAI refuses a tool message whose tool_call_id no tool call of the assistant message before it has",
  responses: "OpenAI refuses a function_call_output whose call_id no function_call has",
  anthropic: "Anthropic refuses a tool_result whose tool_use_id no tool_use of the assistant message before it has",
};

// protocolProblems returns the sentences for format's reading of messages
// (run/trace.js's message list) and tools (api/schemas.js's toolsOf).
export function protocolProblems(format, messages, tools) {
  const provider = formatById(format).label;
  const items = turnsOf(messages, formatById(format).idPrefix);
  const out = [];
  const say = (index, sentence) => out.push({ index, text: sentence });
  const pattern = NAME_PATTERN[format];

  for (const t of tools) {
    if (!pattern.test(t.name)) say(null, `The tool ${JSON.stringify(t.name)} has a name ${provider} refuses: a tool name may hold only ${NAME_RULE[format]}.`);
  }
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const where = `messages[${item.index}]`;
    if (item.kind === "user" && typeof item.content !== "string") {
      say(item.index, `${where} (user) has content that is ${kind(item.content)}, not text: ${provider} takes text there, so the body sends it as JSON text.`);
    }
    if (item.kind === "other") {
      say(item.index, `${where} (assistant, model call ${item.step}) is no action a ${provider} response could hold (${describeAction(item.action)}): the body shows it as text, and the loop stops with a model error.`);
    }
    if (item.kind === "final") {
      if (typeof item.content !== "string") say(item.index, `${where} (the final answer of model call ${item.step}) has content that is ${kind(item.content)}, not text: the body sends it as JSON text.`);
      else if (format === "anthropic" && item.content === "") say(item.index, `${where} (the final answer of model call ${item.step}) is empty: Anthropic refuses an empty text block.`);
    }
    if (item.kind === "calls") checkCalls(format, provider, item, items, i, say);
    if (item.kind === "result") checkResult(format, provider, item, say);
  }
  return out;
}

function checkCalls(format, provider, item, items, i, say) {
  const where = `messages[${item.index}]`;
  for (const c of item.calls) {
    const call = `${where} (assistant, model call ${item.step}) calls ${c.name} with id ${c.id}`;
    if (!NAME_PATTERN[format].test(c.name)) say(item.index, `${call}, a name ${provider} refuses: a tool name may hold only ${NAME_RULE[format]}.`);
    if (format === "anthropic" && c.given && !ANTHROPIC_ID.test(c.id)) say(item.index, `${call}: Anthropic refuses a tool_use id with characters other than letters, digits, _ and -.`);
    if (c.args === null || typeof c.args !== "object" || Array.isArray(c.args)) {
      say(item.index, `${call} and args that are ${kind(c.args)}, not an object: ${format === "anthropic" ? "Anthropic refuses a tool_use input that is not an object" : "a provider's arguments always hold a JSON object"}.`);
    }
    if (c.result < 0) {
      say(item.index, `${call}, but no tool message answers it: ${UNANSWERED[format]}.`);
      continue;
    }
    // Chat Completions and Anthropic want the results right after the
    // calls: every message between the calls and a result breaks that.
    const between = items.slice(i + 1, c.result).find((x) => x.kind !== "result");
    if (between && format !== "responses") {
      say(items[c.result].index, `messages[${items[c.result].index}] answers ${c.name} (${c.id}) of ${where} after messages[${between.index}] came between them: ${format === "chat" ? "OpenAI refuses tool messages that do not directly follow their assistant message" : "Anthropic wants every tool_result in the user message right after its tool_use"}.`);
    }
  }
}

function checkResult(format, provider, item, say) {
  const where = `messages[${item.index}] (the result of ${item.name})`;
  if (!item.call) {
    const why = item.givenId ? `its id ${item.id} is no id of the calls before it` : "every call before it is answered already";
    say(item.index, `${where} answers no call: ${why}. ${ORPHAN[format]}.`);
  } else if (item.call.name !== item.name) {
    say(item.index, `${where} has no id, so it is paired by its place with the call ${item.call.id} of ${item.call.name}: ${provider} would read ${item.name}'s output as ${item.call.name}'s (the results are out of order).`);
  }
  if (typeof item.content !== "string") {
    say(item.index, `${where} has content that is ${kind(item.content)}, not text: ${provider} takes text there, so the body sends it as JSON text.`);
  }
}

function kind(v) {
  if (v === null) return "null";
  if (v === undefined) return "missing";
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

function describeAction(action) {
  if (!action || typeof action !== "object") return `it is ${kind(action)}`;
  if (action.type === undefined) return "it has no type";
  if (action.type === "tool") return "a tool action without a valid name or calls";
  return `its type is ${JSON.stringify(action.type)}`;
}
