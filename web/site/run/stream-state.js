// What a streamed answer shows at a point of its run: the deltas of the
// model call under way, read from the events alone (each delta event
// carries its fragment, the text or the call's arguments so far, and what
// those still need to close). Pure data, for views/stream-view.js and its
// tests: streamAt(events, upto) is render(events[0..upto]) for a stream.

// streamAt returns the stream of the model call that events[upto] is in,
// while its answer has not been appended yet, or null:
//   {step, text, latest, calls: [{call, name, id, soFar, open}], error}
// text is the text so far ("" before any), latest the latest delta event,
// calls the calls opened so far by index, and error the model call's error
// when it ended without an answer (a malformed stream, say).
export function streamAt(events, upto) {
  let latest = null;
  let text = null;
  const calls = [];
  let error = "";
  for (let i = Math.min(upto, events.length - 1); i >= 0; i--) {
    const e = events[i];
    switch (e.kind) {
      case "done":
        continue;
      case "model_end":
        if (latest !== null) return null; // a model_end after the deltas: seen before them, walking back
        if (e.error) error = String(e.error);
        continue;
      case "delta":
        if (latest === null) latest = e;
        if (e.call === undefined) {
          if (text === null) text = String(e.soFar ?? "");
        } else if (Number.isInteger(e.call) && e.call >= 0 && calls[e.call] === undefined) {
          calls[e.call] = { call: e.call, name: String(e.name ?? ""), id: e.id === undefined ? "" : String(e.id), soFar: String(e.soFar ?? ""), open: String(e.open ?? "") };
        }
        continue;
      case "model_start":
        if (latest === null) return null;
        return { step: e.step, text: text ?? "", latest, calls: calls.filter(Boolean), error };
      default:
        return null;
    }
  }
  return null;
}

// openWords says what a call's `open` closes, innermost first: `"}` is "a
// string in an object". The loop's errors word a stream cut short alike.
export function openWords(open) {
  const words = [];
  for (let i = 0; i < open.length; i++) {
    const c = open[i];
    if (c === '"' && (i === 0 || open[i - 1] !== '"')) words.push("a string");
    else if (c === "}") words.push("an object");
    else if (c === "]") words.push("an array");
  }
  return words.join(" in ");
}
