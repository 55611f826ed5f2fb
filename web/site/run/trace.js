// A run's trace: the list of events the worker reported, and what can be
// read from a prefix of it. Everything the page shows about a run (the
// transcript, the stop banner, the highlighted loop line, the step
// position) is a function of trace.events[0..i], so stepping back is
// indexing into the list, never re-running. The events say what they
// mean (a message's role, whether a tool call failed, the phase of the
// loop that emitted them): the trace only indexes them.
//
// A long run's contents would fill the tab's memory (a tool that returns
// 100 KB at each of 100,000 steps, a model that returns 190 KB of args at
// each), so the trace keeps the full contents (a message's content and
// every other field of it, such as an action's args; a tool_end's
// content) only of its latest events, up to FULL_CONTENT_BUDGET characters
// in all. An older long field is cut to the first CUT_PREFIX characters of
// its text (an object's JSON) and a marker that says so; its event gets
// cut: true and contentLength (the length the cut fields had). Every view reads
// the cut event as it reads any other: stepping back still works, and
// shows the shortened text.

export const FULL_CONTENT_BUDGET = 16_000_000;
export const CUT_PREFIX = 1000;

// cutReason says why a content was cut.
export function cutReason(budget = FULL_CONTENT_BUDGET) {
  return `the page keeps full contents only for its latest ${budget.toLocaleString("en-US")} characters of messages and tool outputs`;
}

// cutMarker is what follows the prefix of a content the page cut.
export function cutMarker(length, budget = FULL_CONTENT_BUDGET) {
  return `… (cut: ${length.toLocaleString("en-US")} characters; ${cutReason(budget)})`;
}

// Trace holds one run's events. inputs is what the run was started with,
// kept to tell whether the editors changed since. fullBudget is how many
// characters of content are kept whole (tests set a small one).
export class Trace {
  constructor(inputs, { fullBudget = FULL_CONTENT_BUDGET } = {}) {
    this.inputs = inputs;
    this.events = [];
    this.messagePos = []; // event index of each message event, in order
    this.doneIndex = -1;
    this.fullBudget = fullBudget;
    this.full = []; // event indexes whose long content is still whole, oldest first
    this.fullHead = 0; // full[0..fullHead) have been cut
    this.fullChars = 0;
    this.forkedAt = 0; // the model call at which this run was forked from another (fork.js), or 0
    this.forkReplay = null; // a fork's answers for calls 1 to forkedAt, the last one edited (its run file's model)
    this.modelIsPerson = false; // a person answered its model calls (Be the model)
  }

  get length() {
    return this.events.length;
  }

  push(events) {
    for (const e of events) {
      const i = this.events.length;
      this.events.push(e);
      if (e.kind === "message") this.messagePos.push(i);
      else if (e.kind === "done" && this.doneIndex < 0) this.doneIndex = i;
      const len = sizeOf(e);
      if (len > CUT_PREFIX && e.cut !== true) {
        this.full.push(i);
        this.fullChars += len;
      }
    }
    // The newest long content stays whole even when it alone is over the
    // budget.
    while (this.fullChars > this.fullBudget && this.full.length - this.fullHead > 1) {
      const i = this.full[this.fullHead++];
      this.fullChars -= sizeOf(this.events[i]);
      this.events[i] = cutEvent(this.events[i], this.fullBudget);
    }
    if (this.fullHead > 4096) {
      this.full = this.full.slice(this.fullHead);
      this.fullHead = 0;
    }
  }

  // messageCount returns how many messages events[0..upto] hold.
  messageCount(upto) {
    const pos = this.messagePos;
    let lo = 0;
    let hi = pos.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pos[mid] <= upto) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // message returns the i-th message as its event told it: {message, role,
  // failed, step, index}.
  message(i) {
    const e = this.events[this.messagePos[i]];
    return { message: e.message, role: e.role || "", failed: e.failed === true, cut: e.cut === true, contentLength: e.contentLength, step: e.step, index: i };
  }

  // doneUpTo returns the done event if it is within events[0..upto].
  doneUpTo(upto) {
    return this.doneIndex >= 0 && this.doneIndex <= upto ? this.events[this.doneIndex] : null;
  }

  // messages returns every message, for export.
  messages() {
    return this.messagePos.map((_, i) => this.message(i));
  }

  get done() {
    return this.doneIndex >= 0 ? this.events[this.doneIndex] : null;
  }
}

// sizeOf returns how many characters of e the trace counts: a tool_end's
// content, or the length of every string and key of a message (its
// content, an action's args and calls, fields of its own); 0 for others.
function sizeOf(e) {
  if (!e || typeof e !== "object") return 0;
  if (e.kind === "tool_end") return typeof e.content === "string" ? e.content.length : 0;
  if (e.kind === "message" && isObject(e.message)) return measure(e.message);
  return 0;
}

function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// measure is the length of every string and key in v, 1 for any other
// value, walked without recursion: a run file's args may be nested deeper
// than the stack.
function measure(v) {
  let n = 0;
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x === "string") n += x.length;
    else if (x === null || typeof x !== "object") n += 1;
    else {
      for (const k of Object.keys(x)) {
        n += k.length;
        stack.push(x[k]);
      }
    }
  }
  return n;
}

// cutText returns text cut to its prefix and a marker. A slice of a string
// can keep the whole of it alive (V8 makes it a view into the original,
// and the events' strings are views into the JSON they were parsed from):
// the cut text is copied into a string of its own, or cutting would free
// nothing.
function cutText(text, length, budget) {
  return copyString(text.slice(0, CUT_PREFIX) + cutMarker(length, budget));
}

// cutEvent returns a copy of e with its long fields cut (the event objects
// the worker sent are never changed).
function cutEvent(e, budget) {
  if (e.kind === "tool_end") return { ...e, content: cutText(e.content, e.content.length, budget), cut: true, contentLength: e.content.length };
  const message = { ...e.message };
  let cutLength = 0;
  for (const key of Object.keys(message)) {
    const v = message[key];
    const length = typeof v === "string" ? v.length : v !== null && typeof v === "object" ? measure(v) : 0;
    if (length <= CUT_PREFIX) continue;
    message[key] = cutText(typeof v === "string" ? v : JSON.stringify(v), length, budget);
    cutLength += length;
  }
  return { ...e, message, cut: true, contentLength: cutLength };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// copyString returns a fresh copy of s that shares no memory with it.
function copyString(s) {
  return decoder.decode(encoder.encode(s));
}
