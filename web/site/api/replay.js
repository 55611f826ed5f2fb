// A real conversation as a run setup: Model editor code that gives the
// recorded assistant turns (a scripted array, each call with its recorded
// id), Tools editor code whose tools give back the recorded results, and
// the user message. Run, the real loop asks the scripted model, calls the
// tools and appends their results, and the transcript is the
// conversation's again: step it, fork it, edit it. Pure (no DOM).

import { readConversation } from "./read-conversation.js";
import { jsKey, jsValue, scriptSource } from "../run/actions.js";
import { DEFAULT_MAX_STEPS } from "../lib/run-inputs.js";
import { formatById } from "./formats.js";
import { isStreamLog, readStreamLog } from "./stream-wire.js";

const ERROR_PREFIX = "error: ";

// conversationSetup reads a conversation's JSON text: {setup: {model,
// tools, userMsg, maxSteps}, format, notes, turns} or {error}.
export function conversationSetup(text) {
  if (isStreamLog(text)) return streamLogSetup(text);
  const conv = readConversation(text);
  if (conv.error) return conv;
  try {
    return { setup: setupOf(conv), format: conv.format, notes: conv.notes, turns: conv.turns.length };
  } catch (err) {
    // Args nested thousands deep overflow the code writer's recursion.
    return { error: `This conversation could not be turned into code (${err && err.message}).` };
  }
}

// streamLogSetup reads a stream log (one streamed answer, as a provider's
// SSE lines) into a setup whose model streams its deltas again: Step walks
// them through the real loop, which assembles them. A log records no user
// message and no tool results: the run makes that one model call.
function streamLogSetup(text) {
  const log = readStreamLog(text);
  if (log.error) return log;
  const label = formatById(log.format).label;
  const names = [...new Set(log.deltas.filter((d) => d.call !== undefined && typeof d.name === "string").map((d) => d.name))];
  const toolLines = names.map((n) => `  ${jsValue(n).replace(/^"([A-Za-z_$][\w$]*)"$/, "$1")}: () => "(the stream log records no result)",`);
  return {
    setup: {
      model: `// Read from an ${label} stream log: its answer, streamed again delta by delta.
[
  { stream: ${jsValue(log.deltas, "  ")} },
]
`,
      tools: `// The stream log records the calls, not their results.
{
${toolLines.join("\n")}
}
`,
      userMsg: "(the stream log records no user message)",
      maxSteps: "1",
      toolTimeoutMs: "",
    },
    format: log.format,
    notes: [`It streams ${log.deltas.length} ${log.deltas.length === 1 ? "delta" : "deltas"}.`],
    turns: 1,
  };
}

// setupOf builds the editors' code for a read conversation.
export function setupOf(conv) {
  const label = formatById(conv.format).label;
  const ended = conv.turns.length > 0 && conv.turns[conv.turns.length - 1].final !== undefined;
  const actions = conv.turns.map((t) => {
    if (t.final !== undefined) return { role: "assistant", type: "final", content: t.final };
    const calls = t.calls.map((c) => ({ id: c.id, name: c.name, args: c.args }));
    if (calls.length === 1) return { role: "assistant", type: "tool", id: calls[0].id, name: calls[0].name, args: calls[0].args };
    return { role: "assistant", type: "tool", calls };
  });
  const model = `// Recorded from an ${label} conversation.\n${scriptSource(actions)}`;
  return {
    model,
    tools: toolsSource(conv, label),
    userMsg: conv.userMsg,
    // A conversation that ends without a final answer stops where its
    // recorded turns do.
    maxSteps: String(ended ? Math.max(DEFAULT_MAX_STEPS, conv.turns.length) : conv.turns.length),
    toolTimeoutMs: "",
  };
}

// toolsSource returns Tools editor code whose tools give each call the
// result recorded for the same tool with the same args. A recorded
// failure ("error: …", as the loop words one) is thrown,
// so the loop marks it failed and words it as it was; a tool whose only
// results are the loop's "unknown tool" is left out, so the loop says so
// itself.
function toolsSource(conv, label) {
  // By tool name, which the conversation chose: a Map, so that a tool
  // named "toString" or "__proto__" is a name like any other.
  const recorded = new Map();
  for (const t of conv.turns) {
    for (const c of t.calls || []) {
      if (!recorded.has(c.name)) recorded.set(c.name, []);
      recorded.get(c.name).push(entryOf(c));
    }
  }
  for (const [name, entries] of recorded) {
    if (entries.every((e) => e.error === `unknown tool '${name}'`)) recorded.delete(name);
  }
  const names = [...recorded.keys()];
  const toolLines = names.map((n) => `  ${jsKey(n)}: (args) => replay(${JSON.stringify(n)}, args),`);
  // The editor's code holds them as an object literal whose keys are the
  // names (jsKey writes "__proto__" as a key of its own), and reads only
  // its own keys.
  const table = Object.fromEntries(recorded);
  return `// Tools that give back the results the ${label} conversation recorded:
// a call gets the result recorded for the same tool with the same args.
const recorded = ${jsValue(table)};

// same tells whether two JSON values are equal, whatever their keys' order.
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => same(a[k], b[k]));
}

function replay(name, args) {
  const entry = recorded[name].find((e) => !e.used && same(e.args, args));
  if (!entry) throw new Error("the conversation recorded no result of " + name + " for " + JSON.stringify(args));
  entry.used = true;
  if (entry.error !== undefined) throw new Error(entry.error);
  return entry.result;
}

const tools = {
${toolLines.join("\n")}
};
`;
}

// entryOf is a call's recorded result: one worded as the loop words a
// failure is thrown again; any other is returned as it is (a result a
// provider marked failed without those words too: its text is kept).
function entryOf(c) {
  const { content } = c.result;
  if (content.startsWith(ERROR_PREFIX)) return { args: c.args, error: content.slice(ERROR_PREFIX.length) };
  return { args: c.args, result: content };
}
