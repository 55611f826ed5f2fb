// The number fields explain a bad value and accept what the loop accepts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkMaxSteps, checkTimeLimit } from "../site/lib/run-inputs.js";

test("max steps is a whole number from 0 to 100,000", () => {
  // As a number field lets them be typed, too.
  for (const [text, value] of [["0", 0], ["10", 10], [" 7 ", 7], ["100000", 100000], ["1e3", 1000], ["10.0", 10], ["1E5", 100000]]) {
    assert.deepEqual(checkMaxSteps(text), { value }, text);
  }
  for (const text of ["-1", "2.5", "100001", "ten", "1e6", "2.5e-1", "0x10"]) {
    assert.match(checkMaxSteps(text).error, new RegExp(`"${text}" is not`), text);
  }
  // Empty is the loop's default; text a number field cannot read is not.
  assert.deepEqual(checkMaxSteps(""), { value: 10 });
  assert.deepEqual(checkMaxSteps("  "), { value: 10 });
  assert.match(checkMaxSteps("", { badInput: true }).error, /is not a number/);
});

test("the time limit is a whole number of milliseconds from 50 to 600,000", () => {
  assert.deepEqual(checkTimeLimit("50"), { value: 50 });
  assert.deepEqual(checkTimeLimit("600000"), { value: 600000 });
  for (const text of ["49", "600001", "1.5", "soon"]) assert.match(checkTimeLimit(text).error, /from 50 to 600,000/, text);
  assert.match(checkTimeLimit(" ").error, /^Enter a time limit/);
});

// The one spelling of each run input, and the old ones still read.

import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { DEFAULT_MAX_STEPS, OLD_NAMES, RUN_INPUTS, fieldsOf, withCurrentNames } from "../site/lib/run-inputs.js";
import { readRunFile } from "../site/run/runfile.js";
import { decodeState } from "../site/page/share.js";
import { pick } from "../site/page/storage.js";
import { startRealLoop } from "./real-loop.mjs";

test("an empty Max steps field is the real loop's own default", async () => {
  const runAgent = await startRealLoop();
  let calls = 0;
  const model = () => (calls++, { role: "assistant", type: "tool", name: "again", args: {} });
  const text = await runAgent(model, { again: () => "ok" }, "go", null);
  assert.equal(text, "Stopped: reached max steps.");
  assert.equal(calls, DEFAULT_MAX_STEPS, "lib/run-inputs.js's DEFAULT_MAX_STEPS is not the loop's agent.DefaultMaxSteps");
  assert.deepEqual(checkMaxSteps(""), { value: calls });
});

const oldFile = (inputs) =>
  JSON.stringify({ format: "agentloop-run", version: 1, inputs, events: [{ kind: "message", step: 0, role: "user", message: { role: "user", content: "Hi" } }, { kind: "done", step: 0, reason: "final", text: "" }] });

test("a run file saved with the old spelling of the time limit opens with it", () => {
  const got = readRunFile(oldFile({ model: "[]", tools: "{}", userMsg: "Hi", maxSteps: 3, ["time" + "Limit"]: 1500 }));
  assert.equal(got.error, undefined, got.error);
  assert.equal(got.inputs.timeLimitMs, 1500);
  assert.equal(fieldsOf(got.inputs).timeLimitMs, "1500");
  const bad = readRunFile(oldFile({ model: "[]", tools: "{}", userMsg: "Hi", maxSteps: 3, ["time" + "Limit"]: "soon" }));
  assert.match(bad.error, /^inputs\.timeLimitMs must be a number of milliseconds/, "a bad old value is named by the current name");
});

// encodeLink writes a share link's payload as a page of before wrote it.
async function encodeLink(state) {
  const stream = new Blob([JSON.stringify(state)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return Buffer.from(await new Response(stream).arrayBuffer()).toString("base64url");
}

test("a share link and stored edits with the old spellings open under the current names", async () => {
  const old = { model: "[]", tools: "{}", ["user" + "Message"]: "Hello", maxSteps: "4", ["time" + "Limit"]: "1500" };
  const { state, loweredFrom } = await decodeState(await encodeLink(old));
  assert.equal(loweredFrom, 0);
  assert.equal(state.userMsg, "Hello");
  assert.equal(state.timeLimitMs, "1500");
  for (const name of Object.keys(OLD_NAMES)) assert.ok(!(name in state), `the link's ${name} was kept as it was spelled`);
  // An old link's time limit is capped like a new one's.
  const capped = await decodeState(await encodeLink({ ...old, ["time" + "Limit"]: "600000" }));
  assert.equal(capped.loweredFrom, 600000);
  assert.deepEqual(pick(old), { model: "[]", tools: "{}", userMsg: "Hello", maxSteps: "4", timeLimitMs: "1500" }, "stored edits of before");
  assert.equal(withCurrentNames({ userMsg: "new", ["user" + "Message"]: "old" }).userMsg, "new", "the current name wins");
});

// Every run input has one name in the page, the library, its types, the
// page's tests and both READMEs: the old spellings live only in
// lib/run-inputs.js, which reads them (the tests of old files and links
// spell them in pieces).
test("the page, agentloop.d.ts, the tests and the READMEs spell each run input one way", () => {
  const root = new URL("../../", import.meta.url).pathname;
  const files = ["README.md", "web/README.md", "web/site/agentloop.d.ts"];
  const visit = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      const rel = relative(root, path);
      if (e.isDirectory()) {
        if (!["web/site/dist", "web/site/go"].includes(rel)) visit(path);
      } else if (rel.endsWith(".js") && rel !== "web/site/agentloop.js" && rel !== "web/site/wasm_exec.js" && rel !== "web/site/lib/run-inputs.js") files.push(rel);
    }
  };
  visit(join(root, "web/site"));
  // The tests too: a test that spells an input the old way tests nothing.
  for (const f of readdirSync(join(root, "web/test"))) if (f.endsWith(".mjs")) files.push(`web/test/${f}`);
  const old = new RegExp(`\\b(${Object.keys(OLD_NAMES).join("|")})\\b`);
  for (const f of files) {
    readFileSync(join(root, f), "utf8")
      .split("\n")
      .forEach((line, i) => assert.doesNotMatch(line, old, `${f}:${i + 1} spells a run input the old way: use ${JSON.stringify(OLD_NAMES)}'s names (web/site/lib/run-inputs.js)`));
  }
  assert.deepEqual(RUN_INPUTS, ["model", "tools", "userMsg", "maxSteps", "timeLimitMs", "toolTimeoutMs", "contextBudget", "trim"]);
});
