// What each model call of a run with a context budget was sent: the loop
// reports it in a "context" event before the call (its step, the tokens
// of the transcript and of the request by the loop's count, the budget,
// and the indices of the messages it dropped or whose output it
// replaced). A run without a budget has no such event, and each call was
// sent every message before it. Pure functions of the events, tested
// under node.

export { TRIMS } from "../lib/run-inputs.js";

// PLACEHOLDER is the content a replaced tool output is sent as (the Go
// agent's TrimmedOutput).
export const PLACEHOLDER = "[output dropped to fit the context budget]";

// modelCalls lists the model calls of events[0..upto]: [{step, start (the
// model_start's index), count (the transcript's length then), context
// (its context event, or null)}].
export function modelCalls(events, upto = events.length - 1) {
  const calls = [];
  let count = 0;
  let context = null;
  const end = Math.min(upto, events.length - 1);
  for (let i = 0; i <= end; i++) {
    const e = events[i];
    if (e.kind === "message") count = typeof e.index === "number" ? e.index + 1 : count + 1;
    else if (e.kind === "context") context = e;
    else if (e.kind === "model_start") {
      calls.push({ step: e.step, start: i, count, context: context && context.step === e.step ? context : null });
      context = null;
    }
  }
  return calls;
}

// contextOf returns the context event of the model call whose
// model_start is events[start], or null: the loop reports it just before.
export function contextOf(events, start) {
  const e = events[start - 1];
  return e && e.kind === "context" && e.step === events[start].step ? e : null;
}

// requestMessages returns the messages (trace.message's) the model call
// at (modelCallAt's: {start, count}) was sent, a replaced output's content
// being the placeholder.
export function requestMessages(trace, at) {
  const { sent } = sentMessages({ count: at.count, context: contextOf(trace.events, at.start) });
  return sent.map(({ index, replaced }) => {
    const m = trace.message(index);
    return replaced ? { ...m, message: { ...m.message, content: PLACEHOLDER } } : m;
  });
}

// sentMessages says what a call (one of modelCalls) was sent: [{index,
// replaced}] in order, index being the message's in the transcript, and
// the indices it dropped.
export function sentMessages(call) {
  const dropped = new Set(call.context ? call.context.dropped : []);
  const replaced = new Set(call.context ? call.context.replaced : []);
  const sent = [];
  for (let i = 0; i < call.count; i++) {
    if (!dropped.has(i)) sent.push({ index: i, replaced: replaced.has(i) });
  }
  return { sent, dropped: [...dropped].sort((a, b) => a - b) };
}
