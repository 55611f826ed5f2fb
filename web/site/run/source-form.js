// What the code in an editor is, decided by a real JavaScript parser
// (acorn), never by pattern matching: one expression (an array, an
// object, a function) or statements that define `model` (Model editor) or
// `tools` (Tools editor). Pure functions, imported by the worker (which
// evaluates the code), the page (completion, lint) and node's tests.

import { Parser, tokenizer, tokTypes } from "acorn";

const OPTIONS = { ecmaVersion: "latest", sourceType: "script", locations: true, allowReturnOutsideFunction: true };

// The names the statements form must define, by editor.
export const NAMES = { model: "model", tools: "tools", loop: "runAgent" };

// readSource decides how to read an editor's source. It returns
//   {form: "expression", body}  body: the source up to the expression's end
//                               (a trailing semicolon and comments dropped)
//   {form: "statements", body}  body: the whole source
//   {error: {line, column, message}}  a syntax error, 1-based position in
//                               the editor
export function readSource(source) {
  const asExpression = tryExpression(source);
  if (asExpression.end !== undefined) return { form: "expression", body: source.slice(0, asExpression.end) };
  const asStatements = tryStatements(source);
  if (!asStatements.error) return { form: "statements", body: source };
  // Neither parses: the form that read further is the one the code was
  // meant to be (on a tie, the expression: the editors' usual form).
  const err = asStatements.error.pos > asExpression.error.pos ? asStatements.error : asExpression.error;
  const comma = missingComma(source, asExpression.error) ?? missingComma(source, asStatements.error);
  return { error: comma ?? describeSyntaxError(source, err) };
}

// furthest is how far source parses in its better form: Infinity when it
// parses, else the position of the error that came later.
function furthest(source) {
  const asExpression = tryExpression(source);
  if (asExpression.end !== undefined) return Infinity;
  const asStatements = tryStatements(source);
  if (!asStatements.error) return Infinity;
  return Math.max(asExpression.error.pos, asStatements.error.pos);
}

// missingComma recognises the commonest slip in the editors' arrays and
// objects, two elements with no comma between them, which the parser
// reports as "Unexpected token" at the start of the second (often the next
// line). When a comma right after the token before the error lets the
// parse go past it, the error is the missing comma, placed where it is
// missing: just after the first element's last token.
function missingComma(source, err) {
  if (err.message !== "Unexpected token") return null;
  let before = null;
  let after = null;
  try {
    for (const token of tokenizer(source, OPTIONS)) {
      if (token.end <= err.pos) before = token;
      else {
        after = token;
        break;
      }
    }
  } catch {
    return null;
  }
  if (!before || !after || after.start !== err.pos) return null;
  if (furthest(`${source.slice(0, before.end)},${source.slice(before.end)}`) <= err.pos + 1) return null;
  const quote = (token) => {
    const text = source.slice(token.start, token.end);
    const short = text.length > 20 ? `${text.slice(0, 20)}…` : text;
    return /^["'`]/.test(text) ? short : `"${short}"`;
  };
  const nextLine = positionOf(source, after.start).line;
  const where = nextLine === positionOf(source, before.end).line ? "" : ` on line ${nextLine}`;
  return { ...positionOf(source, before.end), message: `a comma is missing after ${quote(before)}, before ${quote(after)}${where}` };
}

// tryExpression parses source as one expression followed by nothing but
// semicolons and comments: {end} or {error} (an acorn SyntaxError).
function tryExpression(source) {
  let node;
  try {
    // preserveParens: the node of "({ a })" spans its parentheses, so its
    // end is the source's, not the object's.
    node = Parser.parseExpressionAt(source, 0, { ...OPTIONS, preserveParens: true });
  } catch (err) {
    return { error: syntaxError(err) };
  }
  try {
    for (const token of tokenizer(source.slice(node.end), OPTIONS)) {
      if (token.type !== tokTypes.semi) return { error: { pos: node.end + token.start, message: "Unexpected token" } };
    }
  } catch (err) {
    return { error: { pos: node.end + (err.pos ?? 0), message: String(err.message).replace(/ \(\d+:\d+\)$/, "") } };
  }
  return { end: node.end };
}

function tryStatements(source) {
  try {
    Parser.parse(source, OPTIONS);
    return {};
  } catch (err) {
    return { error: syntaxError(err) };
  }
}

function syntaxError(err) {
  if (!(err instanceof SyntaxError) || typeof err.pos !== "number") throw err;
  return { pos: err.pos, message: err.message.replace(/ \(\d+:\d+\)$/, "") };
}

// describeSyntaxError turns a parser error into the editor's position and a
// message. Code that ends too early names the bracket left open, where it
// was opened, rather than the end the parser stumbled on.
function describeSyntaxError(source, err) {
  const end = source.trimEnd().length;
  if (err.pos >= end) {
    const open = unclosedBracket(source);
    if (open) {
      return { ...positionOf(source, open.start), message: `this ${open.text} is never closed: the code ends before its ${CLOSERS[open.text]}` };
    }
    return { ...positionOf(source, Math.min(err.pos, end)), message: `${err.message}: the code ends too early` };
  }
  return { ...positionOf(source, err.pos), message: err.message };
}

const CLOSERS = { "(": ")", "[": "]", "{": "}", "${": "}" };

// unclosedBracket returns the innermost bracket still open at the end of
// source ({text, start}), or null when all are closed or the tokens cannot
// be read (an unterminated string, say: that error is the better one).
function unclosedBracket(source) {
  const open = [];
  const opens = new Set([tokTypes.parenL, tokTypes.bracketL, tokTypes.braceL, tokTypes.dollarBraceL]);
  const closes = new Set([tokTypes.parenR, tokTypes.bracketR, tokTypes.braceR]);
  try {
    for (const token of tokenizer(source, OPTIONS)) {
      if (opens.has(token.type)) open.push({ text: token.type === tokTypes.dollarBraceL ? "${" : token.type.label, start: token.start });
      else if (closes.has(token.type)) open.pop();
    }
  } catch {
    return null;
  }
  return open.length ? open[open.length - 1] : null;
}

// positionOf returns the 1-based line and column of offset in source.
export function positionOf(source, offset) {
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf("\n"); i >= 0 && i < offset; i = source.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

// PREFIX_LINES is how many lines wrap() puts before the editor's first.
export const PREFIX_LINES = 1;

// wrap makes the source of a function expression that returns the
// editor's value when called, with a sourceURL so that V8's stack traces
// name the editor's file (fileName) and line (shifted by PREFIX_LINES).
//
// The editor's name (NAMES) is the function's parameter, called with
// nothing, so that the code gives only what it defines itself: a global of
// that name (the worker's runAgent, the real loop) is out of its reach,
// and an assignment to the name lands here, not on the global. Statements
// give the value of the name they declare; the block lets them declare it
// with let, const or class as well as function or var.
export function wrap({ form, body }, editor, fileName) {
  const head = `(function (${NAMES[editor]}) { "use strict";`;
  const tail = `\n//# sourceURL=${fileName}`;
  if (form === "expression") return `${head} return (\n${body}\n); })${tail}`;
  return `${head} {\n${body}\n;return ${NAMES[editor]}; } })${tail}`;
}

// positionInStack finds the innermost frame of fileName in a V8 stack
// ("at f (tools.js:4:11)" or "at tools.js:4:11") and returns the editor's
// line and column (and index, where in the stack the frame is), or null
// when the error did not pass through that file.
export function positionInStack(stack, fileName) {
  if (typeof stack !== "string") return null;
  const escaped = fileName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m = new RegExp(`(?:^|[\\s(@])${escaped}:(\\d+):(\\d+)`, "m").exec(stack);
  if (!m) return null;
  const line = Number(m[1]) - PREFIX_LINES;
  if (line < 1) return null;
  return { line, column: Number(m[2]), index: m.index };
}

// topLevelKeys returns the names of the properties of the object the
// Tools source gives: its object expression's keys, or those of the object
// assigned to `tools` by statements. Code that does not parse gives [].
export function topLevelKeys(source, name = NAMES.tools) {
  const read = readSource(source);
  if (read.error) return [];
  let object = null;
  try {
    if (read.form === "expression") {
      object = Parser.parseExpressionAt(source, 0, OPTIONS);
    } else {
      const program = Parser.parse(source, OPTIONS);
      object = assignedObject(program, name);
    }
  } catch {
    return [];
  }
  while (object && object.type === "ParenthesizedExpression") object = object.expression;
  if (!object || object.type !== "ObjectExpression") return [];
  const keys = [];
  for (const p of object.properties) {
    if (p.type !== "Property" || p.computed) continue;
    if (p.key.type === "Identifier") keys.push(p.key.name);
    else if (p.key.type === "Literal") keys.push(String(p.key.value));
  }
  return keys;
}

// assignedObject finds `const tools = {...}` (or let, var, or a plain
// assignment) at the top level of program.
function assignedObject(program, name) {
  let found = null;
  for (const stmt of program.body) {
    if (stmt.type === "VariableDeclaration") {
      for (const d of stmt.declarations) {
        if (d.id.type === "Identifier" && d.id.name === name && d.init) found = d.init;
      }
    } else if (
      stmt.type === "ExpressionStatement" &&
      stmt.expression.type === "AssignmentExpression" &&
      stmt.expression.left.type === "Identifier" &&
      stmt.expression.left.name === name
    ) {
      found = stmt.expression.right;
    }
  }
  return found;
}
