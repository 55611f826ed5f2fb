// The Web Worker that runs user code: it starts the Go engine (main.wasm,
// which installs globalThis.runAgent), turns the editors' source into a
// model and tools, and runs them, posting the run's events to the page.
//
// It is a classic worker, not a module worker, because importScripts is
// the one browser-native way to learn the line and column of a syntax
// error in the editors' code (see worker-compile.js).
//
// Each worker serves a single run: the page starts a fresh one for every
// run, so nothing a run leaves behind (timers, globals, a patched
// Array.prototype) can leak into the next, and killing a runaway worker
// never loses anything the next run needs.
//
// Messages from the page:
//   {type: "engine", module}  a compiled WebAssembly.Module of main.wasm
//   {type: "run", model, tools, userMessage, maxSteps, toolTimeoutMs, stopped, drive?}
//                             stopped: Stop came before the run did; the
//                             loop then ends it at its first check
//                             drive: who answers the model calls, see
//                             worker-drive.js
//   {type: "answer", action}  the person's answer to an "ask"
//   {type: "stop"}            abort the run (graceful; the page kills the
//                             worker if it is too busy to hear this)
// Messages to the page: see worker-events.js.
"use strict";

// Wrapped so that none of this is a global the user's code could touch.
(() => {
  // When this script began and when its imports were in, for the timings
  // the "ready" message carries.
  const startedAt = performance.now();
  importScripts("wasm_exec.js");
  const importedAt = performance.now();

  // How long Go's main may take to install runAgent after it starts.
  const READY_TIMEOUT_MS = 10000;

  // Stop may arrive while the editors' code is still being evaluated; the
  // run then starts already aborted and the loop ends it at once.
  const controller = new AbortController();
  let started = false;

  self.onmessage = (e) => {
    const msg = e.data;
    switch (msg && msg.type) {
      case "engine":
        boot(msg);
        break;
      case "run":
        if (started) {
          postMessage({ type: "end", ok: false, error: "this worker has already run once" });
          return;
        }
        started = true;
        if (msg.stopped) controller.abort();
        run(msg);
        break;
      case "stop":
        controller.abort();
        break;
      case "answer":
        self.answerModel(msg.action);
        break;
    }
  };

  async function boot(msg) {
    const { module } = msg;
    // Times are ms since the page's time origin, so they line up with the
    // page's own performance entries.
    const shift = performance.timeOrigin - (msg.timeOrigin || performance.timeOrigin);
    const at = (t) => Math.round((t + shift) * 10) / 10;
    const timing = { started: at(startedAt), imported: at(importedAt), posted: msg.postedAt, engineMessage: at(performance.now()) };
    try {
      const go = new Go();
      const instance = await WebAssembly.instantiate(module, go.importObject);
      timing.instantiated = at(performance.now());
      // go.run settles only when Go's main returns; the bridge keeps it
      // running, so this is not awaited.
      go.run(instance).catch(() => {});
      await until(() => typeof self.runAgent === "function", READY_TIMEOUT_MS);
      timing.ready = at(performance.now());
      postMessage({ type: "ready", timing });
      // What a run needs besides the engine loads after "ready", off the
      // cold start's path; a run message waits in the queue until it is in.
      importScripts("worker-compile.js", "worker-events.js", "worker-drive.js");
    } catch (err) {
      postMessage({ type: "failed", error: describe(err) });
    }
  }

  // until resolves once cond() holds, checking after each macrotask: Go's
  // main may install runAgent only after it yields once.
  function until(cond, timeoutMs) {
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (cond()) return resolve();
        if (performance.now() - t0 > timeoutMs) {
          return reject(new Error(`main.wasm did not define runAgent within ${timeoutMs} ms`));
        }
        setTimeout(check, 1);
      };
      check();
    });
  }

  async function run({ model, tools, userMessage, maxSteps, toolTimeoutMs, drive }) {
    const outbox = new Outbox((msg) => postMessage(msg));
    const modelValue = await evaluate(outbox, "model", model);
    if (modelValue === FAILED) return;
    const toolsValue = await evaluate(outbox, "tools", tools);
    if (toolsValue === FAILED) return;

    const driven = self.driveModel(modelValue, drive, (msg) => outbox.control(msg), Object.keys(toolsValue));
    try {
      const text = await self.runAgent(driven, toolsValue, userMessage, {
        maxSteps,
        // The loop's own per-tool limit: a late tool's result becomes an
        // error the model sees, and the run goes on (0: no limit).
        ...(toolTimeoutMs > 0 ? { toolTimeoutMs } : {}),
        onEvent: (event) => outbox.event(event),
        signal: controller.signal,
      });
      outbox.end({ ok: true, text: String(text) });
    } catch (err) {
      outbox.end({ ok: false, error: describe(err), name: err && err.name ? String(err.name) : "" });
    }
  }

  const FAILED = Symbol("failed");

  // evaluate runs an editor's top-level code, announcing it first so that
  // the page's watchdog can name it if it never finishes.
  async function evaluate(outbox, editor, source) {
    outbox.control({ type: "evaluating", editor });
    const result = await compileEditor(source, editor);
    if (result.error) {
      outbox.control({ type: "compile_error", editor, ...result.error });
      return FAILED;
    }
    outbox.control({ type: "evaluated", editor });
    return result.value;
  }

  function describe(err) {
    if (err instanceof Error) return err.message;
    try {
      return String(err);
    } catch {
      return "unknown error";
    }
  }
})();
