// Share links: the editors' state in the hash, and a clear error for a
// link that is not one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { decodeState, encodeState } from "../site/page/share.js";
import { checkTimeLimit } from "../site/lib/run-inputs.js";

const state = { model: "[ {type: \"final\", content: \"ünïcode ✓\"} ]", tools: "{}", userMsg: "hi — there", maxSteps: "7", timeLimitMs: "2000", toolTimeoutMs: "300", example: "chain" };

const payload = (text) => deflateRawSync(Buffer.from(text)).toString("base64url");

test("a state survives the round trip through a link", async () => {
  const enc = await encodeState({ ...state, extra: "not shared" });
  assert.match(enc, /^[A-Za-z0-9_-]+$/, "the payload is base64url, safe in a hash");
  assert.deepEqual(await decodeState(enc), { state, loweredFrom: 0 });
});

test("a bad link says what is wrong with it", async () => {
  const whole = await encodeState(state);
  // Base64url never encodes bytes in 4k+1 characters: only a cut does.
  const cut = whole.slice(0, whole.length - ((whole.length - 1) % 4));
  assert.equal(cut.length % 4, 1);
  const cases = [
    ["", /^the link's state is empty \(the link was cut short\)$/],
    [cut, /^the link's state is cut short or damaged$/],
    [whole.slice(0, whole.length - (whole.length % 4) - 4), /^the link's state is cut short or damaged \(it does not inflate\)$/],
    ["%%%", /^the link's state is damaged \(it holds characters a share link never has\)$/],
    [whole.replace(/.$/, " "), /holds characters a share link never has/],
    [Buffer.from("not deflated at all").toString("base64url"), /cut short or damaged/],
    [payload("{not json"), /not JSON/],
    [payload(JSON.stringify({ model: "x" })), /no model and tools/],
    [payload(JSON.stringify([1, 2])), /no model and tools/],
    [payload(JSON.stringify({ model: "x".repeat(5 * 1024 * 1024), tools: "" })), /too large/],
  ];
  for (const [p, want] of cases) await assert.rejects(decodeState(p), { message: want }, p.slice(0, 20));
  for (const [p] of cases) await assert.rejects(decodeState(p), (err) => !/base64/.test(err.message), "the error speaks of the link, not of its encoding");
});

test("only the known fields come out of a link, as strings", async () => {
  const { state: got } = await decodeState(payload(JSON.stringify({ model: "m", tools: "t", maxSteps: 3, evil: "<script>" })));
  assert.deepEqual(got, { model: "m", tools: "t", maxSteps: "3", toolTimeoutMs: "", example: "" });
});

test("a link made before the tool timeout and the example were shared opens with neither; an Exercise link leaves them alone", async () => {
  const { state: old } = await decodeState(payload(JSON.stringify({ model: "m", tools: "t", maxSteps: "10", timeLimitMs: "2000" })));
  assert.equal(old.toolTimeoutMs, "", "the link's code ran with no tool timeout, and opens that way, whatever the page held");
  assert.equal(old.example, "", "the link's code is not named after the example the page showed before");
  const { state: exercise } = await decodeState(await encodeState({ loop: "async function loop() {}", mode: "exercise" }));
  assert.deepEqual(exercise, { loop: "async function loop() {}", mode: "exercise" }, "an Exercise link carries no playground field");
});

test("a link never raises the time limit above the default, and says when it lowered it", async () => {
  const open = async (timeLimitMs) => {
    const { state: s, loweredFrom } = await decodeState(payload(JSON.stringify({ model: "m", tools: "t", timeLimitMs })));
    return [s.timeLimitMs, loweredFrom];
  };
  assert.deepEqual(await open("600000"), ["2000", 600000], "a link's 10-minute limit is lowered to the default 2000 ms");
  assert.deepEqual(await open(" 2001 "), ["2000", 2001]);
  assert.deepEqual(await open(600000), ["2000", 600000], "a number is capped too");
  assert.deepEqual(await open("2000"), ["2000", 0]);
  assert.deepEqual(await open("500"), ["500", 0], "a shorter limit is kept");
  assert.deepEqual(await open("abc"), ["abc", 0], "a bad value is kept for its field to explain (nothing runs until it is fixed)");
});

// mulberry32: a small seeded PRNG, so a failure can be replayed.
function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("thousands of random and damaged links give a state or a clear error, never anything else", async () => {
  const rand = prng(20240601);
  const int = (n) => Math.floor(rand() * n);
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const valid = [
    await encodeState(state),
    await encodeState({ model: "x", tools: "y", timeLimitMs: "600000", maxSteps: "-1" }),
    await encodeState({ loop: "async function loop() {}", mode: "exercise" }),
    payload(JSON.stringify({ model: 1, tools: null })),
    payload('{"model":"m","tools":"t","__proto__":{"x":1},"timeLimitMs":{"a":1}}'),
  ];
  const damage = (p) => {
    const chars = [...p];
    switch (int(5)) {
      case 0: // flip characters
        for (let k = 0; k <= int(4); k++) chars[int(chars.length)] = B64[int(B64.length)];
        return chars.join("");
      case 1: // cut it short
        return p.slice(0, int(p.length));
      case 2: // insert junk, sometimes outside base64url
        chars.splice(int(chars.length), 0, ..."%=+/ \u00e9\u{1F600}"[int(8)] ?? "A");
        return chars.join("");
      case 3: // random base64url
        return Array.from({ length: int(200) }, () => B64[int(B64.length)]).join("");
      default: // random JSON-ish text, deflated
        return payload(Array.from({ length: int(80) }, () => '{}[]":,model tools timeLimitMs 0123456789'[int(41)]).join(""));
    }
  };
  let opened = 0;
  for (let n = 0; n < 2000; n++) {
    const p = damage(valid[int(valid.length)]);
    let got;
    try {
      ({ state: got } = await decodeState(p));
    } catch (err) {
      assert.ok(err instanceof Error, `link ${JSON.stringify(p)} threw ${err}, not an Error`);
      assert.match(err.message, /^the link's state (is empty|is damaged|is cut short or damaged|has no model and tools|is too large)/, `link ${JSON.stringify(p)}`);
      continue;
    }
    opened++;
    assert.equal(typeof got, "object", `link ${JSON.stringify(p)} gave ${got}`);
    for (const [k, v] of Object.entries(got)) {
      assert.ok(["model", "tools", "userMsg", "maxSteps", "timeLimitMs", "toolTimeoutMs", "loop", "mode", "example"].includes(k), `link ${JSON.stringify(p)} gave the unknown field ${k}`);
      assert.equal(typeof v, "string", `link ${JSON.stringify(p)}: ${k} is a string`);
    }
    assert.ok(!(checkTimeLimit(got.timeLimitMs ?? "").value > 2000), `link ${JSON.stringify(p)} raised the time limit to ${got.timeLimitMs}`);
  }
  assert.ok(opened > 0, "some damaged links still open (the fuzzing reaches the checks after inflating)");
});

test("a Go Exercise link carries the language and the Go loop, apart from the JavaScript loop", async () => {
  const state = { mode: "exercise", language: "go", goLoop: "package loop\n", loop: "function runAgent() {}" };
  const { state: back } = await decodeState(await encodeState(state));
  assert.equal(back.language, "go", "the link forgot the Exercise's language");
  assert.equal(back.goLoop, "package loop\n", "the link lost the Go loop");
  assert.equal(back.loop, "function runAgent() {}", "the link mixed the JavaScript loop up with the Go one");
  const { state: goOnly } = await decodeState(await encodeState({ language: "go", goLoop: "package loop\n" }));
  assert.equal(goOnly.goLoop, "package loop\n", "a link with only a Go loop is refused");
});

test("a link carries the approval decisions of its author's run, and names a damaged one", async () => {
  const approvals = [
    { step: 2, call: 0, name: "delete", decision: "deny", reason: "not my photos" },
    { step: 3, call: 1, name: "delete", decision: "edit", args: { path: "notes.txt" } },
    { step: 3, call: 0, name: "list_files", decision: "approve" },
  ];
  const { state: got } = await decodeState(await encodeState({ ...state, approvals }));
  assert.deepEqual(got.approvals, approvals, "the reader's run makes the same decisions");
  const bad = [
    [[{ step: 0, call: 0, name: "delete", decision: "approve" }], "the link's approval decisions are damaged: approval decision 1 has step 0; it must be a model call's number, from 1"],
    [[approvals[0], { step: 2, call: 1, name: "delete", decision: "maybe" }], `the link's approval decisions are damaged: approval decision 2 has decision "maybe"; it must be "approve", "edit" or "deny"`],
    [[{ step: 2, call: 0, name: "delete", decision: "edit", args: [1] }], "the link's approval decisions are damaged: approval decision 1 edits the arguments to a list; they must be an object"],
    [{ step: 1 }, "the link's approval decisions are damaged: the approval decisions must be a list; they are an object"],
  ];
  for (const [approvals, message] of bad) {
    await assert.rejects(decodeState(payload(JSON.stringify({ model: "m", tools: "t", approvals }))), { message });
  }
});
