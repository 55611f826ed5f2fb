// The notice bar: a message goes away by itself; an offer stays until it
// is used, dismissed or replaced, and a message that comes meanwhile is
// put before it.
import { test, mock, beforeEach, afterEach } from "node:test";
import assert from "node:assert/strict";

// The bar's five elements, as index.html has them, and no more.
const els = {};
globalThis.document = { getElementById: (id) => els[id] || null };
const { dropMessage, hideNotice, notice, reword } = await import("../site/views/notice.js");

beforeEach(() => {
  for (const id of ["notice", "notice-message", "notice-offer", "notice-action", "notice-dismiss"]) els[id] = { hidden: true, textContent: "", onclick: null };
  mock.timers.enable({ apis: ["setTimeout"] });
  hideNotice();
});

afterEach(() => mock.timers.reset());

const bar = () => ({
  shown: !els.notice.hidden,
  message: els["notice-message"].textContent,
  offer: els["notice-offer"].textContent,
  button: els["notice-action"].hidden ? "" : els["notice-action"].textContent,
  dismiss: !els["notice-dismiss"].hidden,
});

test("a message shows, then goes away by itself", () => {
  notice("Link copied.");
  assert.deepEqual(bar(), { shown: true, message: "Link copied.", offer: "", button: "", dismiss: false });
  mock.timers.tick(8000);
  assert.equal(bar().shown, false);
});

test("a message that comes while an offer is shown goes on a line of its own before it, and the offer stays after it", () => {
  let used = 0;
  notice("The shared link replaced your code. It is kept:", "Restore my code", () => used++);
  notice("The time limit was lowered.");
  assert.deepEqual(bar(), { shown: true, message: "The time limit was lowered.", offer: "The shared link replaced your code. It is kept:", button: "Restore my code", dismiss: true });
  mock.timers.tick(8000);
  assert.deepEqual(bar(), { shown: true, message: "", offer: "The shared link replaced your code. It is kept:", button: "Restore my code", dismiss: true });
  els["notice-action"].onclick();
  assert.equal(used, 1);
  assert.equal(bar().shown, false, "a used offer goes away");
});

test("an offer replaces what the bar showed; Dismiss takes it away", () => {
  notice("Link copied.");
  notice("The example replaced your code. It is kept:", "Restore my code", () => {});
  assert.deepEqual([bar().message, bar().offer], ["", "The example replaced your code. It is kept:"]);
  notice("Another example replaced the code shown.", "Restore my code", () => {});
  assert.equal(bar().offer, "Another example replaced the code shown.", "the newer offer replaces the older");
  els["notice-dismiss"].onclick();
  assert.equal(bar().shown, false);
});

test("reword changes what an offer says and keeps what it does", () => {
  let used = "";
  notice("The example A replaced your code. It is kept:", "Restore my code", () => (used = "own code"));
  reword("The example B replaced the code shown. Your code from before is kept:");
  assert.deepEqual(bar(), { shown: true, message: "", offer: "The example B replaced the code shown. Your code from before is kept:", button: "Restore my code", dismiss: true });
  els["notice-action"].onclick();
  assert.equal(used, "own code", "Restore still brings back the code the first example replaced");

  reword("Nothing to offer.");
  assert.equal(bar().shown, false, "without an offer on screen, reword shows nothing");
});

test("dropMessage takes the message away and leaves an offer", () => {
  notice("Link copied. Nothing runs until they press Check.");
  dropMessage();
  assert.equal(bar().shown, false, "a message alone goes, with the bar");
  notice("The case replaced your code. It is kept:", "Restore my code", () => {});
  notice("Link copied. Nothing runs until they press Check.");
  dropMessage();
  assert.deepEqual(bar(), { shown: true, message: "", offer: "The case replaced your code. It is kept:", button: "Restore my code", dismiss: true });
});
