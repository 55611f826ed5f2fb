// Work the user is not waiting for, kept off the path of what they are:
// afterPaint runs it once the browser has painted what the page just
// changed, idle when the page has nothing else to do.

// If a frame never comes (a hidden tab paints none), run anyway after this
// long.
const FALLBACK_MS = 250;

// afterPaint calls fn in a task of its own after the next frame is
// painted, and returns a function that cancels the call. (A callback of
// requestAnimationFrame runs before that frame's paint; a task it posts
// runs after it.)
export function afterPaint(fn) {
  let timer = setTimeout(run, FALLBACK_MS);
  const frame = requestAnimationFrame(() => {
    clearTimeout(timer);
    timer = setTimeout(run, 0);
  });
  function cancel() {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  }
  function run() {
    cancel();
    fn();
  }
  return cancel;
}

// idle resolves in a task of its own when the page is idle, or after
// timeoutMs at the latest; where the browser cannot tell (no
// requestIdleCallback), after the next paint.
export function idle(timeoutMs = 1000) {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else afterPaint(resolve);
  });
}
