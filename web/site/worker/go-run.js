// Runs one Go program built for js/wasm (cmd/compile, cmd/link, or the
// graded program) to its end, on a file system of the caller's (go-fs.js).
// wasm_exec.js must have been loaded first: it defines globalThis.Go.
//
// Go's syscall package reads globalThis.fs and globalThis.process when the
// program starts, so they are installed just before it does; under Node,
// whose process is the real one, only fs is.

import { createProcess } from "./go-fs.js";

// How often a program that may deadlock is looked at while it waits.
const IDLE_CHECK_MS = 20;

// A Deadlock is runGo's rejection of a program whose goroutines are all
// asleep with no timer to wake one: Go's runtime on js/wasm waits for
// JavaScript to call it then, where natively it dies at once.
export class Deadlock extends Error {
  constructor() {
    super("fatal error: all goroutines are asleep - deadlock!");
  }
}

// runGo instantiates module and runs it with argv [name, ...args] and the
// environment env, and resolves to its exit code once it exits. It rejects
// when the program cannot start, or ends without exiting; with
// detectDeadlock, it rejects with a Deadlock as soon as the program waits
// with no timer of its runtime's scheduled: nothing can wake a program
// that holds no JavaScript function (the graded program cannot make one),
// since the file system answers every call at once.
export async function runGo(module, { name, args = [], env = {}, fs, detectDeadlock = false }) {
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
  let idle = 0;
  try {
    const ran = go.run(instance);
    if (detectDeadlock) {
      // JavaScript runs this only while the program waits.
      const asleep = new Promise((_, reject) => {
        idle = setInterval(() => {
          if (!go.exited && go._scheduledTimeouts.size === 0) reject(new Deadlock());
        }, IDLE_CHECK_MS);
      });
      await Promise.race([ran, asleep]);
    } else {
      await ran;
    }
  } finally {
    clearInterval(idle);
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
