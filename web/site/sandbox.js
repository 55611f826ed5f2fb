// sandbox.js: the sandbox frame's one script (see sandbox.html). It
// starts and stops the workers that run user code, on the page's orders,
// and compiles main.wasm once for all of them.
//
// A classic script, not a module: this document's origin is opaque, so a
// module script from the site would need CORS headers that a plain static
// host does not send. For the same reason its workers are blob: workers
// that importScripts dist/worker.js (classic scripts load without CORS).
//
// The page speaks to this frame only over the control port it sends in
// its first message; each worker speaks to the page over a port of its
// own, which passes through here untouched. Nothing here runs user code,
// so this thread always answers, and a "pong" late or missing means the
// frame (and every worker in it) is gone.
//
// Control messages from the page:
//   {type: "wasm", bytes}                  main.wasm, compiled once here
//   {type: "start", id, port, timeOrigin, postedAt}
//                                          start worker id; port is its channel to the page
//   {type: "terminate", id}
//   {type: "ping", seq}
// To the page:
//   {type: "hello"}                        this script runs and has the port
//   {type: "compiled"} | {type: "compile_failed", error}
//   {type: "worker_error", id, message}    an error event of worker id's
//   {type: "pong", seq}
"use strict";

(() => {
  const workerScript = new URL("dist/worker.js", location.href).href;
  const workerURL = URL.createObjectURL(new Blob([`importScripts(${JSON.stringify(workerScript)});`], { type: "text/javascript" }));
  const workers = new Map();
  let control = null;
  // main.wasm compiled, once its bytes come (workers may be started before).
  let takeBytes = null;
  const engine = new Promise((resolve) => (takeBytes = resolve)).then((bytes) => WebAssembly.compile(bytes));
  engine.catch(() => {});

  addEventListener("message", (e) => {
    if (control || e.source !== parent || !e.data || e.data.type !== "control" || !(e.ports[0] instanceof MessagePort)) return;
    control = e.ports[0];
    control.onmessage = (ev) => onControl(ev.data);
    engine.then(
      () => send({ type: "compiled" }),
      (err) => send({ type: "compile_failed", error: describe(err) }),
    );
    send({ type: "hello" });
  });

  function send(msg) {
    control.postMessage(msg);
  }

  function onControl(msg) {
    switch (msg && msg.type) {
      case "wasm":
        if (takeBytes) takeBytes(msg.bytes);
        takeBytes = null;
        break;
      case "start":
        start(msg);
        break;
      case "terminate": {
        const worker = workers.get(msg.id);
        workers.delete(msg.id);
        if (worker) worker.terminate();
        break;
      }
      case "ping":
        send({ type: "pong", seq: msg.seq });
        break;
    }
  }

  function start({ id, port, timeOrigin, postedAt }) {
    let worker;
    try {
      worker = new Worker(workerURL, { name: `agentloop sandbox ${id}` });
    } catch (err) {
      send({ type: "worker_error", id, message: `the sandbox could not start a worker: ${describe(err)}` });
      return;
    }
    workers.set(id, worker);
    worker.addEventListener("error", (ev) => {
      ev.preventDefault();
      send({ type: "worker_error", id, message: ev.message || "the worker failed to start" });
    });
    engine.then(
      (module) => {
        if (workers.get(id) === worker) worker.postMessage({ type: "engine", module, port, timeOrigin, postedAt }, [port]);
      },
      () => {}, // compile_failed has told the page
    );
  }

  function describe(err) {
    return err && err.message ? String(err.message) : String(err);
  }
})();
