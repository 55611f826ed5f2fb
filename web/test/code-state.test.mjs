// The code state: everything that replaces the editors' code goes one way.
// The code it replaces is kept and offered back; in an embed, the storage
// key follows where the code shown comes from, so that a link's code is
// never kept as the reader's edits of an example.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";

const els = {};
globalThis.document = { getElementById: (id) => els[id] || null, body: { dataset: {} } };
let hashCleared = 0;
globalThis.location = { hash: "#example=add", pathname: "/", search: "" };
globalThis.history = { state: null, replaceState: () => hashCleared++ };

class FakeStorage {
  constructor() { this.items = new Map(); }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) { this.items.set(k, String(v)); }
  removeItem(k) { this.items.delete(k); }
}

const { CodeState } = await import("../site/page/code-state.js");
const { Store, KEY } = await import("../site/page/storage.js");
const { EXAMPLES, stateOf } = await import("../site/page/examples.js");
const { STUB } = await import("../site/exercise/text.js");

const add = EXAMPLES.find((e) => e.id === "add");
const linked = { model: `[{type: "final", content: "linked"}]`, tools: "{}", userMsg: "Hi", maxSteps: "10", toolTimeoutMs: "", example: "" };

function editor(value = "") {
  return { value, showError() {} };
}

// page returns a code state over fake editors and fields, showing the add
// example as a page opened with #example=add would.
function page({ embed }) {
  const store = new Store(KEY);
  let mode = "playground";
  const code = new CodeState({
    editors: { model: editor(), tools: editor(), loop: editor(STUB) },
    fields: { userMsg: editor(), maxSteps: editor(), timeLimitMs: editor("2000"), toolTimeoutMs: editor(), contextBudget: editor(), trim: editor("tool_outputs") },
    store,
    embed,
    mode: { get: () => mode, set: (m) => (mode = m) },
    clearErrors() {},
  });
  store.use(code.keyFor("add"));
  code.replaceCode({ ...stateOf(add), example: "add" }, { continues: "add", before: null, loaded: true });
  return { code, store };
}

beforeEach(() => {
  globalThis.localStorage = new FakeStorage();
  for (const id of ["notice", "notice-message", "notice-offer", "notice-action", "notice-dismiss"]) els[id] = { hidden: true, textContent: "", onclick: null };
  hashCleared = 0;
});

test("an embed keeps a link's code under its own key, never as the example's edits", () => {
  const { code } = page({ embed: true });
  code.replaceCode(linked, { why: "The shared link", loaded: true });
  code.fields.userMsg.value = "Hi there";
  code.edited("message");
  assert.equal(localStorage.getItem(`${KEY}:embed:add`), null, "nothing is written under the add example's key");
  assert.match(localStorage.getItem(`${KEY}:embed:default`), /linked/, "the reader's edit of the link's code is kept under the frame's own key");
});

test("an embed keeps what the reader typed on an example under that example", () => {
  const { code } = page({ embed: true });
  code.editors.model.value = "// mine\n[]";
  code.edited("model");
  assert.match(localStorage.getItem(`${KEY}:embed:add`), /mine/);
  assert.equal(code.example, "add", "the edited code is still called the add example");
});

test("a case or a run file opened in an embed is no edit of the example either", () => {
  const { code } = page({ embed: true });
  code.replaceCode({ model: "[]", tools: "{}", userMsg: "case", maxSteps: "3", mode: "playground" }, { why: `The case "x"` });
  assert.equal(localStorage.getItem(`${KEY}:embed:add`), null);
  assert.match(localStorage.getItem(`${KEY}:embed:default`), /case/);
  assert.equal(hashCleared, 0, "an embed keeps its #example= in the address");
});

test("the playground keeps the code a replacement took and offers it back", () => {
  const { code } = page({ embed: false });
  code.editors.model.value = "// mine\n[]";
  code.edited("model");
  hashCleared = 0;
  const kept = code.replaceCode(linked, { why: "The shared link" });
  assert.equal(kept, true, "the user's edits were kept");
  assert.equal(code.editors.model.value, linked.model);
  assert.equal(hashCleared, 1, "the address no longer names the link once it is applied");
  assert.match(els["notice-offer"].textContent, /The shared link replaced your code/);
  els["notice-action"].onclick();
  assert.equal(code.editors.model.value, "// mine\n[]", "Restore my code brings the edits back");
  assert.equal(code.example, "add", "as the add example's edits");
});

test("a link's approval decisions are made again while the code is the link's, and go with it", () => {
  const { code } = page({ embed: false });
  const approvals = [{ step: 2, call: 0, name: "delete", decision: "deny", reason: "no" }];
  code.replaceCode({ ...linked, approvals }, { why: "The shared link", loaded: true });
  assert.deepEqual(code.recorded(), approvals, "a run of the link's code makes its author's decisions");
  assert.deepEqual(code.read().approvals, approvals, "a reload brings them back with the code");
  code.fields.timeLimitMs.value = "3000";
  assert.deepEqual(code.recorded(), approvals, "the time limit is the page's guard, not the run's");
  code.fields.userMsg.value = "Something else";
  code.edited("message");
  assert.deepEqual(code.recorded(), [], "another message makes another run: nobody decided its calls");
  assert.equal(code.read().approvals, undefined);
  code.fields.userMsg.value = linked.userMsg;
  code.replaceCode({ ...stateOf(add), example: "add" }, { continues: "add" });
  assert.deepEqual(code.recorded(), [], "an example's code comes with no decisions");
});
