// The three provider formats the "As a real API" region shows: the request
// body the loop's messages would be at a model call, and the response body
// the model's action stands for, with the field names of each provider's
// published reference. Pure (no DOM); the items come from api/turns.js.
//
//   OpenAI Chat Completions  messages; an assistant's tool_calls carry
//                            function.arguments as a JSON string; a result
//                            is {role: "tool", tool_call_id, content}
//   OpenAI Responses         input items; function_call and
//                            function_call_output joined by call_id
//   Anthropic Messages       tool_use blocks in the assistant's content;
//                            tool_result blocks (tool_use_id) in the next
//                            user message; tools carry input_schema

import { turnsOf, text, argsJSON } from "./turns.js";

// The model named in a body: a real request must name one; any of the
// provider's models reads the body the same way.
export const MODELS = { chat: "gpt-4o", responses: "gpt-4o", anthropic: "claude-sonnet-4-5" };
const MAX_TOKENS = 1024;

export const FORMATS = [
  { id: "chat", label: "OpenAI Chat Completions", idPrefix: "call_" },
  { id: "responses", label: "OpenAI Responses", idPrefix: "call_" },
  { id: "anthropic", label: "Anthropic Messages", idPrefix: "toolu_" },
];

// formatById returns the format with the id, or null.
export function formatById(id) {
  return FORMATS.find((f) => f.id === id) || null;
}

// requestBody returns the request body of format for the messages a model
// call was given (run/trace.js's message list) and the run's tools
// (api/schemas.js's toolsOf).
export function requestBody(format, messages, tools) {
  const items = turnsOf(messages, formatById(format).idPrefix);
  if (format === "chat") return { model: MODELS.chat, messages: items.flatMap(chatMessage), tools: tools.map(chatTool) };
  if (format === "responses") return { model: MODELS.responses, input: items.flatMap(responsesItems), tools: tools.map(responsesTool) };
  return { model: MODELS.anthropic, max_tokens: MAX_TOKENS, messages: anthropicMessages(items), tools: tools.map(anthropicTool) };
}

// responseBody returns the response body the answer stands for: answer is
// the assistant message ({message, step, index}) that model call k gave;
// its usage, if the action reports one, is the response's.
export function responseBody(format, answer, k) {
  const usage = answer.message && answer.message.usage;
  const [item] = turnsOf([{ ...answer, role: "assistant" }], formatById(format).idPrefix);
  const inTokens = Number(usage && usage.input_tokens) || 0;
  const outTokens = Number(usage && usage.output_tokens) || 0;
  if (format === "chat") {
    const [message] = chatMessage(item);
    return {
      id: `chatcmpl-${k}`,
      object: "chat.completion",
      model: MODELS.chat,
      choices: [{ index: 0, message, finish_reason: item.kind === "calls" ? "tool_calls" : "stop" }],
      usage: { prompt_tokens: inTokens, completion_tokens: outTokens, total_tokens: inTokens + outTokens },
    };
  }
  if (format === "responses") {
    const output = responsesItems(item).map((o, i) =>
      o.type === "function_call"
        ? { type: "function_call", id: `fc_${k}_${i + 1}`, call_id: o.call_id, name: o.name, arguments: o.arguments, status: "completed" }
        : { type: "message", id: `msg_${k}`, status: "completed", role: "assistant", content: [{ type: "output_text", text: o.content, annotations: [] }] },
    );
    return { id: `resp_${k}`, object: "response", status: "completed", model: MODELS.responses, output, usage: { input_tokens: inTokens, output_tokens: outTokens, total_tokens: inTokens + outTokens } };
  }
  const [message] = anthropicMessages([item]);
  return {
    id: `msg_${k}`,
    type: "message",
    role: "assistant",
    model: MODELS.anthropic,
    content: message.content,
    stop_reason: item.kind === "calls" ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: inTokens, output_tokens: outTokens },
  };
}

// ---- OpenAI Chat Completions ----

function chatMessage(item) {
  switch (item.kind) {
    case "user":
      return [{ role: "user", content: text(item.content) }];
    case "calls":
      return [
        {
          role: "assistant",
          content: null,
          tool_calls: item.calls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: argsJSON(c.args) } })),
        },
      ];
    case "final":
      return [{ role: "assistant", content: text(item.content) }];
    case "other":
      return [{ role: "assistant", content: text(item.action) }];
    default:
      return [{ role: "tool", tool_call_id: item.id, content: text(item.content) }];
  }
}

function chatTool(t) {
  const fn = { name: t.name };
  if (t.description !== undefined) fn.description = t.description;
  else if (t.inferred) fn.description = inferredNote(t);
  fn.parameters = t.schema;
  return { type: "function", function: fn };
}

// ---- OpenAI Responses ----

function responsesItems(item) {
  switch (item.kind) {
    case "user":
      return [{ role: "user", content: text(item.content) }];
    case "calls":
      return item.calls.map((c) => ({ type: "function_call", call_id: c.id, name: c.name, arguments: argsJSON(c.args) }));
    case "final":
      return [{ role: "assistant", content: text(item.content) }];
    case "other":
      return [{ role: "assistant", content: text(item.action) }];
    default:
      return [{ type: "function_call_output", call_id: item.id, output: text(item.content) }];
  }
}

function responsesTool(t) {
  const tool = { type: "function", name: t.name };
  if (t.description !== undefined) tool.description = t.description;
  else if (t.inferred) tool.description = inferredNote(t);
  tool.parameters = t.schema;
  return tool;
}

// ---- Anthropic Messages ----

// anthropicMessages turns items into messages: the results of a tool
// action (and any user text after them) form one user message.
function anthropicMessages(items) {
  const out = [];
  const userBlocks = () => {
    const last = out[out.length - 1];
    if (last && last.role === "user" && Array.isArray(last.content)) return last.content;
    const content = [];
    out.push({ role: "user", content });
    return content;
  };
  for (const item of items) {
    switch (item.kind) {
      case "user": {
        const last = out[out.length - 1];
        if (last && last.role === "user" && Array.isArray(last.content)) last.content.push({ type: "text", text: text(item.content) });
        else out.push({ role: "user", content: text(item.content) });
        break;
      }
      case "calls":
        out.push({ role: "assistant", content: item.calls.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: c.args })) });
        break;
      case "final":
        out.push({ role: "assistant", content: [{ type: "text", text: text(item.content) }] });
        break;
      case "other":
        out.push({ role: "assistant", content: [{ type: "text", text: text(item.action) }] });
        break;
      default: {
        const block = { type: "tool_result", tool_use_id: item.id, content: text(item.content) };
        if (item.failed) block.is_error = true;
        userBlocks().push(block);
      }
    }
  }
  return out;
}

function anthropicTool(t) {
  const tool = { name: t.name };
  if (t.description !== undefined) tool.description = t.description;
  else if (t.inferred) tool.description = inferredNote(t);
  tool.input_schema = t.schema;
  return tool;
}

// inferredNote is the description of a tool whose schema was inferred: the
// body says so where a reader of it looks.
function inferredNote(t) {
  const n = t.calls || 0;
  return n === 0
    ? "Schema not declared and never called in this run: no parameters are known (agentloop)."
    : `Schema inferred from the args of ${n === 1 ? "the 1 call" : `the ${n} calls`} in this run (agentloop); declare one with a schema property.`;
}
