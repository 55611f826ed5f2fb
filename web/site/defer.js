// Work the user is not waiting for, kept off the path of what they are:
// afterPaint runs it once the browser has painted what the page just
// changed.

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
