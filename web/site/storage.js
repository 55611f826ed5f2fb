// What the user typed, kept in localStorage so that a reload, a crash of
// user code (which only ever kills a worker) or a worker restart loses
// nothing. The state is {model, tools, userMessage, maxSteps, timeLimit},
// all strings, exactly as the fields hold them (an invalid max steps is
// kept too: it is what the user typed).

export const KEY = "agentloop:v1";
const FIELDS = ["model", "tools", "userMessage", "maxSteps", "timeLimit"];

// A Store reads and writes one key. Storage may be unavailable (private
// modes, a full quota, a sandboxed iframe): the page then works without
// it, and says so once through onError.
export class Store {
  constructor(key = KEY, onError = () => {}) {
    this.key = key;
    this.onError = onError;
    this.failed = false;
  }

  // load returns the saved state, or null when there is none.
  load() {
    return readState(this.key);
  }

  save(state) {
    try {
      localStorage.setItem(this.key, JSON.stringify(pick(state)));
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
