// Reading a real conversation: the JSON an OpenAI Chat Completions,
// OpenAI Responses or Anthropic Messages request (or a log of one) holds,
// into the page's terms: the user message, then each assistant turn (tool
// calls, or the final answer) with the results the conversation recorded
// for its calls. Pure (no DOM); it never throws: bad input gets an error
// that names the message and field that is wrong.
//
// The page's loop runs one user message to a final answer, so a system
// prompt, an assistant's text beside its tool calls, reasoning items and
// the turns after the first final answer are left out, each with a note.

import { tooDeepAt } from "../util/depth.js";

// MAX_CONVERSATION_CHARS is the most a conversation may hold, however it
// comes (pasted, dropped, picked): checked before it is parsed. One far
// larger is not one a person steps through, and its code would not fit
// the editors.
export const MAX_CONVERSATION_CHARS = 16 * 1024 * 1024;
// MAX_CONVERSATION_DEPTH is how deep its values may nest (a call's args
// among them), as for run files: the code writer recurses into them.
export const MAX_CONVERSATION_DEPTH = 64;

// tooLarge returns the refusal of a conversation of size characters (or
// bytes: a file's size, before it is read), what being how it came ("The
// pasted conversation", "big.json"), or "" when it is small enough.
export function tooLarge(size, what) {
  if (size <= MAX_CONVERSATION_CHARS) return "";
  return `${what} is ${megabytes(size)} (${size.toLocaleString("en-US")} characters); a conversation this page opens is at most ${megabytes(MAX_CONVERSATION_CHARS)} (${MAX_CONVERSATION_CHARS.toLocaleString("en-US")} characters).`;
}

function megabytes(n) {
  return `${(n / 1048576).toFixed(n % 1048576 === 0 ? 0 : 1)} MB`;
}

class Bad extends Error {}
const fail = (text) => {
  throw new Bad(text);
};

// readConversation parses text: {format, userMsg, turns, notes} or
// {error}. turns: [{calls: [{id, name, args, result: {content, error}}]} |
// {final}], where a result's error says the provider marked it failed.
export function readConversation(text) {
  if (typeof text !== "string" || text.trim() === "") return { error: "The conversation is empty: paste the JSON of an OpenAI or Anthropic conversation." };
  const large = tooLarge(text.length, "The conversation");
  if (large) return { error: large };
  let value;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { error: `This is not JSON (${err && err.message}).` };
  }
  const deep = tooDeepAt(value, "the conversation", MAX_CONVERSATION_DEPTH);
  if (deep) return { error: `The conversation is nested more than ${MAX_CONVERSATION_DEPTH} deep (at ${deep}); a conversation's values go at most ${MAX_CONVERSATION_DEPTH} deep.` };
  try {
    return read(value);
  } catch (err) {
    if (err instanceof Bad) return { error: err.message };
    return { error: `This conversation could not be read (${err && err.message}).` };
  }
}

function read(value) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    if (Array.isArray(value.choices) || value.object === "chat.completion") fail("This is a Chat Completions response (it holds choices): it has one answer, not the conversation. Paste the request's messages, with the answer after them.");
    if (Array.isArray(value.output) && !("input" in value)) fail("This is a Responses response (it holds output): it has one answer, not the conversation. Paste the request's input, with the answer after it.");
    if ("input" in value) return readResponses(value.input, "input");
    if (Array.isArray(value.messages)) return readMessages(value.messages, "messages", value);
    fail('This JSON has neither "messages" (OpenAI Chat Completions, Anthropic Messages) nor "input" (OpenAI Responses).');
  }
  if (Array.isArray(value)) {
    if (value.some((x) => x && typeof x === "object" && typeof x.type === "string" && x.type.startsWith("function_call"))) return readResponses(value, "input");
    return readMessages(value, "messages", {});
  }
  fail(`A conversation is a JSON object or array; this is ${kind(value)}.`);
}

// readMessages reads a messages list, Anthropic's when its blocks or
// fields say so, else OpenAI Chat Completions'.
function readMessages(list, at, body) {
  const isAnthropic =
    typeof body.system === "string" ||
    Array.isArray(body.system) ||
    list.some((m) => m && Array.isArray(m.content) && m.content.some((b) => b && (b.type === "tool_use" || b.type === "tool_result")));
  return isAnthropic ? readAnthropic(list, at, body) : readChat(list, at);
}

// Conversation collects the turns as messages of any format give them.
class Conversation {
  constructor(format) {
    this.format = format;
    this.userMsg = null;
    this.turns = [];
    this.notes = [];
    this.open = new Map(); // call id -> call still waiting for its result
    this.ids = new Set(); // every call id so far
    this.ended = ""; // where the final answer was, once given
  }
  user(textValue, where) {
    if (this.ended) return this.after(where);
    if (this.userMsg === null) {
      this.userMsg = textValue;
      return true;
    }
    if (this.turns.length === 0) {
      this.userMsg += `\n\n${textValue}`;
      return true;
    }
    fail(`${where} is a user message in the middle of the model's tool calls: the page's loop has one user message, then the model's turns until its final answer.`);
  }
  calls(calls, where) {
    if (this.ended) return this.after(where);
    this.needUser(where);
    this.unanswered(where);
    for (const c of calls) {
      if (this.ids.has(c.id)) fail(`${c.where} gives the id ${c.id}, which an earlier call has already.`);
      this.ids.add(c.id);
      this.open.set(c.id, c);
    }
    this.turns.push({ calls: calls.map(({ where: _, ...c }) => c) });
    return true;
  }
  result(id, content, error, where) {
    if (this.ended) return this.after(where);
    const call = this.open.get(id);
    if (!call) fail(`${where} answers the call ${JSON.stringify(id)}, but no call before it waits for that id.`);
    this.open.delete(id);
    const turn = this.turns[this.turns.length - 1];
    turn.calls.find((c) => c.id === id).result = { content, error };
    return true;
  }
  final(textValue, where) {
    if (this.ended) return this.after(where);
    this.needUser(where);
    this.unanswered(where);
    this.turns.push({ final: textValue });
    this.ended = where;
    return true;
  }
  after(where) {
    if (!this.notes.some((n) => n.startsWith("The turns after"))) this.notes.push(`The turns after the final answer (from ${where}) are left out: the page's loop runs one user message.`);
    return false;
  }
  needUser(where) {
    if (this.userMsg === null) fail(`${where} comes before any user message: a conversation begins with the user's message.`);
  }
  unanswered(where) {
    const [first] = this.open.values();
    if (first) fail(`${first.where} (${first.name}, id ${first.id}) has no result before ${where}: every call needs its result before the model's next turn.`);
  }
  done(end) {
    if (this.userMsg === null) fail("The conversation has no user message.");
    this.unanswered(end);
    if (!this.ended) this.notes.push("The conversation ends without a final answer: the run stops at max steps when the recorded turns run out.");
    return { format: this.format, userMsg: this.userMsg, turns: this.turns, notes: this.notes };
  }
}

// ---- OpenAI Chat Completions ----

function readChat(list, at) {
  const conv = new Conversation("chat");
  list.forEach((m, i) => {
    const where = `${at}[${i}]`;
    if (!m || typeof m !== "object") fail(`${where} is ${kind(m)}, not a message.`);
    switch (m.role) {
      case "system":
      case "developer":
        conv.notes.push(`${where} (${m.role}) is left out: the page's loop has no system prompt.`);
        return;
      case "user":
        conv.user(chatText(m.content, `${where}.content`), where);
        return;
      case "assistant": {
        if (Array.isArray(m.tool_calls) && m.tool_calls.length > 0) {
          if (typeof m.content === "string" && m.content !== "") conv.notes.push(`${where}'s text beside its tool calls is left out: a page action holds calls or an answer.`);
          const calls = m.tool_calls.map((tc, j) => {
            const w = `${where}.tool_calls[${j}]`;
            if (!tc || typeof tc !== "object" || !tc.function || typeof tc.function !== "object") fail(`${w} has no function: a tool call is {id, type: "function", function: {name, arguments}}.`);
            const id = need(tc.id, "string", `${w}.id`);
            const name = need(tc.function.name, "string", `${w}.function.name`);
            return { id, name, args: argsOf(tc.function.arguments, `${w}.function.arguments`, true), where: w };
          });
          conv.calls(calls, where);
          return;
        }
        if (m.content === null || m.content === undefined) fail(`${where} (assistant) has neither content nor tool_calls.`);
        conv.final(chatText(m.content, `${where}.content`), where);
        return;
      }
      case "tool":
        conv.result(need(m.tool_call_id, "string", `${where}.tool_call_id`), chatText(m.content, `${where}.content`), false, where);
        return;
      default:
        fail(`${where} has role ${JSON.stringify(m.role)}; Chat Completions messages are system, developer, user, assistant or tool.`);
    }
  });
  return conv.done(`the end of ${at}`);
}

// chatText reads a content: a string, or text parts.
function chatText(content, where) {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p, j) => {
        if (p && (p.type === "text" || p.type === "input_text" || p.type === "output_text") && typeof p.text === "string") return p.text;
        fail(`${where}[${j}] is ${p && p.type ? `a ${JSON.stringify(p.type)} part` : kind(p)}, not text: the page's messages hold text.`);
      })
      .join("");
  }
  fail(`${where} is ${kind(content)}, not text.`);
}

// ---- OpenAI Responses ----

function readResponses(input, at) {
  const conv = new Conversation("responses");
  if (typeof input === "string") {
    conv.user(input, at);
    return conv.done(at);
  }
  if (!Array.isArray(input)) fail(`${at} is ${kind(input)}: it holds the user's text or a list of items.`);
  let pending = null; // consecutive function_call items: one action
  const flush = () => {
    if (pending) conv.calls(pending.calls, pending.where);
    pending = null;
  };
  input.forEach((item, i) => {
    const where = `${at}[${i}]`;
    if (!item || typeof item !== "object") fail(`${where} is ${kind(item)}, not an item.`);
    const type = item.type ?? (item.role ? "message" : undefined);
    if (type === "function_call") {
      const call = { id: need(item.call_id, "string", `${where}.call_id`), name: need(item.name, "string", `${where}.name`), args: argsOf(item.arguments, `${where}.arguments`, true), where };
      if (!pending) pending = { calls: [], where };
      pending.calls.push(call);
      return;
    }
    flush();
    if (type === "function_call_output") {
      conv.result(need(item.call_id, "string", `${where}.call_id`), chatText(item.output, `${where}.output`), false, where);
    } else if (type === "message") {
      if (item.role === "user") conv.user(chatText(item.content, `${where}.content`), where);
      else if (item.role === "assistant") {
        const next = input[i + 1];
        if (next && next.type === "function_call") conv.notes.push(`${where}'s text before its function calls is left out: a page action holds calls or an answer.`);
        else conv.final(chatText(item.content, `${where}.content`), where);
      } else if (item.role === "system" || item.role === "developer") conv.notes.push(`${where} (${item.role}) is left out: the page's loop has no system prompt.`);
      else fail(`${where} has role ${JSON.stringify(item.role)}; a message item's role is user, assistant, system or developer.`);
    } else if (type === "reasoning") {
      conv.notes.push(`${where} (reasoning) is left out.`);
    } else {
      fail(`${where} is an item of type ${JSON.stringify(type)}; the page reads message, function_call and function_call_output items.`);
    }
  });
  flush();
  return conv.done(`the end of ${at}`);
}

// ---- Anthropic Messages ----

function readAnthropic(list, at, body) {
  const conv = new Conversation("anthropic");
  if (body.system !== undefined) conv.notes.push("The system prompt is left out: the page's loop has no system prompt.");
  list.forEach((m, i) => {
    const where = `${at}[${i}]`;
    if (!m || typeof m !== "object") fail(`${where} is ${kind(m)}, not a message.`);
    const blocks = typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;
    if (!Array.isArray(blocks)) fail(`${where}.content is ${kind(m.content)}: it holds text or a list of blocks.`);
    if (m.role === "user") {
      const texts = [];
      blocks.forEach((b, j) => {
        const w = typeof m.content === "string" ? `${where}.content` : `${where}.content[${j}]`;
        if (b && b.type === "tool_result") {
          const content = b.content === undefined ? "" : chatText(b.content, `${w}.content`);
          conv.result(need(b.tool_use_id, "string", `${w}.tool_use_id`), content, b.is_error === true, w);
        } else if (b && b.type === "text" && typeof b.text === "string") texts.push(b.text);
        else fail(`${w} is ${b && b.type ? `a ${JSON.stringify(b.type)} block` : kind(b)}: the page reads text and tool_result blocks in a user message.`);
      });
      if (texts.length > 0) conv.user(texts.join(""), where);
    } else if (m.role === "assistant") {
      const calls = [];
      const texts = [];
      blocks.forEach((b, j) => {
        const w = typeof m.content === "string" ? `${where}.content` : `${where}.content[${j}]`;
        if (b && b.type === "tool_use") {
          calls.push({ id: need(b.id, "string", `${w}.id`), name: need(b.name, "string", `${w}.name`), args: argsOf(b.input, `${w}.input`, false), where: w });
        } else if (b && b.type === "text" && typeof b.text === "string") texts.push(b.text);
        else if (b && (b.type === "thinking" || b.type === "redacted_thinking")) conv.notes.push(`${w} (${b.type}) is left out.`);
        else fail(`${w} is ${b && b.type ? `a ${JSON.stringify(b.type)} block` : kind(b)}: the page reads text and tool_use blocks in an assistant message.`);
      });
      if (calls.length > 0) {
        if (texts.length > 0) conv.notes.push(`${where}'s text beside its tool_use blocks is left out: a page action holds calls or an answer.`);
        conv.calls(calls, where);
      } else conv.final(texts.join(""), where);
    } else {
      fail(`${where} has role ${JSON.stringify(m.role)}; Anthropic messages are user or assistant.`);
    }
  });
  return conv.done(`the end of ${at}`);
}

// ---- shared ----

// argsOf reads a call's arguments: a JSON string holding an object
// (OpenAI), or an object (Anthropic's input; OpenAI-like logs that hold
// one). asString: the format holds a string.
function argsOf(v, where, asString) {
  let args = v;
  if (typeof v === "string") {
    try {
      args = v.trim() === "" ? {} : JSON.parse(v);
    } catch (err) {
      fail(`${where} is not JSON (${err && err.message}): the arguments are a JSON object written as a string.`);
    }
  } else if (v === undefined && !asString) args = {};
  if (args === null || typeof args !== "object" || Array.isArray(args)) fail(`${where} is ${kind(args)}; the arguments of a call are a JSON object.`);
  const deep = tooDeepAt(args, where, MAX_CONVERSATION_DEPTH);
  if (deep) fail(`${where} is nested more than ${MAX_CONVERSATION_DEPTH} deep (at ${deep}); a call's arguments go at most ${MAX_CONVERSATION_DEPTH} deep.`);
  return args;
}

function need(v, type, where) {
  if (typeof v !== type || v === "") fail(`${where} is ${v === "" ? "empty" : kind(v)}; it must be a non-empty ${type}.`);
  return v;
}

function kind(v) {
  if (v === null) return "null";
  if (v === undefined) return "missing";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 30 ? v.slice(0, 30) + "…" : v)}`;
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}
