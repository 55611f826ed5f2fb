// The Go Exercise's workers (see exercise/go-sandbox.js).

import { currentFrame } from "./frame.js";

// startGoWorker starts a Go Exercise worker (dist/go-worker.js) in the
// sandbox frame, whose channel to the page is port. engine is the
// downloaded Go engine (exercise/go-engine.js's downloadEngine): the frame
// has no network, so the page sends it, once per frame (a copy, so that a
// frame that replaces a crashed one gets it too), and the frame compiles
// it once for all its Go workers. onError(message) hears the worker's
// error events, onCrash(reason) that the frame is gone. It returns a
// function that terminates the worker.
export function startGoWorker(port, engine, onError, onCrash) {
  const frame = sendGoEngine(engine, false);
  const id = frame.startWorker(port, onError, (reason) => onCrash(reason), "go");
  return () => frame.terminate(id);
}

// prepareGoEngine sends engine to the sandbox frame ahead of the first
// Check, which compiles it and has its builder warm up on a loop of its
// own (no learner's code), so that the first Check finds the compiler and
// linker compiled and their code warm. The Exercise calls it when the
// learner picks Go. It resolves when the builder is warm (at once when
// the frame had the engine already: a Check came first).
export function prepareGoEngine(engine) {
  return sendGoEngine(engine, true).goWarm || Promise.resolve();
}

// sendGoEngine sends engine to the current frame unless it has it, and
// returns the frame. warm asks the frame's builder to warm up first, and
// the frame's goWarm resolves when it has.
function sendGoEngine(engine, warm) {
  const frame = currentFrame();
  if (frame.goEngine !== engine) {
    frame.goEngine = engine;
    frame.goWarm = warm ? new Promise((resolve) => (frame.onGoWarm = resolve)) : null;
    frame.control.postMessage({ type: "go_engine", ...engine, warm });
  }
  return frame;
}
