// What a learner's loop.go may not hold, found before the compiler runs:
// compiler directives, and a file too large or nested too deep for the
// compiler to be worth waiting for. Pure: no DOM, no worker.
//
// sourceRefusals(source) returns [{line, column, message}] (1-based, the
// column in bytes as gc counts), empty when the file may be compiled.
//
// A directive is a line comment that starts "//go:" (gc hands each one to
// its noder, wherever it is, which is how //go:wasmimport would give the
// loop syscall/js's imports, and through them the runner's JavaScript,
// without importing it); a loop needs none, so every one is refused, the
// harmless ones (//go:noinline) too, rather than keep a list of the
// dangerous ones that a new Go release could outgrow. The file is read as
// gc's scanner reads it (strings, raw strings, runes and comments), so
// that "//go:" inside a string is not taken for a directive and a
// directive cannot hide in what only looks like a string; where the file
// does not scan (a string left open), gc refuses it too, with its own
// words.

// MAX_SOURCE_BYTES bounds loop.go: a loop is a few kilobytes, and a file
// of megabytes keeps the compiler busy for minutes.
export const MAX_SOURCE_BYTES = 64 * 1024;
// MAX_NESTING bounds how deeply brackets ((), [], {}) nest: gc's parser
// recurses on each, and 100,000 parentheses kept it for minutes.
export const MAX_NESTING = 64;

const OPENING = { "(": ")", "[": "]", "{": "}" };

export function sourceRefusals(source) {
  const src = String(source);
  const bytes = new TextEncoder().encode(src).length;
  if (bytes > MAX_SOURCE_BYTES) {
    return [{ line: 1, column: 1, message: `loop.go is ${bytes} bytes; the Exercise compiles at most ${MAX_SOURCE_BYTES} (a loop needs a few thousand)` }];
  }
  const refusals = [];
  let line = 1;
  let lineStart = 0;
  let depth = 0;
  let deepest = null;
  const at = (i) => ({ line, column: new TextEncoder().encode(src.slice(lineStart, i)).length + 1 });
  const newline = (i) => {
    line++;
    lineStart = i + 1;
  };
  // quoted skips a string or rune literal that opens at i, and returns
  // the index past it: at its closing quote, or at the newline or end
  // where gc stops it with an error.
  const quoted = (i, quote) => {
    let j = i + 1;
    while (j < src.length && src[j] !== quote && src[j] !== "\n") j += src[j] === "\\" ? 2 : 1;
    return src[j] === quote ? j + 1 : Math.min(j, src.length);
  };
  for (let i = 0; i < src.length; ) {
    const c = src[i];
    if (c === "\n") {
      newline(i);
      i++;
    } else if (src.startsWith("//", i)) {
      let end = src.indexOf("\n", i);
      if (end < 0) end = src.length;
      if (src.startsWith("//go:", i)) {
        const name = /^\/\/go:[^\s]*/.exec(src.slice(i, end))[0];
        refusals.push({ ...at(i), message: `${name} is a compiler directive, and loop.go may use none: a loop needs no //go: line` });
      }
      i = end;
    } else if (src.startsWith("/*", i)) {
      let end = src.indexOf("*/", i + 2);
      end = end < 0 ? src.length : end + 2;
      for (let j = i; j < end; j++) if (src[j] === "\n") newline(j);
      i = end;
    } else if (c === '"' || c === "'") {
      i = quoted(i, c);
    } else if (c === "`") {
      let end = src.indexOf("`", i + 1);
      end = end < 0 ? src.length : end + 1;
      for (let j = i; j < end; j++) if (src[j] === "\n") newline(j);
      i = end;
    } else {
      if (OPENING[c]) {
        depth++;
        if (depth > MAX_NESTING && !deepest) deepest = at(i);
      } else if (c === ")" || c === "]" || c === "}") {
        depth = Math.max(0, depth - 1);
      }
      i++;
    }
  }
  if (deepest) refusals.push({ ...deepest, message: `brackets nest more than ${MAX_NESTING} deep here; the Exercise compiles loops nested at most ${MAX_NESTING} deep` });
  return refusals.sort((a, b) => a.line - b.line || a.column - b.column);
}
