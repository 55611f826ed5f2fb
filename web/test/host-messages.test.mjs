// A tutorial's page may ask an embed for three things, and only those.
import { test } from "node:test";
import assert from "node:assert/strict";
import { hostRequest } from "../site/page/host-messages.js";

test("the three documented requests become the links they stand for", () => {
  assert.deepEqual(hostRequest({ type: "agentloop:example", example: "chain" }, "add"), { state: null, example: "chain", phase: null, autorun: false });
  assert.deepEqual(hostRequest({ type: "agentloop:phase", phase: 3 }, "add"), { state: null, example: "add", phase: "3", autorun: false });
  assert.deepEqual(hostRequest({ type: "agentloop:run" }, "add"), { state: null, example: "add", phase: null, autorun: true });
});

test("anything else is ignored: other types, a phase that is not a whole number, no example to act on", () => {
  for (const data of [null, "agentloop:run", 3, {}, { type: "agentloop:height", height: 3 }, { type: "agentloop:phase", phase: "3" },
    { type: "agentloop:phase", phase: 1.5 }, { type: "agentloop:example", example: 7 }, { type: "run" }]) {
    assert.equal(hostRequest(data, "add"), null, JSON.stringify(data));
  }
  assert.equal(hostRequest({ type: "agentloop:run" }, ""), null, "a frame that shows no example has nothing a host may run");
});
