// agentloop.js: the agent loop for any page, from one URL.
//
//   import { runAgent, ready, runAgentSandboxed } from "https://example.org/agentloop/agentloop.js";
//   await ready;                      // the engine is loaded on this page
//   const answer = await runAgent(model, tools, "What is 2 + 3?", { maxSteps: 5, onEvent });
//
// It finds main.wasm, wasm_exec.js, sandbox.html and dist/worker.js next
// to itself (import.meta.url) and downloads main.wasm once per page.
// runAgent runs on the page's thread, exactly as the README's raw snippet;
// runAgentSandboxed evaluates untrusted source in a worker under the
// runaway guard, and that worker lives in a hidden sandboxed frame with an
// opaque origin and no network (see Frame). The playground's engine
// (page/engine.js) is this module's Sandbox: the code that runs user-written
// JS is this one piece.
//
// Served as it is (an ES module with no imports), so a page that imports
// it starts the download at once. Importing it twice by the same URL is
// one module; a copy at another URL reuses the first copy's loader.

const here = new URL(".", import.meta.url);
const SANDBOX_URL = new URL("sandbox.html", here).href;
const STOP_GRACE_MS = 300; // a busy worker that ignores Stop this long is killed
const TICK_MIN_MS = 20;

// ---- the loader: main.wasm, fetched once, with progress ----

const listeners = new Set();
let lastProgress = { phase: "download", received: 0, total: 0 };

function progress(p) {
  // The page's runAgent may be ready while the download's own reading of
  // the bytes still lags behind: the status never goes back from ready.
  if (lastProgress.phase === "ready" && (p.phase === "download" || p.phase === "compile")) return;
  lastProgress = p;
  for (const fn of listeners) fn(p);
}

// onProgress calls fn with the engine's loading progress, now and at
// every change: {phase: "download", received, total} (total 0 when the
// host sends no Content-Length), {phase: "compile"}, {phase: "ready"} or
// {phase: "failed", error}. It returns a function that stops the calls.
export function onProgress(fn) {
  listeners.add(fn);
  fn(lastProgress);
  return () => listeners.delete(fn);
}

// reportLoaded reports the end of the engine's loading when loaded (a
// sandbox frame's start, or runAgent's on the page) settles, unless an
// engine is ready already: a frame that replaces a crashed one, or the
// second of the two engines, changes nothing.
function reportLoaded(loaded) {
  loaded.then(
    () => lastProgress.phase !== "ready" && progress({ phase: "ready" }),
    (err) => lastProgress.phase !== "ready" && progress({ phase: "failed", error: err.message }),
  );
}

// PROGRESS_EVERY_MS spaces the download's progress reports: each may
// repaint the page's engine status, and the bytes arrive in many chunks.
const PROGRESS_EVERY_MS = 50;

// A Download fetches main.wasm once, reporting the bytes received, and
// hands its chunks, as they arrive, to every sink piped to it: the sandbox
// frame compiles while the bytes still arrive (a compiled module cannot
// cross into its opaque origin), and a frame started after a crash gets
// the chunks kept here. A sink is {chunk(Uint8Array), end(), fail(Error)}.
class Download {
  constructor(url) {
    this.url = url;
    this.chunks = [];
    this.sinks = new Set();
    this.error = null;
    this.done = false;
    this.copyWanted = false;
    this.copy = new Promise((resolve) => (this.giveCopy = resolve));
    this.finished = this.fetch();
    this.finished.catch(() => {});
  }

  async fetch() {
    try {
      let res = await fetch(this.url);
      if (!res.ok) throw new Error(`${this.url}: HTTP ${res.status} ${res.statusText}`);
      if (this.copyWanted) {
        const own = res.clone();
        this.giveCopy(res);
        res = own;
      } else this.giveCopy(null);
      // Content-Length is the encoded size: with compression it is no
      // total for the decoded bytes counted here.
      const length = Number(res.headers.get("Content-Length")) || 0;
      let received = 0;
      let reportedAt = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.chunks.push(value);
        received += value.byteLength;
        for (const sink of this.sinks) sink.chunk(value);
        const now = performance.now();
        if (now - reportedAt >= PROGRESS_EVERY_MS || received === length) {
          reportedAt = now;
          progress({ phase: "download", received, total: received <= length ? length : 0 });
        }
      }
    } catch (err) {
      this.giveCopy(null);
      this.error = err;
      for (const sink of this.sinks) sink.fail(err);
      this.sinks.clear();
      throw err;
    }
    this.done = true;
    for (const sink of this.sinks) sink.end();
    this.sinks.clear();
  }

  // pipe gives sink the chunks received so far, as one (a message each
  // would cost more than the copy), and then the rest as they come.
  pipe(sink) {
    if (this.chunks.length) sink.chunk(this.joined());
    if (this.error) sink.fail(this.error);
    else if (this.done) sink.end();
    else this.sinks.add(sink);
  }

  // response resolves with a Response of main.wasm to compile streaming:
  // a copy of the download's own (one request, read twice) when asked for
  // before that one arrived, or else a second fetch, made once the
  // download is over so that it comes from the HTTP cache.
  async response() {
    this.copyWanted = true;
    const copy = await this.copy;
    if (copy) return copy;
    await this.finished;
    return fetch(this.url);
  }

  // bytes resolves with the whole of main.wasm.
  async bytes() {
    await this.finished;
    return this.joined();
  }

  // joined returns the chunks received so far as one, and keeps that one
  // in their place.
  joined() {
    if (this.chunks.length === 1) return this.chunks[0];
    const bytes = new Uint8Array(this.chunks.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const chunk of this.chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    this.chunks = [bytes];
    return bytes;
  }
}

// compileOnPage compiles main.wasm for runAgent on the page's own thread,
// streaming, from a response of the browser's (so the browser can reuse
// its compiled code on a later visit); a host that serves .wasm without
// application/wasm gets the bytes compiled.
async function compileOnPage() {
  try {
    const res = await shared.wasm.response();
    if (res.ok) return await WebAssembly.compileStreaming(res);
  } catch (err) {
    if (!(err instanceof TypeError)) throw describeCSP(err);
  }
  return WebAssembly.compile(await shared.wasm.bytes()).catch((err) => {
    throw describeCSP(err);
  });
}

// describeCSP names a Content-Security-Policy that refuses WebAssembly.
function describeCSP(err) {
  const text = String(err && err.message);
  if (/Content Security Policy|unsafe-eval|CSP/i.test(text)) {
    return new Error(`the page's Content-Security-Policy does not allow WebAssembly: add 'wasm-unsafe-eval' to script-src (${text})`);
  }
  return err;
}

// evalRefused returns the error to give when the page's policy refuses
// the Function constructor, with which the bridge compiles its JavaScript
// half (the Go program then stops before it defines runAgent), or null.
function evalRefused() {
  try {
    Function("");
    return null;
  } catch (err) {
    if (!(err instanceof EvalError)) return null;
    return new Error(`the page's Content-Security-Policy does not allow the bridge to compile its JavaScript: add 'unsafe-eval' to script-src (${err.message})`);
  }
}

// ---- the sandbox frame: where user code runs ----

// How long the frame may take to answer a ping before it counts as
// crashed. Its thread never runs user code, so only a crashed frame (or a
// machine stalled that long) misses it.
const FRAME_ANSWER_MS = 1500;
// How long the frame may take to start before the engine counts as failed.
const FRAME_START_MS = 15000;
const CRASHED = "the sandbox that runs the code crashed (most likely it ran out of memory)";

// A Frame is the hidden <iframe sandbox="allow-scripts"> (sandbox.html)
// whose workers run user code. Its origin is opaque, so user code cannot
// reach the site's storage, and its own Content-Security-Policy gives it
// no network; a browser that isolates sandboxed frames (Chromium does)
// runs it in a process of its own, so a worker that eats the heap crashes
// the frame and not the page. The frame's thread runs none of the user's
// code: a ping it does not answer means the frame is gone, and every
// worker in it with it.
class Frame {
  // existing is a frame of the page's own markup to adopt (see
  // markupFrame), or null to add one.
  constructor(existing = null) {
    this.url = SANDBOX_URL;
    this.workers = new Map(); // id -> {onError, onCrash}
    this.nextID = 1;
    this.crashed = "";
    this.pingSeq = 0;
    this.pingSentAt = 0;
    this.askedAt = 0;
    const channel = new MessageChannel();
    this.control = channel.port1;
    this.control.onmessage = (e) => this.onControl(e.data);
    let started, failed;
    this.started = new Promise((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    this.started.catch(() => {});
    this.onStarted = started;
    this.onStartFailed = failed;
    this.startTimer = setTimeout(() => this.fail(`${this.url} did not start within ${FRAME_START_MS} ms: is sandbox.html deployed next to agentloop.js?`), FRAME_START_MS);
    this.onViolation = (e) => {
      if (e.blockedURI && this.url.startsWith(e.blockedURI)) {
        this.fail(`the page's Content-Security-Policy does not allow the sandbox frame: add ${new URL(this.url).origin} to ${e.effectiveDirective || "frame-src"}`);
      }
    };
    document.addEventListener("securitypolicyviolation", this.onViolation);

    // The frame says hello when its script runs (sandbox/sandbox.js); the first
    // hello gets the control port.
    this.onHello = (e) => {
      if (e.source !== this.element.contentWindow || !e.data || e.data.type !== "agentloop-sandbox-hello") return;
      removeEventListener("message", this.onHello);
      e.source.postMessage({ type: "control" }, "*", [channel.port2]);
    };
    addEventListener("message", this.onHello);
    if (existing) {
      this.element = existing;
      // It may have said hello before this listened: ask again.
      existing.contentWindow.postMessage({ type: "agentloop-sandbox-hello?" }, "*");
    } else {
      const el = document.createElement("iframe");
      el.sandbox = "allow-scripts";
      el.hidden = true;
      el.tabIndex = -1;
      el.title = "agentloop sandbox";
      el.setAttribute("aria-hidden", "true");
      el.src = this.url;
      this.element = el;
      (document.body || document.documentElement).append(el);
    }
    // Copies, not transfers: the chunks start the next frame if this one
    // crashes. Posted now, they wait in the port until the frame listens.
    shared.wasm.pipe({
      chunk: (chunk) => !this.crashed && this.control.postMessage({ type: "wasm", chunk }),
      end: () => !this.crashed && this.control.postMessage({ type: "wasm_end" }),
      fail: (err) => this.fail(`main.wasm could not be loaded: ${err.message}`),
    });
  }

  onControl(msg) {
    if (!isWorkerMessage(msg) || this.crashed) return;
    switch (msg.type) {
      case "hello":
        clearTimeout(this.startTimer);
        document.removeEventListener("securitypolicyviolation", this.onViolation);
        break;
      case "compiled":
        this.onStarted();
        break;
      case "compile_failed":
        this.fail(`main.wasm could not be compiled: ${describeCSP(new Error(String(msg.error))).message}`);
        break;
      case "worker_error": {
        const w = this.workers.get(msg.id);
        if (w) w.onError(String(msg.message));
        break;
      }
      case "pong":
        if (msg.seq === this.pingSeq) this.pingSentAt = 0;
        break;
    }
  }

  // startWorker starts a worker in the frame whose channel to the page is
  // port; onError(message) hears its error events, onCrash(reason, lost)
  // that the frame is gone. It returns the worker's id. (A frame that
  // failed is no longer current, so none is asked for a worker.)
  startWorker(port, onError, onCrash) {
    const id = this.nextID++;
    this.workers.set(id, { onError, onCrash });
    this.control.postMessage({ type: "start", id, port, timeOrigin: performance.timeOrigin, postedAt: performance.now() }, [port]);
    return id;
  }

  terminate(id) {
    if (this.workers.delete(id) && !this.crashed) this.control.postMessage({ type: "terminate", id });
  }

  // answering pings the frame and tells whether it has answered the
  // previous ping in time; it is called on the watchdog's ticks.
  answering(now) {
    if (this.crashed) return false;
    // A page whose own thread was stalled (a long render) may not have
    // read a pong that came in time: it asks again rather than judge.
    const stalled = now - this.askedAt > FRAME_ANSWER_MS / 3;
    this.askedAt = now;
    if (stalled) this.pingSentAt = 0;
    if (this.pingSentAt && now - this.pingSentAt >= FRAME_ANSWER_MS) {
      this.fail(CRASHED, true);
      return false;
    }
    if (!this.pingSentAt) {
      this.pingSentAt = now;
      this.control.postMessage({ type: "ping", seq: ++this.pingSeq });
    }
    return true;
  }

  // fail ends the frame: its workers hear why (lost: it crashed while it
  // ran them, rather than failing to start), and the next worker starts in
  // a new frame.
  fail(reason, lost = false) {
    if (this.crashed) return;
    this.crashed = reason;
    clearTimeout(this.startTimer);
    document.removeEventListener("securitypolicyviolation", this.onViolation);
    removeEventListener("message", this.onHello);
    this.onStartFailed(new Error(reason));
    if (shared.frame === this) shared.frame = null;
    const workers = [...this.workers.values()];
    this.workers.clear();
    this.control.onmessage = null;
    this.control.close();
    this.element.remove();
    for (const w of workers) w.onCrash(reason, lost);
  }
}

const shared = (globalThis.agentloopLoader ||= (() => {
  const loader = { wasm: new Download(new URL("main.wasm", here).href), frame: null, adopted: false };
  loader.wasm.finished.then(
    () => progress({ phase: "compile" }),
    (err) => progress({ phase: "failed", error: `main.wasm could not be loaded: ${err.message}` }),
  );
  return loader;
})());

// markupFrame returns the sandbox frame the page's own markup holds, if
// any: the playground's index.html has one, so that the frame loads while
// the page is still being parsed, long before this module runs. It is
// adopted only as the first frame, and only if it is this very sandbox.
function markupFrame() {
  if (shared.adopted) return null;
  shared.adopted = true;
  const el = document.querySelector("iframe[data-agentloop-sandbox]");
  if (!el || el.src !== SANDBOX_URL || el.getAttribute("sandbox") !== "allow-scripts" || !el.contentWindow) return null;
  return el;
}

// currentFrame returns the sandbox frame, starting one when there is none
// (at first, and after a crash).
function currentFrame() {
  if (!shared.frame) {
    const frame = new Frame(markupFrame());
    shared.frame = frame;
    frame.started.then(() => performance.mark("wasm-compiled"), () => {});
    reportLoaded(frame.started);
  }
  return shared.frame;
}

let firstStarted = false; // the first worker's ready is marked "runAgent-ready" (with its timings, for make bench)

// startWorker starts a sandbox worker in the frame; ready settles with the
// worker's timings once runAgent exists in it.
//
// The worker talks to the page only over a MessageChannel of its own: the
// engine message, the first the worker gets and before any user code is
// there, transfers one port, and the worker keeps it where user code
// cannot reach it. Whatever user code posts with self.postMessage goes to
// the frame, which forwards nothing: it cannot pass for the worker's
// events, its "ready" or its "end".
function startWorker() {
  const frame = currentFrame();
  const channel = new MessageChannel();
  const port = channel.port1;
  let onReady, onFailed; // ready's own
  const ready = new Promise((resolve, reject) => {
    onReady = resolve;
    onFailed = reject;
  });
  ready.catch(() => {}); // the sandbox reports failures
  if (!firstStarted) {
    firstStarted = true;
    ready.then((timing) => performance.mark("runAgent-ready", { detail: timing }), () => {});
  }
  const started = { frame, id: 0, port, ready, deliver: null };
  let booted = false;
  // An error in the worker before it is ready is the engine failing to
  // start; later ones are user code's own (in its timers), not the run's.
  const onError = (message) => {
    if (!booted) onFailed(new Error(message));
  };
  // A frame that failed takes its workers with it: one not yet ready
  // failed to start (a spare lost with its frame is replaced, see
  // Sandbox.adopt), one ready tells its run.
  const onCrash = (reason, lost) => {
    if (!booted) return onFailed(Object.assign(new Error(reason), { lost }));
    if (started.deliver) started.deliver({ type: "failed", error: reason, crashed: true });
  };
  started.id = frame.startWorker(channel.port2, onError, onCrash);
  port.onmessage = (e) => {
    const msg = e.data;
    if (!isWorkerMessage(msg)) return;
    if (!booted) {
      if (msg.type === "ready") {
        booted = true;
        onReady(msg.timing);
      } else if (msg.type === "failed") {
        onFailed(new Error(String(msg.error)));
      }
      return;
    }
    if (started.deliver) started.deliver(msg);
  };
  return started;
}

// isWorkerMessage tells a message of the worker's shape (an object with a
// string type) from anything else; the handlers switch on known types only.
function isWorkerMessage(msg) {
  return msg !== null && typeof msg === "object" && typeof msg.type === "string";
}

// The first sandbox worker starts with the download on a page whose markup
// holds the sandbox frame (the playground's does, and a tutorial page that
// runs sandboxed code may too: its first run then finds the engine ready).
// Any other page starts it with its first Sandbox, so that a page that runs
// the loop only on its own thread starts no frame, no worker and no second
// compile beside its own.
let firstWorker = document.querySelector("iframe[data-agentloop-sandbox]") ? startWorker() : null;

// toolName names a tool the way the page's transcript does (run/phases.js).
function toolName(name) {
  if (typeof name === "string") return name === "" ? "(empty name)" : name;
  if (name === undefined || name === null) return "(missing name)";
  try {
    return `(name ${JSON.stringify(name) ?? String(name)})`;
  } catch {
    return "(unreadable name)";
  }
}

// ---- the sandbox: workers that run user code, under the runaway guard ----

// A Slot is one worker with its engine loading or loaded. Until the engine
// is ready its messages are startWorker's business; after, they go to the
// run that took it. A worker whose Go runtime stopped is dead: a run in it
// ends, and a spare that died is never handed out.
class Slot {
  constructor(started) {
    const { frame, id, port, ready } = started;
    this.frame = frame;
    this.id = id;
    this.port = port;
    this.ready = ready;
    this.listener = null;
    this.booted = false;
    this.dead = "";
    this.onDead = null;
    ready.then(() => (this.booted = true), () => {});
    started.deliver = (msg) => {
      if (msg.type === "failed") {
        this.dead = String(msg.error);
        if (this.onDead) this.onDead(this);
      }
      if (this.listener) this.listener(msg);
    };
  }

  // post sends msg to the worker over the private channel.
  post(msg) {
    this.port.postMessage(msg);
  }

  terminate() {
    this.listener = null;
    this.onDead = null;
    this.port.onmessage = null;
    this.port.close();
    this.frame.terminate(this.id);
  }
}

// Sandbox runs agent loops of user-written code in workers, one fresh
// worker per run, with a spare one kept ready. Its status is "loading",
// "ready" or "failed" (with detail); onStatus(state, detail) hears every
// change. The playground's engine is one (page/engine.js).
export class Sandbox {
  constructor({ onStatus = () => {} } = {}) {
    this.onStatus = onStatus;
    this.status = "loading";
    this.detail = "";
    this.spare = null;
    const slot = new Slot(firstWorker || startWorker()); // the worker started with the page, if any
    firstWorker = null;
    // started settles when the first worker is ready (or failed to be).
    this.started = slot.ready.then(() => undefined);
    this.started.catch(() => {});
    this.adopt(slot);
  }

  setStatus(state, detail = "") {
    this.status = state;
    this.detail = detail;
    this.onStatus(state, detail);
  }

  // warm makes sure a spare worker is loading, so the next run starts at
  // once.
  warm() {
    if (!this.spare) this.adopt(new Slot(startWorker()));
  }

  adopt(slot) {
    this.spare = slot;
    // A spare whose Go runtime stopped is replaced, never handed out.
    slot.onDead = () => {
      if (this.spare !== slot) return;
      this.spare = null;
      slot.terminate();
      this.warm();
    };
    slot.ready.then(
      () => {
        if (this.status !== "ready") this.setStatus("ready");
      },
      (err) => {
        if (this.spare === slot) this.spare = null;
        slot.terminate();
        if (err.lost) return this.warm(); // its frame crashed under a run
        this.setStatus("failed", err.message);
      },
    );
  }

  // take hands out the spare worker: at once when it is ready (null
  // otherwise), so that a run on a warm page reaches its worker within the
  // click's own task.
  takeReady() {
    const slot = this.spare;
    if (!slot || !slot.booted || slot.dead) return null;
    this.spare = null;
    return slot;
  }

  // take hands out the spare worker once it is ready. A spare that dies
  // first (its Go runtime stopped, its frame crashed) is replaced once:
  // only a fresh worker that fails too means the engine cannot start.
  async take() {
    for (let attempt = 1; ; attempt++) {
      if (!this.spare) this.warm();
      const slot = this.spare;
      this.spare = null;
      try {
        await slot.ready;
        if (slot.dead) throw new Error(slot.dead);
        return slot;
      } catch (err) {
        slot.terminate();
        if (attempt === 2) throw err;
      }
    }
  }

  // run starts a run of request {model, tools, userMessage, maxSteps,
  // timeLimitMs, subjects?, labels?}, where subjects ({model, tools}: "The
  // model source") and labels ("the model source") name the code in errors
  // instead of the editors. handlers: onEvents(events) gets runAgent's
  // events in order, ending with a "done" event (made up here when the
  // worker had to be killed: reason "timeout", "canceled" or "crashed");
  // onCompileError ({editor, line, column, message, whole}) when an
  // editor's code is wrong (whole: the message names its subject);
  // onCodeError({editor, line, column, message, name}) where a model or
  // tool call first threw; onAsk({step, messages, tools}) when a person is
  // to answer a model call (request.drive {kind: "person"}; see
  // worker/drive.js), answered with run.answer(action); onEnd() once, last.
  // It returns the run; run.stop() cancels it.
  run(request, handlers) {
    const run = new Run(this, request, handlers);
    run.begin();
    return run;
  }

  // grade checks the Exercise's loop in the same kind of worker, under the
  // same watchdog: request {source, cases, timeLimitMs, level?,
  // barrierWaitMs?, reference?}, where the time limit applies to each
  // case; level 2 plays the follow-ups' cases (worker/grade-followups.js)
  // and reference plays them on the real loop instead of source. handlers: onCase(index, observed) for each
  // case the loop ran (see worker/grade.js); onCompileError as for run;
  // onEvents([done]) when the worker had to be killed (a case that ran
  // away is named in done.call); onEnd() once, last.
  grade(request, handlers) {
    const run = new Run(this, { ...request, job: "grade" }, handlers);
    run.begin();
    return run;
  }
}

const EDITOR_LABELS = { model: "the Model editor's code", tools: "the Tools editor's code", loop: "Your loop's code" };

// describeCall names a call the way the transcript and the banner do;
// labels, if given, name the code of each editor instead (request.labels).
function describeCall(c, labels = EDITOR_LABELS) {
  if (c.kind === "eval") return Object.hasOwn(labels, c.editor) ? labels[c.editor] : "the editors' code";
  if (c.kind === "case") return `case "${c.name}"`;
  if (c.kind === "model") return `the model at step ${c.step}`;
  return `tool '${toolName(c.name)}' at step ${c.step}`;
}

class Run {
  constructor(engine, request, handlers) {
    this.engine = engine;
    this.request = request;
    this.h = handlers;
    this.slot = null;
    this.over = false;
    this.stopping = false;
    this.inflight = new Map(); // key -> {kind, step, name, editor, since}
    this.precise = true;
    this.lastStep = 0;
    this.lastEvent = null;
    this.sawDone = false;
    this.t0 = 0;
    this.lastMessageAt = 0;
    this.timer = 0;
    this.stopTimer = 0;
    this.asked = 0; // the model call a person is answering, or 0
  }

  async begin() {
    // One microtask's wait: the run is posted right after the click's
    // handlers, with a Stop pressed in the same task (see below).
    await null;
    try {
      this.slot = this.engine.takeReady() || (await this.engine.take());
    } catch (err) {
      this.finishWith({ reason: "crashed", error: `the engine could not start: ${err.message}` });
      return;
    }
    if (this.over) {
      this.slot.terminate();
      this.engine.warm();
      return;
    }
    this.slot.onDead = null;
    this.slot.listener = (msg) => this.onMessage(msg);
    const { model, tools, userMessage, maxSteps, drive, toolTimeoutMs = 0, source, cases, subjects, level = 1, barrierWaitMs = 0, reference = false } = this.request;
    this.t0 = this.lastMessageAt = performance.now();
    // Stop pressed before the worker was ready goes with the run, so that
    // the loop itself ends it, before it calls the model.
    this.slot.post(
      this.request.job === "grade"
        ? { type: "grade", source, cases, level, barrierWaitMs, reference }
        : { type: "run", model, tools, userMessage, maxSteps, toolTimeoutMs, drive, subjects, stopped: this.stopping },
    );
    if (this.stopping) this.sendStop();
    const limit = this.request.timeLimitMs;
    this.timer = setInterval(() => this.check(), Math.max(TICK_MIN_MS, Math.min(100, limit / 10)));
  }

  stop() {
    if (this.over || this.stopping) return;
    this.stopping = true;
    if (this.slot) this.sendStop(); // else begin() sends it once it has a worker
  }

  sendStop() {
    this.slot.post({ type: "stop" });
    this.stopTimer = setTimeout(() => {
      this.kill("canceled", `canceled at step ${this.lastStep}: the worker was busy, so it was stopped and replaced`, this.oldestCall());
    }, STOP_GRACE_MS);
  }

  // oldestCall returns the call in flight the longest, or null.
  oldestCall() {
    let oldest = null;
    for (const c of this.inflight.values()) if (!oldest || c.since < oldest.since) oldest = c;
    return oldest;
  }

  // onMessage takes one message of the worker's (isWorkerMessage). A
  // message it cannot read ends the run with why, never with an exception
  // on the page.
  onMessage(msg) {
    if (this.over) return;
    try {
      this.handle(msg);
    } catch (err) {
      this.kill("crashed", `the worker sent a message the page could not read (${msg.type}): ${err && err.message}`);
    }
  }

  handle(msg) {
    const now = performance.now();
    this.lastMessageAt = now;
    switch (msg.type) {
      case "failed": {
        // The worker's Go runtime stopped, or its frame crashed: nothing
        // in it can answer now.
        const oldest = this.oldestCall();
        const during = msg.crashed && oldest ? ` while ${describeCall(oldest, this.request.labels)} was running` : "";
        this.kill("crashed", `${msg.error}${during}`, oldest);
        break;
      }
      case "evaluating":
        this.inflight.set("eval", { kind: "eval", editor: msg.editor, since: now });
        break;
      case "evaluated":
        this.inflight.delete("eval");
        break;
      case "compile_error":
        this.inflight.clear();
        this.h.onCompileError({ editor: msg.editor, line: msg.line, column: msg.column, message: msg.message, whole: msg.whole === true });
        this.close();
        this.h.onEnd();
        break;
      case "code_error":
        // A model or tool call threw: where, in the editor. The run goes
        // on; the loop reports the failure in its events.
        if (this.h.onCodeError) this.h.onCodeError({ editor: msg.editor, line: msg.line, column: msg.column, message: msg.message, name: msg.name });
        break;
      case "events": {
        this.precise = msg.precise !== false;
        const events = JSON.parse(msg.json);
        if (!Array.isArray(events) || !events.every((e) => e !== null && typeof e === "object" && typeof e.kind === "string")) {
          throw new Error("its events are not a list of events");
        }
        for (const e of events) this.track(e, now);
        this.h.onEvents(events);
        break;
      }
      case "case_start":
        this.inflight.set("case", { kind: "case", name: msg.name, since: now });
        break;
      case "case_end":
        this.inflight.delete("case");
        if (this.h.onCase) this.h.onCase(msg.index, msg.observed);
        break;
      case "ask":
        // A person answers this model call: the time limit is theirs to
        // take, so the watchdog waits until they answer.
        this.asked = msg.step;
        this.inflight.delete(-msg.step);
        if (this.h.onAsk) this.h.onAsk({ step: msg.step, messages: msg.messages, tools: msg.tools });
        break;
      case "end":
        if (this.request.job === "grade") {
          if (!msg.ok) this.h.onEvents([this.madeUpDone("crashed", msg.error, "")]);
        } else if (!this.sawDone) {
          // runAgent settled without a done event (it rejected before the
          // loop began): report it the way the loop would.
          const canceled = msg.name === "AbortError";
          this.h.onEvents([this.madeUpDone(canceled ? "canceled" : "model_error", msg.ok ? "" : msg.error, msg.ok ? msg.text : "")]);
        }
        this.close();
        this.h.onEnd();
        break;
    }
  }

  // track keeps the calls in flight, keyed by number (this runs for
  // every event of a long run): -step for the model, step * 4096 + call
  // for a tool.
  track(e, now) {
    if (e.step > this.lastStep) this.lastStep = e.step;
    this.lastEvent = e;
    switch (e.kind) {
      case "model_start":
        this.inflight.set(-e.step, { kind: "model", step: e.step, since: now });
        break;
      case "model_end":
        this.inflight.delete(-e.step);
        break;
      case "tool_start":
        this.inflight.set(e.step * 4096 + e.call, { kind: "tool", step: e.step, name: e.name, since: now });
        break;
      case "tool_end":
        this.inflight.delete(e.step * 4096 + e.call);
        break;
      case "done":
        this.sawDone = true;
        this.inflight.clear();
        break;
    }
  }

  // answer gives the person's answer to the model call they were asked.
  answer(action) {
    if (this.over || !this.asked) return;
    const now = performance.now();
    this.inflight.set(-this.asked, { kind: "model", step: this.asked, since: now });
    this.lastMessageAt = now;
    this.asked = 0;
    this.slot.post({ type: "answer", action });
  }

  // check is the watchdog: it runs on the page's thread, which the worker
  // can never block.
  check() {
    if (this.over) return;
    const now = performance.now();
    // A crashed frame ends the run at once, through its workers (onCrash).
    if (!this.slot.frame.answering(now) || this.over || this.asked) return;
    const limit = this.request.timeLimitMs;
    const oldest = this.oldestCall();
    if (oldest && now - oldest.since >= limit) {
      const verb = oldest.kind === "eval" || oldest.kind === "case" ? "did not finish" : "did not return";
      let text = `${describeCall(oldest, this.request.labels)} ${verb} within ${limit} ms`;
      if (!this.precise && (oldest.kind === "model" || oldest.kind === "tool")) {
        // The worker was posting starts in batches: a later call may be
        // the one that hangs.
        text = `a model or tool call at or after ${describeCall(oldest, this.request.labels)} did not return within ${limit} ms (the calls were too quick to follow one by one)`;
      }
      this.kill("timeout", text, oldest);
    } else if (!oldest && now - this.lastMessageAt >= limit) {
      const after = this.lastEvent ? ` after step ${this.lastStep}` : "";
      this.kill("timeout", `the run stopped responding${after} for ${limit} ms (code outside any model or tool call kept the worker busy)`);
    }
  }

  kill(reason, error, call = null) {
    if (this.over) return;
    this.slot.terminate();
    this.h.onEvents([this.madeUpDone(reason, error, "", call)]);
    this.close();
    this.h.onEnd();
  }

  finishWith({ reason, error }) {
    this.h.onEvents([this.madeUpDone(reason, error, "")]);
    this.close();
    this.h.onEnd();
  }

  madeUpDone(reason, error, text, call = null) {
    const done = {
      kind: "done",
      step: this.lastStep,
      reason,
      text,
      steps: this.lastStep,
      ms: this.t0 ? performance.now() - this.t0 : 0,
      stepMs: [],
      madeUp: true,
    };
    if (error) done.error = error;
    if (call) {
      done.call = { kind: call.kind, step: call.step || 0, name: call.name, editor: call.editor || "" };
      // No line of the loop ended this run, but the page knows which call
      // it was waiting for: the Loop panel shows that call's line.
      if (call.kind === "model" || call.kind === "tool") done.phase = call.kind;
    }
    return done;
  }

  close() {
    this.over = true;
    clearInterval(this.timer);
    clearTimeout(this.stopTimer);
    if (this.slot) this.slot.terminate();
    // The next spare starts after the page has shown this run's end: its
    // start would otherwise share the cores with that frame.
    afterPaint(() => this.engine.warm());
  }
}

// afterPaint calls fn, in a task of its own, once the page has painted its
// next frame, or after 250 ms when no frame comes (a hidden tab, an embed
// scrolled out of view). The page's util/defer.js has the same; this module
// imports nothing, since an import would hold the download back by one
// more fetch.
function afterPaint(fn) {
  let called = false;
  const call = () => {
    if (!called) {
      called = true;
      fn();
    }
  };
  setTimeout(call, 250);
  requestAnimationFrame(() => setTimeout(call, 0));
}

// ---- runAgent on the page's thread ----

let pageEngine = null;

// loadOnPage instantiates the shared main.wasm on this page's thread, once,
// and resolves when globalThis.runAgent exists.
function loadOnPage() {
  if (!pageEngine) {
    pageEngine = (async () => {
      // wasm_exec.js loads while main.wasm downloads and compiles.
      const runtime = typeof globalThis.Go === "function" ? null : import(new URL("wasm_exec.js", here).href);
      const [module] = await Promise.all([compileOnPage(), runtime]);
      const go = new Go();
      const instance = await WebAssembly.instantiate(module, go.importObject).catch((err) => {
        throw describeCSP(err);
      });
      let exited = null;
      go.run(instance).then(
        () => (exited = "the Go program exited"),
        (err) => (exited = `the Go runtime stopped: ${err && err.message}`),
      );
      const t0 = performance.now();
      while (typeof globalThis.runAgent !== "function") {
        if (exited) throw evalRefused() || new Error(`${exited} before it defined runAgent`);
        if (performance.now() - t0 > 10000) throw new Error("main.wasm did not define runAgent within 10000 ms");
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return globalThis.runAgent;
    })();
    reportLoaded(pageEngine);
  }
  return pageEngine;
}

// ready resolves when runAgent can run on this page: main.wasm loaded and
// its Go program started here. It is lazy (a thenable): a page that only
// uses the sandbox never starts Go on its own thread.
export const ready = {
  then(resolve, reject) {
    return loadOnPage().then(() => undefined).then(resolve, reject);
  },
};

// runAgent is the bridge's runAgent (README, JavaScript API), on this
// page's thread, once ready: same arguments, same promise.
export async function runAgent(model, tools, userMsg, maxStepsOrOptions) {
  const run = await loadOnPage();
  return run(model, tools, userMsg, maxStepsOrOptions);
}

// ---- runAgent on untrusted source, in a sandbox worker ----

let defaultSandbox = null;

// runAgentSandboxed's sources are its arguments, not the playground's
// editors: its errors name them so.
const SOURCE_SUBJECTS = { model: "The model source", tools: "The tools source" };
const SOURCE_LABELS = { model: "the model source", tools: "the tools source" };

// typeOf describes a value in an argument error: its type, and the value
// itself when it is short.
function typeOf(v) {
  if (v === null || v === undefined) return String(v);
  if (typeof v === "string") return `string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === "number" || typeof v === "boolean") return `${typeof v} ${v}`;
  return Array.isArray(v) ? "an array" : typeof v;
}

// runAgentSandboxed evaluates {model, tools} (source text, as the
// playground's editors hold) in a fresh worker and runs the loop there
// under the runaway guard: a model or tool call, or the code's own
// evaluation, that does not return within options.timeLimit ms (default
// 2000) gets the worker killed. options: {maxSteps, toolTimeoutMs,
// timeLimit, onEvent}. It resolves with the answer, or rejects with an
// Error whose message is the reason (the runaway call, the code's error,
// the loop's rejection) and whose event is the done event, if any.
export async function runAgentSandboxed(sources, userMsg, options = {}) {
  const { model, tools } = sources ?? {};
  const { maxSteps = 10, toolTimeoutMs = 0, timeLimit = 2000, onEvent } = options ?? {};
  for (const [name, value] of [["model", model], ["tools", tools]]) {
    if (typeof value !== "string") throw new TypeError(`runAgentSandboxed: ${name} must be source text (a string), got ${typeOf(value)}`);
  }
  if (typeof timeLimit !== "number" || Number.isNaN(timeLimit)) {
    throw new TypeError(`runAgentSandboxed: timeLimit must be a number of milliseconds, got ${typeOf(timeLimit)}`);
  }
  if (!(timeLimit > 0 && timeLimit < Infinity)) throw new RangeError(`runAgentSandboxed: timeLimit must be more than 0 and finite, got ${timeLimit}`);
  if (onEvent !== undefined && typeof onEvent !== "function") throw new TypeError(`runAgentSandboxed: onEvent must be a function, got ${typeOf(onEvent)}`);
  // The worker leaves a tool timeout of 0 out (none); anything else that is
  // not a duration would be dropped there without a word.
  if (typeof toolTimeoutMs !== "number" || !(toolTimeoutMs >= 0 && toolTimeoutMs < Infinity)) {
    throw new RangeError(`runAgentSandboxed: toolTimeoutMs must be a number of milliseconds, 0 (none) or more, got ${typeOf(toolTimeoutMs)}`);
  }
  if (!defaultSandbox) defaultSandbox = new Sandbox();
  return new Promise((resolve, reject) => {
    let done = null;
    let failure = null;
    defaultSandbox.run(
      {
        model,
        tools,
        userMessage: String(userMsg),
        maxSteps,
        toolTimeoutMs,
        timeLimitMs: timeLimit,
        subjects: SOURCE_SUBJECTS,
        labels: SOURCE_LABELS,
      },
      {
        onEvents: (events) => {
          for (const e of events) {
            if (e.kind === "done") done = e;
            if (onEvent) onEvent(e);
          }
        },
        onCompileError: (err) => {
          const where = err.line ? ` (line ${err.line}, column ${err.column})` : "";
          failure = new Error(err.whole ? err.message : `${SOURCE_LABELS[err.editor] ?? err.editor}: ${err.message}${where}`);
        },
        onEnd: () => {
          if (failure) return reject(failure);
          if (done && done.reason !== "final" && done.reason !== "max_steps") {
            const err = new Error(done.error || done.reason);
            err.event = done;
            return reject(err);
          }
          resolve(done ? done.text : "");
        },
      },
    );
  });
}

// The playground (page/engine.js) finds this module here, so that its bundle
// uses this very loader and sandbox.
globalThis.agentloop ||= { Sandbox, onProgress, firstReady: () => performance.getEntriesByName("runAgent-ready").length > 0 };
