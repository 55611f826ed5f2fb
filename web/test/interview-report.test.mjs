// The Interview report's words and file (exercise/report.js), and the
// saved interview a reload resumes (exercise/interview.js's readState).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { clock, codeDigest, escape, reportHTML, reportOf } from "../site/exercise/report.js";
import { checkSeed } from "../site/exercise/draw.js";
import { minutesOf, readState } from "../site/exercise/interview.js";

const code = "function runAgent() {}\n// </pre><script>alert(1)</script> & 'quotes' \"too\"";

function ended() {
  const t0 = 1_000_000;
  return {
    startedAt: t0,
    durationMs: 45 * 60000,
    seed: 7,
    stage: 1,
    stages: [
      { name: "The loop", level: 1, about: "", startedAt: t0, endedAt: t0 + 125000, checks: 2, passed: true },
      { name: "async", level: 2, about: "", startedAt: t0 + 125000, endedAt: null, checks: 1, passed: false },
      { name: "parallel calls", level: 2, about: "", startedAt: null, endedAt: null, checks: 0, passed: false },
    ],
    checks: [
      { at: t0 + 60000, stage: 0, passed: 50, total: 57, firstDiff: 'case "x": the loop returned "<b>"' },
      { at: t0 + 125000, stage: 0, passed: 57, total: 57, firstDiff: "" },
      { at: t0 + 200000, stage: 1, passed: 0, total: 4, firstDiff: 'case "y": model call 1 got a context that is not the loop\'s ctx' },
    ],
    revealed: [{ stage: 0, cases: ["a", "b"] }, { stage: 1, cases: ["y"] }],
    ended: { at: t0 + 300000, why: "ended" },
    finalCode: code,
  };
}

test("the report says the time of each stage, its Checks and whether it passed", () => {
  const r = reportOf(ended());
  assert.deepEqual(r.stages, [
    { name: "The loop", time: "2:05", checks: "2", result: "passed" },
    { name: "async", time: "2:55", checks: "1", result: "not passed" },
    { name: "parallel calls", time: "not reached", checks: "0", result: "not reached" },
  ]);
  assert.equal(r.summary, "The interview ended at End interview, after 5:00 of 45:00; 3 Checks in all.");
  assert.deepEqual(r.failed.map((c) => c.n), [1, 3], "only the failed Checks are listed, each by its number");
});

test("the exported file escapes everything the user wrote and holds no script", () => {
  const html = reportHTML(reportOf(ended()));
  assert.ok(html.includes("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;quotes&#39; &quot;too&quot;"), "the code is escaped");
  assert.ok(html.includes("the loop returned &quot;&lt;b&gt;&quot;"), "a difference is escaped");
  assert.ok(!/<script/i.test(html), "no script element");
  assert.match(html, /^<!doctype html>/, "a document of its own");
  assert.match(html, /<style>/, "its style inside it");
});

test("escape leaves no character HTML gives a meaning to", () => {
  assert.equal(escape(`<a href="x">'&'</a>`), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
});

test("a saved interview of another shape is not resumed", () => {
  assert.ok(readState(ended()), "the shape the interview writes is read back");
  for (const bad of [null, "x", {}, { ...ended(), stage: 9 }, { ...ended(), stages: "no" }, { ...ended(), startedAt: "now" }, { ...ended(), ended: 5 }, { ...ended(), stages: [1, 2] }, { ...ended(), finalCode: null }]) {
    assert.equal(readState(bad), null, `resumed ${JSON.stringify(bad)}`);
  }
});

test("the timer shows minutes and seconds, and the minutes field falls back to 45", () => {
  assert.equal(clock(45 * 60000), "45:00");
  assert.equal(clock(61001), "1:02");
  assert.equal(clock(-5), "0:00");
  assert.equal(minutesOf("30"), 30);
  assert.equal(minutesOf("0"), 45);
  assert.equal(minutesOf("abc"), 45);
});

test("the last 5 and 1 minutes are announced once each, as the time left crosses them", async () => {
  const { announcement } = await import("../site/exercise/interview.js");
  const min = 60000;
  assert.equal(announcement(5 * min + 100, 5 * min - 100), "5 minutes left in the interview.");
  assert.equal(announcement(5 * min - 100, 5 * min - 400), "", "5 minutes is announced once");
  assert.equal(announcement(61000, 59000), "1 minute left in the interview.");
  assert.equal(announcement(10 * min, 30000), "1 minute left in the interview.", "a jump past both marks says the nearer one");
  assert.equal(announcement(10 * min, 9 * min), "");
  assert.equal(announcement(1000, -5), "", "the end is no announcement: the interview ends");
});

test("the report names the final code's language", () => {
  assert.equal(reportOf({ ...ended(), language: "go" }).codeTitle, "Final code (Go, loop.go)");
  assert.equal(reportOf({ ...ended(), language: "javascript" }).codeTitle, "Final code (JavaScript)");
  assert.equal(reportOf(ended()).codeTitle, "Final code", "an interview saved before languages were recorded");
  assert.match(reportHTML(reportOf({ ...ended(), language: "go" })), /<h2>Final code \(Go, loop\.go\)<\/h2>/);
});

test("the report says it is self-reported and gives the code's SHA-256 and each Check's seed, on the page and in the file", async () => {
  const st = ended();
  const r = reportOf(st);
  assert.match(r.selfReported, /^Self-reported: .*nothing proves it was not edited/);
  assert.equal(r.seeds, `Interview seed 7; Check 1 drew from seed 7, Check 2 drew from seed ${7 + 7919}, Check 3 drew from seed ${7 + 2 * 7919}.`);
  assert.equal(checkSeed(st.seed, 2), 7 + 2 * 7919);
  const digest = await codeDigest(code);
  assert.equal(digest, createHash("sha256").update(code, "utf8").digest("hex"), "the digest is the code's SHA-256");
  const html = reportHTML(r, digest);
  assert.ok(html.includes(`SHA-256 of the final code: ${digest}`));
  assert.ok(html.includes("Self-reported: "));
  assert.ok(html.includes(escape(r.seeds)));
});
