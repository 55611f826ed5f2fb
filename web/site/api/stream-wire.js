// A streamed answer on the wire: the delta events of a model call as each
// provider's server-sent events (the SSE lines a real client reads), and
// back: a pasted stream log read into the deltas it carried. Pure (no
// DOM); the field names follow each provider's published reference:
//
//   OpenAI Chat Completions  data: chat.completion.chunk, choices[0].delta.content
//                            and delta.tool_calls[{index, id, function: {name, arguments}}];
//                            data: [DONE]
//   OpenAI Responses         event: response.output_text.delta,
//                            response.function_call_arguments.delta (item_id, delta), …
//   Anthropic Messages       event: content_block_start / content_block_delta
//                            (text_delta, input_json_delta with partial_json) / …

import { MODELS } from "./formats.js";

const PREFIX = { chat: "call_", responses: "call_", anthropic: "toolu_" };

// callId is a call's id as the loop's messages give it (api/turns.js): its
// own, or one made from where it is.
function callId(format, step, d) {
  return d.id ? String(d.id) : `${PREFIX[format]}${step}_${d.call + 1}`;
}

function sse(event, data) {
  return (event ? `event: ${event}\n` : "") + `data: ${JSON.stringify(data)}\n\n`;
}

// streamOf returns the SSE text of model call step's deltas (delta events,
// in order) in format, and notes on what the format cannot carry as the
// deltas came: {text, notes}.
export function streamOf(format, step, deltas) {
  const calls = deltas.some((d) => d.call !== undefined);
  if (format === "chat") return { text: chatStream(step, deltas, calls), notes: [] };
  if (format === "responses") return { text: responsesStream(step, deltas, calls), notes: [] };
  const grouped = deltas.some((d, i) => i > 0 && blockOf(d) !== blockOf(deltas[i - 1]) && deltas.slice(0, i - 1).some((e) => blockOf(e) === blockOf(d)));
  return {
    text: anthropicStream(step, deltas, calls),
    notes: grouped ? ["Anthropic streams one content block at a time: the interleaved pieces are grouped by block, each in its order."] : [],
  };
}

function chatStream(step, deltas, calls) {
  const id = `chatcmpl-${step}`;
  const chunk = (delta, finish = null) => sse("", { id, object: "chat.completion.chunk", model: MODELS.chat, choices: [{ index: 0, delta, finish_reason: finish }] });
  let out = chunk({ role: "assistant", content: "" });
  const opened = new Set();
  for (const d of deltas) {
    if (d.call === undefined) {
      out += chunk({ content: String(d.text ?? "") });
      continue;
    }
    const call = { index: d.call };
    if (!opened.has(d.call)) {
      opened.add(d.call);
      Object.assign(call, { id: callId("chat", step, d), type: "function", function: { name: String(d.name ?? ""), arguments: String(d.args ?? "") } });
    } else call.function = { arguments: String(d.args ?? "") };
    out += chunk({ tool_calls: [call] });
  }
  return out + chunk({}, calls ? "tool_calls" : "stop") + "data: [DONE]\n\n";
}

function responsesStream(step, deltas, calls) {
  const id = `resp_${step}`;
  let out = sse("response.created", { type: "response.created", response: { id, object: "response", status: "in_progress", model: MODELS.responses, output: [] } });
  const items = new Map(); // "text" or call index → {index, id, ...}
  const itemOf = (d) => {
    const key = d.call === undefined ? "text" : d.call;
    let item = items.get(key);
    if (item) return item;
    const index = items.size;
    if (key === "text") {
      item = { index, id: `msg_${step}`, text: "" };
      out += sse("response.output_item.added", { type: "response.output_item.added", output_index: index, item: { type: "message", id: item.id, status: "in_progress", role: "assistant", content: [] } });
      out += sse("response.content_part.added", { type: "response.content_part.added", item_id: item.id, output_index: index, content_index: 0, part: { type: "output_text", text: "", annotations: [] } });
    } else {
      item = { index, id: `fc_${step}_${d.call + 1}`, callId: callId("responses", step, d), name: String(d.name ?? ""), args: "" };
      out += sse("response.output_item.added", { type: "response.output_item.added", output_index: index, item: { type: "function_call", id: item.id, call_id: item.callId, name: item.name, arguments: "", status: "in_progress" } });
    }
    items.set(key, item);
    return item;
  };
  for (const d of deltas) {
    const item = itemOf(d);
    if (d.call === undefined) {
      item.text += String(d.text ?? "");
      out += sse("response.output_text.delta", { type: "response.output_text.delta", item_id: item.id, output_index: item.index, content_index: 0, delta: String(d.text ?? "") });
    } else {
      item.args += String(d.args ?? "");
      out += sse("response.function_call_arguments.delta", { type: "response.function_call_arguments.delta", item_id: item.id, output_index: item.index, delta: String(d.args ?? "") });
    }
  }
  const output = [];
  for (const item of items.values()) {
    if (item.callId === undefined) {
      out += sse("response.output_text.done", { type: "response.output_text.done", item_id: item.id, output_index: item.index, content_index: 0, text: item.text });
      const done = { type: "message", id: item.id, status: "completed", role: "assistant", content: [{ type: "output_text", text: item.text, annotations: [] }] };
      out += sse("response.output_item.done", { type: "response.output_item.done", output_index: item.index, item: done });
      output.push(done);
    } else {
      out += sse("response.function_call_arguments.done", { type: "response.function_call_arguments.done", item_id: item.id, output_index: item.index, arguments: item.args });
      const done = { type: "function_call", id: item.id, call_id: item.callId, name: item.name, arguments: item.args, status: "completed" };
      out += sse("response.output_item.done", { type: "response.output_item.done", output_index: item.index, item: done });
      output.push(done);
    }
  }
  void calls;
  return out + sse("response.completed", { type: "response.completed", response: { id, object: "response", status: "completed", model: MODELS.responses, output } });
}

function blockOf(d) {
  return d.call === undefined ? "text" : d.call;
}

function anthropicStream(step, deltas, calls) {
  let out = sse("message_start", { type: "message_start", message: { id: `msg_${step}`, type: "message", role: "assistant", model: MODELS.anthropic, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 } } });
  const order = [];
  const byBlock = new Map();
  for (const d of deltas) {
    const key = blockOf(d);
    if (!byBlock.has(key)) {
      byBlock.set(key, []);
      order.push(key);
    }
    byBlock.get(key).push(d);
  }
  order.forEach((key, index) => {
    const pieces = byBlock.get(key);
    const first = pieces[0];
    const block = key === "text" ? { type: "text", text: "" } : { type: "tool_use", id: callId("anthropic", step, first), name: String(first.name ?? ""), input: {} };
    out += sse("content_block_start", { type: "content_block_start", index, content_block: block });
    for (const d of pieces) {
      const delta = key === "text" ? { type: "text_delta", text: String(d.text ?? "") } : { type: "input_json_delta", partial_json: String(d.args ?? "") };
      out += sse("content_block_delta", { type: "content_block_delta", index, delta });
    }
    out += sse("content_block_stop", { type: "content_block_stop", index });
  });
  out += sse("message_delta", { type: "message_delta", delta: { stop_reason: calls ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: 0 } });
  return out + sse("message_stop", { type: "message_stop" });
}

// isStreamLog tells pasted text that is a stream log (SSE lines) from a
// conversation's JSON.
export function isStreamLog(text) {
  return /^\s*(event|data):/.test(String(text));
}

// readStreamLog reads a stream log of any of the three formats into the
// deltas it carried: {format, deltas} or {error} naming the line.
export function readStreamLog(text) {
  const lines = String(text).replace(/\r\n?/g, "\n").split("\n");
  const events = [];
  for (const [i, line] of lines.entries()) {
    if (!line.startsWith("data:")) continue;
    const data = line.slice(5).trim();
    if (data === "[DONE]") continue;
    try {
      events.push({ line: i + 1, data: JSON.parse(data) });
    } catch (err) {
      return { error: `Line ${i + 1} of the stream log is not JSON after "data:" (${err.message}).` };
    }
  }
  if (events.length === 0) return { error: "The stream log has no data: lines." };
  const first = events[0].data || {};
  if (first.object === "chat.completion.chunk") return readChat(events);
  if (typeof first.type === "string" && first.type.startsWith("response.")) return readResponses(events);
  if (first.type === "message_start") return readAnthropic(events);
  return { error: `Line ${events[0].line}: the stream log is none of OpenAI Chat chunks, Responses events or Anthropic events.` };
}

function readChat(events) {
  const deltas = [];
  for (const { data } of events) {
    const delta = data && data.choices && data.choices[0] && data.choices[0].delta;
    if (!delta) continue;
    if (typeof delta.content === "string" && delta.content !== "") deltas.push({ text: delta.content });
    for (const c of delta.tool_calls || []) {
      const d = { call: c.index };
      if (c.function && typeof c.function.name === "string") d.name = c.function.name;
      if (typeof c.id === "string") d.id = c.id;
      d.args = (c.function && c.function.arguments) || "";
      deltas.push(d);
    }
  }
  return { format: "chat", deltas };
}

// Calls opens calls as a log names them and gives the opening (its name
// and id) to the call's first piece of arguments, as the loop's deltas
// carry it; a call that gets none opens on its own at the end.
class Calls {
  constructor(deltas) {
    this.deltas = deltas;
    this.byKey = new Map(); // the log's key for the call → {call, opening}
  }

  open(key, name, id) {
    const opening = { call: this.byKey.size, name: String(name ?? "") };
    if (typeof id === "string" && id !== "") opening.id = id;
    this.byKey.set(key, { call: opening.call, opening });
  }

  piece(key, args) {
    const c = this.byKey.get(key);
    if (!c) return;
    const d = c.opening ? { ...c.opening, args } : { call: c.call, args };
    c.opening = null;
    this.deltas.push(d);
  }

  end() {
    for (const c of this.byKey.values()) if (c.opening) this.deltas.push({ ...c.opening, args: "" });
  }
}

function readResponses(events) {
  const deltas = [];
  const calls = new Calls(deltas);
  for (const { data } of events) {
    if (data.type === "response.output_item.added" && data.item && data.item.type === "function_call") {
      calls.open(data.item.id, data.item.name, data.item.call_id);
      if (data.item.arguments) calls.piece(data.item.id, String(data.item.arguments));
    } else if (data.type === "response.output_text.delta") deltas.push({ text: String(data.delta) });
    else if (data.type === "response.function_call_arguments.delta") calls.piece(data.item_id, String(data.delta));
  }
  calls.end();
  return { format: "responses", deltas };
}

function readAnthropic(events) {
  const deltas = [];
  const calls = new Calls(deltas);
  for (const { data } of events) {
    if (data.type === "content_block_start" && data.content_block && data.content_block.type === "tool_use") {
      calls.open(data.index, data.content_block.name, data.content_block.id);
    } else if (data.type === "content_block_delta" && data.delta) {
      if (data.delta.type === "text_delta") deltas.push({ text: String(data.delta.text) });
      else if (data.delta.type === "input_json_delta") calls.piece(data.index, String(data.delta.partial_json));
    }
  }
  calls.end();
  return { format: "anthropic", deltas };
}
