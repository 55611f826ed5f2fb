// How long the call behind a message took, read from the events around
// it: an action's time is its model call's (the model_end just before
// it); a tool message's is its call's tool_end. A pure function of the
// event list, so the transcript shows the same time live and when
// stepping.

// messageMs returns the milliseconds of the call that produced the
// message event at events[pos], or undefined when there was none (the
// user's message) or it is not in the list.
export function messageMs(events, pos) {
  const e = events[pos];
  if (!e || e.kind !== "message") return undefined;
  const before = events[pos - 1];
  if (!before) return undefined;
  if (before.kind === "model_end") return before.ms;
  // Tool messages follow the step's tool ends, one per call, in call
  // order: the j-th message after the last tool_end is call j's.
  let j = 0;
  let q = pos - 1;
  while (q >= 0 && events[q].kind === "message" && events[q].step === e.step) {
    j++;
    q--;
  }
  for (; q >= 0; q--) {
    const t = events[q];
    if (t.step !== e.step || (t.kind !== "tool_end" && t.kind !== "tool_start")) break;
    if (t.kind === "tool_end" && t.call === j) return t.ms;
  }
  return undefined;
}
