// The model a fork ran, as code: run as a plain Model editor, it answers
// every call as the fork did (the replayed answers, then the Model
// editor's model, worker/drive.js), so a saved fork runs again the same.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forkModel as forkModelOf } from "../site/run/fork-model.js";
import { compileEditor } from "../site/worker/compile.js";
import { jsValue } from "../site/run/actions.js";
import { driveModel as workerDriveModel } from "../site/worker/drive.js";

// forkModel gives the answers as the page does (run/export.js).
const forkModel = (source, answers) => forkModelOf(source, answers.map((a) => jsValue(a, "  ")));

// driveModel is worker/drive.js's, with no page to post to.
function driveModel(model, drive) {
  return workerDriveModel(model, drive, () => {}, []);
}

// compile gives the model the worker would run for the Model editor's code.
function compile(source) {
  const got = compileEditor(source, "model");
  assert.equal(got.error, undefined, `the code compiles: ${JSON.stringify(got.error)}\n${source}`);
  return got.value;
}

const TOOLS = {
  add: ({ a, b }) => a + b,
  price: ({ item }) => ({ apple: 0.5, pear: 0.75 })[item],
  multiply: ({ a, b }) => a * b,
};

// loop runs the loop's rules on model (an array: the k-th call gets the
// k-th entry; or a function) and returns the messages and how it ended.
async function loop(model, userMsg = "What is 2 + 3?", maxSteps = 6) {
  const messages = [{ role: "user", content: userMsg }];
  for (let step = 1; step <= maxSteps; step++) {
    let action;
    try {
      if (Array.isArray(model)) {
        if (step > model.length) throw new Error(`script exhausted at step ${step}`);
        action = model[step - 1];
      } else {
        action = await model(messages);
      }
    } catch (err) {
      return { messages, end: `model_error: ${err.message}` };
    }
    messages.push(action);
    if (action.type === "final") return { messages, end: `final: ${action.content}` };
    for (const c of action.calls || [action]) {
      messages.push({ role: "tool", name: c.name, content: String(TOOLS[c.name](c.args)) });
    }
  }
  return { messages, end: "max_steps" };
}

// plain copies a run's messages as JSON, as the page's events carry them.
const plain = (run) => JSON.parse(JSON.stringify(run));

// assertRunsAsTheFork checks that the code forkModel gives, run as it is,
// gives the run that source's model gave driven with the replay.
async function assertRunsAsTheFork(source, replay, userMsg) {
  const fork = plain(await loop(driveModel(compile(source), { kind: "fork", replay }), userMsg));
  const code = forkModel(source, replay);
  const again = plain(await loop(compile(code), userMsg));
  assert.deepEqual(again, fork, `run as a plain model, the fork's code gives the fork's run:\n${code}`);
  return { fork, code };
}

const SEED = `// Scripted responses: the k-th model call gets the k-th action.
[
  { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },
  { role: "assistant", type: "final", content: "The answer is 5." },
]
`;

const CHAIN = `// A model(messages) function: it reads the messages so far and decides.
function model(messages) {
  const last = messages[messages.length - 1];
  if (last.role === "user") return { role: "assistant", type: "tool", name: "price", args: { item: "apple" } };
  if (last.name === "price") return { role: "assistant", type: "tool", name: "multiply", args: { a: Number(last.content), b: 3 } };
  return { role: "assistant", type: "final", content: "Three cost " + last.content + "." };
}
`;

test("a forked array becomes the array the fork ran: the answers, then the entries that followed", async () => {
  const edited = { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 30 } };
  const { fork, code } = await assertRunsAsTheFork(SEED, [edited]);
  assert.equal(fork.end, "final: The answer is 5.");
  assert.equal(fork.messages[2].content, "32", "the fork's tool ran on the edited call");
  assert.equal(
    code,
    `// Forked at model call 1: entry 1 is the edited answer; the rest are
// the Model editor's entries that followed.
[
  { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 30 } },
  { role: "assistant", type: "final", content: "The answer is 5." },
]
`,
    "a learner reads a scripted array, the later entry as it was written",
  );
});

test("a fork past the end of its array runs out where the fork did", async () => {
  const replay = [
    { role: "assistant", type: "tool", name: "add", args: { a: 1, b: 1 } },
    { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 2 } },
  ];
  const { fork } = await assertRunsAsTheFork(SEED, replay);
  assert.equal(fork.end, "model_error: script exhausted at step 3");
});

test("a forked function answers the replayed calls, then is called as the fork called it", async () => {
  const edited = { role: "assistant", type: "tool", name: "price", args: { item: "pear" } };
  const { fork, code } = await assertRunsAsTheFork(CHAIN, [edited], "How much do three cost?");
  assert.equal(fork.end, "final: Three cost 2.25.", "the fork's later calls went to the function, reading the edited result");
  assert.match(code, /^\/\/ Forked at model call 1: call 1 gets the edited answer in `answers`;\n/);
  assert.ok(code.includes(CHAIN.trim()), "the function is kept as it was written");
});

test("statements, state kept between calls and arrays they build are forked as they ran", async () => {
  const counting = `let calls = 0;
function model(messages) {
  calls++;
  if (calls < 3) return { type: "tool", name: "add", args: { a: calls, b: messages.length } };
  return { type: "final", content: "model call " + calls + " of this function" };
}
`;
  const a = { type: "tool", name: "add", args: { a: 7, b: 7 } };
  const b = { type: "tool", name: "add", args: { a: 8, b: 8 } };
  const { fork } = await assertRunsAsTheFork(counting, [a, b]);
  // Call 3 is the function's first: it answers its third call, call 5.
  assert.equal(fork.end, "final: model call 3 of this function");
  assert.equal(fork.messages.filter((m) => m.type).length, 5);

  const built = `const model = [1, 2, 3].map((n) => ({ type: "tool", name: "add", args: { a: n, b: n } }));\nmodel.push({ type: "final", content: "built" });\n`;
  await assertRunsAsTheFork(built, [a, b]);
  const spread = `[...[{ type: "tool", name: "add", args: { a: 1, b: 1 } }], { type: "final", content: "spread" }]`;
  await assertRunsAsTheFork(spread, [a]);
});

test("a saved fork forked again, at any call, runs as a fork of that code", async () => {
  const edited = { role: "assistant", type: "tool", name: "price", args: { item: "pear" } };
  for (const source of [CHAIN, SEED]) {
    const first = forkModel(source, [edited]);
    const { messages } = plain(await loop(compile(first), "How much?"));
    const answers = messages.filter((m) => m.role !== "user" && m.role !== "tool");
    // Forking the saved fork with the answers it gave changes nothing.
    for (let at = 1; at <= answers.length; at++) {
      const { fork } = await assertRunsAsTheFork(first, answers.slice(0, at), "How much?");
      assert.deepEqual(fork, plain(await loop(compile(first), "How much?")), `forked again at call ${at} with its own answers`);
    }
    await assertRunsAsTheFork(first, [edited, { type: "final", content: "changed my mind" }], "How much?");
  }
});

test("code that does not parse gives no fork model", () => {
  assert.equal(forkModel("[{ type: ", [{ type: "final", content: "x" }]), null);
});
