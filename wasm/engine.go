//go:build js && wasm

package main

// The per-run JavaScript side of the bridge.
//
// Every Go→JS call that returns an object or a string costs a few µs (the
// value gets a reference and a Go finalizer), while a call that takes and
// returns numbers costs a fraction of that. So each run gets one small JS
// closure, the engine, compiled once per process, that keeps the run's JS
// values (model, tools, messages, the latest action) on the JS side and
// answers Go with numbers only: an action is classified into a code, a tool
// output is encoded into a byte buffer that Go copies in one call, and the
// messages and events the loop produces travel as numeric ops queued in Go
// and handed over with the next call. Go writes each call's op, its
// arguments and the queue into a Float64Array shared with the engine (one
// copy), so that a call passes no arguments: arguments cost allocations in
// Go, which cost garbage collection. A step of a run with a synchronous
// model and tool makes five cheap crossings: write and call for the model,
// write and call for the tool, copy its output.

// Ops. The shared array holds [n, op, a, b, c, queued ops...], n being the
// number of floats in use; each call first applies the queued ops. Queued
// ops that carry a string take it from the call's arguments, in order.
const (
	opModel     = 1  // call the model (or take the script's next action)
	opTakeModel = 2  // (k) the model's awaited promise k settled: classify it
	opTool      = 3  // (tool, index, call) call a tool with a call's args
	opTakeTool  = 4  // (k, index, call) tool promise k settled: its output
	opString    = 5  // (what, index, call) encode a string into the buffer
	opNumber    = 6  // (what, index, call) read a number
	opBuffer    = 7  // the current byte buffer (after it grew)
	opDrop      = 8  // (k) forget promise k: Go stopped waiting for it
	opStepTimes = 9  // (n) a Uint8Array over a new Float64Array(n) for stepMs
	opFinish    = 10 // settle the run's promise as the queued done op said
	opFlush     = 11 // only apply the queued ops
)

// Queued ops: one message pushed or one event emitted, in the order the
// loop produced them, each followed by its fixed number of arguments.
const (
	qUser       = 1 // (step, index) push {role: "user", content: userMsg}
	qAction     = 2 // (step, index) push the action the model returned
	qTool       = 3 // (step, index, action, call) push the tool message the engine built
	qToolText   = 4 // (step, index, action, call, content) push a tool message with Go's content
	qModelStart = 5 // (step)
	qModelEnd   = 6 // (step, ms, error|null)
	qToolStart  = 7 // (step, call, action)
	qToolEnd    = 8 // (step, call, action, ms, failed, content|null)
	qDone       = 9 // (step, reason, text, steps, ms, in, out, error|null, errorKind)
)

// Action codes, as returned for opModel and opTakeModel: kind in the low
// four bits, flagUsage, and a payload from bit 5 on.
const (
	kindNone      = 0 // undefined or null: no action
	kindNotObject = 1 // a primitive, a function or an array
	kindNoType    = 2 // "type" is missing or not a string
	kindOtherType = 3 // "type" is a string other than "final" and "tool"
	kindFinal     = 4
	kindTool      = 5 // a single call; payload: its call code
	kindCalls     = 6 // a "calls" list; payload: its length
	kindBadCalls  = 7 // "calls" is not a list
	kindThrew     = 8 // the model threw or rejected
	kindExhausted = 9 // a scripted model ran out of actions

	kindMask     = 15
	flagUsage    = 16 // the action has a "usage" field
	payloadShift = 5
)

// Call codes: how a call's "name" reads in the low two bits, then flags,
// and for a known tool its index from bit 4 on.
const (
	callKnown     = 0 // "name" names one of the tools
	callUnknown   = 1 // "name" is a string but no tool's name
	callNoName    = 2 // "name" is missing or not a string
	callNotObject = 3 // the entry of "calls" is not an object
	callNameMask  = 3
	callBadArgs   = 4 // "args" is neither absent nor an object
	callHasID     = 8 // the call has an "id"
	callToolShift = 4
)

// What opString encodes.
const (
	strType     = 1 // the action's "type"
	strContent  = 2 // a final action's "content", as a tool result would read
	strName     = 3 // a call's "name"
	strID       = 4 // a call's "id", as String() gives it
	strDescribe = 5 // what the model returned instead of an action object
	strThrown   = 6 // the message of what the model threw
)

// What opNumber reads.
const (
	numInputTokens  = 1 // the action's usage.input_tokens
	numOutputTokens = 2 // the action's usage.output_tokens
	numCall         = 3 // the call code of calls[call]
	numBufferLength = 4 // the byte buffer's length
)

// engineSource follows checkSource in the body of the engine factory,
// whose parameters are runAgent's arguments (model, tools, userMsg,
// options), then wake, the run's id and its promise's resolve and reject;
// the checked arguments are in scope. It returns the engine and what Go needs to know of
// the arguments (see madeEngine): engine(...strings) → number | object runs
// the op in ops; grow(n) → a Uint8Array over a new shared array of n floats;
// ops is a Uint8Array over the first shared array. It has no template
// literals, so that it fits in a Go raw string.
const engineSource = `
const enc = new TextEncoder();
let buf = new Uint8Array(1024);
let ops = new Float64Array(64); // written by Go before each call
let strings = [], nextString = 0; // the current call's string arguments
// Tools are looked up by name here, so that Go gets an index instead of a
// string.
const toolIndex = new Map();
names.forEach((n, i) => toolIndex.set(n, i));
const messages = [];
// log holds the same messages for the engine's own lookups, so that a model
// that edits its messages array cannot mislead the bridge.
const log = [];
const pending = new Map(); // promise number → null, then {ok, v} once settled
let lastPromise = 0;
let cur;                   // the latest action, until the next model call
let thrown;                // what the model threw or rejected with, last
let calls = 0;             // model calls made, for a script
// The tool messages built for the calls of the action at builtFor, so that
// Go pushes them by number instead of sending their content back.
let builtFor = -1, built = [];
let stepMs = null;
let fin = null;
let reported = false;

function onAbort() { wake(id, 0); }
if (signal !== null) signal.addEventListener("abort", onAbort);

// output turns a tool's return value into the string the model reads.
function output(v) {
  if (typeof v === "string") return v;
  if (v === undefined || v === null) return "";
  try {
    const s = JSON.stringify(v);
    if (s !== undefined) return s;
  } catch (e) {
    if (typeof v !== "bigint") return "error: " + errorText(e);
  }
  return String(v);
}

function thenable(v) {
  return v !== null && (typeof v === "object" || typeof v === "function") && typeof v.then === "function";
}

// wait lets Go await v without a Go callback per promise: when v settles,
// wake(id, k) tells Go, which then takes the outcome with opTake*.
function wait(v) {
  const k = ++lastPromise;
  pending.set(k, null);
  Promise.resolve(v).then((x) => settled(k, true, x), (e) => settled(k, false, e));
  return k;
}

function settled(k, ok, v) {
  if (!pending.has(k)) return; // Go stopped waiting (abort or tool timeout)
  pending.set(k, {ok: ok, v: v});
  wake(id, k);
}

function take(k) {
  const p = pending.get(k);
  pending.delete(k);
  return p;
}

function at(index) { return index < 0 ? cur : log[index]; }
function callOf(a, i) { return a.calls !== undefined ? a.calls[i] : a; }

function callCode(c) {
  if (!isObject(c)) return 3;
  let code;
  const name = c.name;
  if (typeof name !== "string") code = 2;
  else {
    const t = toolIndex.get(name);
    code = t === undefined ? 1 : t * 16;
  }
  const args = c.args;
  if (args !== undefined && args !== null && !isObject(args)) code += 4;
  if (c.id !== undefined && c.id !== null) code += 8;
  return code;
}

function classify(a) {
  if (a === undefined || a === null) return 0;
  if (!isObject(a)) return 1;
  const t = a.type;
  const usage = a.usage !== undefined && a.usage !== null ? 16 : 0;
  if (t === "final") return 4 + usage;
  if (t === "tool") {
    const list = a.calls;
    if (list === undefined) return 5 + usage + 32 * callCode(a);
    return Array.isArray(list) ? 6 + usage + 32 * list.length : 7 + usage;
  }
  return (typeof t === "string" ? 3 : 2) + usage;
}

// callModel calls the model, or takes the script's next action. What the
// model throws, and what throws while reading its action (a getter, a
// Proxy), is the model's failure.
function callModel() {
  try {
    let v;
    if (script !== null) {
      if (calls >= script.length) return 9;
      v = script[calls++];
    } else {
      v = model(messages);
    }
    if (thenable(v)) return -wait(v);
    cur = v;
    return classify(v);
  } catch (e) {
    thrown = e;
    return 8;
  }
}

function tookModel(k) {
  const p = take(k);
  try {
    if (!p.ok) throw p.v;
    cur = p.v;
    return classify(cur);
  } catch (e) {
    thrown = e;
    return 8;
  }
}

function callTool(t, index, i) {
  let v;
  try {
    const args = callOf(at(index), i).args;
    v = fns[t].call(tools, args === undefined || args === null ? {} : args);
    if (thenable(v)) return -wait(v);
  } catch (e) {
    return result(index, i, "error: " + errorText(e));
  }
  return result(index, i, output(v));
}

// result builds the tool message of call i of the action at index (Go
// mirrors the bookkeeping) and encodes its content for Go.
function result(index, i, s) {
  if (index >= builtFor) {
    if (index > builtFor) { builtFor = index; built = []; }
    const c = callOf(at(index), i);
    const m = {role: "tool", name: c.name, content: s};
    if (c.id !== undefined && c.id !== null) m.id = c.id;
    built[i] = m;
  }
  return put(s);
}

// put encodes s into buf and returns its length in bytes; Go copies them
// out in one call, and notices a grown buffer by the length.
function put(s) {
  const n = s.length;
  if (n <= 64 && n <= buf.length) { // short ASCII is the common case, and faster by hand
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 128) break;
      buf[i] = c;
    }
    if (i === n) return n;
  }
  if (n * 3 > buf.length) {
    const r = enc.encodeInto(s, buf);
    if (r.read === s.length) return r.written;
    buf = new Uint8Array(Math.max(2 * buf.length, 3 * s.length));
  }
  return enc.encodeInto(s, buf).written;
}

function string(what, index, i) {
  switch (what) {
    case 1: return String(at(index).type);
    case 2: return output(at(index).content);
    case 3: return String(callOf(at(index), i).name);
    case 4: return String(callOf(at(index), i).id);
    case 5: return describe(cur);  // not an action object
    case 6: return errorText(thrown);
  }
  throw new Error("runAgent engine: no string " + what);
}

function count(v) { return typeof v === "number" && isFinite(v) ? Math.trunc(v) : 0; }

function number(what, index, i) {
  switch (what) {
    case 1: { const u = at(index).usage; return isObject(u) ? count(u.input_tokens) : 0; }
    case 2: { const u = at(index).usage; return isObject(u) ? count(u.output_tokens) : 0; }
    case 3: return callCode(at(index).calls[i]);
    case 4: return buf.length;
  }
  throw new Error("runAgent engine: no number " + what);
}

// emit hands an event to onEvent. A failing onEvent must not stop the run
// or leave an unhandled rejection (which ends a Node process): the first
// failure of a run is logged, the rest are ignored.
function emit(e) {
  try {
    const r = onEvent(e);
    if (thenable(r)) r.then(undefined, report);
  } catch (err) {
    report(err);
  }
}

function report(err) {
  if (reported) return;
  reported = true;
  console.error("runAgent: onEvent failed; the run goes on, and later failures of this run are not logged:", err);
}

function pushed(step, index, m) {
  messages.push(m);
  log.push(m);
  if (onEvent !== null) emit({kind: "message", step: step, index: index, message: m});
}

function toolMessage(index, i, content) {
  const c = callOf(log[index], i);
  const m = {role: "tool", name: c.name, content: content};
  if (c.id !== undefined && c.id !== null) m.id = c.id;
  return m;
}

function withID(e, c) {
  if (c.id !== undefined && c.id !== null) e.id = c.id;
  return e;
}

function abortError(msg) {
  const reason = signal !== null ? signal.reason : undefined;
  if (reason !== undefined && !(reason !== null && reason.name === "AbortError")) msg += ": " + errorText(reason);
  const e = new Error(msg);
  e.name = "AbortError";
  if (reason !== undefined) e.cause = reason;
  return e;
}

function str() { return strings[nextString++]; }

function apply(q, j, n) {
  while (j < n) {
    switch (q[j]) {
      case 1: pushed(q[j + 1], q[j + 2], {role: "user", content: userMsg}); j += 3; break;
      case 2: pushed(q[j + 1], q[j + 2], cur); j += 3; break;
      case 3: {
        const m = built[q[j + 4]];
        if (builtFor !== q[j + 3] || m === undefined) throw new Error("runAgent engine: no tool message for call " + q[j + 4]);
        pushed(q[j + 1], q[j + 2], m);
        j += 5;
        break;
      }
      case 4: pushed(q[j + 1], q[j + 2], toolMessage(q[j + 3], q[j + 4], str())); j += 5; break;
      case 5: emit({kind: "model_start", step: q[j + 1]}); j += 2; break;
      case 6: {
        const e = {kind: "model_end", step: q[j + 1], ms: q[j + 2]};
        if (q[j + 3] === 1) e.error = str();
        emit(e);
        j += 4;
        break;
      }
      case 7: {
        const c = callOf(log[q[j + 3]], q[j + 2]);
        emit(withID({kind: "tool_start", step: q[j + 1], call: q[j + 2], name: c.name}, c));
        j += 4;
        break;
      }
      case 8: {
        const i = q[j + 2];
        const c = callOf(log[q[j + 3]], i);
        const e = withID({kind: "tool_end", step: q[j + 1], call: i, name: c.name}, c);
        e.content = q[j + 6] === 1 ? str() : built[i].content;
        e.failed = q[j + 5] === 1;
        e.ms = q[j + 4];
        emit(e);
        j += 7;
        break;
      }
      case 9: {
        const step = q[j + 1], steps = q[j + 2], ms = q[j + 3], kind = q[j + 6];
        const reason = str(), text = str();
        let err = null;
        if (kind !== 0) {
          const msg = str();
          err = kind === 2 ? abortError(msg) : new Error(msg);
          if (kind === 3) err.cause = thrown;
        }
        fin = {text: text, err: err};
        if (onEvent !== null) {
          const e = {kind: "done", step: step, reason: reason, text: text, steps: steps, ms: ms,
            stepMs: stepMs !== null ? Array.from(stepMs) : [],
            usage: {input_tokens: q[j + 4], output_tokens: q[j + 5]}, messages: messages};
          if (err !== null) e.error = err.message;
          emit(e);
        }
        j += 7;
        break;
      }
      default:
        throw new Error("runAgent engine: bad queued op " + q[j]);
    }
  }
}

function engine() {
  const q = ops, n = q[0], a = q[2], b = q[3], c = q[4];
  if (arguments.length !== 0) { // only then: materializing arguments costs
    strings = Array.prototype.slice.call(arguments);
    nextString = 0;
  }
  if (n > 5) apply(q, 5, n);
  switch (q[1]) {
    case 1: return callModel();
    case 2: return tookModel(a);
    case 3: return callTool(a, b, c);
    case 4: {
      const p = take(a);
      return result(b, c, p.ok ? output(p.v) : "error: " + errorText(p.v));
    }
    case 5: return put(string(a, b, c));
    case 6: return number(a, b, c);
    case 7: return buf;
    case 8: pending.delete(a); return 0;
    case 9: stepMs = new Float64Array(a); return new Uint8Array(stepMs.buffer);
    case 10:
      if (signal !== null) signal.removeEventListener("abort", onAbort);
      if (fin.err !== null) reject(fin.err); else resolve(fin.text);
      return 0;
    case 11: return 0;
  }
  throw new Error("runAgent engine: bad op " + q[1]);
}

function grow(n) {
  ops = new Float64Array(n);
  return new Uint8Array(ops.buffer);
}

return [engine, grow, new Uint8Array(ops.buffer), names, maxSteps, aborted, toolTimeoutMs, onEvent !== null, userMsg];
`
