// The Go Exercise's workers (see exercise/go-sandbox.js).

import { currentFrame } from "./frame.js";

// startGoWorker starts a Go Exercise worker (dist/go-worker.js) in the
// sandbox frame, whose channel to the page is port. engine is the
// downloaded Go engine (worker/go-engine.js's downloadEngine): the frame
// has no network, so the page sends it, once per frame (a copy, so that a
// frame that replaces a crashed one gets it too), and the frame compiles
// it once for all its Go workers. onError(message) hears the worker's
// error events, onCrash(reason) that the frame is gone. It returns a
// function that terminates the worker.
export function startGoWorker(port, engine, onError, onCrash) {
  const frame = currentFrame();
  if (frame.goEngine !== engine) {
    frame.goEngine = engine;
    frame.control.postMessage({ type: "go_engine", ...engine });
  }
  const id = frame.startWorker(port, onError, (reason) => onCrash(reason), "go");
  return () => frame.terminate(id);
}
