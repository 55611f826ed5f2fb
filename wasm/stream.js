"use strict";
// Streamed answers, the JavaScript side. A model streams by returning an
// iterator of deltas (what an async function* or a function* model gives)
// or an action {stream: [deltas]} (a scripted stream). Each delta is
//   {text: "..."}                                  a piece of the answer's text
//   {call: i, name: "add", id: "c1", args: "..."}  a piece of tool call i
// (name opens the call, id is optional, args is a fragment of JSON text).
//
// The engine reads one delta per call from Go (opDelta), hands Go its
// fields, and keeps nothing Go decides: Go's agent.Run checks each delta,
// reports it and assembles the answer, then gives the engine the assembled
// text and calls (opAssembled) to build the action the model's messages
// hold, the same object an unstreamed model would have returned.

// makeStreams returns the run's reader of streams. io gives it the
// engine's put (encode a string into the byte buffer → its length),
// thenable, wait (a promise → its number), take (a number → {ok, v}) and
// threw (keep what the stream threw, as the model's failure).
function makeStreams(io) {
  let iterator = null;  // the stream being read
  let list = null, at = 0; // a scripted stream's deltas, and the next one
  let delta = null;     // the latest delta read: {call, name, id, text}
  // What the deltas reported so far carried, for the events: the text,
  // and each call's name, id and arguments.
  let text = "", calls = [];

  // start takes the model's answer v and reports whether it is a stream.
  // Reading it may not throw: an answer that cannot be read is not a
  // stream, and the engine's reading of actions says what failed.
  function start(v) {
    iterator = null;
    list = null;
    try {
      if (v === null || typeof v !== "object") return false;
      if (typeof v.next === "function" && (typeof v[Symbol.asyncIterator] === "function" || typeof v[Symbol.iterator] === "function")) {
        iterator = v;
      } else {
        const s = v.stream;
        if (!Array.isArray(s)) return false;
        list = s;
        at = 0;
      }
    } catch (_) {
      return false;
    }
    text = "";
    calls = [];
    return true;
  }

  // next reads the next delta: its delta code, or the negated number of
  // the promise to await (opTakeDelta).
  function next() {
    if (list !== null) {
      if (at >= list.length) return deltaEnd;
      let d;
      try {
        d = list[at++];
      } catch (e) {
        return bad("reading it threw " + errorText(e));
      }
      return read(d);
    }
    let r;
    try {
      r = iterator.next();
    } catch (e) {
      io.threw(e);
      return deltaThrew;
    }
    if (io.thenable(r)) return -io.wait(r);
    return result(r);
  }

  function took(k) {
    const p = io.take(k);
    if (!p.ok) {
      io.threw(p.v);
      return deltaThrew;
    }
    return result(p.v);
  }

  // result reads an iterator's result {done, value}.
  function result(r) {
    try {
      if (r === null || typeof r !== "object") return bad("the stream's next() gave " + describe(r) + ", not {done, value}");
      if (r.done) return deltaEnd;
      return read(r.value);
    } catch (e) {
      return bad("reading it threw " + errorText(e));
    }
  }

  function bad(problem) {
    delta = {problem: problem};
    return deltaBad;
  }

  // read reads delta d's fields once into a delta code: its kind, flags,
  // and the byte length of its fragment (text or args), which is encoded
  // in the buffer for Go to copy.
  function read(d) {
    if (!isObject(d)) return bad(describe(d) + ", not a delta {text} or {call, name, args}");
    const call = d.call;
    if (call === undefined) {
      const t = d.text;
      if (typeof t !== "string") return bad('"text" is ' + describe(t) + ", not a string");
      delta = {call: undefined, text: t};
      return deltaText + io.put(t) * deltaLengthUnit;
    }
    if (!Number.isSafeInteger(call)) return bad('"call" is ' + describe(call) + ", not a call's index");
    const name = d.name, id = d.id, args = d.args;
    if (name !== undefined && typeof name !== "string") return bad('"name" is ' + describe(name) + ", not a string");
    if (args !== undefined && typeof args !== "string") return bad('"args" is ' + describe(args) + ", not a string of JSON");
    delta = {call: call, name: name === undefined ? "" : name, id: id === undefined || id === null ? "" : String(id), args: args === undefined ? "" : args};
    let code = deltaCall;
    if (delta.name !== "") code += deltaHasName;
    if (delta.id !== "") code += deltaHasID;
    return code + io.put(delta.args) * deltaLengthUnit;
  }

  function call() { return delta.call; }

  function string(what) {
    switch (what) {
      case strDeltaName: return delta.name;
      case strDeltaID: return delta.id;
      case strDeltaProblem: return delta.problem;
    }
    return null;
  }

  // event is the delta event of the latest delta, which Go accepted and
  // numbered index; open is what its call's arguments still need to close,
  // as Go found.
  function event(phase, step, index, open) {
    const e = {kind: "delta", phase: phaseNames[phase], step: step, index: index};
    if (delta.call === undefined) {
      text += delta.text;
      e.text = delta.text;
      e.soFar = text;
      return e;
    }
    let c = calls[delta.call];
    if (c === undefined) c = calls[delta.call] = {name: delta.name, id: "", args: ""};
    if (c.id === "") c.id = delta.id;
    c.args += delta.args;
    e.call = delta.call;
    e.name = c.name;
    if (c.id !== "") e.id = c.id;
    e.args = delta.args;
    e.soFar = c.args;
    e.open = open;
    return e;
  }

  // assembled builds the action of the answer Go assembled: str() gives
  // its text, then each call's name, id and arguments (JSON text Go has
  // checked, "" for none). It has the shape agent.Answer.Map gives.
  function assembled(n, str) {
    const content = str();
    if (n === 0) return {role: "assistant", type: "final", content: content};
    const list = [];
    for (let i = 0; i < n; i++) {
      const c = {name: str()};
      const id = str(), args = str();
      if (args !== "") c.args = JSON.parse(args);
      if (id !== "") c.id = id;
      list.push(c);
    }
    const action = n === 1 ? Object.assign({role: "assistant", type: "tool"}, list[0]) : {role: "assistant", type: "tool", calls: list};
    if (content !== "") action.content = content;
    return action;
  }

  // close ends a stream Go stopped reading (the run was canceled, or a
  // delta was malformed): an iterator's return() lets a generator's
  // finally blocks run. What it does is the model's business.
  function close() {
    const it = iterator;
    iterator = null;
    list = null;
    if (it === null) return 0;
    try {
      const r = typeof it.return === "function" ? it.return() : undefined;
      if (io.thenable(r)) r.then(undefined, () => {});
    } catch (_) {
      // The stream is over either way.
    }
    return 0;
  }

  return {start: start, next: next, took: took, call: call, string: string, event: event, assembled: assembled, close: close};
}

exports.makeStreams = makeStreams;
