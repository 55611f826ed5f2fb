// Starts the slowest parts of the page first: fetching and compiling
// main.wasm, and starting the worker that will run it. Measured on a busy
// machine, a worker took hundreds of milliseconds just to start its
// thread, so it must not wait for the page's modules to load.
//
// This is a classic script, loaded with defer before app.js: it runs as
// soon as the document is parsed, needs no module graph, and is sure to
// have run before app.js, whose engine.js adopts what it started through
// globalThis.agentloopBoot = {module, worker, ready}.
"use strict";

(() => {
  // compile compiles main.wasm once for every worker: later workers only
  // instantiate it, which keeps a restart after a runaway call quick.
  async function compile(url) {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch {
      // Some static hosts serve .wasm without application/wasm, which
      // compileStreaming refuses; compiling the bytes works everywhere.
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${res.statusText}`);
      return WebAssembly.compile(await res.arrayBuffer());
    }
  }

  const module = compile("main.wasm");
  module.then(() => performance.mark("wasm-compiled"), () => {});
  // startWorker starts a worker and hands it the compiled engine; ready
  // settles with the worker's timings once runAgent exists in it.
  function startWorker() {
    // A module worker, bundled by make build (worker.js is its source).
    const worker = new Worker("dist/worker.js", { type: "module" });
    const ready = new Promise((resolve, reject) => {
      const onMessage = (e) => {
        const msg = e.data;
        if (msg.type !== "ready" && msg.type !== "failed") return;
        worker.removeEventListener("message", onMessage);
        if (msg.type === "ready") resolve(msg.timing);
        else reject(new Error(msg.error));
      };
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", (ev) => {
        // An error in the worker before it is ready is the engine
        // failing to start; later ones are user code's own (engine.js).
        ev.preventDefault();
        reject(new Error(ev.message || "the worker failed to start"));
      });
      module.then(
        (m) => worker.postMessage({ type: "engine", module: m, timeOrigin: performance.timeOrigin, postedAt: performance.now() }),
        reject,
      );
    });
    ready.catch(() => {}); // engine.js reports failures
    return { worker, ready };
  }

  const first = startWorker();
  // The cold-start benchmark reads this mark: navigation to runAgent ready.
  first.ready.then((timing) => performance.mark("runAgent-ready", { detail: timing }), () => {});
  globalThis.agentloopBoot = { module, startWorker, first };
})();
