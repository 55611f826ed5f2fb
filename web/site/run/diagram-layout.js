// The sequence diagram's layout: lanes User · Loop · Model · Tools, one
// row per event of events[0..upto], an arrow for each message that goes
// between lanes (the user's message, each model call and its answer, each
// tool call and its result, the end of the run), a note on the Loop lane
// for each append, and a bar for each call while it runs (parallel tool
// calls side by side, so they overlap). A pure function of the events: the
// diagram of a prefix is the same whether it was reached live, by Step or
// by Back. Only a window of rows ending at upto is laid out, so a
// 10,000-step run costs what a short one does.

import { clip, fmtMs, toolName } from "../util/format.js";

export const LANES = ["User", "Loop", "Model", "Tools"];
const USER = 0;
const LOOP = 1;
const MODEL = 2;
const TOOLS = 3;

// At most this many tool bars side by side; more parallel calls share the
// last columns.
export const MAX_COLUMNS = 6;

// layoutDiagram lays out events[0..upto], at most maxRows rows ending at
// upto. It returns {from, upto, rows, bars}: rows[r] is event
// from + r as {index, kind, from, to, label, error, current} (from === to
// for a note on one lane), and bars are {lane, column, startRow, endRow,
// open, label, error} in row numbers of the window.
export function layoutDiagram(events, upto, { maxRows = 48 } = {}) {
  const last = Math.min(upto, events.length - 1);
  if (last < 0) return { from: 0, upto: -1, rows: [], bars: [] };
  const from = Math.max(0, last - maxRows + 1);
  const rows = [];
  for (let i = from; i <= last; i++) rows.push(rowOf(events, i, last));
  return { from, upto: last, rows, bars: barsOf(events, from, last) };
}

function rowOf(events, i, last) {
  const e = events[i];
  const row = { index: i, kind: e.kind, from: LOOP, to: LOOP, label: "", error: false, current: i === last };
  switch (e.kind) {
    case "message": {
      // Every message event says whose message it is (event.go).
      const role = e.role;
      const m = e.message && typeof e.message === "object" ? e.message : {};
      if (role === "user") {
        Object.assign(row, { kind: "user", from: USER, to: LOOP, label: clip(`user: ${text(m.content)}`) });
      } else if (role === "assistant") {
        const what = m.type === "final" ? "final answer" : m.type === "tool" ? toolWhat(m) : `type ${text(m.type)}`;
        Object.assign(row, { kind: "append", label: clip(`append the action (${what})`) });
      } else {
        Object.assign(row, { kind: "append", label: clip(`append the result of ${toolName(m.name)}`), error: e.failed === true });
      }
      break;
    }
    case "model_start":
      Object.assign(row, { kind: "model-call", from: LOOP, to: MODEL, label: `step ${e.step}: model(messages)` });
      break;
    case "model_end":
      Object.assign(row, {
        kind: "model-answer",
        from: MODEL,
        to: LOOP,
        error: Boolean(e.error),
        label: clip(e.error ? `failed: ${text(e.error)}` : `action, ${fmtMs(e.ms)}`),
      });
      break;
    case "tool_start":
      Object.assign(row, { kind: "tool-call", from: LOOP, to: TOOLS, label: clip(`${toolName(e.name)}(args)`) });
      break;
    case "tool_end":
      Object.assign(row, {
        kind: "tool-result",
        from: TOOLS,
        to: LOOP,
        error: e.failed === true,
        label: clip(`${toolName(e.name)}: ${text(e.content)}`),
      });
      break;
    case "done": {
      const ok = e.reason === "final" || e.reason === "max_steps";
      Object.assign(row, {
        kind: "done",
        from: LOOP,
        to: USER,
        error: !ok,
        label: clip(ok ? `${e.reason}: ${text(e.text)}` : `${text(e.reason)}: ${text(e.error)}`),
      });
      break;
    }
    default:
      row.label = text(e.kind);
  }
  return row;
}

function toolWhat(m) {
  if (Array.isArray(m.calls)) return `${m.calls.length} calls`;
  return `call ${toolName(m.name)}`;
}

// barsOf returns the bars of the calls that run during rows from..last:
// a model call's bar on the Model lane, each tool call's on the Tools
// lane in a column of its own. Calls that began before the window are
// found by looking back through the same step only.
function barsOf(events, from, last) {
  const bars = [];
  const open = new Map(); // key -> bar
  const startAt = (e, row) => {
    const tool = e.kind === "tool_start";
    const bar = {
      lane: tool ? TOOLS : MODEL,
      column: tool ? Math.min(e.call || 0, MAX_COLUMNS - 1) : 0,
      startRow: row,
      endRow: last - from,
      open: true,
      label: tool ? toolName(e.name) : `step ${e.step}`,
      error: false,
    };
    open.set(keyOf(e), bar);
    bars.push(bar);
  };
  // Calls open at the window's start.
  const step = events[from].step;
  const before = [];
  for (let k = from - 1; k >= 0 && events[k].step === step; k--) before.push(events[k]);
  const ended = new Set();
  for (const e of before) {
    if (e.kind === "model_end" || e.kind === "tool_end") ended.add(keyOf(e));
    else if ((e.kind === "model_start" || e.kind === "tool_start") && !ended.has(keyOf(e))) startAt(e, 0);
  }
  bars.sort((a, b) => a.lane - b.lane || a.column - b.column);
  for (let i = from; i <= last; i++) {
    const e = events[i];
    if (e.kind === "model_start" || e.kind === "tool_start") startAt(e, i - from);
    else if (e.kind === "model_end" || e.kind === "tool_end") {
      const bar = open.get(keyOf(e));
      if (!bar) continue;
      open.delete(keyOf(e));
      bar.endRow = i - from;
      bar.open = false;
      bar.error = e.kind === "model_end" ? Boolean(e.error) : e.failed === true;
      bar.ms = e.ms;
      bar.label = `${bar.label} ${fmtMs(e.ms)}`;
    } else if (e.kind === "done") {
      open.clear(); // a run that ends ends its calls
    }
  }
  return bars;
}

function keyOf(e) {
  return e.kind === "model_start" || e.kind === "model_end" ? `m${e.step}` : `t${e.step}:${e.call}`;
}

function text(v) {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
