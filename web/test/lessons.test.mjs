// The lessons of the Learn mode (web/site/learn/): their shape, and what
// they claim about the loop, checked against the real loop. Each lesson's
// setup and its reference answer run through runAgent in main.wasm (the
// Go loop, as the page runs it) with the editors' code compiled as the
// page's worker compiles it: the setup ends as the lesson declares, its
// prediction is answered by one of its choices, its task fails on the
// untouched setup and passes on the reference answer. A change to the
// loop that breaks a lesson fails here.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { LESSONS, lessonAt, matchingLesson, setupState, solutionState, words } from "../site/learn/lessons.js";
import { KINDS, judge } from "../site/learn/predict.js";
import { Run } from "../site/learn/run-facts.js";
import { compileEditor } from "../site/worker/compile.js";
import { approvalTools, makeApprover, answerApproval } from "../site/worker/approve.js";
import { extractLoop, phaseMark } from "../site/views/loop-source.js";
import { startRealLoop } from "./real-loop.mjs";

const phaseGo = readFileSync(new URL("../../agent/phase.go", import.meta.url), "utf8");
const PHASES = new Set([...phaseGo.matchAll(/^\s*Phase\w+\s+Phase = "(\w+)"/gm)].map((m) => m[1]));
const shown = extractLoop(readFileSync(new URL("../../agent/loop.go", import.meta.url), "utf8"));
const LIT = new Set(shown.lines.filter((l) => !l.gap).map((l) => phaseMark(l.text)).filter(Boolean));

test("the tour has at least ten lessons, each one idea in about 200 words", () => {
  assert.ok(LESSONS.length >= 10, `${LESSONS.length} lessons`);
  assert.equal(new Set(LESSONS.map((l) => l.id)).size, LESSONS.length, "lesson ids are unique");
  assert.equal(new Set(LESSONS.map((l) => l.title)).size, LESSONS.length, "lesson titles are unique");
  for (const [i, l] of LESSONS.entries()) {
    assert.equal(lessonAt(i + 1), l, `#lesson=${i + 1} opens ${l.id}`);
    assert.ok(words(l) <= 210, `lesson ${i + 1} (${l.id}) has ${words(l)} words; a lesson is one idea in about 200`);
    assert.ok(l.text.every((p) => (p.match(/`/g) || []).length % 2 === 0), `lesson ${l.id}: every code span is closed`);
    assert.ok(l.task.text && l.task.hint, `lesson ${l.id} has a task and a hint`);
  }
  assert.equal(lessonAt(0), null);
  assert.equal(lessonAt(LESSONS.length + 1), null);
});

test("every lesson lights lines the Loop panel shows, by the phase names of agent/phase.go", () => {
  for (const l of LESSONS) {
    assert.ok(l.phases.length > 0, `lesson ${l.id} teaches some lines`);
    for (const p of l.phases) {
      assert.ok(PHASES.has(p), `lesson ${l.id}: ${p} is a phase of agent/phase.go`);
      assert.ok(LIT.has(p), `lesson ${l.id}: the Loop panel shows the line of ${p}`);
    }
    assert.ok(PHASES.has(l.expect.phase), `lesson ${l.id}: expect.phase ${l.expect.phase} is a phase`);
  }
});

test("every prediction is of a known kind, with distinct choices", () => {
  for (const l of LESSONS) {
    const q = l.predict;
    assert.ok(KINDS[q.kind], `lesson ${l.id}: kind ${q.kind}`);
    assert.ok(q.choices.length >= 2, `lesson ${l.id} offers a few choices`);
    assert.equal(new Set(q.choices.map((c) => JSON.stringify(c.value))).size, q.choices.length, `lesson ${l.id}: choices differ`);
  }
});

test("a lesson's untouched setup is known as the lesson's, an edit of it is not", () => {
  for (const [i, l] of LESSONS.entries()) assert.equal(matchingLesson(setupState(l)), i + 1, l.id);
  assert.equal(matchingLesson({ ...setupState(LESSONS[0]), model: "[]" }), 0);
});

// The real loop, as the page's worker runs it.
let runAgent;
before(async () => {
  runAgent = await startRealLoop();
});

// runState runs an editor state through the real loop and returns its Run;
// a call that waits for approval gets the next of decide, as a person at
// the page would decide it.
async function runState(state, decide = []) {
  const model = compileEditor(state.model, "model");
  const tools = compileEditor(state.tools, "tools");
  assert.ok(!model.error, `the Model editor's code compiles: ${JSON.stringify(model.error)}`);
  assert.ok(!tools.error, `the Tools editor's code compiles: ${JSON.stringify(tools.error)}`);
  const events = [];
  const options = { maxSteps: Number(state.maxSteps), toolTimeoutMs: Number(state.toolTimeoutMs || 0), onEvent: (e) => events.push(e) };
  if (state.contextBudget) Object.assign(options, { contextBudget: Number(state.contextBudget), trim: state.trim });
  let asked = 0;
  const approve = makeApprover(approvalTools(tools.value), [], () => {
    const decision = decide[asked++];
    queueMicrotask(() => answerApproval({ type: "approval", decision }));
  });
  if (approve) options.approve = approve;
  await runAgent(model.value, tools.value, state.userMsg, options).catch(() => {});
  return new Run(events);
}

for (const [i, lesson] of LESSONS.entries()) {
  test(`lesson ${i + 1} (${lesson.id}): its setup ends as declared, its prediction is answerable, its task needs the edit`, async () => {
    const run = await runState(setupState(lesson), lesson.decide);
    const want = lesson.expect;
    assert.equal(run.reason, want.reason, "the setup's stop reason");
    assert.equal(run.phase, want.phase, "the line of the loop that ends the setup's run");
    if (want.text !== undefined) assert.equal(run.result, want.text, "what the loop returns");
    assert.deepEqual(run.failedCalls().map((e) => e.name).sort(), [...(want.failed || [])].sort(), "the calls that fail");

    const q = lesson.predict;
    const answer = KINDS[q.kind].answer(run, q);
    assert.ok(q.choices.some((c) => c.value === answer), `one choice is what the run does (${JSON.stringify(answer)})`);
    const wrong = q.choices.find((c) => c.value !== answer);
    assert.match(judge(q, answer, run).text, /^Right: /, "the right choice is told right");
    assert.match(judge(q, wrong.value, run).text, /^Not quite: /, "a wrong choice is told wrong");

    assert.equal(lesson.task.check(run), false, "the untouched setup does not pass the task");
    const solved = await runState(solutionState(lesson), lesson.decide);
    assert.equal(lesson.task.check(solved), true, `the reference answer passes the task (it ended ${solved.reason} at ${solved.phase}: ${solved.result})`);
  });
}

// The context window's lesson: the prediction at step 8 is read from the
// loop's context event, and says what was left out and what was sent.
test("the context window lesson: at step 8 the model is sent the question and pages 5, 6 and 7, and the explanation says why", async () => {
  const n = LESSONS.findIndex((l) => l.id === "context-window") + 1;
  const lesson = lessonAt(n);
  assert.ok(lesson, "there is a context window lesson");
  assert.equal(setupState(lesson).contextBudget, "300", "the lesson loads its budget into the Context field");
  assert.equal(setupState(lesson).trim, "exchanges", "and what goes first");
  const run = await runState(setupState(lesson));
  assert.deepEqual(run.resultsSentAt(8), [5, 6, 7]);
  assert.deepEqual(run.sentAt(8).dropped, [1, 2, 3, 4, 5, 6, 7, 8]);
  const { text } = judge(lesson.predict, "5,6,7", run);
  assert.match(text, /^Right: Pages 5, 6 and 7\. /);
  assert.match(text, /the transcript held 15 messages, 552 tokens by the loop's estimate: over the budget of 300/);
  assert.match(text, /left out 8 messages \(messages 1 to 8\)/);
  assert.match(text, /sent 7 messages \(244 tokens\): the user's message and results 5, 6 and 7 with their calls/);
  // Without a budget, the same question is answered by the whole list.
  const whole = await runState({ ...setupState(lesson), contextBudget: "" });
  assert.equal(KINDS.resultsSent.answer(whole, lesson.predict), "1,2,3,4,5,6,7");
  assert.match(judge(lesson.predict, "5,6,7", whole).text, /^Not quite: the answer is All seven.*the run had no context budget/);
  assert.equal(lesson.task.check(whole), false, "taking the budget away does not pass the task: it asks for a budget that fits");
});
