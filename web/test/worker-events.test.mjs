// The worker forwards runAgent's events to the page: every field, made
// plain enough to cross postMessage, whatever the user's objects hold.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Outbox } from "../site/worker/outbox.js";
import { readEvents } from "../site/lib/event-wire.js";

// outbox returns an Outbox of worker/outbox.js and what it posted.
function outbox() {
  const posted = [];
  return { box: new Outbox((m) => posted.push(m)), posted };
}

// forward sends events through an Outbox and returns what the page gets.
function forward(...events) {
  const { box, posted } = outbox();
  for (const e of events) box.event(e);
  box.flush();
  const got = [];
  for (const m of posted) {
    assert.equal(m.type, "events");
    got.push(...readEvents(m));
  }
  return got;
}

test("every field of an event reaches the page, known or not", () => {
  const e = { kind: "tool_end", phase: "unknown_tool", step: 1, call: 0, name: "search", content: "error: unknown tool 'search'", failed: true, ms: 0.1, fieldGoAddsLater: { x: 1 } };
  assert.deepEqual(forward(e), [e]);
  const m = { kind: "message", phase: "result", role: "tool", failed: true, step: 1, index: 2, message: { role: "tool", name: "search", content: "x" } };
  assert.deepEqual(forward(m), [m]);
});

test("the user's objects are made plain: functions, cycles, throwing getters", () => {
  const action = { type: "tool", name: "f", args: { fn: function helper() {}, big: 10n } };
  action.self = action;
  Object.defineProperty(action, "trap", { enumerable: true, get() { throw new Error("no peeking"); } });
  const [got] = forward({ kind: "message", phase: "action", role: "assistant", step: 1, index: 1, message: action });
  assert.deepEqual(got.message, {
    type: "tool",
    name: "f",
    args: { fn: "[Function helper]", big: "10n" },
    self: "[Circular]",
    trap: "[Thrown: no peeking]",
  });
  assert.equal(got.phase, "action");
});

test("huge strings are cut, deep values and wide objects bounded", () => {
  let deep = { end: true };
  for (let i = 0; i < 40; i++) deep = { deep };
  const wide = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`k${i}`, i]));
  const [got] = forward({ kind: "tool_end", phase: "tool_output", step: 1, content: "x".repeat(300000), deep, wide });
  assert.ok(got.content.length < 201000, "the content is cut");
  assert.match(got.content, /… \[100000 more characters not shown\]$/);
  assert.match(JSON.stringify(got.deep), /"\[…\]"/);
  assert.equal(Object.keys(got.wide).length, 1001);
  assert.equal(got.wide["…"], "500 more keys");
});

test("done keeps its fields; its list of messages, which the message events carried, is summed up", () => {
  const stepMs = Array.from({ length: 5000 }, (_, i) => i);
  const [got] = forward({ kind: "done", phase: "max_steps", step: 5000, reason: "max_steps", text: "Stopped: reached max steps.", steps: 5000, ms: 9, stepMs, usage: { input_tokens: 1, output_tokens: 2 }, messages: new Array(10001).fill({ role: "tool" }) });
  assert.equal(got.phase, "max_steps");
  assert.deepEqual(got.stepMs, stepMs, "every step's time is kept");
  assert.deepEqual(got.usage, { input_tokens: 1, output_tokens: 2 });
  assert.equal(got.messages, "[10001 messages: the message events carried each one]");
});

test("an event that cannot be read becomes one that says so", () => {
  const e = new Proxy({}, { ownKeys() { throw new Error("revoked"); } });
  const [got] = forward(e);
  assert.deepEqual(got, { kind: "unreadable", error: "could not read an event: revoked" });
});

test("a call's start is posted at once, so the page knows what is in flight", () => {
  const { box, posted } = outbox();
  box.event({ kind: "model_start", phase: "model", step: 1 });
  assert.equal(posted.length, 1);
  assert.equal(readEvents(posted[0])[0].kind, "model_start");
  assert.equal(posted[0].precise, true);
});
