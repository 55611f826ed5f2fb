"use strict";
// The per-run JavaScript side of the bridge: the engine.
//
// Every Go→JS call that returns an object or a string costs a few µs (the
// value gets a reference and a Go finalizer), while a call that takes and
// returns numbers costs a fraction of that. So each run gets one engine, a
// closure that keeps the run's JS values (model, tools, messages, the
// latest action) on the JS side and answers Go with numbers only: an
// action is classified into a code, a tool's output stays here (Go learns
// only whether the call failed), and the messages and events the loop
// produces travel as numeric ops queued in Go and handed over with the next
// call. Go writes each call's op, its arguments and the queue into a
// Float64Array shared with the engine (one copy), so that a call passes no
// arguments: arguments cost allocations in Go, which cost garbage
// collection.
//
// The names of the ops, codes and flags (opModel, qUser, kindFinal, ...)
// are constants of a prelude Go writes from its own table (protocol.go),
// so that the protocol is written once.

// makeEngine checks runAgent's arguments and makes the run's engine. It
// rejects the run's promise and returns null when an argument is bad.
// wake(id, k) tells Go that promise k of run id settled (k = 0: the signal
// fired).
function makeEngine(model, tools, userMsg, options, wake, id, resolve, reject) {
  let args;
  try {
    args = checkArgs(model, tools, userMsg, options);
    if (args.signal !== null) {
      try {
        args.signal.addEventListener("abort", onAbort);
      } catch (e) {
        throw new TypeError("runAgent: listening to options.signal: " + errorText(e));
      }
    }
  } catch (e) {
    reject(e);
    return null;
  }
  const script = args.script, fns = args.fns, onEvent = args.onEvent, signal = args.signal, approve = args.approve;
  const budget = args.maxTranscriptBytes;
  const contextBudget = args.contextBudget, countFn = args.countTokens;

  const enc = new TextEncoder();
  let buf = new Uint8Array(1024);
  let ops = new Float64Array(64); // written by Go before each call
  let strings = [], nextString = 0; // the current call's string arguments
  // Tools are looked up by name here, so that Go gets an index instead of a
  // string.
  const toolIndex = new Map();
  args.names.forEach((n, i) => toolIndex.set(n, i));
  // messages is the array the model gets. The engine never reads it back,
  // so that a model that edits it cannot mislead the bridge.
  const messages = [];
  let transcriptBytes = 0; // the content pushed so far, counted against budget
  // With a context budget: the messages as pushed (the engine's own list,
  // which no model can edit), what the default estimate counts in each,
  // and the next request as Go chose it (qDropped, qReplaced, qContext).
  const own = [], estimates = [];
  let dropped = [], replaced = [], request = null;
  const pending = new Map(); // promise number → null, then {ok, v} once settled
  let lastPromise = 0;
  let scripted = 0; // actions a script has played

  // The latest action, as read once when the model returned it: every
  // field the run uses is read here and nowhere else, so that a getter
  // runs once and the run sees one value.
  let action;              // what the model returned
  let type = "";           // its "type", when a string
  let content = "";        // a final action's content, as text
  let usageIn = 0, usageOut = 0;
  let entries = [];        // its calls: {name, args, id, idText, code, problem}
  let problem = "";        // what failed while reading it
  let built = [];          // the tool messages of its calls, by call
  let read = {};           // its fields as read, by name, for its size
  let actionBytes = 0;     // what it adds to the transcript (actionSize)
  let thrown;              // what the model threw or rejected with, last
  // The first failure to push a message, which ends the run at the next
  // model call, naming the step of the message.
  let broken = null;

  let stepMs = null;
  let fin = null;
  let reported = false;

  const streams = makeStreams({put: put, thenable: thenable, wait: wait, take: take, threw: (e) => { thrown = e; }});

  function onAbort() { wake(id, 0); }

  // text turns a value into the string the model reads: a string as is,
  // undefined or null as "", anything else as JSON.stringify gives it (or
  // String() when JSON has no text for it). It throws what they throw.
  function text(v) {
    if (typeof v === "string") return v;
    if (v === undefined || v === null) return "";
    if (typeof v === "bigint") return String(v);
    const s = JSON.stringify(v);
    return s !== undefined ? s : String(v);
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

  // settled records how promise k settled. The first settlement counts: a
  // thenable may call both of its callbacks.
  function settled(k, ok, v) {
    if (pending.get(k) !== null) return; // Go stopped waiting, or it settled already
    pending.set(k, {ok: ok, v: v});
    wake(id, k);
  }

  function take(k) {
    const p = pending.get(k);
    pending.delete(k);
    return p;
  }

  // readEntry reads entry i of a "calls" list.
  function readEntry(list, i) {
    let c;
    try {
      c = list[i];
    } catch (e) {
      return unreadableEntry(errorText(e));
    }
    return entry(c);
  }

  function unreadableEntry(what) {
    return {name: undefined, args: undefined, id: undefined, idText: "", code: entryUnreadable, problem: what};
  }

  // entry reads a call's fields once and classifies it into a call code.
  function entry(c) {
    let field = "";
    try {
      if (!isObject(c)) return {name: undefined, args: undefined, id: undefined, idText: "", code: entryNotObject, problem: ""};
      field = "name";
      const name = c.name;
      field = "args";
      const args = c.args;
      field = "id";
      const id = c.id;
      let code;
      if (typeof name !== "string") code = entryNoName;
      else {
        const t = toolIndex.get(name);
        code = t === undefined ? entryUnknown : t * entryToolUnit;
      }
      if (args !== undefined && args !== null && !isObject(args)) code += entryBadArgs;
      let idText = "";
      if (id !== undefined && id !== null) {
        idText = String(id);
        code += entryHasID;
      }
      return {name: name, args: args, id: id, idText: idText, code: code, problem: "", call: c};
    } catch (e) {
      return unreadableEntry(field === "" ? errorText(e) : "reading " + JSON.stringify(field) + ": " + errorText(e));
    }
  }

  // classify reads the action v once and returns its action code; its
  // size is counted then too, against what is left of the budget.
  function classify(v) {
    const code = readAction(v);
    actionBytes = code === kindUnreadable ? 0 : actionSize(v);
    return code;
  }

  function readAction(v) {
    action = v;
    read = {};
    entries = [];
    built = [];
    type = "";
    content = "";
    usageIn = 0;
    usageOut = 0;
    if (v === undefined || v === null) return kindNone;
    let field = "";
    try {
      if (!isObject(v)) return kindNotObject;
      field = "type";
      const t = read.type = v.type;
      field = "usage";
      const u = read.usage = v.usage;
      let flags = 0;
      if (u !== undefined && u !== null) {
        flags = flagUsage;
        if (isObject(u)) {
          field = "usage.input_tokens";
          usageIn = count(u.input_tokens);
          field = "usage.output_tokens";
          usageOut = count(u.output_tokens);
        }
      }
      if (t === "final") {
        field = "content";
        read.content = v.content;
        content = text(read.content);
        return kindFinal + flags;
      }
      if (t === "tool") {
        field = "calls";
        const list = read.calls = v.calls;
        if (list === undefined) {
          entries = [entry(v)];
          read.name = entries[0].name;
          read.args = entries[0].args;
          read.id = entries[0].id;
          return kindTool + flags + entries[0].code * payloadUnit;
        }
        if (!Array.isArray(list)) return kindBadCalls + flags;
        field = "calls.length";
        const n = list.length;
        // The length is checked before any entry is read: a list that
        // claims four billion entries fails at once.
        if (n > maxCallsPerAction) return kindTooManyCalls + flags + n * payloadUnit;
        entries = new Array(n);
        for (let i = 0; i < n; i++) entries[i] = readEntry(list, i);
        return kindCalls + flags + n * payloadUnit;
      }
      if (typeof t !== "string") return kindNoType + flags;
      type = t;
      return kindOtherType + flags;
    } catch (e) {
      problem = field === "" ? errorText(e) : "reading " + JSON.stringify(field) + ": " + errorText(e);
      return kindUnreadable;
    }
  }

  // actionSize is how much action v adds to the transcript: the length of
  // every string and key in it (its content, its calls' args, fields of
  // its own), and 1 for any other value. The fields classify read count as
  // it read them, so that no getter of theirs runs twice. Counting stops
  // once it is past what is left of the budget.
  function actionSize(v) {
    if (v === null || typeof v !== "object") return 0;
    const left = budget - transcriptBytes;
    const seen = new Set();
    let n = 0;
    for (const k of ownKeys(v)) {
      n += k.length;
      if (k === "calls" && Object.prototype.hasOwnProperty.call(read, "calls") && read.calls !== undefined) {
        for (let i = 0; i < entries.length && n <= left; i++) n += callSize(entries[i], seen, left - n);
      } else {
        n += size(Object.prototype.hasOwnProperty.call(read, k) ? read[k] : readField(v, k), seen, left - n);
      }
      if (n > left) break;
    }
    return n;
  }

  // callSize is the size of a call of an action's "calls" list.
  function callSize(e, seen, left) {
    if (e.call === undefined) return 1;
    let n = 0;
    for (const k of ownKeys(e.call)) {
      n += k.length;
      n += size(k === "name" ? e.name : k === "args" ? e.args : k === "id" ? e.id : readField(e.call, k), seen, left - n);
      if (n > left) break;
    }
    return n;
  }

  // size is the length of every string and key in v, each object counted
  // once, walked without recursion (args may be nested deeper than the
  // stack), until it is past left.
  function size(v, seen, left) {
    let n = 0;
    const stack = [v];
    while (stack.length > 0 && n <= left) {
      const x = stack.pop();
      if (typeof x === "string") { n += x.length; continue; }
      if (x === null || typeof x !== "object") { n += 1; continue; }
      if (seen.has(x)) continue;
      seen.add(x);
      for (const k of ownKeys(x)) {
        n += k.length;
        stack.push(readField(x, k));
      }
    }
    return n;
  }

  // ownKeys and readField read what a model's object holds; what they cannot
  // read counts as nothing.
  function ownKeys(o) {
    try { return Object.keys(o); } catch (_) { return []; }
  }

  function readField(o, k) {
    try { return o[k]; } catch (_) { return undefined; }
  }

  // count is a token count as Go reads it; Go clamps it into an int.
  function count(v) { return typeof v === "number" ? v : 0; }

  // callModel calls the model, or takes the script's next action. What the
  // model throws is the model's failure.
  function callModel() {
    if (broken !== null) return kindBroken;
    if (transcriptBytes > budget) return kindOverBudget;
    let v;
    try {
      if (script !== null) {
        if (scripted >= script.length) return kindExhausted;
        v = script[scripted++];
      } else {
        const sent = request !== null ? request : messages;
        request = null;
        v = args.model(sent);
      }
      if (thenable(v)) return -wait(v);
    } catch (e) {
      thrown = e;
      return kindThrew;
    }
    return answer(v);
  }

  // answer classifies what the model returned, or starts reading it when
  // it is a stream: Go then reads its deltas and hands back the action
  // they assemble into (opAssembled).
  function answer(v) {
    return streams.start(v) ? kindStream : classify(v);
  }

  function tookModel(k) {
    const p = take(k);
    if (!p.ok) {
      thrown = p.v;
      return kindThrew;
    }
    return answer(p.v);
  }

  // callTool calls tool t with call i's args. It returns outcomeOK when
  // the tool returned (the engine keeps its output), the negated number of
  // the promise to await, or outcomeFailed plus the byte length of the
  // failure's message, encoded in buf.
  function callTool(t, i) {
    const c = entries[i];
    try {
      const v = fns[t].call(tools, argsOf(c));
      if (thenable(v)) return -wait(v);
      return toolReturned(i, v);
    } catch (e) {
      return outcomeFailed + put(errorText(e));
    }
  }

  function tookTool(k, i) {
    const p = take(k);
    if (!p.ok) return outcomeFailed + put(errorText(p.v));
    try {
      return toolReturned(i, p.v);
    } catch (e) {
      return outcomeFailed + put(errorText(e));
    }
  }

  // toolReturned builds the tool message of call i, which Go pushes by
  // number when the loop appends it.
  function toolReturned(i, v) {
    built[i] = toolMessage(i, text(v));
    return outcomeOK;
  }

  // askApproval asks options.approve about call i of step: it returns a
  // decision code, or the negated number of the promise to await. The
  // call it gets is a new object each time; its args are the call's own.
  function askApproval(i, step) {
    const c = entries[i];
    const call = {name: c.name, args: argsOf(c), step: step, call: i};
    if (c.id !== undefined && c.id !== null) call.id = c.id;
    let v;
    try {
      v = approve(call);
      if (thenable(v)) return -wait(v);
    } catch (e) {
      return decisionFailed + put(errorText(e)) * decisionUnit;
    }
    return decision(i, v);
  }

  function tookApproval(k, i) {
    const p = take(k);
    if (!p.ok) return decisionFailed + put(errorText(p.v)) * decisionUnit;
    return decision(i, p.v);
  }

  // decision reads what options.approve answered about call i, once, into
  // a decision code; edited args replace the call's own here, so that the
  // tool gets them. Anything but a decision fails the call's approval,
  // which denies it.
  function decision(i, d) {
    try {
      const how = isObject(d) ? d.decision : undefined;
      if (how === "approve") return decisionApprove;
      if (how === "deny") {
        const reason = d.reason;
        if (reason !== undefined && reason !== null && typeof reason !== "string") {
          throw new TypeError("a denial's reason must be a string, got " + describe(reason));
        }
        return decisionDeny + put(typeof reason === "string" ? reason : "") * decisionUnit;
      }
      if (how === "edit") {
        const edited = d.args;
        if (!isObject(edited) || Array.isArray(edited)) throw new TypeError("edited args must be an object, got " + describe(edited));
        entries[i].args = edited;
        entries[i].edited = true;
        return decisionEdit;
      }
      throw new TypeError("options.approve answered " + describe(d) + ", not {decision: \"approve\" | \"deny\" | \"edit\"}");
    } catch (e) {
      return decisionFailed + put(errorText(e)) * decisionUnit;
    }
  }

  // argsOf is what call c's tool gets: its args, or {} when it has none.
  function argsOf(c) { return c.args === undefined || c.args === null ? {} : c.args; }

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

  function string(what, i) {
    switch (what) {
      case strType: return type;
      case strContent: return content;
      case strName: return entries[i].name;
      case strID: return entries[i].idText;
      case strDescribe: return describe(action);
      case strThrown: return errorText(thrown);
      case strUnreadable: return i < 0 ? problem : entries[i].problem;
      case strBroken: return broken.text;
      case strDeltaName: case strDeltaID: case strDeltaProblem: return streams.string(what);
    }
    throw new Error("runAgent engine: no string " + what);
  }

  function number(what, i) {
    switch (what) {
      case numInputTokens: return usageIn;
      case numOutputTokens: return usageOut;
      case numEntry: return entries[i].code;
      case numBrokenStep: return broken.step;
      case numDeltaCall: return streams.call();
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

  // report logs a failure of onEvent. It never throws: printing what was
  // thrown may itself throw (a getter of Symbol.toStringTag, say).
  function report(err) {
    if (reported) return;
    reported = true;
    const what = "runAgent: onEvent failed; the run goes on, and later failures of this run are not logged:";
    try {
      console.error(what, err);
    } catch (_) {
      try {
        console.error(what, errorText(err));
      } catch (_) {
        // Nowhere to log to.
      }
    }
  }

  // countMessage counts the tokens of message i (-1: the placeholder a
  // replaced output becomes) with options.countTokens, or else the
  // default estimate, the Go agent's EstimateTokens. A count that fails
  // ends the run at the model call of step, as a broken message does.
  function countMessage(i, step) {
    if (broken !== null) return 0;
    const m = i < 0 ? {role: "tool", content: trimmedOutput} : own[i];
    if (countFn === null) return estimate(i < 0 ? codePoints(trimmedOutput) : estimates[i]);
    const what = i < 0 ? "the placeholder of a replaced output" : "message " + i;
    let n;
    try {
      n = countFn(m);
    } catch (e) {
      broken = {step: step, text: "options.countTokens threw on " + what + ": " + errorText(e)};
      return 0;
    }
    if (typeof n !== "number" || !(n >= 0 && n < Infinity)) {
      broken = {step: step, text: "options.countTokens returned " + describe(n) + " for " + what + ", not a number of tokens"};
      return 0;
    }
    return n;
  }

  // estimate is EstimateTokens of a message of n characters: 4 for the
  // message, and one for every 4 characters, rounded up.
  function estimate(n) { return 4 + Math.ceil(n / 4); }

  // codePoints counts the characters of s as Go counts runes: a surrogate
  // pair is one.
  function codePoints(s) {
    let n = s.length;
    for (let i = 0; i + 1 < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c < 0xdc00) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d < 0xe000) { n--; i++; }
      }
    }
    return n;
  }

  // estimatedLength is what the estimate counts in a pushed message: its
  // content, or for the latest action (an assistant message is pushed
  // before the next action is read) its content as read, or its calls'
  // names and args as JSON.
  function estimatedLength(role, m) {
    if (role !== "assistant") return codePoints(m.content);
    if (read.type === "final") return codePoints(content);
    let n = 0;
    for (const c of entries) {
      n += codePoints(typeof c.name === "string" ? c.name : "") + codePoints(argsText(c.args));
    }
    return n;
  }

  function argsText(v) {
    if (v === undefined || v === null) return "{}";
    try {
      return text(v);
    } catch (_) {
      return "";
    }
  }

  // context builds the request Go chose for the next model call, from the
  // messages it dropped and replaced, and reports it.
  function context(phase, step, tokens, sent, budgetTokens) {
    const req = [];
    let d = 0, r = 0;
    for (let i = 0; i < own.length; i++) {
      if (d < dropped.length && dropped[d] === i) { d++; continue; }
      if (r < replaced.length && replaced[r] === i) { r++; req.push(placeholder(own[i])); continue; }
      req.push(own[i]);
    }
    request = req;
    if (onEvent !== null) {
      emit({kind: "context", phase: phaseNames[phase], step: step, budget: budgetTokens, trim: args.trim,
        tokens: tokens, sent: sent, dropped: dropped, replaced: replaced});
    }
    dropped = [];
    replaced = [];
  }

  // placeholder is tool message m (one the engine built) with its output
  // replaced.
  function placeholder(m) {
    const p = {role: "tool", name: m.name, content: trimmedOutput};
    if (m.id !== undefined && m.id !== null) p.id = m.id;
    return p;
  }

  // push appends m to messages and reports it. A messages array the model
  // froze (or otherwise broke) ends the run at the next model call.
  // bytes is what it adds to the transcript, counted against
  // maxTranscriptBytes: a content's length, or an action's size.
  function push(phase, step, index, role, m, failed, bytes) {
    if (broken === null) {
      try {
        messages.push(m);
      } catch (e) {
        broken = {step: step, text: "the messages array refused message " + index + ": " + errorText(e)};
      }
    }
    transcriptBytes += bytes;
    if (contextBudget > 0) {
      own.push(m);
      if (countFn === null) estimates.push(estimatedLength(role, m));
    }
    if (onEvent === null) return;
    const e = {kind: "message", phase: phaseNames[phase], step: step, index: index, role: role, message: m};
    if (role === "tool") e.failed = failed;
    emit(e);
  }

  // toolMessage builds the tool message of call i with content: the
  // tool's output, or Go's words for a call that failed. A call whose args
  // options.approve edited records them.
  function toolMessage(i, content) {
    const c = entries[i];
    const m = {role: "tool", name: c.name, content: content};
    if (c.id !== undefined && c.id !== null) m.id = c.id;
    if (c.edited === true) m.args = c.args;
    return m;
  }

  function toolEvent(kind, phase, step, i) {
    const c = entries[i];
    const e = {kind: kind, phase: phaseNames[phase], step: step, call: i, name: c.name};
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

  // apply applies the queued ops in q[j:n]. Each is its op, then its
  // arguments, phase and step first; strings come from the call's
  // arguments, in order.
  function apply(q, j, n) {
    while (j < n) {
      const op = q[j], a = j + 1, phase = q[a], step = q[a + 1];
      switch (op) {
        case qUser:
          push(phase, step, q[a + 2], "user", {role: "user", content: args.userMsg}, false, args.userMsg.length);
          j = a + qUserArgs;
          break;
        case qAction:
          push(phase, step, q[a + 2], "assistant", action, false, actionBytes);
          j = a + qActionArgs;
          break;
        case qTool: {
          const m = built[q[a + 3]];
          if (m === undefined) throw new Error("runAgent engine: no tool message for call " + q[a + 3]);
          push(phase, step, q[a + 2], "tool", m, false, m.content.length);
          j = a + qToolArgs;
          break;
        }
        case qToolFailed: {
          const m = toolMessage(q[a + 3], str());
          push(phase, step, q[a + 2], "tool", m, true, m.content.length);
          j = a + qToolFailedArgs;
          break;
        }
        case qModelStart:
          emit({kind: "model_start", phase: phaseNames[phase], step: step});
          j = a + qModelStartArgs;
          break;
        case qModelEnd: {
          const e = {kind: "model_end", phase: phaseNames[phase], step: step, ms: q[a + 2]};
          if (q[a + 3] === 1) e.error = str();
          emit(e);
          j = a + qModelEndArgs;
          break;
        }
        case qToolStart:
          emit(toolEvent("tool_start", phase, step, q[a + 2]));
          j = a + qToolStartArgs;
          break;
        case qToolEnd: {
          const i = q[a + 2], failed = q[a + 4] === 1;
          const e = toolEvent("tool_end", phase, step, i);
          e.content = failed ? str() : built[i].content;
          e.failed = failed;
          e.ms = q[a + 3];
          emit(e);
          j = a + qToolEndArgs;
          break;
        }
        case qDelta: {
          const e = streams.event(phase, step, q[a + 2], q[a + 3] === 1 ? str() : "");
          if (onEvent !== null) emit(e);
          j = a + qDeltaArgs;
          break;
        }
        case qDropped:
          dropped.push(q[a + 2]);
          j = a + qDroppedArgs;
          break;
        case qReplaced:
          replaced.push(q[a + 2]);
          j = a + qReplacedArgs;
          break;
        case qContext:
          context(phase, step, q[a + 2], q[a + 3], q[a + 4]);
          j = a + qContextArgs;
          break;
        case qDone:
          done(phase, step, q[a + 2], q[a + 3], q[a + 4], q[a + 5], q[a + 6]);
          j = a + qDoneArgs;
          break;
        case qAsked: {
          const e = toolEvent("approval_asked", phase, step, q[a + 2]);
          e.args = argsOf(entries[q[a + 2]]);
          emit(e);
          j = a + qAskedArgs;
          break;
        }
        case qDecided: {
          const i = q[a + 2], how = q[a + 4];
          const e = toolEvent(how === decidedApproved ? "approved" : how === decidedEdited ? "edited" : "denied", phase, step, i);
          if (how === decidedDenied) e.reason = str();
          if (how === decidedEdited) e.args = entries[i].args;
          e.ms = q[a + 3];
          emit(e);
          j = a + qDecidedArgs;
          break;
        }
        default:
          throw new Error("runAgent engine: bad queued op " + op);
      }
    }
  }

  // done settles what the run's promise will do (opFinish does it) and
  // reports the done event.
  function done(phase, step, steps, ms, tokensIn, tokensOut, settleAs) {
    const reason = str(), answer = str();
    let err = null;
    if (settleAs !== rejectNone) {
      const msg = str();
      err = settleAs === rejectAbort ? abortError(msg) : new Error(msg);
      if (settleAs === rejectThrown) err.cause = thrown;
    }
    fin = {text: answer, err: err};
    if (onEvent === null) return;
    const e = {kind: "done", phase: phaseNames[phase], step: step, reason: reason, text: answer, steps: steps, ms: ms,
      stepMs: stepMs !== null ? Array.from(stepMs) : [],
      usage: {input_tokens: tokensIn, output_tokens: tokensOut}, messages: messages};
    if (err !== null) e.error = err.message;
    emit(e);
  }

  function engine() {
    const q = ops, n = q[0];
    if (arguments.length !== 0) { // only then: materializing arguments costs
      strings = Array.prototype.slice.call(arguments);
      nextString = 0;
    }
    if (n > opHeader) apply(q, opHeader, n);
    const a = q[2], b = q[3];
    switch (q[1]) {
      case opModel: return callModel();
      case opTakeModel: return tookModel(a);
      case opTool: return callTool(a, b);
      case opTakeTool: return tookTool(a, b);
      case opString: return put(string(a, b));
      case opNumber: return number(a, b);
      case opBuffer: return buf;
      case opDrop: pending.delete(a); return 0;
      case opStepTimes: stepMs = new Float64Array(a); return new Uint8Array(stepMs.buffer);
      case opFinish:
        if (signal !== null) {
          try {
            signal.removeEventListener("abort", onAbort);
          } catch (_) {
            // The run is over either way; a late abort finds no run.
          }
        }
        if (fin.err !== null) reject(fin.err); else resolve(fin.text);
        return 0;
      case opFlush: return 0;
      case opApprove: return askApproval(a, b);
      case opTakeVote: return tookApproval(a, b);
      case opDelta: return streams.next();
      case opTakeDelta: return streams.took(a);
      case opAssembled: return classify(streams.assembled(a, str));
      case opCloseStream: return streams.close();
      case opCount: return countMessage(a, b);
    }
    throw new Error("runAgent engine: bad op " + q[1]);
  }

  function grow(n) {
    ops = new Float64Array(n);
    return new Uint8Array(ops.buffer);
  }

  return {
    engine: engine, grow: grow, ops: new Uint8Array(ops.buffer), names: args.names,
    maxSteps: args.maxSteps, aborted: args.aborted, toolTimeoutMs: args.toolTimeoutMs,
    maxTranscriptBytes: budget, events: onEvent !== null, userMsg: args.userMsg, approve: approve !== null,
    contextBudget: contextBudget, trim: args.trim,
  };
}

exports.makeEngine = makeEngine;
