// How a batch of runAgent's events crosses from the worker to the page.
// Imported by worker/outbox.js (EventWriter) and lib/run.js (readEvents).
//
// A 10,000-step run reports 60,000 events, most of them a few numbers and
// short strings of fixed fields (model_start, model_end, tool_start,
// tool_end, message). As one JSON list of objects they were 6 MB that the
// page parsed on its main thread; here each such event is a record of
// numbers in a Float64Array, its strings are kept once per batch, and only
// what is the user's own (a message's object) or of a shape this file does
// not know (done, a field the loop starts to report) is sent as JSON:
//
//   {type: "events", nums: Float64Array, json: "[strings, objects]", precise}
//
// nums holds a record per event: its shape, then its fields' values (a
// string as its index in strings, an object as 0); an event of shape
// OTHER is the next of objects. readEvents builds the very objects JSON would have given: the
// same fields, in the same order, with the same values.

const OTHER = 0;
const NUMBER = 1;
const STRING = 2;
const BOOLEAN = 3;
const OBJECT = 4; // the next of objects

// The shapes: an event's kind and its fields in order. Optional fields
// make shapes of their own. readEvents builds each with a literal of its
// own (below), so that the page's objects share their hidden classes.
const SHAPES = [
  null, // OTHER
  ["model_start", ["phase", STRING], ["step", NUMBER]],
  ["model_end", ["phase", STRING], ["step", NUMBER], ["ms", NUMBER]],
  ["model_end", ["phase", STRING], ["step", NUMBER], ["ms", NUMBER], ["error", STRING]],
  ["tool_start", ["phase", STRING], ["step", NUMBER], ["call", NUMBER], ["name", STRING]],
  ["tool_start", ["phase", STRING], ["step", NUMBER], ["call", NUMBER], ["name", STRING], ["id", STRING]],
  ["tool_end", ["phase", STRING], ["step", NUMBER], ["call", NUMBER], ["name", STRING], ["content", STRING], ["failed", BOOLEAN], ["ms", NUMBER]],
  ["tool_end", ["phase", STRING], ["step", NUMBER], ["call", NUMBER], ["name", STRING], ["id", STRING], ["content", STRING], ["failed", BOOLEAN], ["ms", NUMBER]],
  ["message", ["phase", STRING], ["step", NUMBER], ["index", NUMBER], ["role", STRING], ["message", OBJECT]],
  ["message", ["phase", STRING], ["step", NUMBER], ["index", NUMBER], ["role", STRING], ["message", OBJECT], ["failed", BOOLEAN]],
];
// Each shape's keys (kind first) and field types, as flat lists, and the
// shapes of each kind.
const KEYS = SHAPES.map((s) => (s ? ["kind", ...s.slice(1).map((f) => f[0])] : null));
const TYPES = SHAPES.map((s) => (s ? s.slice(1).map((f) => f[1]) : null));
const BY_KIND = new Map();
SHAPES.forEach((s, i) => {
  if (s) BY_KIND.set(s[0], [...(BY_KIND.get(s[0]) || []), i]);
});
// Strings shorter than this are kept once per batch (a tool's name, the
// phases, short results); longer ones are not worth looking up.
const SHARED_STRING = 64;

// shapeOf returns the shape of kind whose keys are exactly keys (an
// event's own keys, in order), or OTHER.
function shapeOf(kind, keys) {
  const candidates = BY_KIND.get(kind);
  if (candidates === undefined) return OTHER;
  for (const s of candidates) {
    const want = KEYS[s];
    if (want.length !== keys.length) continue;
    let i = 1;
    while (i < want.length && want[i] === keys[i]) i++;
    if (i === want.length) return s;
  }
  return OTHER;
}

// EventWriter gathers one batch. add takes an event as runAgent reported
// it: plain(e) is the event's plain copy (what JSON would keep), used for
// the events no shape holds; toPlain(v) copies the user's own values; cut(s)
// shortens a string too long to cross.
export class EventWriter {
  constructor({ plain, toPlain, cut }) {
    this.plain = plain;
    this.toPlain = toPlain;
    this.cut = cut;
    this.nums = new Float64Array(1024);
    this.reset();
  }

  reset() {
    this.at = 0;
    this.strings = [];
    this.objects = [];
    this.index = new Map();
    this.length = 0;
  }

  // add adds e and returns its kind.
  add(e) {
    this.length++;
    const at = this.at;
    const objects = this.objects.length;
    try {
      const kind = this.shaped(e);
      if (kind !== "") return kind;
    } catch {
      // A value that could not be read: the event goes whole, as plain
      // copies it.
    }
    this.at = at;
    this.objects.length = objects;
    return this.other(e);
  }

  // shaped adds e as a record of its shape and returns its kind, or
  // returns "" when no shape holds it as JSON would.
  shaped(e) {
    const kind = e.kind;
    if (typeof kind !== "string") return "";
    const s = shapeOf(kind, Object.keys(e));
    if (s === OTHER) return "";
    const keys = KEYS[s];
    const types = TYPES[s];
    if (this.at + keys.length > this.nums.length) this.grow(keys.length);
    const nums = this.nums;
    let at = this.at;
    nums[at++] = s;
    for (let i = 0; i < types.length; i++) {
      const v = e[keys[i + 1]];
      switch (types[i]) {
        case NUMBER:
          // NaN and the infinities JSON would write as null.
          if (typeof v !== "number" || !Number.isFinite(v)) return "";
          nums[at++] = v + 0; // -0 as JSON writes it
          break;
        case STRING:
          if (typeof v !== "string") return "";
          nums[at++] = this.string(v);
          break;
        case BOOLEAN:
          if (typeof v !== "boolean") return "";
          nums[at++] = v ? 1 : 0;
          break;
        default:
          this.objects.push(this.toPlain(v));
          nums[at++] = 0;
      }
    }
    this.at = at;
    return kind;
  }

  grow(need) {
    const bigger = new Float64Array(Math.max(2 * this.nums.length, this.at + need));
    bigger.set(this.nums.subarray(0, this.at));
    this.nums = bigger;
  }

  other(e) {
    const plain = this.plain(e);
    this.objects.push(plain);
    if (this.at + 1 > this.nums.length) this.grow(1);
    this.nums[this.at++] = OTHER;
    return plain.kind;
  }

  string(s) {
    s = this.cut(s);
    if (s.length >= SHARED_STRING) {
      this.strings.push(s);
      return this.strings.length - 1;
    }
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(s);
      this.index.set(s, i);
    }
    return i;
  }

  // take returns the batch's message fields and starts a new batch.
  take(stringify) {
    const out = { nums: this.nums.slice(0, this.at), json: stringify([this.strings, this.objects]) };
    this.reset();
    return out;
  }
}

// readEvents returns the events of a batch ({nums, json}) as objects. It
// throws when the batch is not one EventWriter wrote.
export function readEvents(msg) {
  const nums = msg.nums;
  if (!(nums instanceof Float64Array) || typeof msg.json !== "string") throw new Error("its events are not a batch of events");
  const parsed = JSON.parse(msg.json);
  if (!Array.isArray(parsed) || !Array.isArray(parsed[0]) || !Array.isArray(parsed[1])) throw new Error("its events' strings and objects are missing");
  const [strings, objects] = parsed;
  let next = 0;
  const n = (i) => {
    if (i >= nums.length) throw new Error("its last event is cut short");
    return nums[i];
  };
  const str = (i) => {
    const s = strings[n(i)];
    if (typeof s !== "string") throw new Error(`its events use string ${nums[i]}, which is not there`);
    return s;
  };
  const obj = () => {
    if (next >= objects.length) throw new Error("its events hold fewer objects than they use");
    return objects[next++];
  };
  const events = [];
  let at = 0;
  while (at < nums.length) {
    const s = nums[at];
    let e;
    switch (s) {
      case OTHER:
        e = obj();
        if (e === null || typeof e !== "object" || typeof e.kind !== "string") throw new Error("an event of its is not an event");
        break;
      case 1:
        e = { kind: "model_start", phase: str(at + 1), step: n(at + 2) };
        break;
      case 2:
        e = { kind: "model_end", phase: str(at + 1), step: n(at + 2), ms: n(at + 3) };
        break;
      case 3:
        e = { kind: "model_end", phase: str(at + 1), step: n(at + 2), ms: n(at + 3), error: str(at + 4) };
        break;
      case 4:
        e = { kind: "tool_start", phase: str(at + 1), step: n(at + 2), call: n(at + 3), name: str(at + 4) };
        break;
      case 5:
        e = { kind: "tool_start", phase: str(at + 1), step: n(at + 2), call: n(at + 3), name: str(at + 4), id: str(at + 5) };
        break;
      case 6:
        e = { kind: "tool_end", phase: str(at + 1), step: n(at + 2), call: n(at + 3), name: str(at + 4), content: str(at + 5), failed: n(at + 6) === 1, ms: n(at + 7) };
        break;
      case 7:
        e = { kind: "tool_end", phase: str(at + 1), step: n(at + 2), call: n(at + 3), name: str(at + 4), id: str(at + 5), content: str(at + 6), failed: n(at + 7) === 1, ms: n(at + 8) };
        break;
      case 8:
        e = { kind: "message", phase: str(at + 1), step: n(at + 2), index: n(at + 3), role: str(at + 4), message: obj() };
        break;
      case 9:
        e = { kind: "message", phase: str(at + 1), step: n(at + 2), index: n(at + 3), role: str(at + 4), message: obj(), failed: n(at + 6) === 1 };
        break;
      default:
        throw new Error(`an event of its has no shape ${s}`);
    }
    events.push(e);
    at += s === OTHER ? 1 : KEYS[s].length;
  }
  return events;
}
