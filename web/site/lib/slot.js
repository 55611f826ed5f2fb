// A worker of the sandbox frame's, from its start to the run that takes it.

import { currentFrame, hasMarkupFrame } from "./frame.js";
import { CHANNELS, heard } from "./protocol.js";

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
    if (!heard(CHANNELS.workerToPage, msg)) return;
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

// The first sandbox worker starts with the download on a page whose markup
// holds the sandbox frame (the playground's does, and a tutorial page that
// runs sandboxed code may too: its first run then finds the engine ready).
// Any other page starts it with its first Sandbox, so that a page that runs
// the loop only on its own thread starts no frame, no worker and no second
// compile beside its own.
let firstWorker = hasMarkupFrame() ? startWorker() : null;

// A Slot is one worker with its engine loading or loaded. Until the engine
// is ready its messages are startWorker's business; after, they go to the
// run that took it. A worker whose Go runtime stopped is dead: a run in it
// ends, and a spare that died is never handed out.
export class Slot {
  // start returns a Slot of a new worker, or of the one started with the
  // page, the first time.
  static start() {
    const started = firstWorker || startWorker();
    firstWorker = null;
    return new Slot(started);
  }

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
