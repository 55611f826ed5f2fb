// The stream a view shows at each event of a run, read from the events
// the real loop reported.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { streamAt, openWords } from "../site/run/stream-state.js";
import { startRealLoop } from "./real-loop.mjs";

let runAgent;
before(async () => {
  runAgent = await startRealLoop();
});

async function eventsOf(model, tools = { add: ({ a, b }) => a + b }) {
  const events = [];
  await runAgent(model, tools, "go", { onEvent: (e) => events.push(e) }).catch(() => {});
  return events;
}

test("each delta shows the text and arguments so far, until the answer is appended", async () => {
  const events = await eventsOf([
    { stream: [{ text: "Adding. " }, { call: 0, name: "add", args: '{"a": 2, ' }, { call: 1, name: "add", args: '{"a": "}' }, { call: 0, args: '"b": 3}' }, { call: 1, args: '", "b": 1}' }] },
    { stream: [{ text: "Done." }] },
  ]);
  const at = (i) => streamAt(events, i);
  const deltas = events.map((e, i) => [e, i]).filter(([e]) => e.kind === "delta").map(([, i]) => i);
  assert.equal(deltas.length, 6);
  assert.equal(at(deltas[0] - 1), null, "model_start alone shows no stream yet");
  assert.deepEqual(at(deltas[0]), { step: 1, text: "Adding. ", latest: events[deltas[0]], calls: [], error: "" });
  const third = at(deltas[2]);
  assert.deepEqual(third.calls, [
    { call: 0, name: "add", id: "", soFar: '{"a": 2, ', open: "}" },
    { call: 1, name: "add", id: "", soFar: '{"a": "}', open: '"}' },
  ]);
  assert.equal(openWords(third.calls[1].open), "a string in an object");
  const fifth = at(deltas[4]);
  assert.deepEqual(fifth.calls.map((c) => [c.soFar, c.open]), [['{"a": 2, "b": 3}', ""], ['{"a": "}", "b": 1}', ""]]);
  const action = events.findIndex((e) => e.kind === "message" && e.role === "assistant");
  assert.notEqual(streamAt(events, action - 1), null, "model_end still shows the stream");
  assert.equal(streamAt(events, action), null, "once the action is appended, the transcript shows it");
  assert.equal(streamAt(events, deltas[5]).text, "Done.", "step 2's stream starts afresh");
  assert.equal(streamAt(events, deltas[5]).step, 2);
});

test("a stream that breaks stays shown, with the loop's error", async () => {
  const events = await eventsOf([{ stream: [{ call: 0, name: "add", args: '{"a": 2, "b' }] }]);
  const s = streamAt(events, events.length - 1);
  assert.equal(s.calls[0].open, '"}');
  assert.match(s.error, /^malformed stream: the stream ended at byte 11 of the arguments of call 0 \("add"\), inside a string in an object$/);
});

test("a run without deltas shows no stream", async () => {
  const events = await eventsOf([{ type: "final", content: "hi" }]);
  for (let i = 0; i < events.length; i++) assert.equal(streamAt(events, i), null);
  assert.equal(openWords(""), "");
  assert.equal(openWords('""]}'), "a string in an array in an object");
});
