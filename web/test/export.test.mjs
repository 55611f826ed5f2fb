// The transcript as JSON and as Markdown: failed tool calls are the ones
// the events said failed, and a missing tool name is named as missing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace } from "../site/run/trace.js";
import { transcriptJSON, transcriptMarkdown } from "../site/run/export.js";
import { addRun } from "./events.mjs";

function traceOf(events) {
  const t = new Trace({ userMsg: "What is 2 + 3?", maxSteps: 10, toolTimeoutMs: 300 });
  t.push(events);
  return t;
}

test("Export JSON writes the run file: the inputs, the editors' code and every event", async () => {
  const got = JSON.parse(await transcriptJSON(traceOf(addRun())));
  assert.equal(got.format, "agentloop-run");
  assert.equal(got.version, 1);
  assert.equal(got.inputs.userMsg, "What is 2 + 3?");
  assert.equal(got.inputs.maxSteps, 10);
  assert.equal(got.inputs.toolTimeoutMs, 300, "the run's tool timeout is saved with it");
  assert.deepEqual(got.events, addRun());
  assert.deepEqual(
    got.events.filter((e) => e.kind === "message").map((e) => e.message.content ?? e.message.name),
    ["What is 2 + 3?", "add", "5", "The answer is 5."],
  );
});

const SEED = `[
  { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },
  { role: "assistant", type: "final", content: "The answer is 5." },
]
`;

test("Export JSON of a fork saves the model the fork ran and where it forked", async () => {
  const edited = { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 30 } };
  const t = new Trace({ model: SEED, tools: "{}", userMsg: "What is 2 + 3?", maxSteps: 10, timeLimitMs: 2000, toolTimeoutMs: 0 });
  Object.assign(t, { forkedAt: 1, forkReplay: [edited] });
  t.push(addRun());
  const got = JSON.parse(await transcriptJSON(t));
  assert.deepEqual(got.fork, { at: 1 });
  assert.match(got.inputs.model, /^\/\/ Forked at model call 1:/);
  assert.ok(
    got.inputs.model.includes('{ role: "assistant", type: "tool", name: "add", args: { a: 2, b: 30 } },\n  { role: "assistant", type: "final", content: "The answer is 5." },'),
    `the model replays the edited answer, then the Model editor's next entry:\n${got.inputs.model}`,
  );

  // A fork opened from its file holds that model as its code already.
  const reopened = new Trace({ ...t.inputs, model: got.inputs.model });
  reopened.forkedAt = 1;
  reopened.push(addRun());
  assert.deepEqual(JSON.parse(await transcriptJSON(reopened)), got, "saved again, the fork's file is the same");
});

test("the Markdown has every message in order, and the end", () => {
  const md = transcriptMarkdown(traceOf(addRun()));
  const order = ["**User**", "What is 2 + 3?", "tool call `add`", '"a": 2', "**Tool result: `add`**", "final answer", "The answer is 5.", "**Stopped:** final, 2 steps"];
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
  assert.match(md, /\*\*Tool result: `echo`\*\*/);
  assert.match(md, /\*\*Tool result: `boom`, failed\*\*/);
  assert.match(md, /\*\*Tool result: `\(missing name\)`, failed\*\*/);
  assert.doesNotMatch(md, /undefined/);
});

test("backticks in names and contents cannot break the Markdown", () => {
  const call = { kind: "message", phase: "action", role: "assistant", step: 1, index: 1, message: { type: "tool", name: "a`b", args: {} } };
  const final = { kind: "message", phase: "action", role: "assistant", step: 2, index: 2, message: { type: "final", content: "```\nnot code" } };
  const md = transcriptMarkdown(traceOf([call, final]));
  assert.match(md, /tool call `` a`b ``/);
  assert.match(md, /````\n```\nnot code\n````/);
});

// outsideCode returns the Markdown that a CommonMark reader would not read
// as code: fenced blocks and code spans removed.
function outsideCode(md) {
  const out = [];
  let fence = "";
  for (const line of md.split("\n")) {
    if (fence) {
      if (new RegExp(`^${fence}\`*\\s*$`).test(line)) fence = "";
      continue;
    }
    const open = /^(`{3,})/.exec(line);
    if (open) {
      fence = open[1];
      continue;
    }
    let text = "";
    for (let i = 0; i < line.length; ) {
      const run = /^`+/.exec(line.slice(i));
      if (!run) {
        text += line[i++];
        continue;
      }
      const n = run[0].length;
      const close = new RegExp(`(?<!\`)\`{${n}}(?!\`)`, "g");
      close.lastIndex = i + n;
      const m = close.exec(line);
      if (m) i = m.index + n;
      else {
        text += run[0];
        i += n;
      }
    }
    out.push(text);
  }
  return out.join("\n");
}

const HOSTILE = "a`<img src=x onerror=alert(1)>`[x](javascript:alert(1))";

test("a hostile tool name stays inside its code span: no raw HTML, no link", () => {
  const events = [
    { kind: "message", phase: "user", role: "user", step: 0, index: 0, message: { role: "user", content: HOSTILE } },
    { kind: "message", phase: "action", role: "assistant", step: 1, index: 1, message: { type: "tool", name: HOSTILE, args: { q: HOSTILE } } },
    { kind: "message", phase: "result", role: "tool", failed: true, step: 1, index: 2, message: { role: "tool", name: HOSTILE, content: HOSTILE } },
    { kind: "message", phase: "action", role: "assistant", step: 2, index: 3, message: { type: "tool", calls: [{ name: HOSTILE, args: {} }, { name: "``<b>x</b>", args: {} }] } },
    { kind: "message", phase: "result", role: "tool", step: 2, index: 4, message: { role: "tool", name: "x\n\n<script>alert(1)</script>\n\n[y](javascript:alert(2))", content: "" } },
    { kind: "done", phase: "final", step: 2, reason: "<img src=x onerror=alert(3)> [z](javascript:alert(3))", text: HOSTILE, steps: 2, ms: 1 },
  ];
  const md = transcriptMarkdown(traceOf(events));
  const plain = outsideCode(md);
  assert.doesNotMatch(plain, /(?<!\\)</, `no raw HTML outside code, in:\n${plain}`);
  assert.doesNotMatch(plain, /(?<!\\)\]\s*(?<!\\)\(/, `no link outside code, in:\n${plain}`);
  assert.doesNotMatch(plain, /javascript:alert\(1\)/, `user text is only ever inside code, in:\n${plain}`);
  assert.ok(md.includes(HOSTILE), "the name is kept, as code");
  assert.match(md, /x <script>alert\(1\)<\/script> \[y\]/, "a name's line breaks become spaces inside its code span");
});

test("contents the page cut are marked as cut in the run file and the Markdown", async () => {
  const out = (s) => `${s}:`.padEnd(50_000, "y");
  const events = [{ kind: "message", phase: "user", role: "user", step: 0, index: 0, message: { role: "user", content: "go" } }];
  for (let s = 1; s <= 3; s++) {
    events.push(
      { kind: "tool_end", phase: "tool_output", step: s, call: 0, name: "big", content: out(s), failed: false, ms: 1 },
      { kind: "message", phase: "result", role: "tool", failed: false, step: s, index: s, message: { role: "tool", name: "big", content: out(s) } },
    );
  }
  // Room for three of the contents and the few other characters of their
  // messages (a message's role and name count too).
  const t = new Trace({ userMsg: "go", maxSteps: 3 }, { fullBudget: 150_100 });
  t.push(events);
  const file = JSON.parse(await transcriptJSON(t));
  const results = file.events.filter((e) => e.kind === "message" && e.role === "tool");
  assert.deepEqual(results.map((e) => [e.cut === true, e.contentLength]), [[true, 50_000], [false, undefined], [false, undefined]]);
  assert.match(results[0].message.content, /^1:y+… \(cut: 50,000 characters/);
  const md = transcriptMarkdown(t);
  assert.match(md, /\*\*Tool result: `big`\*\* \(step 1\) \(cut\)\n```\n1:y+… \(cut: 50,000 characters/);
  assert.match(md, /\*\*Tool result: `big`\*\* \(step 3\)\n/, "a whole content is not marked");
});
