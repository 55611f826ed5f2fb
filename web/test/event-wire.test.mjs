// The worker's events reach the page as lib/event-wire.js writes them:
// whatever the run, the page reads the very events the JSON of their plain
// copies held before (every field, in order, with its value), and a batch
// it cannot read is refused with why.

import { test, before } from "node:test";
import assert from "node:assert/strict";
import { Outbox, plainEvent } from "../site/worker/outbox.js";
import { readEvents } from "../site/lib/event-wire.js";
import { startRealLoop } from "./real-loop.mjs";

let runAgent;
before(async () => {
  runAgent = await startRealLoop();
});

// carry passes events through an Outbox, as the worker does, and returns
// what the page reads from its messages.
function carry(events) {
  const read = [];
  const outbox = new Outbox((msg) => {
    if (msg.type === "events") read.push(...readEvents(structuredClone(msg)));
  });
  for (const e of events) outbox.event(e);
  outbox.flush();
  return read;
}

// asJSON is what the page read before: the JSON of each event's plain copy.
const asJSON = (events) => JSON.parse(JSON.stringify(events.map(plainEvent)));

async function record(model, tools, maxSteps = 10) {
  const events = [];
  await runAgent(model, tools, "hi", { maxSteps, toolTimeoutMs: 200, onEvent: (e) => events.push(e) }).catch(() => {});
  return events;
}

const RUNS = {
  "tool calls, then a final answer": [
    (m) => (m.length < 7 ? { type: "tool", name: "add", args: { a: 2, b: m.length } } : { type: "final", content: "done" }),
    { add: ({ a, b }) => a + b },
  ],
  "calls with ids, in parallel, one failing, one unknown, one slow": [
    (m) =>
      m.length < 3
        ? {
            type: "tool",
            calls: [
              { id: "c1", name: "add", args: { a: 1, b: 2 } },
              { id: "c2", name: "boom", args: {} },
              { id: "c3", name: "nope", args: {} },
              { id: "c4", name: "slow", args: {} },
            ],
          }
        : { type: "final", content: "ok" },
    { add: ({ a, b }) => a + b, boom: () => { throw new Error("it broke"); }, slow: () => new Promise(() => {}) },
  ],
  "a model that throws": [() => { throw new Error("no model today"); }, {}],
  "a tool that returns odd values": [
    (m) => (m.length < 3 ? { type: "tool", name: "odd", args: { f: () => 1, n: -0, big: 2n ** 70n, when: new Date(0), s: "x".repeat(300) } } : { type: "final", content: "" }),
    { odd: () => ({ nan: NaN, inf: -Infinity, nested: { deep: [1, [2, [3]]] }, u: undefined }) },
  ],
  "max steps": [() => ({ type: "tool", name: "t", args: {} }), { t: () => "again" }],
};

for (const [name, [model, tools]] of Object.entries(RUNS)) {
  test(`the page reads every event of a run as JSON gave it: ${name}`, async () => {
    const events = await record(model, tools);
    assert.ok(events.length > 2, `the run reported ${events.length} events`);
    assert.deepEqual(carry(events), asJSON(events));
  });
}

test("events the wire has no shape for arrive whole, as JSON gave them", () => {
  const cyclic = { role: "user", content: "hi" };
  cyclic.self = cyclic;
  const throwing = { role: "assistant" };
  Object.defineProperty(throwing, "content", { enumerable: true, get() { throw new Error("no reading me"); } });
  const events = [
    { kind: "model_start", phase: "model", step: 1, later: "a field the loop starts to report" },
    { kind: "model_end", phase: "model", step: 1, ms: NaN },
    { kind: "model_end", phase: "model", step: 1, ms: -0 },
    { kind: "model_end", phase: "model", step: 1, ms: 2.5, error: "x".repeat(250000) },
    { kind: "tool_start", phase: "tool", step: 1, call: 0, name: "t", id: 7 },
    { kind: "tool_start", phase: "tool", step: 1, call: 0, name: "t", id: "a" },
    { kind: "tool_end", phase: "tool", step: 1, call: 0, name: "t", content: undefined, failed: false, ms: 1 },
    { phase: "tool", kind: "tool_end", step: 1, call: 0, name: "t", content: "c", failed: false, ms: 1 },
    { kind: "message", phase: "model", step: 1, index: 1, role: "user", message: cyclic },
    { kind: "message", phase: "model", step: 1, index: 2, role: "assistant", message: throwing, failed: true },
    { kind: "message", phase: "model", step: 1, index: 3, role: "tool", message: { f() {} }, failed: "yes" },
    { kind: 5, step: 1 },
    { kind: "done", phase: "done", step: 1, reason: "final", stepMs: [1, 2], messages: [1, 2, 3] },
  ];
  assert.deepEqual(carry(events), asJSON(events));
});

test("a batch the page cannot read is refused with why", () => {
  const good = (() => {
    let msg;
    const outbox = new Outbox((m) => (msg = m));
    outbox.event({ kind: "tool_end", phase: "tool", step: 1, call: 0, name: "t", content: "c", failed: false, ms: 1 });
    outbox.flush();
    return msg;
  })();
  assert.equal(readEvents(good).length, 1);
  const bad = [
    [{ ...good, nums: [6, 0, 1, 0, 0, 0, 0, 1] }, /not a batch of events/],
    [{ ...good, nums: new Float64Array([99]) }, /no shape 99/],
    [{ ...good, nums: good.nums.slice(0, 4) }, /cut short/],
    [{ ...good, json: "[[], []]" }, /string 0, which is not there/],
    [{ ...good, json: "{}" }, /strings and objects are missing/],
    [{ ...good, nums: new Float64Array([0]), json: "[[], [null]]" }, /not an event/],
    [{ ...good, nums: new Float64Array([8, 0, 1, 1, 0, 0]), json: '[["model", "user"], []]' }, /fewer objects/],
  ];
  for (const [msg, why] of bad) assert.throws(() => readEvents(msg), why);
});

test('a "__proto__" key in an action\'s args reaches the page as a key of its own, as the model gave it', async () => {
  const args = JSON.parse('{"__proto__": {"x": 1}, "b": {"__proto__": [2]}}');
  const events = await record([{ type: "tool", name: "add", args }, { type: "final", content: "done" }], { add: () => "ok" });
  const action = carry(events).find((e) => e.kind === "message" && e.role === "assistant").message;
  assert.equal(JSON.stringify(action.args), '{"__proto__":{"x":1},"b":{"__proto__":[2]}}');
  assert.ok(Object.hasOwn(action.args, "__proto__"));
});
