// The token view's counts are gpt-tokenizer's own (o200k, GPT-4o's chat
// format): a request's messages sum to the tokenizer's encodeChat of them.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as o200k from "gpt-tokenizer/encoding/o200k_base";
import { byRole, chatMessage, tokenCounter } from "../site/run/tokens.js";

const msg = (index, role, message) => ({ index, role, message });
const run = [
  msg(0, "user", { role: "user", content: "What is the weather in Paris, and in Tōkyō? 🌦" }),
  msg(1, "assistant", { role: "assistant", type: "tool", calls: [{ name: "weather", args: { city: "Paris" }, id: "c1" }, { name: "weather", args: { city: "Tōkyō" }, id: "c2" }] }),
  msg(2, "tool", { role: "tool", name: "weather", content: JSON.stringify({ city: "Paris", sky: "rain", c: 11 }), id: "c1" }),
  msg(3, "tool", { role: "tool", name: "weather", content: "error: no station", id: "c2" }),
  msg(4, "assistant", { role: "assistant", type: "final", content: "Rain in Paris; Tōkyō's station is down." }),
];

test("a request's count is gpt-tokenizer's encodeChat of its messages", () => {
  const counter = tokenCounter(o200k);
  for (let n = 0; n <= run.length; n++) {
    const messages = run.slice(0, n);
    assert.equal(counter.request(messages), o200k.encodeChat(messages.map(chatMessage), "gpt-4o").length, `the first ${n} messages`);
  }
});

test("each message counts its text's tokens and the chat format's framing", () => {
  const counter = tokenCounter(o200k);
  const user = run[0];
  const framing = counter.message(msg(9, "user", { role: "user", content: "" }));
  assert.ok(framing > 0, "an empty message still costs its framing");
  assert.equal(counter.message(user), framing + o200k.encode(user.message.content).length);
  assert.equal(counter.message(user), counter.message(user), "counted once, the same each time");
});

test("the split by role adds up, and the largest messages are named", () => {
  const counter = tokenCounter(o200k);
  const tools = [{ name: "weather", schema: { type: "object", properties: { city: { type: "string" } } } }];
  const { split, total, largest } = byRole(counter, run.slice(0, 4), tools, 2);
  assert.equal(total, counter.request(run.slice(0, 4), tools));
  assert.equal(split.user + split.assistant + split.tool + split.schemas, total);
  assert.ok(split.schemas > 0 && split.tool > 0 && split.user > 0);
  assert.equal(largest.length, 2);
  assert.ok(largest[0].tokens >= largest[1].tokens);
  const bySize = run.slice(0, 4).map((m) => ({ index: m.index, n: counter.message(m) })).sort((a, b) => b.n - a.n);
  assert.deepEqual(largest.map((l) => l.index), bySize.slice(0, 2).map((m) => m.index), "the two largest messages, largest first");
  assert.equal(largest.find((l) => l.index === 2)?.name ?? "weather", "weather", "a tool output is named by its tool");
});
