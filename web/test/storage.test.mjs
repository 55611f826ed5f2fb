// What the user typed is kept in localStorage; a browser that refuses
// storage gets the page working without it, told once.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { KEY, Store, pick, pickCode, sameCode } from "../site/page/storage.js";

class FakeStorage {
  constructor() { this.items = new Map(); this.full = false; }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) { if (this.full) throw new Error("QuotaExceededError"); this.items.set(k, String(v)); }
  removeItem(k) { this.items.delete(k); }
}

beforeEach(() => { globalThis.localStorage = new FakeStorage(); });

test("a saved state loads back as typed", () => {
  const s = new Store();
  assert.equal(s.load(), null, "nothing saved yet");
  s.save({ model: "m", tools: "t", userMsg: "u", maxSteps: "-1", timeLimitMs: "50", toolTimeoutMs: "300", other: "x" });
  assert.deepEqual(s.load(), { model: "m", tools: "t", userMsg: "u", maxSteps: "-1", timeLimitMs: "50", toolTimeoutMs: "300" });
  assert.ok(localStorage.getItem(KEY), `saved under ${KEY}`);
});

test("the example the code was loaded from is kept, so an edited example keeps its name", () => {
  const s = new Store();
  s.save({ model: "chain, edited", tools: "t", example: "chain" });
  assert.equal(s.load().example, "chain");
  s.keepOwn({ model: "add, edited", tools: "t", example: "add" });
  assert.equal(s.ownCode()[0].example, "add", "Your own code brings back the example's name too");
});

test("each example's edits are kept under the example, apart from the state", () => {
  const s = new Store("k");
  s.save({ model: "now" });
  s.keepExample("add", { model: "add, edited", toolTimeoutMs: "300", example: "add", loop: "my loop", mode: "exercise" });
  s.keepExample("chain", { model: "chain, edited", example: "chain" });
  assert.deepEqual(s.load(), { model: "now" });
  assert.deepEqual(s.keptExample("add"), { model: "add, edited", toolTimeoutMs: "300", example: "add" }, "the tool timeout too; Your loop and the mode are no example's");
  assert.equal(s.keptExample("chain").model, "chain, edited", "another example's edits do not replace add's");
  s.forgetExample("add");
  assert.equal(s.keptExample("add"), null);
  assert.equal(s.keptExample("chain").model, "chain, edited");
});

test("the user's own code is a list, the latest first, each piece once", () => {
  const s = new Store("k");
  assert.deepEqual(s.ownCode(), []);
  s.keepOwn({ model: "mine", tools: "t", timeLimitMs: "50", loop: "my loop" });
  s.keepOwn({ model: "from a link", tools: "t" });
  assert.deepEqual(s.ownCode().map((c) => c.model), ["from a link", "mine"], "a link's code does not replace the code before it");
  assert.equal(s.ownCode()[1].timeLimitMs, "50");
  assert.equal(s.ownCode()[1].loop, undefined, "Your loop is not kept with the code");
  s.keepOwn({ model: "mine", tools: "t" });
  assert.deepEqual(s.ownCode().map((c) => c.model), ["mine", "from a link"], "code kept again moves to the front, once");
  s.dropOwn({ model: "mine", tools: "t" });
  assert.deepEqual(s.ownCode().map((c) => c.model), ["from a link"], "code brought back leaves the list");
});

test("a backup saved before there was a list is the user's own code", () => {
  localStorage.setItem(`${KEY}:backup`, JSON.stringify({ model: "old own code", tools: "t", example: "" }));
  const s = new Store();
  assert.deepEqual(s.ownCode(), [{ model: "old own code", tools: "t", example: "" }]);
  s.keepOwn({ model: "newer", tools: "t" });
  assert.deepEqual(s.ownCode().map((c) => c.model), ["newer", "old own code"], "the old backup stays in the list");
  assert.equal(localStorage.getItem(`${KEY}:backup`), null, "and is kept once");
});

test("a state saved before the tool timeout was kept loads without one", () => {
  localStorage.setItem(KEY, JSON.stringify({ model: "m", tools: "t", maxSteps: "10" }));
  assert.deepEqual(new Store().load(), { model: "m", tools: "t", maxSteps: "10" });
});

test("a store writes nothing for what the page shows as loaded, until it changes", () => {
  const shipped = { model: "add", tools: "{}" };
  const a = new Store("k");
  const b = new Store("k");
  a.showing(shipped);
  b.showing(shipped);
  a.save({ model: "add, edited", tools: "{}" });
  b.save(shipped);
  assert.deepEqual(a.load(), { model: "add, edited", tools: "{}" }, "a page that only shows the example keeps the other's edits");
  a.save(shipped);
  assert.deepEqual(a.load(), shipped, "once it wrote, a return to the loaded state is written too");
});

test("use moves the store to another key, and forgets what the page showed", () => {
  const s = new Store("k:add");
  s.showing({ model: "add" });
  s.use("k:chain");
  s.save({ model: "add" });
  assert.deepEqual(s.load(), { model: "add" });
  assert.equal(localStorage.getItem("k:add"), null, "the first key is left as it was");
});

test("storage that fails is reported once, and the page goes on", () => {
  const errors = [];
  const s = new Store(KEY, (e) => errors.push(e.message));
  localStorage.full = true;
  s.save({ model: "a" });
  s.save({ model: "b" });
  s.keepOwn({ model: "own" });
  assert.deepEqual(errors, ["QuotaExceededError"]);
  assert.equal(s.ownCode()[0].model, "own", "what storage refused is still kept while the page is open");
  assert.equal(s.load().model, "b");
  delete globalThis.localStorage;
  assert.equal(new Store().load(), null, "no storage at all reads as nothing saved");
  assert.deepEqual(new Store().ownCode(), []);
});

test("damaged saved data reads as nothing saved", () => {
  for (const raw of ["{not json", "42", "null", "[]"]) {
    localStorage.setItem(KEY, raw);
    localStorage.setItem(`${KEY}:own`, raw);
    localStorage.setItem(`${KEY}:example:add`, raw);
    assert.equal(new Store().load(), null, raw);
    assert.deepEqual(new Store().ownCode(), [], raw);
    assert.equal(new Store().keptExample("add"), null, raw);
  }
});

test("pick keeps the known fields as strings", () => {
  assert.deepEqual(pick({ model: 1, tools: null, maxSteps: 0, toolTimeoutMs: 300, x: "y" }), { model: "1", maxSteps: "0", toolTimeoutMs: "300" });
});

test("sameCode compares the code, the message and the run's limits", () => {
  const a = { model: "m", tools: "t", userMsg: "u", maxSteps: "10", timeLimitMs: "50", example: "add" };
  assert.ok(sameCode(a, { ...a, timeLimitMs: "2000", example: "", loop: "x" }));
  for (const f of ["model", "tools", "userMsg", "maxSteps", "toolTimeoutMs"]) assert.ok(!sameCode(a, { ...a, [f]: "other" }), f);
  assert.deepEqual(pickCode({ ...a, loop: "l", mode: "exercise" }), a);
});

test("loops a link replaced are kept newest first, each once, until shown again", () => {
  const s = new Store();
  assert.deepEqual(s.keptLoops(), []);
  s.keepLoop("mine");
  s.keepLoop("the link's");
  s.keepLoop("mine");
  assert.deepEqual(s.keptLoops(), ["mine", "the link's"]);
  s.dropLoop("mine");
  assert.deepEqual(s.keptLoops(), ["the link's"]);
  s.dropLoop("the link's");
  assert.equal(localStorage.getItem(`${KEY}:loops`), null, "an empty list leaves nothing behind");
  localStorage.setItem(`${KEY}:loops`, '["ok", 3, null]');
  assert.deepEqual(s.keptLoops(), ["ok"], "damaged entries are skipped");
});
