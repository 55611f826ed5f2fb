// What the model sees: at any point of a run, the last model call so far
// and the exact messages the loop passed to it (every message appended
// before its model_start), and, for a scripted model, which entry of the
// Model editor's array answered it. Pure functions of the events and the
// editor's text, tested under node.

// modelCallAt returns the model call in effect at events[0..upto]: {step,
// start (its model_start's index), count (how many messages it was
// given), answered (whether its model_end is within the prefix)}, or null
// before the first call. It looks back from upto only as far as the
// call, so a 10,000-step run costs the same as a short one.
export function modelCallAt(events, upto) {
  for (let i = Math.min(upto, events.length - 1); i >= 0; i--) {
    const e = events[i];
    if (e.kind !== "model_start") continue;
    let answered = false;
    for (let k = i + 1; k <= upto; k++) {
      if (events[k].kind === "model_end") {
        answered = true;
        break;
      }
    }
    return { step: e.step, start: i, count: messagesBefore(events, i), answered };
  }
  return null;
}

// messagesBefore counts the message events before index i. A message
// event's index field says where it went in the messages, so the count is
// the last one's index + 1.
function messagesBefore(events, i) {
  for (let k = i - 1; k >= 0; k--) {
    const e = events[k];
    if (e.kind === "message") return typeof e.index === "number" ? e.index + 1 : countMessages(events, k + 1);
  }
  return 0;
}

function countMessages(events, end) {
  let n = 0;
  for (let k = 0; k < end; k++) if (events[k].kind === "message") n++;
  return n;
}

// scriptEntries finds the entries of the array literal a Model editor
// holds: [{start, end, line, endLine}] (character offsets and 1-based
// lines of each top-level element), or null when the source is not an
// array (a model function). It skips comments and strings, so a "]" or
// "," inside them does not count.
export function scriptEntries(source) {
  const s = String(source);
  let i = skipSpaceAndComments(s, 0);
  if (s[i] !== "[") return null;
  i++;
  const entries = [];
  let depth = 0;
  let start = -1;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === "/" && (s[i + 1] === "/" || s[i + 1] === "*")) {
      i = skipComment(s, i) - 1;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      if (start < 0 && depth === 0) start = i;
      i = skipString(s, i) - 1;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (depth === 0 && (c === "," || c === "]")) {
      if (start >= 0) entries.push(entry(s, start, lastNonSpace(s, i)));
      start = -1;
      if (c === "]") return entries;
      continue;
    }
    if (start < 0) start = i;
    if (c === "[" || c === "{" || c === "(") depth++;
    else if (c === "]" || c === "}" || c === ")") depth--;
  }
  return entries; // unterminated: what was found so far
}

function entry(s, start, end) {
  return { start, end, line: lineOf(s, start), endLine: lineOf(s, end - 1) };
}

function lastNonSpace(s, i) {
  let k = i;
  while (k > 0 && /\s/.test(s[k - 1])) k--;
  return k;
}

function lineOf(s, pos) {
  let n = 1;
  for (let k = s.indexOf("\n"); k >= 0 && k < pos; k = s.indexOf("\n", k + 1)) n++;
  return n;
}

function skipSpaceAndComments(s, i) {
  for (;;) {
    while (i < s.length && /\s/.test(s[i])) i++;
    if (s[i] === "/" && (s[i + 1] === "/" || s[i + 1] === "*")) i = skipComment(s, i);
    else return i;
  }
}

function skipComment(s, i) {
  if (s[i + 1] === "/") {
    const nl = s.indexOf("\n", i);
    return nl < 0 ? s.length : nl + 1;
  }
  const end = s.indexOf("*/", i + 2);
  return end < 0 ? s.length : end + 2;
}

function skipString(s, i) {
  const q = s[i];
  for (let k = i + 1; k < s.length; k++) {
    if (s[k] === "\\") k++;
    else if (s[k] === q) return k + 1;
  }
  return s.length;
}
