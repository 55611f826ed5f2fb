// Runs one Go program built for js/wasm (cmd/compile, cmd/link, or the
// graded program) to its end, on a file system of the caller's (go-fs.js).
// wasm_exec.js must have been loaded first: it defines globalThis.Go.
//
// Go's syscall package reads globalThis.fs and globalThis.process when the
// program starts, so they are installed just before it does; under Node,
// whose process is the real one, only fs is.

import { createProcess } from "./go-fs.js";

// runGo instantiates module and runs it with argv [name, ...args] and the
// environment env, and resolves to its exit code once it exits. It rejects
// when the program cannot start, or ends without exiting (every goroutine
// asleep waiting for JavaScript that will never call).
export async function runGo(module, { name, args = [], env = {}, fs }) {
  globalThis.fs = fs;
  if (!globalThis.process) globalThis.process = createProcess();
  const go = new globalThis.Go();
  go.argv = [name, ...args];
  go.env = { ...env };
  let code = null;
  go.exit = (c) => {
    code = c;
  };
  const instance = await WebAssembly.instantiate(module, go.importObject);
  try {
    await go.run(instance);
  } finally {
    // A program may exit with a timer of its runtime's still scheduled
    // (the compiler and linker do, now and then): wasm_exec.js would wake
    // the exited program when it fires, and throw from a timer, which
    // fails the worker.
    for (const timer of go._scheduledTimeouts.values()) clearTimeout(timer);
    go._scheduledTimeouts.clear();
  }
  if (code === null) throw new Error(`${name} ended without exiting`);
  return code;
}
