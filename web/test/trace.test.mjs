// The trace indexes a run's events; it takes who a message is from and
// whether a tool call failed from the events themselves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace } from "../site/trace.js";
import { addRun } from "./events.mjs";

test("messages carry the role and failed flag their events gave", () => {
  const t = new Trace({});
  t.push(addRun());
  const got = t.messages().map((m) => [m.role, m.failed, m.step]);
  assert.deepEqual(got, [
    ["user", false, 0],
    ["assistant", false, 1],
    ["tool", false, 1],
    ["assistant", false, 2],
  ]);
});

test("a role the event does not give is left empty, not guessed", () => {
  const t = new Trace({});
  t.push([
    { kind: "message", phase: "user", step: 0, index: 0, message: { content: "hi" } },
    { kind: "model_end", phase: "model", step: 1, ms: 1 },
    { kind: "message", phase: "action", step: 1, index: 1, message: { type: "final", content: "x" } },
  ]);
  assert.deepEqual(t.messages().map((m) => m.role), ["", ""]);
});

test("a tool message is failed only when its event says so", () => {
  const t = new Trace({});
  t.push([
    { kind: "message", phase: "result", role: "tool", failed: false, step: 1, index: 2, message: { role: "tool", name: "echo", content: "error: this is what the tool returned" } },
    { kind: "message", phase: "result", role: "tool", failed: true, step: 1, index: 3, message: { role: "tool", name: "boom", content: "it broke" } },
  ]);
  assert.deepEqual(t.messages().map((m) => m.failed), [false, true]);
});

test("messageCount and doneUpTo read a prefix of the events", () => {
  const t = new Trace({});
  const events = addRun();
  t.push(events.slice(0, 3));
  t.push(events.slice(3));
  const last = events.length - 1;
  assert.equal(t.length, events.length);
  assert.equal(t.messageCount(-1), 0);
  assert.equal(t.messageCount(0), 1, "the first event is the user's message");
  assert.equal(t.messageCount(last), 4);
  assert.equal(t.doneUpTo(last - 1), null, "the done event is the last");
  assert.equal(t.doneUpTo(last).reason, "final");
  assert.equal(t.done, events[last]);
});
