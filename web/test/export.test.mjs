// The transcript as JSON and as Markdown: failed tool calls are the ones
// the events said failed, and a missing tool name is named as missing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace } from "../site/trace.js";
import { transcriptJSON, transcriptMarkdown } from "../site/export.js";
import { addRun } from "./events.mjs";

function traceOf(events) {
  const t = new Trace({ userMessage: "What is 2 + 3?", maxSteps: 10 });
  t.push(events);
  return t;
}

test("Export JSON writes the run file: the inputs, the editors' code and every event", () => {
  const got = JSON.parse(transcriptJSON(traceOf(addRun())));
  assert.equal(got.format, "agentloop-run");
  assert.equal(got.version, 1);
  assert.equal(got.inputs.userMsg, "What is 2 + 3?");
  assert.equal(got.inputs.maxSteps, 10);
  assert.deepEqual(got.events, addRun());
  assert.deepEqual(
    got.events.filter((e) => e.kind === "message").map((e) => e.message.content ?? e.message.name),
    ["What is 2 + 3?", "add", "5", "The answer is 5."],
  );
});

test("the Markdown has every message in order, and the end", () => {
  const md = transcriptMarkdown(traceOf(addRun()));
  const order = ["**User**", "What is 2 + 3?", "tool call `add`", '"a": 2', "**Tool result: add**", "final answer", "The answer is 5.", "**Stopped:** final, 2 steps"];
  let at = 0;
  for (const want of order) {
    const i = md.indexOf(want, at);
    assert.ok(i >= at, `${want} comes after what came before, in:\n${md}`);
    at = i;
  }
  assert.doesNotMatch(md, /failed/);
});

test("a tool result is marked failed by its event, not by its text", () => {
  const tool = (failed, name, content) => ({ kind: "message", phase: "result", role: "tool", failed, step: 1, index: 1, message: { role: "tool", name, content } });
  const md = transcriptMarkdown(traceOf([tool(false, "echo", "error: just text"), tool(true, "boom", "it broke"), tool(true, undefined, "error: unknown tool ''")]));
  assert.match(md, /\*\*Tool result: echo\*\*/);
  assert.match(md, /\*\*Tool result: boom, failed\*\*/);
  assert.match(md, /\*\*Tool result: \(missing name\), failed\*\*/);
  assert.doesNotMatch(md, /undefined/);
});

test("backticks in names and contents cannot break the Markdown", () => {
  const call = { kind: "message", phase: "action", role: "assistant", step: 1, index: 1, message: { type: "tool", name: "a`b", args: {} } };
  const final = { kind: "message", phase: "action", role: "assistant", step: 2, index: 2, message: { type: "final", content: "```\nnot code" } };
  const md = transcriptMarkdown(traceOf([call, final]));
  assert.match(md, /tool call `` a`b ``/);
  assert.match(md, /````\n```\nnot code\n````/);
});
