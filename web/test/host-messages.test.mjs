// A tutorial's page may ask an embed for three things, and only those;
// each field is bounded, each request answered, and a flood of them costs
// the frame one request acted on, the latest.
import { test } from "node:test";
import assert from "node:assert/strict";
import { hostRequest, HostQueue, HOST_MAX_ID_CHARS, HOST_RATE_MS } from "../site/page/host-messages.js";

test("the three documented requests become the links they stand for", () => {
  assert.deepEqual(hostRequest({ type: "agentloop:example", example: "chain" }, "add"), { id: undefined, opts: { state: null, example: "chain", phase: null, autorun: false } });
  assert.deepEqual(hostRequest({ type: "agentloop:phase", phase: 3, id: "q1" }, "add"), { id: "q1", opts: { state: null, example: "add", phase: "3", autorun: false } });
  assert.deepEqual(hostRequest({ type: "agentloop:run", id: 7 }, "add"), { id: 7, opts: { state: null, example: "add", phase: null, autorun: true } });
});

test("messages of other types are ignored: no reply, nothing done", () => {
  for (const data of [null, "agentloop:run", 3, {}, { type: "agentloop:height", height: 3 }, { type: "run" }]) {
    assert.equal(hostRequest(data, "add"), null, JSON.stringify(data));
  }
});

test("a documented request with a wrong or oversized field is refused, naming the field and its limit, never quoting a long value", () => {
  const huge = "x".repeat(64 * 1024 * 1024);
  const cases = [
    [{ type: "agentloop:example", example: huge }, `example is a string of 67,108,864 characters; an example's id is at most ${HOST_MAX_ID_CHARS} characters.`],
    [{ type: "agentloop:run", id: huge }, `id must be a whole number or a string of at most ${HOST_MAX_ID_CHARS} characters; it is a string of 67,108,864 characters.`],
    [{ type: "agentloop:phase", phase: "3" }, 'phase must be a whole number from 1; it is the string "3".'],
    [{ type: "agentloop:phase", phase: 1.5 }, "phase must be a whole number from 1; it is the number 1.5."],
    [{ type: "agentloop:phase", phase: 1e300 }, "phase must be a whole number from 1; it is the number 1e+300."],
    [{ type: "agentloop:example", example: 7 }, "example must be an example's id; it is the number 7."],
    [{ type: "agentloop:example", example: "nope" }, /^there is no example "nope"; the shipped ones are add, chain, /],
  ];
  for (const [data, want] of cases) {
    const r = hostRequest(data, "add");
    assert.equal(r.opts, undefined);
    if (typeof want === "string") assert.equal(r.error, want);
    else assert.match(r.error, want);
  }
  assert.equal(hostRequest({ type: "agentloop:run" }, "").error, "the frame shows no example to act on: name one in example.");
});

// clocked returns a HostQueue on a clock the test moves, what it acted on
// and what it replied.
function clocked({ busy = () => false } = {}) {
  let now = 0;
  const timers = [];
  const acted = [];
  const replies = [];
  const queue = new HostQueue({
    act: (opts) => acted.push(opts.example),
    busy,
    reply: (r, outcome) => replies.push(`${r.id}:${outcome}`),
    now: () => now,
    later: (fn, ms) => timers.push({ at: now + ms, fn }),
  });
  const advance = async (ms) => {
    now += ms;
    for (;;) {
      await new Promise((r) => setImmediate(r));
      const due = timers.filter((t) => t.at <= now);
      if (due.length === 0) return;
      for (const t of due) timers.splice(timers.indexOf(t), 1);
      for (const t of due) t.fn();
    }
  };
  return { queue, acted, replies, advance };
}

test("a flood of 1,000 requests is acted on twice, the first and the latest, and every request gets its reply", async () => {
  const { queue, acted, replies, advance } = clocked();
  for (let i = 0; i < 1000; i++) queue.take({ id: i, opts: { example: `e${i}` } });
  await advance(0);
  await advance(HOST_RATE_MS);
  assert.deepEqual(acted, ["e0", "e999"]);
  assert.equal(replies.length, 1000);
  assert.equal(replies.filter((r) => r.endsWith(":replaced")).length, 998);
  assert.deepEqual(replies.filter((r) => r.endsWith(":done")), ["0:done", "999:done"]);
});

test("a request waits while a run is in flight, then is acted on: the last run asked for is the one shown", async () => {
  let running = true;
  const { queue, acted, advance } = clocked({ busy: () => running });
  queue.take({ id: 1, opts: { example: "add" } });
  await advance(HOST_RATE_MS * 20);
  assert.deepEqual(acted, [], "nothing is acted on while the run goes on");
  running = false;
  await advance(HOST_RATE_MS);
  assert.deepEqual(acted, ["add"]);
});
