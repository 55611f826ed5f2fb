// runAgentSandboxed's runs take turns (lib/turns.js): at most the limit
// in flight, the rest let in as places free, first asked first.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Turns, MAX_SANDBOXED_RUNS } from "../site/lib/turns.js";

test("beyond the limit, runs wait and start in the order they were asked for as earlier ones end", async () => {
  const turns = new Turns(MAX_SANDBOXED_RUNS);
  const started = [];
  for (let i = 0; i < 10; i++) turns.take().then(() => started.push(i));
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(started, [0, 1, 2, 3]);
  turns.done();
  turns.done();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(started, [0, 1, 2, 3, 4, 5]);
  for (let i = 0; i < 8; i++) turns.done();
  await new Promise((r) => setImmediate(r));
  assert.equal(started.length, 10);
  assert.equal(turns.inFlight, 0, "every place is free again");
});
