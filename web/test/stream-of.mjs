// Streaming an action: the scripted stream {stream: [deltas]} that
// assembles into the very action, in pieces of n characters, the pieces
// of several calls interleaved; null for an action a stream cannot give
// (fields a delta does not carry, a role other than the assistant's).

function pieces(s, n) {
  const out = [];
  for (let i = 0; i < s.length; i += n) out.push(s.slice(i, i + n));
  return out.length ? out : [""];
}

function isPlain(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

function only(o, keys) {
  return Object.keys(o).every((k) => keys.includes(k));
}

export function streamOf(action, n) {
  if (!isPlain(action) || action.role !== "assistant") return null;
  const deltas = [];
  if (action.type === "final") {
    if (typeof action.content !== "string" || action.content === "" || !only(action, ["role", "type", "content"])) return null;
    for (const p of pieces(action.content, n)) deltas.push({ text: p });
    return { stream: deltas };
  }
  if (action.type !== "tool") return null;
  if (action.content !== undefined && (typeof action.content !== "string" || action.content === "")) return null;
  let calls;
  if (action.calls !== undefined) {
    if (!Array.isArray(action.calls) || action.calls.length < 2 || !only(action, ["role", "type", "calls", "content"])) return null;
    calls = action.calls;
  } else {
    if (!only(action, ["role", "type", "name", "args", "id", "content"])) return null;
    const { role, type, content, ...call } = action;
    calls = [call];
  }
  if (action.content) for (const p of pieces(action.content, n)) deltas.push({ text: p });
  const parts = [];
  for (const [i, c] of calls.entries()) {
    if (!isPlain(c) || typeof c.name !== "string" || c.name === "" || !only(c, ["name", "args", "id"])) return null;
    if (c.id !== undefined && (typeof c.id !== "string" || c.id === "")) return null;
    if (c.args !== undefined && !isPlain(c.args)) return null;
    const frags = c.args === undefined ? [""] : pieces(JSON.stringify(c.args), n);
    parts.push(frags.map((args, k) => {
      const d = { call: i, args };
      if (k === 0) {
        d.name = c.name;
        if (c.id !== undefined) d.id = c.id;
      }
      return d;
    }));
  }
  for (let k = 0; parts.some((p) => k < p.length); k++) {
    for (const p of parts) if (k < p.length) deltas.push(p[k]);
  }
  return { stream: deltas };
}

// streamingModel returns a model that gives what model gives, each action
// streamed when it can be, and counts the actions it streamed.
export function streamingModel(model, n, counter) {
  const stream = (a) => {
    const s = streamOf(a, n);
    if (s === null) return a;
    counter.streamed++;
    return s;
  };
  if (Array.isArray(model)) return model.map(stream);
  return (messages) => {
    const v = model(messages);
    return v !== null && typeof v === "object" && typeof v.then === "function" ? v.then(stream) : stream(v);
  };
}
