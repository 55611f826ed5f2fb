// Model actions typed by a person: answers given in "Be the model", an
// answer edited to fork a run, and a list of answers turned into a scripted
// Model editor. Pure (no DOM); every function returns an error message
// that names the problem instead of throwing.

import { describeValue, errorMessage } from "../util/format.js";

// parseJSONText parses text as JSON, or returns {error} naming where it
// stops making sense.
function parseJSONText(text, what) {
  if (String(text).trim() === "") return { error: `${what} is empty; write JSON, such as {}.` };
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    return { error: `${what} is not valid JSON: ${errorMessage(err)}.` };
  }
}

// parseArgs reads the args of a tool call typed as JSON: {args} or
// {error}. what names the call, as "Call 2".
export function parseArgs(text, what) {
  const r = parseJSONText(text, `${what}'s args`);
  if (r.error) return r;
  if (r.value === null || typeof r.value !== "object" || Array.isArray(r.value)) {
    return { error: `${what}'s args must be a JSON object such as {"a": 2}; this is ${describeValue(r.value)}.` };
  }
  return { args: r.value };
}

// buildAnswer turns the Be-the-model form into an action: {action} or
// {error}. form: {kind: "final", content} or {kind: "tool", calls: [{name,
// args (JSON text)}]}. One call gives a plain tool action; several give a
// tool action with calls, each with an id.
export function buildAnswer(form) {
  if (form.kind === "final") {
    return { action: { role: "assistant", type: "final", content: String(form.content ?? "") } };
  }
  const calls = Array.isArray(form.calls) ? form.calls : [];
  if (calls.length === 0) return { error: "Add a tool call, or give a final answer." };
  const out = [];
  for (let i = 0; i < calls.length; i++) {
    const what = calls.length === 1 ? "The call" : `Call ${i + 1}`;
    const name = String(calls[i].name ?? "").trim();
    if (name === "") return { error: `${what} has no tool name: pick a tool or type its name.` };
    const a = parseArgs(calls[i].args ?? "", what);
    if (a.error) return a;
    out.push({ name, args: a.args });
  }
  if (out.length === 1) return { action: { role: "assistant", type: "tool", name: out[0].name, args: out[0].args } };
  return {
    action: { role: "assistant", type: "tool", calls: out.map((c, i) => ({ id: `call-${i + 1}`, name: c.name, args: c.args })) },
  };
}

// parseAction reads an action edited as JSON (to fork a run): {action}
// or {error}. Any JSON object is accepted, even one the loop will reject:
// seeing how the loop handles a malformed answer is part of exploring.
export function parseAction(text) {
  const r = parseJSONText(text, "The answer");
  if (r.error) return r;
  if (r.value === null || typeof r.value !== "object" || Array.isArray(r.value)) {
    return { error: `The answer must be a JSON object, such as {"type": "final", "content": "..."}; this is ${describeValue(r.value)}.` };
  }
  return { action: r.value };
}

// modelAnswers returns, for each model call of a trace that answered, its
// step and action: [{step, action}], in order.
export function modelAnswers(trace) {
  return trace
    .messages()
    .filter((m) => m.role === "assistant")
    .map((m) => ({ step: m.step, action: m.message }));
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
const WIDTH = 100;

// jsKey writes an object literal's key. A literal's "__proto__" key, bare
// or quoted, sets the object's prototype instead of making a key (a
// recorded call's args would lose it): it is written computed, which
// makes an own key of that name.
export function jsKey(k) {
  if (k === "__proto__") return '["__proto__"]';
  return IDENT.test(k) ? k : JSON.stringify(k);
}

// jsValue formats a JSON value as JavaScript source: keys that are
// identifiers unquoted, small values on one line, larger ones indented by
// two spaces per level.
export function jsValue(v, indent = "") {
  if (v === null || typeof v !== "object") return v === undefined ? "undefined" : JSON.stringify(v);
  const inner = indent + "  ";
  const entries = Array.isArray(v)
    ? v.map((x) => [null, x])
    : Object.entries(v).map(([k, x]) => [jsKey(k), x]);
  const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) return open + close;
  // Each value is written once (at the indent it has on a line of its
  // own, which is the one it keeps), so the time grows with the value's
  // size, not twice per level of nesting.
  const items = entries.map(([k, x]) => (k === null ? "" : `${k}: `) + jsValue(x, inner));
  const line = Array.isArray(v) ? `[${items.join(", ")}]` : `{ ${items.join(", ")} }`;
  if (!line.includes("\n") && indent.length + line.length <= WIDTH) return line;
  const lines = items.map((item) => `${inner}${item},`);
  return `${open}\n${lines.join("\n")}\n${indent}${close}`;
}

// scriptSource returns the Model editor's code for a list of actions: a
// scripted array, one action per entry.
export function scriptSource(actions) {
  const body = actions.map((a) => `  ${jsValue(a, "  ")},`).join("\n");
  return `// Scripted responses: the k-th model call gets the k-th action.\n[\n${body}\n]\n`;
}
