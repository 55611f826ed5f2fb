// The loop's messages read as a provider reads a conversation: which
// assistant message asks for which tool calls, each call's id, and which
// tool message answers which call. Every provider format (api/formats.js)
// and the protocol check (api/protocol-check.js) are built on this one
// reading. Pure (no DOM).
//
// A call keeps the id the model gave it. A call without one gets an id
// made from where it is, `${prefix}${step}_${n}` (model call step, n-th call
// of its action from 1), so the same run always gives the same ids.
//
// A tool message answers a call of the latest tool action before it: the
// call with its id when it carries one, else the first call of that action
// still unanswered (the loop appends results in call order).

// turnsOf reads messages ([{message, role, failed, step, index}], as
// run/trace.js gives them) into items, in order:
//   {kind: "user", index, content}
//   {kind: "calls", index, step, calls: [{id, given, name, args, result}]}
//   {kind: "final", index, step, content}
//   {kind: "other", index, step, action}   an assistant message the loop cannot act on
//   {kind: "result", index, step, name, content, failed, id, call}
// A call's result is the index of the result item that answers it (or -1);
// a result's call is the call it answers (or null), id its id (or "").
export function turnsOf(messages, prefix = "call_") {
  const items = [];
  let open = null; // the latest calls item
  for (const m of messages) {
    const msg = m.message && typeof m.message === "object" ? m.message : {};
    if (m.role === "user") {
      items.push({ kind: "user", index: m.index, content: msg.content });
    } else if (m.role === "assistant") {
      const item = assistantItem(msg, m, prefix);
      items.push(item);
      if (item.kind === "calls") open = item;
    } else if (m.role === "tool") {
      const call = open ? answeredCall(open, msg) : null;
      const at = items.length;
      if (call) call.result = at;
      const id = call ? call.id : typeof msg.id === "string" ? msg.id : msg.id === undefined ? "" : String(msg.id);
      items.push({ kind: "result", index: m.index, step: m.step, name: msg.name, content: msg.content, failed: m.failed, id, call, givenId: msg.id !== undefined });
    }
  }
  return items;
}

// assistantItem reads an action as the loop would (agent/action.go): a
// final answer, tool calls (one by name/args or several by calls), or
// something else.
function assistantItem(action, m, prefix) {
  const base = { index: m.index, step: m.step };
  if (action.type === "final") return { kind: "final", ...base, content: action.content ?? "" };
  if (action.type !== "tool") return { kind: "other", ...base, action };
  const list = Array.isArray(action.calls) ? action.calls : action.calls === undefined ? [action] : null;
  if (!list || list.length === 0 || list.some((c) => !c || typeof c !== "object" || typeof c.name !== "string")) {
    return { kind: "other", ...base, action };
  }
  const calls = list.map((c, i) => {
    const given = c.id !== undefined && c.id !== null && c.id !== "";
    return {
      id: given ? String(c.id) : `${prefix}${m.step}_${i + 1}`,
      given,
      name: c.name,
      args: c.args === undefined || c.args === null ? {} : c.args,
      result: -1,
    };
  });
  return { kind: "calls", ...base, calls };
}

function answeredCall(item, msg) {
  if (msg.id !== undefined && msg.id !== null && msg.id !== "") {
    return item.calls.find((c) => c.id === String(msg.id) && c.result < 0) || null;
  }
  return item.calls.find((c) => c.result < 0) || null;
}

// text returns content as a provider's text field holds it: a string as it
// is, anything else as JSON.
export function text(content) {
  if (typeof content === "string") return content;
  if (content === undefined) return "";
  try {
    return JSON.stringify(content) ?? String(content);
  } catch {
    return String(content);
  }
}

// argsJSON returns a call's args as the JSON string OpenAI's formats carry.
export function argsJSON(args) {
  return text(args);
}
