// Tool approval on the real loop (main.wasm under Node), with the
// worker's approver (worker/approve.js) and the page's reading of the
// decisions (run/approvals.js): approving every call changes no shipped
// example's run, the approval example's decisions give its declared end,
// and recorded decisions replay without asking.

import { test, before } from "node:test";
import assert from "node:assert/strict";
import { EXAMPLES, exampleById } from "../site/page/examples.js";
import { compileEditor } from "../site/worker/compile.js";
import { approvalTools, makeApprover, answerApproval } from "../site/worker/approve.js";
import { decisions, parseArgs } from "../site/run/approvals.js";
import { startRealLoop } from "./real-loop.mjs";
import { Trace } from "../site/run/trace.js";
import { readRunFile, runFileJSON } from "../site/run/runfile.js";
import { describeEvent } from "../site/run/phases.js";
import { FORMATS } from "../site/api/formats.js";
import { conversationOf, runTools } from "../site/api/at-call.js";
import { protocolProblems } from "../site/api/protocol-check.js";

let runAgent;
before(async () => {
  runAgent = await startRealLoop();
});

const APPROVAL = new Set(["approval_asked", "approved", "edited", "denied"]);

// run runs an example's code on the real loop with options, and resolves
// to its events, without the times no two runs share.
async function run(example, options = {}) {
  const model = compileEditor(example.model, "model");
  const tools = compileEditor(example.tools, "tools");
  assert.equal(model.error ?? tools.error, undefined, `${example.id}'s code compiles`);
  const events = [];
  await runAgent(model.value, tools.value, example.userMsg, {
    maxSteps: example.maxSteps ?? 10,
    ...(example.toolTimeoutMs ? { toolTimeoutMs: example.toolTimeoutMs } : {}),
    onEvent: (e) => events.push(e),
    ...options,
  }).catch(() => {});
  return { events: JSON.parse(JSON.stringify(events, (k, v) => (k === "ms" || k === "stepMs" ? undefined : v))), tools: tools.value };
}

// The runaway example spins in a synchronous tool, which only the page's
// watchdog can end (by killing its worker): Node would spin with it.
const runnable = EXAMPLES.filter((e) => e.expect.reason !== "timeout");

for (const example of runnable) {
  test(`example ${example.id}: every call approved is the run without approval, apart from the approval events`, async () => {
    const plain = await run(example);
    let asked = 0;
    const approved = await run(example, {
      approve: () => {
        asked++;
        return { decision: "approve" };
      },
    });
    assert.deepEqual(approved.events.filter((e) => !APPROVAL.has(e.kind)), plain.events);
    assert.equal(approved.events.filter((e) => e.kind === "approval_asked").length, asked, "one approval_asked per call asked about");
    assert.equal(plain.events.filter((e) => APPROVAL.has(e.kind)).length, 0, "a run without approve has no approval events");
  });
}

// person plays the approval example's person: it answers each ask the
// worker's approver posts with the next of decide.
function person(decide) {
  const asks = [];
  const post = (msg) => {
    asks.push(msg);
    const next = decide[asks.length - 1];
    queueMicrotask(() => answerApproval({ type: "approval", decision: next }));
  };
  return { asks, post };
}

test("the approval example: a denial, and the model's recovery, end as it declares", async () => {
  const example = exampleById("approval");
  const tools = compileEditor(example.tools, "tools").value;
  assert.deepEqual(approvalTools(tools), ["delete"], "the Tools editor marks delete, and only it");
  const p = person(example.decide);
  const { events } = await run(example, { approve: makeApprover(approvalTools(tools), [], p.post) });
  const done = events.at(-1);
  assert.equal(done.reason, example.expect.reason);
  assert.equal(done.text, example.expect.text);
  assert.deepEqual(p.asks.map((a) => `${a.step}:${a.call} ${a.name} ${JSON.stringify(a.args)}`), ['2:0 delete {"path":"photos/"}', '3:0 delete {"path":"cache/"}'],
    "the person is asked about each delete, and about nothing else");
  const denied = done.messages.find((m) => m.role === "tool" && m.content.startsWith("error: denied"));
  assert.deepEqual(denied, { role: "tool", name: "delete", content: "error: denied: not my photos" }, "the denied call keeps its tool message");
  assert.deepEqual(decisions(events), [
    { step: 1, call: 0, name: "list_files", decision: "approve" },
    { step: 2, call: 0, name: "delete", decision: "deny", reason: "not my photos" },
    { step: 3, call: 0, name: "delete", decision: "approve" },
  ], "the events hold every decision");
});

test("recorded decisions replay without asking; from the fork on, the person decides again", async () => {
  const example = exampleById("approval");
  const first = await run(example, { approve: makeApprover(["delete"], [], person(example.decide).post) });
  // A fork at model call 3 replays the decisions of calls 1 and 2.
  const p = person([{ decision: "edit", args: { path: "notes.txt" } }]);
  const { events } = await run(example, { approve: makeApprover(["delete"], decisions(first.events, 3), p.post) });
  assert.equal(p.asks.length, 1, "only the call at the fork is asked about");
  assert.equal(p.asks[0].step, 3);
  assert.equal(events.at(-1).text, "Done: deleted notes.txt. I left photos/ alone (not my photos).", "the replayed denial, then the new edit");
  assert.deepEqual(decisions(events).at(-1), { step: 3, call: 0, name: "delete", decision: "edit", args: { path: "notes.txt" } });
});

test("approve this tool for the rest of the run asks about it no more", async () => {
  const example = exampleById("approval");
  const asks = [];
  const approve = makeApprover(["delete"], [], (msg) => {
    asks.push(msg);
    queueMicrotask(() => answerApproval({ type: "approval", decision: { decision: "approve" }, always: true }));
  });
  const model = [
    { type: "tool", name: "delete", args: { path: "a" } },
    { type: "tool", calls: [{ name: "delete", args: { path: "b" } }, { name: "delete", args: { path: "c" } }] },
    { type: "final", content: "ok" },
  ];
  const events = [];
  await runAgent(model, compileEditor(example.tools, "tools").value, "go", { approve, onEvent: (e) => events.push(e) });
  assert.equal(asks.length, 1, "asked once, then approved for the run");
  assert.equal(events.filter((e) => e.kind === "approved").length, 3, "every call has its approved event");
});

test("a tool is marked only by an own needsApproval of true", () => {
  const getter = () => 1;
  Object.defineProperty(getter, "needsApproval", { get() { throw new Error("gotcha"); } });
  const inherited = Object.assign(Object.create({ needsApproval: true }), {});
  assert.deepEqual(approvalTools({ a: Object.assign(() => 1, { needsApproval: true }), b: Object.assign(() => 1, { needsApproval: "yes" }), c: getter, d: () => 1, e: inherited }), ["a"]);
  assert.equal(makeApprover([], [], () => {}), undefined, "no marked tool: no approve option, and the run is as before");
});

test("edited arguments must be a JSON object, and say what is wrong", () => {
  assert.deepEqual(parseArgs('{"path": "/tmp"}'), { args: { path: "/tmp" } });
  assert.match(parseArgs("{path}").error, /^The arguments are not JSON: /);
  assert.match(parseArgs("[1]").error, /must be a JSON object .* this is an array/);
  assert.match(parseArgs("null").error, /this is null/);
});

test("a run file keeps the decisions: reopened, it holds the same ones, and a bad one is named", async () => {
  const example = exampleById("approval");
  const { events } = await run(example, { approve: makeApprover(["delete"], [], person(example.decide).post) });
  const trace = new Trace({ model: example.model, tools: example.tools, userMsg: example.userMsg, maxSteps: 10, timeLimitMs: 2000, toolTimeoutMs: 0 });
  trace.push(events);
  const reopened = readRunFile(runFileJSON(trace));
  assert.equal(reopened.error, undefined, `the file reads back: ${reopened.error}`);
  assert.deepEqual(decisions(reopened.events), decisions(events));
  const broken = JSON.parse(runFileJSON(trace));
  broken.events.find((e) => e.kind === "denied").call = "first";
  assert.match(readRunFile(JSON.stringify(broken)).error, /\(denied\) has call the string "first"; it must be a whole number from 0\./);
});

test("the step view words each approval event", () => {
  const e = { step: 2, call: 0, name: "delete", ms: 1500 };
  assert.equal(describeEvent({ ...e, kind: "approval_asked", phase: "approval" }), "Step 2: tool 'delete' waits for approval before it runs.");
  assert.equal(describeEvent({ ...e, kind: "approved", phase: "approval" }), "Step 2: tool 'delete' was approved after 1.50 s.");
  assert.equal(describeEvent({ ...e, kind: "denied", phase: "approval", reason: "not my photos" }), "Step 2: tool 'delete' was denied after 1.50 s: not my photos");
  assert.equal(describeEvent({ ...e, kind: "tool_end", phase: "denied", content: "error: denied: no", failed: true }),
    `Step 2: tool 'delete' was denied: it did not run, and the model will see "error: denied: no".`);
});

test("as a real API: the denied call's result is in each provider's format, the protocol check passes, and fails without it", async () => {
  const example = exampleById("approval");
  const { events } = await run(example, { approve: makeApprover(["delete"], [], person(example.decide).post) });
  const trace = new Trace({ model: example.model, tools: example.tools, userMsg: example.userMsg, maxSteps: 10, timeLimitMs: 2000, toolTimeoutMs: 0 });
  trace.push(events);
  const denial = "error: denied: not my photos";
  for (const f of FORMATS) {
    const body = JSON.stringify(conversationOf(trace, f.id));
    const wire = {
      chat: /"role":"tool","tool_call_id":"[^"]+","content":"error: denied: not my photos"/,
      responses: /"type":"function_call_output","call_id":"[^"]+","output":"error: denied: not my photos"/,
      anthropic: /"type":"tool_result","tool_use_id":"[^"]+","content":"error: denied: not my photos","is_error":true/,
    }[f.id];
    assert.match(body, wire, `${f.label}: the denied call's result, joined to its call by its id`);
    assert.deepEqual(protocolProblems(f.id, trace.messages(), runTools(trace)), [], `${f.label}: a denied call with its result breaks no rule`);
    // The bug the providers refuse: a denial that leaves the call without
    // its result.
    const dropped = trace.messages().filter((m) => !(m.role === "tool" && m.message.content === denial));
    const problems = protocolProblems(f.id, dropped, runTools(trace)).map((p) => p.text);
    assert.equal(problems.length, 1, `${f.label}: ${JSON.stringify(problems)}`);
    assert.match(problems[0], /^messages\[3\] \(assistant, model call 2\) calls delete with id \S+, but no tool message answers it/);
  }
});
