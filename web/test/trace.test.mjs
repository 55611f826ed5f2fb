// The trace indexes a run's events; it takes who a message is from and
// whether a tool call failed from the events themselves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace } from "../site/run/trace.js";
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

// bigRun returns the events of a run whose tool returns size characters
// at each of steps steps.
function bigRun(steps, size) {
  const events = [{ kind: "message", phase: "user", role: "user", step: 0, index: 0, message: { role: "user", content: "go" } }];
  for (let s = 1; s <= steps; s++) {
    const out = `${s}:`.padEnd(size, "x");
    events.push(
      { kind: "message", phase: "action", role: "assistant", step: s, index: 2 * s - 1, message: { type: "tool", name: "big", args: {} } },
      { kind: "tool_end", phase: "tool_output", step: s, call: 0, name: "big", content: out, failed: false, ms: 1 },
      { kind: "message", phase: "result", role: "tool", failed: false, step: s, index: 2 * s, message: { role: "tool", name: "big", content: out } },
    );
  }
  return events;
}

test("only the latest contents are kept whole; older ones are cut to a prefix and a marker", () => {
  const t = new Trace({}, { fullBudget: 1_000_000 });
  const events = bigRun(100, 100_000);
  for (let i = 0; i < events.length; i += 7) t.push(events.slice(i, i + 7));
  assert.equal(t.length, events.length, "no event is dropped");

  const results = t.messages().filter((m) => m.role === "tool");
  const cut = results.filter((m) => m.cut);
  const whole = results.filter((m) => !m.cut);
  assert.ok(whole.length >= 4 && whole.length <= 5, `about 1,000,000 characters of contents stay whole (10 events of 100,000: 5 steps), got ${whole.length} whole results`);
  assert.equal(whole.at(-1), results.at(-1), "the last result is whole");
  assert.equal(results.at(-1).message.content, events.at(-1).message.content);
  assert.ok(results.indexOf(whole[0]) === cut.length, "the cut ones are the oldest");

  const first = t.events.find((e) => e.kind === "message" && e.role === "tool");
  assert.equal(first.cut, true);
  assert.equal(first.contentLength, 100_000, "the cut event says how long its content was");
  assert.ok(first.message.content.startsWith("1:xxx"), "the cut content starts as the original did");
  assert.ok(first.message.content.length < 1200, `a cut content is short, not ${first.message.content.length} characters`);
  assert.match(first.message.content, /… \(cut: 100,000 characters; the page keeps full contents only for its latest 1,000,000 characters/);
  const firstEnd = t.events.find((e) => e.kind === "tool_end");
  assert.equal(firstEnd.cut, true, "a tool_end's content is cut too");
  assert.match(firstEnd.content, /^1:x+… \(cut: 100,000 characters/);
  assert.equal(events[2].content.length, 100_000, "the events given to the trace are not changed");

  const kept = t.events.reduce((n, e) => n + (e.kind === "tool_end" ? e.content.length : e.kind === "message" ? String(e.message.content ?? "").length : 0), 0);
  assert.ok(kept <= 1_000_000 + 200 * 1200, `the trace holds about the budget, not ${kept} characters`);
});

test("a single content over the budget stays whole while it is the latest", () => {
  const t = new Trace({}, { fullBudget: 50_000 });
  const events = bigRun(2, 100_000);
  t.push(events.slice(0, 3));
  assert.equal(t.events[2].content.length, 100_000, "the newest content is whole");
  t.push(events.slice(3));
  assert.equal(t.events[2].cut, true, "once newer ones come, it is cut");
  assert.equal(t.events.at(-1).message.content.length, 100_000);
});

test("short contents and events a run file already cut are left alone", () => {
  const t = new Trace({}, { fullBudget: 10 });
  t.push(addRun());
  assert.deepEqual(t.events, addRun(), "contents up to the prefix's length are never cut");
  const already = { kind: "tool_end", phase: "tool_output", step: 1, call: 0, name: "x", content: "y".repeat(5000), cut: true, contentLength: 90000, failed: false, ms: 1 };
  t.push([already, ...bigRun(1, 3000).slice(1)]);
  assert.equal(t.events.at(-4), already, "an event cut before is kept as it came");
});

test("a model's long args count toward the budget and older ones are cut, as contents are", () => {
  const t = new Trace({}, { fullBudget: 1_000_000 });
  const events = [];
  for (let step = 1; step <= 30; step++) {
    events.push({ kind: "message", phase: "action", role: "assistant", step, index: step, message: { role: "assistant", type: "tool", name: "echo", args: { text: `${step}:`.padEnd(100_000, "x") } } });
  }
  t.push(events);
  const actions = t.messages();
  const cut = actions.filter((m) => m.cut);
  assert.ok(cut.length >= 20, `a run of 30 actions with 100,000 characters of args each kept ${30 - cut.length} whole under a budget of 1,000,000`);
  const first = actions[0];
  assert.equal(typeof first.message.args, "string", "a cut args is shown as the start of its JSON");
  assert.ok(first.message.args.startsWith('{"text":"1:xxx'), first.message.args.slice(0, 20));
  assert.match(first.message.args, /… \(cut: 100,\d{3} characters/);
  assert.equal(first.message.name, "echo", "the short fields stay as they were");
  assert.deepEqual(actions.at(-1).message.args, events.at(-1).message.args, "the latest action is whole");
  assert.ok(t.fullChars <= 1_000_000 + 100_100, `the trace keeps ${t.fullChars} characters whole`);
});

test("a message nested 100,000 deep is counted without running out of stack", () => {
  let args = {};
  for (let i = 0; i < 100_000; i++) args = { a: args };
  const t = new Trace({});
  t.push([{ kind: "message", phase: "action", role: "assistant", step: 1, index: 1, message: { role: "assistant", type: "tool", name: "deep", args } }]);
  assert.equal(t.length, 1);
});
