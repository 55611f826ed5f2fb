// Interview mode's fresh cases: at each Check, every case's inputs are
// drawn anew from a seed (other numbers, cities, names and tool outputs,
// the same shape), and their expectations are computed by the real loop
// in the page (worker/reference-loops.js, main.wasm's runAgent), so that
// a loop that replays a published cases file cannot pass. Pure: the page
// runs the real loop (exercise/interview.js) and this turns what it did
// into expectations.

import { sortCalls } from "./followup-check.js";

// random returns a seeded generator of numbers in [0, 1) (mulberry32).
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// WORDS are swapped for one another: a word of a list becomes another of
// the same list.
const WORDS = [
  ["Paris", "Oslo", "Lima", "Kyoto", "Accra", "Quito", "Turin", "Perth"],
  ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Ken", "Margaret", "Donald"],
  ["pears", "apples", "plums", "figs", "limes", "dates"],
  ["sunny", "cloudy", "rainy", "windy", "foggy"],
];

// The keys whose values say what a message or an action is, or which
// tool a call names: drawing keeps them, so the case keeps its shape.
const KEPT_KEYS = new Set(["role", "type", "name"]);

// drawText redraws the numbers and the known words in s.
function drawText(s, rand) {
  let out = s.replace(/\d+/g, (digits) => String(Math.floor(rand() * 10 ** Math.min(digits.length + 1, 4))));
  for (const list of WORDS) {
    for (const w of list) {
      if (!out.includes(w)) continue;
      const others = list.filter((x) => x !== w);
      out = out.split(w).join(others[Math.floor(rand() * others.length)]);
    }
  }
  return out;
}

// drawValue redraws the numbers and strings of a JSON value, keeping the
// keys, and the values of KEPT_KEYS.
function drawValue(v, rand) {
  if (typeof v === "string") return drawText(v, rand);
  if (typeof v === "number") return Number.isInteger(v) ? Math.floor(rand() * 100) : Math.round(rand() * 1000) / 10;
  if (Array.isArray(v)) return v.map((x) => drawValue(x, rand));
  if (v === null || typeof v !== "object") return v;
  const out = {};
  for (const [k, x] of Object.entries(v)) out[k] = KEPT_KEYS.has(k) || k === "usage" ? x : drawValue(x, rand);
  return out;
}

// drawUsage redraws an action's token counts.
function drawUsage(action, rand) {
  if (action === null || typeof action !== "object" || Array.isArray(action) || !action.usage) return action;
  return { ...action, usage: { input_tokens: 1 + Math.floor(rand() * 500), output_tokens: 1 + Math.floor(rand() * 100) } };
}

// drawCase returns case c with its inputs drawn anew, keeping its name,
// limits, tools (each returns or fails, with the same timing) and the
// shape of its script; its expect is still c's until the real loop has
// run it (expectFrom).
export function drawCase(level, c, rand) {
  const tools = {};
  for (const [name, spec] of Object.entries(c.tools)) {
    tools[name] = { ...spec };
    if (spec.returns !== undefined) tools[name].returns = drawText(spec.returns, rand);
    if (spec.fails !== undefined) tools[name].fails = drawText(spec.fails, rand);
  }
  const script =
    level === 2
      ? c.script.map((r) => (r.fails !== undefined ? { fails: drawText(r.fails, rand) } : { action: drawUsage(drawValue(r.action, rand), rand) }))
      : c.script.map((a) => drawValue(a, rand));
  // Every user message differs, also one without a number or a known word.
  const userMsg = `${drawText(c.userMsg, rand)} (ticket ${1000 + Math.floor(rand() * 9000)})`;
  return { ...c, userMsg, script, tools };
}

// checkSeed is the seed interview Check k (0-based) draws its cases
// from, for the interview's seed: the report shows them, so that a
// reviewer can draw the same cases again.
export function checkSeed(seed, k) {
  return (seed + k * 7919) >>> 0;
}

// drawCases draws every case of cases from seed.
export function drawCases(level, cases, seed) {
  const rand = random(seed);
  return cases.map((c) => drawCase(level, c, rand));
}

// expectFrom turns what the real loop did on a drawn case (as the
// recorders write it) into the case's expectations, or throws when the
// real loop did not end as a loop does.
export function expectFrom(level, c, observed) {
  const { end } = observed;
  if (end.threw !== undefined || end.aborted || end.notString !== undefined || end.notAnswer !== undefined) {
    throw new Error(`the real loop could not play the drawn case "${c.name}"`);
  }
  const trace = level === 2 ? sortCalls(observed.trace) : observed.trace;
  const expect = {
    modelCalls: trace.filter((e) => e.kind === "model").map((e) => e.messages),
    toolCalls: trace.filter((e) => e.kind === "tool").map((e) => ({ step: e.call, name: e.name, args: e.args })),
    result: end.result ?? "",
  };
  if (level === 2) {
    expect.error = end.error ?? "";
    expect.inputTokens = end.inputTokens;
    expect.outputTokens = end.outputTokens;
    if (Array.isArray(c.expect.messages)) expect.messages = end.transcript;
  }
  return { ...c, expect };
}

// sameShape reports whether a drawn case's expectations have the shape of
// the published case's: drawing changes values, never how many calls the
// loop makes, which tools it calls at which step, or whether it fails. A
// drawn case that differs was played on a real loop that lost a race (a
// tool timeout on a busy machine): it is played again.
export function sameShape(published, drawn) {
  const a = published.expect;
  const b = drawn.expect;
  const calls = (e) => e.toolCalls.map((t) => `${t.step}:${t.name}`).join(",");
  return (
    a.modelCalls.length === b.modelCalls.length &&
    calls(a) === calls(b) &&
    Boolean(a.error) === Boolean(b.error) &&
    (a.messages ? a.messages.length : -1) === (b.messages ? b.messages.length : -1)
  );
}
