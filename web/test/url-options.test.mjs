// What the page's address asks for.
import { test } from "node:test";
import assert from "node:assert/strict";
import { phaseNumber, readOptions } from "../site/page/url-options.js";

const at = (href) => readOptions(new URL(href, "https://example.org/agentloop/"));

test("a plain address asks for nothing", () => {
  assert.deepEqual(at(""), { embed: false, readonly: false, autorun: false, example: "", state: null, phase: null, lesson: null, theme: "" });
});

test("an embed with an example that runs at once", () => {
  assert.deepEqual(at("?embed=1&readonly=true&autorun=YES#example=add"), { embed: true, readonly: true, autorun: true, example: "add", state: null, phase: null, lesson: null, theme: "" });
});

test("only 1, true and yes switch an option on", () => {
  assert.equal(at("?embed=0").embed, false);
  assert.equal(at("?embed=on").embed, false);
  assert.equal(at("?embed").embed, false);
});

test("a share link's state is read from the hash; an empty one is told from none", () => {
  assert.equal(at("#state=abc-_123").state, "abc-_123");
  assert.equal(at("#state=").state, "", "a link cut short after #state= is still a share link, for the page to say what is wrong");
  assert.equal(at("?state=abc").state, null, "the state is never read from the query");
});

test("#phase= is read from the hash as written, for the page to say what is wrong with it", () => {
  assert.equal(at("#example=add&phase=8").phase, "8");
  assert.equal(at("#example=add&phase=x").phase, "x");
  assert.equal(at("?phase=8#example=add").phase, null, "the phase is read from the hash only");
});

test("a phase is a whole number from 1; anything else names none", () => {
  for (const [text, want] of [["8", 8], ["1", 1], [" 12 ", 12], ["0", 0], ["-3", 0], ["x", 0], ["1.5", 0], ["", 0], ["1e2", 0]]) {
    assert.equal(phaseNumber(text), want, JSON.stringify(text));
  }
});

test("&theme=light or dark forces the colour scheme; anything else leaves the system's", () => {
  assert.equal(at("?embed=1&theme=dark").theme, "dark");
  assert.equal(at("?theme=light").theme, "light");
  assert.equal(at("?theme=blue").theme, "");
  assert.equal(at("#theme=dark").theme, "", "the theme is read from the query, not the hash");
});

test("#lesson= is read from the hash as written, in an embed too", () => {
  assert.equal(at("#lesson=3").lesson, "3");
  assert.equal(at("?embed=1#lesson=5").lesson, "5");
  assert.equal(at("#lesson=x").lesson, "x", "a wrong lesson is kept, for the page to say what is wrong");
  assert.equal(at("?lesson=3").lesson, null, "the lesson is read from the hash only");
});
