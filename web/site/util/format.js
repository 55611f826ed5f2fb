// How the page words values for people: durations, counts, tool names,
// values in error messages and thrown errors. One copy of each, for the
// page's every view and message; pure (no DOM).

// fmtMs formats a duration for people: "0.12 ms", "35.0 ms", "350 ms",
// "1.25 s".
export function fmtMs(ms) {
  if (!(ms >= 0)) return "0 ms";
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

// fmtCount formats a whole count with thousands separators: 10,000.
// Intl.NumberFormat would do it, but making one costs tens of milliseconds
// on a slow machine, a long task in the middle of a run.
export function fmtCount(n) {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// plural words a count: "1 call", "2 calls".
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// toolName shows the name a call gave its tool: a model may give none, or
// something other than a string.
export function toolName(name) {
  if (typeof name === "string") return name === "" ? "(empty name)" : name;
  if (name === undefined || name === null) return "(missing name)";
  try {
    return `(name ${JSON.stringify(name) ?? String(name)})`;
  } catch {
    return "(unreadable name)";
  }
}

// describeValue names a value for an error message: its kind, and the
// value itself when it is short: "null", "an array", "the string \"abc\"",
// "number 3", "nothing".
export function describeValue(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  switch (typeof v) {
    case "string":
      return `the string ${JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v)}`;
    case "number":
    case "boolean":
      return `${typeof v} ${v}`;
    case "undefined":
      return "nothing";
    case "function":
      return "a function";
    default:
      return "an object";
  }
}

// errorMessage is what err says, for a sentence that names what failed:
// an Error's message, or anything else thrown as text.
export function errorMessage(err) {
  if (err && typeof err === "object" && typeof err.message === "string" && err.message !== "") return err.message;
  try {
    return String(err);
  } catch {
    return "an unreadable value";
  }
}

// errorText says what err is, to show on its own: an Error's name and
// message ("TypeError: x is not a function"; the message alone when it
// already starts with the name), anything else thrown as text.
export function errorText(err) {
  if (!err || typeof err !== "object" || typeof err.message !== "string") return errorMessage(err);
  const { name, message } = err;
  if (!name || message.startsWith(name)) return message || String(name || "");
  return message ? `${name}: ${message}` : String(name);
}

// clip puts s on one line of at most n characters, cut with "…".
export function clip(s, n = 48) {
  const one = String(s).replace(/\s+/g, " ");
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
}

// pretty shows a value as indented JSON, or as text when it is not JSON.
export function pretty(v) {
  if (v === undefined) return "undefined";
  try {
    const s = JSON.stringify(v, null, 2);
    return s === undefined ? String(v) : s;
  } catch {
    return String(v);
  }
}
