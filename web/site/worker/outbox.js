// How the worker reports to the page. An ES module, imported by
// worker/worker.js.
//
// Its messages to the page are lib/protocol.js's workerToPage, all over
// the private port worker/worker.js holds (post is its sender): events
// carries runAgent's events (lib/event-wire.js), end says runAgent settled.
//
// Two needs pull apart here. The page's watchdog must know which model or
// tool call is in flight even when user code blocks this thread forever,
// and a message posted before the call starts is delivered even then. But
// a 10,000-step run makes 20,000 calls, and a postMessage costs 10-20 µs
// here: one per call would triple the run's time and flood the page.
// So events are batched, and a call's start is posted at once while a
// small budget lasts (START_BUDGET per WINDOW_MS). Short runs, the ones
// people read, are followed call by call; a fast long run is followed
// in batches, and each batch says whether the next start will still be
// posted at once ("precise"), so the page knows how exactly it can name a
// runaway call.

import { EventWriter } from "../lib/event-wire.js";

const WINDOW_MS = 16; // about one frame: the page renders no faster
const START_BUDGET = 32;
// Strings longer than this are cut before they cross to the page; the
// transcript folds long contents anyway.
export const MAX_STRING = 200000;
export const MAX_DEPTH = 24;
export const MAX_KEYS = 1000;
// Arrays may be longer than objects are wide: done's stepMs has one
// number per step, and max steps goes up to 100,000.
export const MAX_ITEMS = 100000;
// Read before any user code runs, which may replace the globals (the
// worker freezes the built-ins themselves before it runs any).
const stringify = JSON.stringify;
const clock = performance.now.bind(performance);
const setTimer = setTimeout;
const clearTimer = clearTimeout;

export class Outbox {
  constructor(post) {
    this.post = post;
    this.batch = new EventWriter({ plain: safePlainEvent, toPlain: (v) => toPlain(v, 1, []), cut });
    this.lastFlush = clock();
    this.windowStart = this.lastFlush;
    this.budget = START_BUDGET;
    this.timer = 0;
  }

  // control posts a control message at once, after the events before it.
  control(msg) {
    this.flush();
    this.post(msg);
  }

  // event takes one event from runAgent's onEvent.
  event(e) {
    const kind = this.batch.add(e);
    const now = clock();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.budget = START_BUDGET;
    }
    const isStart = kind === "model_start" || kind === "tool_start";
    if (kind === "done" || (isStart && this.budget > 0)) {
      if (isStart) this.budget--;
      this.flush();
    } else if (now - this.lastFlush >= WINDOW_MS) {
      this.flush();
    } else if (!this.timer) {
      // When the run waits (an async tool), nothing else would flush.
      this.timer = setTimer(() => {
        this.timer = 0;
        this.flush();
      }, WINDOW_MS);
    }
  }

  flush() {
    if (this.timer) {
      clearTimer(this.timer);
      this.timer = 0;
    }
    this.lastFlush = clock();
    if (this.batch.length === 0) return;
    // Numbers and one short JSON text (lib/event-wire.js): the page
    // neither parses 100 bytes of JSON per event nor deserializes
    // thousands of small cloned objects.
    this.post({ type: "events", ...this.batch.take(stringify), precise: this.budget > 0 });
  }

  end(result) {
    this.flush();
    this.post({ type: "end", ...result });
  }
}

// safePlainEvent is plainEvent, or an event that says why e could not be
// read.
function safePlainEvent(e) {
  try {
    return plainEvent(e);
  } catch (err) {
    return { kind: "unreadable", error: `could not read an event: ${err && err.message}` };
  }
}

// plainEvent copies an event of runAgent's into plain data that
// postMessage can clone. It copies every field the event has, whatever
// its name, so a field the loop starts to report reaches the page
// without a change here; what it changes is only what could not cross
// or would swamp the page: the messages inside are the user's own
// objects and may hold functions, cycles, getters or huge strings.
export function plainEvent(e) {
  const out = {};
  for (const key of Object.keys(e)) {
    out[key] = key === "messages" && e.kind === "done" ? repeated(e.messages) : read(e, key, 0, []);
  }
  out.kind = String(out.kind);
  return out;
}

// repeated stands for done's list of every message, which the message
// events before it carried one by one: a 10,000-step run would otherwise
// copy 20,001 messages twice. The field stays, with its length.
function repeated(messages) {
  const n = messages && typeof messages.length === "number" ? messages.length : 0;
  return `[${n} messages: the message events carried each one]`;
}

function cut(s) {
  return s.length > MAX_STRING
    ? `${s.slice(0, MAX_STRING)}… [${s.length - MAX_STRING} more characters not shown]`
    : s;
}

// toPlain makes a JSON-like copy of v: functions become "[Function
// name]", cycles "[Circular]", and a getter that throws is shown, not
// propagated.
function toPlain(v, depth, ancestors) {
  switch (typeof v) {
    case "string":
      return cut(v);
    case "number":
    case "boolean":
    case "undefined":
      return v;
    case "bigint":
      return `${v}n`;
    case "symbol":
      return v.toString();
    case "function":
      return `[Function${v.name ? " " + v.name : ""}]`;
  }
  if (v === null) return null;
  if (ancestors.includes(v)) return "[Circular]";
  if (depth >= MAX_DEPTH) return "[…]";
  if (v instanceof Error) return { name: v.name, message: cut(String(v.message)) };
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "Invalid Date" : v.toISOString();
  ancestors.push(v);
  try {
    if (Array.isArray(v)) {
      const n = Math.min(v.length, MAX_ITEMS);
      const out = new Array(n);
      for (let i = 0; i < n; i++) out[i] = read(v, i, depth, ancestors);
      if (v.length > n) out.push(`… ${v.length - n} more items`);
      return out;
    }
    // No prototype: a key named "__proto__" (a call's args may hold one)
    // is then a key like any other, not a change of prototype.
    const out = Object.create(null);
    const keys = Object.keys(v);
    const n = Math.min(keys.length, MAX_KEYS);
    for (let i = 0; i < n; i++) out[keys[i]] = read(v, keys[i], depth, ancestors);
    if (keys.length > n) out["…"] = `${keys.length - n} more keys`;
    return out;
  } finally {
    ancestors.pop();
  }
}

function read(obj, key, depth, ancestors) {
  let v;
  try {
    v = obj[key];
  } catch (err) {
    return `[Thrown: ${err && err.message}]`;
  }
  return toPlain(v, depth + 1, ancestors);
}
