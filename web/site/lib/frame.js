// The sandbox frame: the hidden <iframe sandbox="allow-scripts">
// (sandbox.html) whose workers run user code, one per page at a time.

import { wasm } from "./download.js";
import { here } from "./here.js";
import { describeCSP } from "./policy.js";
import { reportLoaded } from "./progress.js";
import { CHANNELS, heard } from "./protocol.js";

export const SANDBOX_URL = new URL("sandbox.html", here).href;

// How long the frame may take to answer a ping before it counts as
// crashed. Its thread never runs user code, so only a crashed frame, or a
// machine too busy to run it for that long, misses it: long enough that a
// loaded machine starting a few workers does not (at 1.5 s, it did), short
// enough that a crash is told in seconds.
const FRAME_ANSWER_MS = 4000;
// How long the frame may take to start before the engine counts as failed.
const FRAME_START_MS = 15000;
// What the page knows of a frame that stopped answering: that it did, and
// for how long; not why.
const CRASHED = `the sandbox that runs the code stopped answering for ${FRAME_ANSWER_MS / 1000} s: it crashed, as a run that runs out of memory makes it, or the machine was too busy to run it`;

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
    this.workers = new Map(); // id -> {onError, onCrash, kind}
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

    // The frame says hello when its script runs (sandbox/main.js); the
    // first hello gets the control port.
    this.onHello = (e) => {
      if (e.source !== this.element.contentWindow || !heard(CHANNELS.frameWindowToPage, e.data) || e.data.type !== "agentloop-sandbox-hello") return;
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
    wasm.pipe({
      chunk: (chunk) => !this.crashed && this.control.postMessage({ type: "wasm", chunk }),
      end: () => !this.crashed && this.control.postMessage({ type: "wasm_end" }),
      fail: (err) => this.fail(`main.wasm could not be loaded: ${err.message}`),
    });
  }

  onControl(msg) {
    if (!heard(CHANNELS.frameToPage, msg) || this.crashed) return;
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
      case "workers_refused":
        // The frame's policy refuses the blob: workers that run the code:
        // sandbox.html brings one that allows them, so the host sent one
        // of its own with it.
        this.fail(
          `the Content-Security-Policy sent with sandbox.html refuses the sandbox's blob: workers (by ${String(msg.directive)}): add worker-src blob: to it, or send sandbox.html without one (it brings its own)`,
        );
        break;
      case "worker_error": {
        const w = this.workers.get(msg.id);
        if (w) w.onError(String(msg.message));
        break;
      }
      case "pong":
        if (msg.seq === this.pingSeq) this.pingSentAt = 0;
        break;
      case "go_compiled":
        performance.mark("go-engine-compiled");
        break;
      case "go_compile_failed": {
        // The Checks waiting for the engine fail with why, at once, not
        // when their build limit runs out; the next Check sends it again.
        const error = `the sandbox could not compile the Go engine: ${describeCSP(new Error(String(msg.error))).message}`;
        this.goEngine = null;
        if (this.onGoWarm) this.onGoWarm();
        for (const w of this.workers.values()) if (w.kind === "go") w.onError(error);
        break;
      }
      case "go_warm":
        if (this.onGoWarm) this.onGoWarm();
        break;
    }
  }

  // startWorker starts a worker in the frame whose channel to the page is
  // port; onError(message) hears its error events, onCrash(reason, lost)
  // that the frame is gone; kind is "js" (dist/worker.js) or "go" (the Go
  // Exercise's dist/go-worker.js). It returns the worker's id. (A frame
  // that failed is no longer current, so none is asked for a worker.)
  startWorker(port, onError, onCrash, kind = "js") {
    const id = this.nextID++;
    this.workers.set(id, { onError, onCrash, kind });
    this.control.postMessage({ type: "start", id, port, kind, timeOrigin: performance.timeOrigin, postedAt: performance.now() }, [port]);
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
    if (current === this) current = null;
    const workers = [...this.workers.values()];
    this.workers.clear();
    this.control.onmessage = null;
    this.control.close();
    this.element.remove();
    for (const w of workers) w.onCrash(reason, lost);
  }
}

let current = null; // the frame new workers start in
let adopted = false; // whether the markup's frame was considered

// MARKUP_FRAME finds the sandbox frame of the page's own markup.
const MARKUP_FRAME = "iframe[data-agentloop-sandbox]";

// hasMarkupFrame tells whether the page's markup holds a sandbox frame.
export function hasMarkupFrame() {
  return document.querySelector(MARKUP_FRAME) !== null;
}

// markupFrame returns the sandbox frame the page's own markup holds, if
// any: the playground's index.html has one, so that the frame loads while
// the page is still being parsed, long before this module runs. It is
// adopted only as the first frame, and only if it is this very sandbox.
function markupFrame() {
  if (adopted) return null;
  adopted = true;
  const el = document.querySelector(MARKUP_FRAME);
  if (!el || el.src !== SANDBOX_URL || el.getAttribute("sandbox") !== "allow-scripts" || !el.contentWindow) return null;
  return el;
}

// currentFrame returns the sandbox frame, starting one when there is none
// (at first, and after a crash).
export function currentFrame() {
  if (!current) {
    const frame = new Frame(markupFrame());
    current = frame;
    frame.started.then(() => performance.mark("wasm-compiled"), () => {});
    reportLoaded(frame.started);
  }
  return current;
}
