// Reads the import declarations at the top of a Go file, so that an import
// the Go Exercise does not offer is refused with the list of those it does,
// before the compiler runs. Pure: no DOM, no worker.
//
// goImports(source) returns [{path, line, column}] (1-based, as gc counts:
// column in bytes), or null when the file's start is not a package clause
// followed by well-formed import declarations: the compiler then reports
// what is wrong in its own words.

import { notOffered } from "./go-errors.js";

// tokens yields the tokens of src with their positions, skipping spaces
// and comments; a newline that ends a line is a ";" as in Go.
function* tokens(src) {
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const at = (start) => ({ line, column: new TextEncoder().encode(src.slice(lineStart, start)).length + 1 });
  while (i < src.length) {
    const c = src[i];
    if (c === "\n") {
      yield { kind: "newline", ...at(i) };
      i++;
      line++;
      lineStart = i;
    } else if (c === " " || c === "\t" || c === "\r") {
      i++;
    } else if (src.startsWith("//", i)) {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (src.startsWith("/*", i)) {
      const end = src.indexOf("*/", i + 2);
      if (end < 0) return;
      for (let j = i; j < end; j++) {
        if (src[j] === "\n") {
          line++;
          lineStart = j + 1;
        }
      }
      i = end + 2;
    } else if (c === '"') {
      const start = i;
      let value = "";
      i++;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === "\n") return;
        if (src[i] === "\\") {
          // Import paths need no escapes; one makes the file the compiler's to judge.
          return;
        }
        value += src[i++];
      }
      if (i >= src.length) return;
      i++;
      yield { kind: "string", value, ...at(start) };
    } else if (c === "`") {
      const start = i;
      const end = src.indexOf("`", i + 1);
      if (end < 0 || src.slice(i + 1, end).includes("\n")) return;
      i = end + 1;
      yield { kind: "string", value: src.slice(start + 1, end), ...at(start) };
    } else if (/[\p{L}_]/u.test(c)) {
      const start = i;
      while (i < src.length && /[\p{L}\p{Nd}_]/u.test(src[i])) i++;
      yield { kind: "ident", value: src.slice(start, i), ...at(start) };
    } else {
      yield { kind: "punct", value: c, ...at(i) };
      i++;
    }
  }
}

export function goImports(source) {
  const toks = [];
  for (const t of tokens(String(source))) {
    if (t.kind === "newline") {
      // Go inserts a semicolon after a line ending in an identifier, a
      // string or a ")"; other newlines are only space.
      const last = toks[toks.length - 1];
      if (last && (last.kind === "ident" || last.kind === "string" || last.value === ")")) toks.push({ kind: "punct", value: ";" });
    } else {
      toks.push(t);
    }
  }
  let k = 0;
  const peek = () => toks[k];
  const is = (kind, value) => peek() && peek().kind === kind && (value === undefined || peek().value === value);
  const semi = () => {
    if (is("punct", ";")) k++;
    else if (k < toks.length) return false;
    return true;
  };
  if (!is("ident", "package")) return null;
  k++;
  if (!is("ident")) return null;
  k++;
  if (!semi()) return null;
  const imports = [];
  // spec reads [name] "path".
  const spec = () => {
    if (is("ident") || is("punct", ".")) k++;
    if (!is("string")) return false;
    const { value, line, column } = toks[k++];
    imports.push({ path: value, line, column });
    return true;
  };
  while (is("ident", "import")) {
    k++;
    if (is("punct", "(")) {
      k++;
      while (!is("punct", ")")) {
        if (!spec()) return null;
        if (is("punct", ";")) k++;
        else if (!is("punct", ")")) return null;
      }
      k++;
    } else if (!spec()) {
      return null;
    }
    if (!semi()) return null;
  }
  return imports;
}

// refusedImports returns, for each import of source not in allowed, the
// error to mark at it: [{line, column, message}], empty when all are
// offered or the imports cannot be read (the compiler then speaks).
export function refusedImports(source, allowed) {
  const imports = goImports(source) || [];
  return imports.filter((imp) => !allowed.includes(imp.path)).map(({ path, line, column }) => ({ line, column, message: notOffered(path, allowed) }));
}

// goPackageName returns the name source's package clause declares, or null
// when the file does not start with one.
export function goPackageName(source) {
  const toks = [];
  for (const t of tokens(String(source))) {
    if (t.kind !== "newline") toks.push(t);
    if (toks.length === 2) break;
  }
  return toks.length === 2 && toks[0].kind === "ident" && toks[0].value === "package" && toks[1].kind === "ident" ? toks[1].value : null;
}
