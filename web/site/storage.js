// What the user typed, kept in localStorage so that a reload, a crash of
// user code (which only ever kills a worker) or a worker restart loses
// nothing. The state is {model, tools, userMessage, maxSteps, timeLimit,
// toolTimeoutMs, loop, mode, example}, all strings, exactly as the fields
// hold them (an invalid max steps is kept too: it is what the user typed;
// an empty tool timeout is none); loop is the Exercise's Your loop editor,
// mode the page's mode ("playground" or "exercise") and example the id of
// the shipped example the code was loaded from ("" for none), so that an
// edited example keeps its name. The Exercise's progress is kept beside it
// (saveProgress). Share links (share.js) carry the same fields: this list
// is the one place that names what the page keeps.

export const KEY = "agentloop:v1";
const FIELDS = ["model", "tools", "userMessage", "maxSteps", "timeLimit", "toolTimeoutMs", "loop", "mode", "example"];

// A Store reads and writes one key. Storage may be unavailable (private
// modes, a full quota, a sandboxed iframe): the page then works without
// it, and says so once through onError.
export class Store {
  constructor(key = KEY, onError = () => {}) {
    this.key = key;
    this.onError = onError;
    this.failed = false;
    this.shown = null;
  }

  // use makes the store read and write key from now on (an embed that
  // switched to another example keeps its code under that example's key).
  use(key) {
    this.key = key;
    this.shown = null;
  }

  // load returns the saved state, or null when there is none.
  load() {
    return readState(this.key);
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
    try {
      localStorage.setItem(this.key, json);
    } catch (err) {
      if (!this.failed) this.onError(err);
      this.failed = true;
    }
  }

  // backup keeps a copy of state under a key of its own, before an
  // example or a shared link replaces the editors.
  backup(state) {
    try {
      localStorage.setItem(`${this.key}:backup`, JSON.stringify(pick(state)));
    } catch (err) {
      this.onError(err);
    }
  }

  loadBackup() {
    return readState(`${this.key}:backup`);
  }

  // saveProgress keeps the Exercise's progress: {passed, total, hints},
  // whole numbers (the cases passed at the last Check, of how many, and
  // the hints shown).
  saveProgress(progress) {
    try {
      localStorage.setItem(`${this.key}:exercise`, JSON.stringify(pickProgress(progress)));
    } catch (err) {
      if (!this.failed) this.onError(err);
      this.failed = true;
    }
  }

  // loadProgress returns the saved progress, or null.
  loadProgress() {
    try {
      const v = JSON.parse(localStorage.getItem(`${this.key}:exercise`) || "null");
      return v && typeof v === "object" ? pickProgress(v) : null;
    } catch {
      return null;
    }
  }
}

// pickProgress keeps the progress's known fields, as whole numbers from 0.
function pickProgress(v) {
  const out = {};
  for (const f of ["passed", "total", "hints"]) {
    const n = Number(v[f]);
    if (Number.isInteger(n) && n >= 0) out[f] = n;
  }
  return out;
}

function readState(key) {
  let raw = null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw);
    return v && typeof v === "object" ? pick(v) : null;
  } catch {
    return null;
  }
}

// pick keeps the known fields, as strings.
export function pick(v) {
  const out = {};
  for (const f of FIELDS) {
    if (v[f] !== undefined && v[f] !== null) out[f] = String(v[f]);
  }
  return out;
}
