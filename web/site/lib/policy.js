// What a page's Content-Security-Policy refuses, in words that name the
// directive to add.

// describeCSP names a Content-Security-Policy that refuses WebAssembly.
export function describeCSP(err) {
  const text = String(err && err.message);
  if (/Content Security Policy|unsafe-eval|CSP/i.test(text)) {
    return new Error(`the page's Content-Security-Policy does not allow WebAssembly: add 'wasm-unsafe-eval' to script-src (${text})`);
  }
  return err;
}

// evalRefused returns the error to give when the page's policy refuses
// the Function constructor, with which the bridge compiles its JavaScript
// half (the Go program then stops before it defines runAgent), or null.
export function evalRefused() {
  try {
    Function("");
    return null;
  } catch (err) {
    if (!(err instanceof EvalError)) return null;
    return new Error(`the page's Content-Security-Policy does not allow the bridge to compile its JavaScript: add 'unsafe-eval' to script-src (${err.message})`);
  }
}
