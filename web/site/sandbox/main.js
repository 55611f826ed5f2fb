// sandbox/main.js: the sandbox frame's one script (see sandbox.html). It
// starts and stops the workers that run user code, on the page's orders,
// and compiles main.wasm once for all of them.
//
// Bundled by make build into dist/sandbox.js, a classic script: this
// document's origin is opaque, so a module script from the site would
// need CORS headers that a plain static host does not send. For the same
// reason its workers are blob: workers that importScripts dist/worker.js
// (classic scripts load without CORS).
//
// The frame says hello to its parent when it starts, and again whenever
// the parent asks (a parent that adopts a frame from its own markup may
// have missed the first). The parent answers with the control port, once;
// from then on the page speaks to this frame only over that port, and
// each worker speaks to the page over a port of its own, which passes
// through here untouched. Nothing here runs user code, so this thread
// always answers, and a "pong" late or missing means the frame (and every
// worker in it) is gone.
//
// Its messages, to and from the page, the workers and the Go builder, are
// lib/protocol.js's channels pageToFrameWindow, frameWindowToPage,
// pageToFrame, frameToPage, frameToWorker and goBuilderToFrame.

import { CHANNELS, heard } from "../lib/protocol.js";

(() => {
  const workerScript = new URL("dist/worker.js", location.href).href;
  const blobWorker = (script) => URL.createObjectURL(new Blob([`importScripts(${JSON.stringify(script)});`], { type: "text/javascript" }));
  const workerURL = blobWorker(workerScript);
  const goWorkerURL = blobWorker(new URL("dist/go-worker.js", location.href).href);
  // The Go Exercise's engine, compiled once it comes (null until asked),
  // its builder, and a runner started ahead of the next Go Check.
  let goEngine = null;
  let goBuilder = null;
  let goSpare = null;
  const workers = new Map();
  let control = null;
  // main.wasm, compiled as its chunks come (workers may start before).
  let bytes = null;
  const engine = WebAssembly.compileStreaming(
    new Response(new ReadableStream({ start: (controller) => (bytes = controller) }), { headers: { "Content-Type": "application/wasm" } }),
  );
  engine.catch(() => {});
  // A Content-Security-Policy that the host sends with this file (on top
  // of the one it brings) may refuse blob: workers: the page is told which
  // directive did, so that it names what to add rather than waiting for a
  // worker that never comes. The listener is in place before the first
  // worker is made.
  let refused = null;
  document.addEventListener("securitypolicyviolation", (e) => {
    if (refused || !String(e.blockedURI).startsWith("blob")) return;
    refused = { type: "workers_refused", directive: String(e.effectiveDirective || e.violatedDirective) };
    if (control) send(refused);
  });
  // The first worker starts with the frame, so that it loads its script
  // while the page is still sending main.wasm; start hands it out.
  let spare = newWorker();

  addEventListener("message", (e) => {
    if (control || e.source !== parent || !heard(CHANNELS.pageToFrameWindow, e.data)) return;
    if (e.data.type === "agentloop-sandbox-hello?") return parent.postMessage({ type: "agentloop-sandbox-hello" }, "*");
    if (e.data.type !== "control" || !(e.ports[0] instanceof MessagePort)) return;
    control = e.ports[0];
    control.onmessage = (ev) => onControl(ev.data);
    engine.then(
      () => send({ type: "compiled" }),
      (err) => send({ type: "compile_failed", error: describe(err) }),
    );
    send({ type: "hello" });
    if (refused) send(refused);
  });
  parent.postMessage({ type: "agentloop-sandbox-hello" }, "*");

  function send(msg) {
    control.postMessage(msg);
  }

  function onControl(msg) {
    if (!heard(CHANNELS.pageToFrame, msg)) return;
    switch (msg.type) {
      case "wasm":
        bytes.enqueue(new Uint8Array(msg.chunk));
        break;
      case "wasm_end":
        bytes.close();
        break;
      case "start":
        if (msg.kind === "go") startGo(msg);
        else start(msg);
        break;
      case "go_engine":
        if (!goEngine) goEngine = compileGoEngine(msg);
        break;
      case "terminate": {
        const w = workers.get(msg.id);
        workers.delete(msg.id);
        if (w) w.worker.terminate();
        // A Check stopped while it builds may have hung the builder (a
        // source that makes the compiler run on): it is replaced.
        if (goBuilder && goBuilder.building && goBuilder.building === msg.id) restartGoBuilder();
        break;
      }
      case "ping":
        send({ type: "pong", seq: msg.seq });
        break;
    }
  }

  // newWorker starts a worker; its error events go to the page once it
  // has an id (an error before that, such as its script failing to load,
  // is kept until then).
  function newWorker() {
    const w = { worker: null, id: 0, error: "" };
    const fail = (message) => {
      if (w.id) send({ type: "worker_error", id: w.id, message });
      else w.error ||= message;
    };
    try {
      w.worker = new Worker(workerURL, { name: "agentloop sandbox" });
    } catch (err) {
      w.error = `the sandbox could not start a worker: ${describe(err)}`;
      return w;
    }
    w.worker.addEventListener("error", (ev) => {
      ev.preventDefault();
      fail(ev.message || "the worker failed to start");
    });
    return w;
  }

  function start({ id, port, timeOrigin, postedAt }) {
    const w = spare || newWorker();
    spare = null;
    w.id = id;
    if (w.error || !w.worker) return send({ type: "worker_error", id, message: w.error });
    workers.set(id, w);
    engine.then(
      (module) => {
        if (workers.get(id) === w) w.worker.postMessage({ type: "engine", module, port, timeOrigin, postedAt }, [port]);
      },
      () => {}, // compile_failed has told the page
    );
  }

  // compileGoEngine compiles the Go Exercise's compiler and linker, and
  // resolves to what the Go builder gets; it starts the builder.
  function compileGoEngine({ manifest, compile, link, archives, cases, warm }) {
    const compiled = Promise.all([WebAssembly.compile(compile), WebAssembly.compile(link)]).then(([c, l]) => ({
      manifest,
      compile: c,
      link: l,
      archives,
      cases,
    }));
    compiled.then(
      () => send({ type: "go_compiled" }),
      (err) => {
        // The page fails the Checks that wait for it, and sends the
        // engine again with the next.
        if (goEngine === compiled) goEngine = null;
        send({ type: "go_compile_failed", error: describe(err) });
      },
    );
    goSpare ||= newGoWorker("agentloop Go Exercise");
    compiled.then((engine) => startGoBuilder(engine, warm === true), () => {});
    return compiled;
  }

  // newGoWorker starts a dist/go-worker.js, or returns {error}.
  function newGoWorker(name) {
    try {
      return { worker: new Worker(goWorkerURL, { name }), error: "" };
    } catch (err) {
      return { worker: null, error: `the sandbox could not start a worker: ${describe(err)}` };
    }
  }

  // startGoBuilder starts the builder, which says which runner's Check it
  // builds; an error of its own fails that Check, and it is replaced.
  // warm: the engine came ahead of any Check (the learner picked Go), and
  // the builder first builds a loop of its own, to warm its code up.
  function startGoBuilder(engine, warm = false) {
    const b = { ...newGoWorker("agentloop Go builder"), building: 0 };
    goBuilder = b;
    if (!b.worker) return;
    b.worker.onmessage = (e) => {
      if (!heard(CHANNELS.goBuilderToFrame, e.data)) return;
      if (e.data.type === "building") b.building = e.data.id;
      if (e.data.type === "idle") b.building = 0;
      if (e.data.type === "warm") send({ type: "go_warm" });
    };
    b.worker.addEventListener("error", (ev) => {
      ev.preventDefault();
      if (b.building) send({ type: "worker_error", id: b.building, message: ev.message || "the Go builder failed" });
      if (goBuilder === b) restartGoBuilder();
    });
    b.worker.postMessage({ type: "go_builder", engine, warm });
  }

  function restartGoBuilder() {
    if (goBuilder.worker) goBuilder.worker.terminate();
    goBuilder = null;
    if (goEngine) goEngine.then(startGoBuilder, () => {});
  }

  // startGo starts a Go Exercise runner and joins it to the builder, once
  // the engine is compiled.
  function startGo({ id, port }) {
    if (!goEngine) return send({ type: "worker_error", id, message: "the Go engine has not been sent to the sandbox" });
    const w = goSpare || newGoWorker("agentloop Go Exercise");
    goSpare = newGoWorker("agentloop Go Exercise");
    w.id = id;
    if (!w.worker) return send({ type: "worker_error", id, message: w.error });
    w.worker.addEventListener("error", (ev) => {
      ev.preventDefault();
      send({ type: "worker_error", id, message: ev.message || "the Go worker failed" });
    });
    workers.set(id, w);
    goEngine.then(
      () => {
        if (workers.get(id) !== w) return;
        if (!goBuilder || !goBuilder.worker) return send({ type: "worker_error", id, message: (goBuilder && goBuilder.error) || "the Go builder did not start" });
        const channel = new MessageChannel();
        goBuilder.worker.postMessage({ type: "client", id, port: channel.port1 }, [channel.port1]);
        w.worker.postMessage({ type: "go_check", port, builder: channel.port2 }, [port, channel.port2]);
      },
      () => {}, // go_compile_failed has told the page, which fails this Check
    );
  }

  function describe(err) {
    return err && err.message ? String(err.message) : String(err);
  }
})();
