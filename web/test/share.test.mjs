// Share links: the editors' state in the hash, and a clear error for a
// link that is not one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { decodeState, encodeState } from "../site/share.js";

const state = { model: "[ {type: \"final\", content: \"ünïcode ✓\"} ]", tools: "{}", userMessage: "hi — there", maxSteps: "7", timeLimit: "2000" };

const payload = (text) => deflateRawSync(Buffer.from(text)).toString("base64url");

test("a state survives the round trip through a link", async () => {
  const enc = await encodeState({ ...state, extra: "not shared" });
  assert.match(enc, /^[A-Za-z0-9_-]+$/, "the payload is base64url, safe in a hash");
  assert.deepEqual(await decodeState(enc), state);
});

test("a bad link says what is wrong with it", async () => {
  const cases = [
    ["%%%", /not valid base64url/],
    [Buffer.from("not deflated at all").toString("base64url"), /damaged/],
    [payload("{not json"), /not JSON/],
    [payload(JSON.stringify({ model: "x" })), /no model and tools/],
    [payload(JSON.stringify([1, 2])), /no model and tools/],
    [payload(JSON.stringify({ model: "x".repeat(5 * 1024 * 1024), tools: "" })), /too large/],
  ];
  for (const [p, want] of cases) await assert.rejects(decodeState(p), want, p.slice(0, 20));
});

test("only the known fields come out of a link, as strings", async () => {
  const got = await decodeState(payload(JSON.stringify({ model: "m", tools: "t", maxSteps: 3, evil: "<script>" })));
  assert.deepEqual(got, { model: "m", tools: "t", maxSteps: "3" });
});
