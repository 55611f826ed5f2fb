// Counting a model call's tokens with a real tokenizer: gpt-tokenizer's
// o200k encoding (GPT-4o's), handed in as its module so that this file
// stays pure and the page loads the tokenizer only when the token view
// opens (api/token-view.js).
//
// A message counts as the chat format frames it for GPT-4o: the
// tokenizer's own encodeChat of {role, content: text}, less what it adds
// once per chat (the assistant's primer), so that a request's messages
// sum, with that primer, to encodeChat of all of them. text is the
// content of a user or tool message or of a final answer; an action's
// calls are counted as the JSON of their names and arguments, and the
// tools' schemas as the JSON of their declarations: those two are
// estimates, as a provider frames them its own way.

const MODEL = "gpt-4o";

// tokenCounter returns {message(m), request(messages, tools)} for tok,
// gpt-tokenizer's o200k_base module. m is a trace message ({message,
// role}); tools are api/schemas.js's toolsOf. Counts of a message object
// are kept, so a long run counts each message once.
export function tokenCounter(tok) {
  const primer = tok.encodeChat([], MODEL).length;
  const cache = new WeakMap();
  const message = (m) => {
    const key = m.message !== null && typeof m.message === "object" ? m.message : null;
    if (key && cache.has(key)) return cache.get(key);
    const n = tok.encodeChat([chatMessage(m)], MODEL).length - primer;
    if (key) cache.set(key, n);
    return n;
  };
  return {
    primer,
    message,
    schemas: (tools) => (tools.length === 0 ? 0 : tok.encode(schemasText(tools)).length),
    request(messages, tools = []) {
      let n = primer;
      for (const m of messages) n += message(m);
      return n + (tools.length === 0 ? 0 : tok.encode(schemasText(tools)).length);
    },
  };
}

// chatMessage is the {role, content} a trace message is counted as.
export function chatMessage(m) {
  const role = m.role === "user" || m.role === "tool" ? m.role : "assistant";
  return { role, content: messageText(m) };
}

// messageText is the text a message is counted by.
export function messageText(m) {
  const msg = m.message;
  if (msg === null || typeof msg !== "object") return String(msg ?? "");
  if (m.role !== "assistant") return asText(msg.content);
  if (msg.type === "final") return asText(msg.content);
  const calls = Array.isArray(msg.calls) ? msg.calls : [msg];
  return JSON.stringify(calls.map((c) => ({ name: c && c.name, arguments: JSON.stringify((c && c.args) ?? {}) })));
}

function asText(v) {
  if (typeof v === "string") return v;
  if (v === undefined || v === null) return "";
  return JSON.stringify(v) ?? String(v);
}

function schemasText(tools) {
  return JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description ?? "", parameters: t.schema ?? {} })));
}

// byRole splits a request's tokens by who they are from: {user,
// assistant, tool (the tool outputs), schemas}, and names the largest
// messages: [{index, role, name, tokens}], the largest first, at most
// `largest` of them.
export function byRole(counter, messages, tools = [], largest = 3) {
  const split = { user: 0, assistant: counter.primer, tool: 0, schemas: counter.schemas(tools) };
  const sized = [];
  for (const m of messages) {
    const n = counter.message(m);
    const role = m.role === "user" || m.role === "tool" ? m.role : "assistant";
    split[role] += n;
    sized.push({ index: m.index, role, name: role === "tool" && m.message ? String(m.message.name ?? "") : "", tokens: n });
  }
  sized.sort((a, b) => b.tokens - a.tokens || a.index - b.index);
  return { split, total: split.user + split.assistant + split.tool + split.schemas, largest: sized.slice(0, largest) };
}
