// Turns the source in an editor into the value the run needs (the model: an
// array or a function; the tools: an object of functions), or into an error
// that names the line and column in that editor. Classic worker script,
// loaded by worker.js; it defines self.compileEditor.
//
// An editor holds either one expression (an array, an object, a function)
// or statements that define `model` (Model editor) or `tools` (Tools
// editor). The code is loaded with importScripts from a Blob URL, wrapped
// in a function so nothing runs until it is called:
//
//   self.__agentloopDefine(function () { "use strict"; return (
//   <the editor's source>
//   ); });
//
// V8 gives a SyntaxError thrown by new Function or eval no position at all;
// but a syntax error in a script loaded by importScripts, left uncaught, is
// reported to the worker's "error" event with the script's URL, line and
// column. That is the browser-native way to point at the mistake. Errors
// thrown while the code runs carry the Blob URL with line and column in
// their stack.
"use strict";

(() => {
  // The Exercise's Your loop editor ("loop") defines runAgent.
  const NAMES = { model: "model", tools: "tools", loop: "runAgent" };
  const LABELS = { model: "Model", tools: "Tools", loop: "Your loop" };
  // The wrapper puts one line before the editor's first line.
  const PREFIX_LINES = 1;

  function wrap(body, form, editor) {
    const head = 'self.__agentloopDefine(function () { "use strict";';
    if (form === "expression") {
      return `${head} return (\n${body}\n); });`;
    }
    const name = NAMES[editor];
    return `${head}\n${body}\n;return typeof ${name} === "undefined" ? undefined : ${name}; });`;
  }

  // trimTail drops what may follow an expression but cannot sit inside
  // the parentheses of the expression form: a semicolon, and comments
  // after it. It only cuts the end, so line numbers stay the same; a cut
  // that lands inside a string leaves code that does not parse, and is
  // then not used.
  function trimTail(source) {
    let s = source;
    for (let i = 0; i < 50; i++) {
      const before = s;
      s = s.replace(/\s+$/, "");
      if (s.endsWith("*/")) {
        const j = s.lastIndexOf("/*");
        if (j >= 0) s = s.slice(0, j);
      } else {
        const j = s.indexOf("//", s.lastIndexOf("\n") + 1);
        if (j >= 0) s = s.slice(0, j);
      }
      if (s === before) break;
    }
    return s.replace(/;\s*$/, "");
  }

  // parses reports whether body parses as a function body: new Function
  // parses without running anything.
  function parses(body) {
    try {
      new Function(body);
      return null;
    } catch (err) {
      return err;
    }
  }

  // pickForm decides how to read the source: {form, body, error?}.
  function pickForm(source, editor) {
    const exprErr = parses(`"use strict"; return (\n${source}\n);`);
    if (!exprErr) return { form: "expression", body: source };
    const trimmed = trimTail(source);
    if (trimmed !== source && !parses(`"use strict"; return (\n${trimmed}\n);`)) {
      return { form: "expression", body: trimmed };
    }
    const name = NAMES[editor];
    const stmtErr = parses(`"use strict";\n${source}\n;return typeof ${name};`);
    if (!stmtErr) return { form: "statements", body: source };
    // Neither parses: report the error of the form the code was meant to
    // be, judging by how it starts.
    const statements = /^\s*(?:(?:const|let|var|class|if|for|while|do|switch|try|throw|import|export)\b|async\s+function\s*\*?\s*[\w$]+|function\s*\*?\s*[\w$]+[\s\S]*\}\s*;?\s*\S)/.test(stripComments(source));
    return statements
      ? { form: "statements", body: source, error: stmtErr }
      : { form: "expression", body: source, error: exprErr };
  }

  function stripComments(source) {
    return source.replace(/^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/, "");
  }

  // syntaxErrorAt loads code in a task of its own and reads the position of
  // its syntax error from the worker's error event, which it cancels so the
  // error goes no further.
  function syntaxErrorAt(code) {
    return new Promise((resolve) => {
      const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
      let settled = false;
      const finish = (pos) => {
        if (settled) return;
        settled = true;
        self.removeEventListener("error", onError);
        URL.revokeObjectURL(url);
        resolve(pos);
      };
      const onError = (ev) => {
        if (ev.filename !== url) return;
        ev.preventDefault();
        finish({ line: ev.lineno, column: ev.colno });
      };
      self.addEventListener("error", onError);
      self.__agentloopDefine = () => {};
      setTimeout(() => {
        setTimeout(() => finish(null));
        importScripts(url); // throws on purpose, uncaught: see above
      });
    });
  }

  function lineCount(source) {
    let n = 1;
    for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) n++;
    return n;
  }

  // toEditorPosition maps a line and column of the wrapped code to the
  // editor's. A position past the editor's last line is in the wrapper's
  // closing lines: the code ended early (an unclosed bracket or string).
  function toEditorPosition(source, line, column) {
    const lines = source.split("\n");
    let l = line - PREFIX_LINES;
    let c = column;
    let pastEnd = false;
    if (l > lines.length) {
      l = lines.length;
      c = lines[l - 1].length + 1;
      pastEnd = true;
    }
    if (l < 1) {
      l = 1;
      c = 1;
    }
    return { line: l, column: Math.max(1, c), pastEnd };
  }

  function errorText(err) {
    if (err instanceof Error) return err.message || err.name;
    try {
      return String(err);
    } catch {
      return "an error that cannot be shown";
    }
  }

  // positionInStack finds the editor's Blob URL in an error's stack.
  function positionInStack(err, url) {
    const stack = err && typeof err.stack === "string" ? err.stack : "";
    const i = stack.indexOf(url + ":");
    if (i < 0) return null;
    const m = /^:(\d+):(\d+)/.exec(stack.slice(i + url.length));
    return m ? { line: Number(m[1]), column: Number(m[2]) } : null;
  }

  function check(value, editor) {
    const kind = describeType(value);
    if (editor === "loop") {
      if (typeof value === "function") return null;
      if (value === undefined) {
        return "Your loop gives nothing: define function runAgent(model, tools, userMsg, maxSteps = 10) { … }.";
      }
      return `Your loop gives ${kind}; it must define a function runAgent(model, tools, userMsg, maxSteps = 10).`;
    }
    if (editor === "model") {
      if (Array.isArray(value) || typeof value === "function") return null;
      if (value === undefined) {
        return "The Model editor gives nothing: write an array of actions, or a function model(messages).";
      }
      return `The Model editor gives ${kind}; it must give an array of actions or a function model(messages).`;
    }
    if (value === undefined) {
      return "The Tools editor gives nothing: write an object of functions, such as { add: ({a, b}) => a + b }.";
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return `The Tools editor gives ${kind}; it must give an object of functions, such as { add: ({a, b}) => a + b }.`;
    }
    for (const name of Object.keys(value)) {
      let tool;
      try {
        tool = value[name];
      } catch (err) {
        return `Reading tool '${name}' failed: ${errorText(err)}`;
      }
      if (typeof tool !== "function") {
        return `Tool '${name}' is ${describeType(tool)}, not a function.`;
      }
    }
    return null;
  }

  function describeType(v) {
    if (v === null) return "null";
    if (Array.isArray(v)) return "an array";
    const t = typeof v;
    return t === "object" ? "an object" : `a ${t}`;
  }

  // compileEditor returns {value} or {error: {line?, column?, message}}.
  self.compileEditor = async function compileEditor(source, editor) {
    source = String(source);
    const { form, body, error } = pickForm(source, editor);
    const code = wrap(body, form, editor);
    if (error) {
      const at = await syntaxErrorAt(code);
      const message = errorText(error);
      if (!at) return { error: { message } };
      const pos = toEditorPosition(source, at.line, at.column);
      return {
        error: {
          line: pos.line,
          column: pos.column,
          message: pos.pastEnd ? `the code ends too early (${message}): a bracket, brace or quote is left open` : message,
        },
      };
    }

    const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    let factory = null;
    self.__agentloopDefine = (f) => {
      factory = f;
    };
    try {
      importScripts(url);
      if (typeof factory !== "function") {
        return { error: { message: `The ${LABELS[editor]} editor's code replaced the wrapper it runs in; write one expression or plain statements.` } };
      }
      const value = factory();
      const problem = check(value, editor);
      return problem ? { error: { message: problem } } : { value };
    } catch (err) {
      const at = positionInStack(err, url);
      if (!at) return { error: { message: errorText(err) } };
      const pos = toEditorPosition(source, at.line, at.column);
      return { error: { line: pos.line, column: pos.column, message: errorText(err) } };
    } finally {
      URL.revokeObjectURL(url);
      delete self.__agentloopDefine;
    }
  };
})();
