// What the user typed, kept in localStorage so that a reload, a crash of
// user code (which only ever kills a worker) or a worker restart loses
// nothing. The state is {model, tools, userMsg, maxSteps, timeLimitMs,
// toolTimeoutMs, contextBudget, trim, loop, mode, example, language, goLoop}, all strings, exactly as the fields
// hold them (an invalid max steps is kept too: it is what the user typed;
// an empty tool timeout is none); loop is the Exercise's Your loop editor,
// mode the page's mode ("playground" or "exercise") and example the id of
// the shipped example the code was loaded from ("" for none), so that an
// edited example keeps its name; language is the Exercise's language
// ("javascript" or "go") and goLoop its Go loop.go, kept apart from the
// JavaScript loop (exercise/language.js). The Exercise's progress is kept beside it
// (saveProgress), and so is the code the user wrote that the editors no
// longer show: their edits of each example (KEY:example:ID) and a list of
// their own code (KEY:own; a page from before the list kept one state, as
// KEY:backup), and the Exercise loops a link replaced (KEY:loops, and the
// Go loops KEY:goLoops). Beside the strings, approvals is the list of
// approval decisions a share link brought with its code (run/approvals.js),
// which a run of that code makes again. Share
// links (page/share.js) carry the same fields: this list is the one place
// that names what the page keeps. State kept or shared before the run's
// inputs had one spelling each is read under their names
// (lib/run-inputs.js).

import { RUN_INPUTS, withCurrentNames } from "../lib/run-inputs.js";
import { readDecisions } from "../run/approvals.js";

export const KEY = "agentloop:v1";
const FIELDS = [...RUN_INPUTS, "loop", "mode", "example", "language", "goLoop"];

// A Store reads and writes one key, and beside it the code the user wrote
// that the editors no longer show (keepExample, keepOwn). Storage may be
// unavailable (private modes, a full quota, a sandboxed iframe): the page
// then works without it, says so once through onError, and keeps what it
// could not write for as long as the page is open.
export class Store {
  constructor(key = KEY, onError = () => {}) {
    this.key = key;
    this.onError = onError;
    this.failed = false;
    this.shown = null;
    this.unwritten = new Map(); // key -> JSON that storage refused
  }

  // use makes the store read and write key from now on (an embed that
  // switched to another example keeps its code under that example's key).
  use(key) {
    this.key = key;
    this.shown = null;
  }

  // load returns the state saved under key (the store's own unless
  // given), or null when there is none.
  load(key = this.key) {
    return pickJSON(this.read(key));
  }

  // showing tells the store that the page now shows state as it was
  // loaded (from this key, a shipped example or a link): save writes
  // nothing until the state changes. A page that only shows code must not
  // write over what another page with the same key (a second frame of one
  // tutorial) saved there in the meantime.
  showing(state) {
    this.shown = JSON.stringify(pick(state));
  }

  save(state) {
    const json = JSON.stringify(pick(state));
    if (json === this.shown) return;
    // Once written, every later state is written, a return to the loaded
    // one too: the key no longer holds it.
    this.shown = null;
    this.write(this.key, json);
  }

  // keepExample keeps the user's edits of the example id, which the
  // editors no longer show; keptExample gives them back (null when there
  // are none), and forgetExample drops them once the user has put the
  // example's own code back.
  keepExample(id, state) {
    this.write(`${this.key}:example:${id}`, JSON.stringify(pickCode(state)));
  }

  keptExample(id) {
    return pickJSON(this.read(`${this.key}:example:${id}`));
  }

  forgetExample(id) {
    this.write(`${this.key}:example:${id}`, null);
  }

  // keepOwn keeps code of the user's own (code that began as no example,
  // a link's, a run file's or a case's) that the editors no longer show,
  // first in ownCode's list. Each piece of code is kept once, so the list
  // grows only with code the user wrote, never by switching back and
  // forth.
  keepOwn(state) {
    this.keepFirst("own", pickCode(state), this.ownCode(), sameCode);
  }

  // ownCode returns the user's own code kept apart, the latest first. A
  // page from before there was a list kept one such state, as its backup.
  ownCode() {
    const list = this.list("own", (s) => s && typeof s === "object");
    if (list) return list.map(pickCode);
    const old = pickJSON(this.read(`${this.key}:backup`));
    return old ? [old] : [];
  }

  // dropOwn takes state out of the list: the editors show it again.
  dropOwn(state) {
    this.drop("own", state, this.ownCode(), sameCode);
  }

  // keepLoop keeps a loop of the user's that the Exercise's Your loop no
  // longer shows (an Exercise link replaced it), first in keptLoops' list,
  // each once; dropLoop takes one out when Your loop shows it again.
  keepLoop(loop) {
    this.keepFirst("loops", loop, this.keptLoops(), sameText);
  }

  keptLoops() {
    return this.list("loops", (l) => typeof l === "string") || [];
  }

  dropLoop(loop) {
    this.drop("loops", loop, this.keptLoops(), sameText);
  }

  // keepGoLoop, keptGoLoops and dropGoLoop do the same for the Exercise's
  // Go loop.go (KEY:goLoops), kept apart from the JavaScript loops.
  keepGoLoop(loop) {
    this.keepFirst("goLoops", loop, this.keptGoLoops(), sameText);
  }

  keptGoLoops() {
    return this.list("goLoops", (l) => typeof l === "string") || [];
  }

  dropGoLoop(loop) {
    this.drop("goLoops", loop, this.keptGoLoops(), sameText);
  }

  // The lists of what is kept apart (KEY:own, KEY:loops): item goes first
  // in list and is kept once (same tells two entries alike); list reads
  // the entries ok accepts, or null when there is no list.
  keepFirst(name, item, list, same) {
    this.writeList(name, [item, ...list.filter((x) => !same(x, item))]);
  }

  drop(name, item, list, same) {
    const rest = list.filter((x) => !same(x, item));
    if (rest.length !== list.length) this.writeList(name, rest);
  }

  list(name, ok) {
    const list = parse(this.read(`${this.key}:${name}`));
    return Array.isArray(list) ? list.filter(ok) : null;
  }

  writeList(name, list) {
    this.write(`${this.key}:${name}`, list.length ? JSON.stringify(list) : null);
    // The own-code list holds the old backup, if there was one.
    if (name === "own") this.write(`${this.key}:backup`, null);
  }

  // read returns the text under key, or null.
  read(key) {
    if (this.unwritten.has(key)) return this.unwritten.get(key);
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  // write puts json under key (null removes it). What storage refuses is
  // kept in memory: the page still has it until it is closed.
  write(key, json) {
    try {
      if (json === null) localStorage.removeItem(key);
      else localStorage.setItem(key, json);
      this.unwritten.delete(key);
    } catch (err) {
      this.unwritten.set(key, json);
      if (!this.failed) this.onError(err);
      this.failed = true;
    }
  }

  // saveProgress keeps the Exercise's progress: {passed, total, hints,
  // hints2, level, goPassed, goTotal}, whole numbers (the cases passed at
  // the last Check, of how many, the hints shown at each level, the level
  // chosen, and the Go loop's last Check).
  saveProgress(progress) {
    this.write(`${this.key}:exercise`, JSON.stringify(pickProgress(progress)));
  }

  // saveInterview keeps interview mode's state (exercise/interview.js
  // reads it back and checks its shape), or drops it for null.
  saveInterview(state) {
    this.write(`${this.key}:interview`, state === null ? null : JSON.stringify(state));
  }

  // loadInterview returns the saved interview, or null.
  loadInterview() {
    return parse(this.read(`${this.key}:interview`));
  }

  // loadProgress returns the saved progress, or null.
  loadProgress() {
    const v = parse(this.read(`${this.key}:exercise`));
    return v && typeof v === "object" ? pickProgress(v) : null;
  }
}

// pickProgress keeps the progress's known fields, as whole numbers from 0.
function pickProgress(v) {
  const out = {};
  for (const f of ["passed", "total", "hints", "hints2", "level", "goPassed", "goTotal"]) {
    const n = Number(v[f]);
    if (Number.isInteger(n) && n >= 0) out[f] = n;
  }
  return out;
}

// parse returns the JSON value raw holds, or null when it holds none.
function parse(raw) {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

// pickJSON returns the state raw holds, or null.
function pickJSON(raw) {
  const v = parse(raw);
  return v && typeof v === "object" && !Array.isArray(v) ? pick(v) : null;
}

// pick keeps the known fields, as strings, under their current names,
// and the approval decisions when there are any and they are sound (a
// link's are checked, and named when bad, by page/share.js).
export function pick(state) {
  const v = withCurrentNames(state);
  const out = {};
  for (const f of FIELDS) {
    if (v[f] !== undefined && v[f] !== null) out[f] = String(v[f]);
  }
  if (v.approvals !== undefined) {
    const { decisions } = readDecisions(v.approvals);
    if (decisions && decisions.length > 0) out.approvals = decisions;
  }
  return out;
}

// pickCode keeps what a piece of code is: the fields without the
// Exercise's loops and language and the page's mode, which stay as they are when code
// comes back.
export function pickCode(v) {
  const { loop, mode, language, goLoop, ...code } = pick(v);
  return code;
}

function sameText(a, b) {
  return a === b;
}

// RUN_FIELDS are what makes a run: its code, message and the loop's
// limits (the time limit is the page's guard, not the run's).
export const RUN_FIELDS = ["model", "tools", "userMsg", "maxSteps", "toolTimeoutMs", "contextBudget", "trim"];

// sameCode reports whether a and b hold the same run.
export function sameCode(a, b) {
  return RUN_FIELDS.every((f) => (a[f] ?? "") === (b[f] ?? ""));
}
