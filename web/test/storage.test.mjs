// What the user typed is kept in localStorage; a browser that refuses
// storage gets the page working without it, told once.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { KEY, Store, pick } from "../site/storage.js";

class FakeStorage {
  constructor() { this.items = new Map(); this.full = false; }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) { if (this.full) throw new Error("QuotaExceededError"); this.items.set(k, String(v)); }
}

beforeEach(() => { globalThis.localStorage = new FakeStorage(); });

test("a saved state loads back as typed", () => {
  const s = new Store();
  assert.equal(s.load(), null, "nothing saved yet");
  s.save({ model: "m", tools: "t", userMessage: "u", maxSteps: "-1", timeLimit: "50", toolTimeoutMs: "300", other: "x" });
  assert.deepEqual(s.load(), { model: "m", tools: "t", userMessage: "u", maxSteps: "-1", timeLimit: "50", toolTimeoutMs: "300" });
  assert.ok(localStorage.getItem(KEY), `saved under ${KEY}`);
});

test("the example the code was loaded from is kept, so an edited example keeps its name", () => {
  const s = new Store();
  s.save({ model: "chain, edited", tools: "t", example: "chain" });
  assert.equal(s.load().example, "chain");
  s.backup({ model: "add, edited", tools: "t", example: "add" });
  assert.equal(s.loadBackup().example, "add", "Restore my code brings back the example's name too");
});

test("a backup is kept apart from the state", () => {
  const s = new Store("k");
  s.save({ model: "now" });
  s.backup({ model: "before", toolTimeoutMs: "300" });
  assert.deepEqual(s.load(), { model: "now" });
  assert.deepEqual(s.loadBackup(), { model: "before", toolTimeoutMs: "300" }, "Restore my code brings back the tool timeout too");
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
  assert.deepEqual(errors, ["QuotaExceededError"]);
  delete globalThis.localStorage;
  assert.equal(s.load(), null, "no storage at all reads as nothing saved");
});

test("damaged saved data reads as nothing saved", () => {
  for (const raw of ["{not json", "42", "null"]) {
    localStorage.setItem(KEY, raw);
    assert.equal(new Store().load(), null, raw);
  }
});

test("pick keeps the known fields as strings", () => {
  assert.deepEqual(pick({ model: 1, tools: null, maxSteps: 0, toolTimeoutMs: 300, x: "y" }), { model: "1", maxSteps: "0", toolTimeoutMs: "300" });
});
