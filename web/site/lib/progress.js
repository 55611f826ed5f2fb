// The engine's loading progress, as onProgress reports it: one state for
// the whole page, whichever engine (the sandbox frame's or runAgent's on
// the page's thread) gets ready first.

const listeners = new Set();
let lastProgress = { phase: "download", received: 0, total: 0 };

// progress records p and tells every listener. The page's runAgent may be
// ready while the download's own reading of the bytes still lags behind:
// the status never goes back from ready.
export function progress(p) {
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
export function reportLoaded(loaded) {
  loaded.then(
    () => lastProgress.phase !== "ready" && progress({ phase: "ready" }),
    (err) => lastProgress.phase !== "ready" && progress({ phase: "failed", error: err.message }),
  );
}
