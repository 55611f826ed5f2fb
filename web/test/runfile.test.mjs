// The run file: what Export JSON writes is what Open run reads back, and
// a file that is broken, from elsewhere or from a newer page is refused
// with a message naming what is wrong, never with an exception.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace } from "../site/run/trace.js";
import { RUN_FORMAT, RUN_VERSION, checkRunFile, readRunFile, runFile, runFileJSON } from "../site/run/runfile.js";
import { fieldsOf as runFields } from "../site/lib/run-inputs.js";

const inputs = { model: "[\n  { type: \"final\", content: \"hi\" },\n]\n", tools: "{}", userMsg: "Hello?", maxSteps: 10, timeLimitMs: 2000, toolTimeoutMs: 300 };

function seedEvents() {
  return [
    { kind: "message", phase: "user", role: "user", step: 0, index: 0, message: { role: "user", content: "What is 2 + 3?" } },
    { kind: "model_start", phase: "model", step: 1 },
    { kind: "model_end", phase: "model", step: 1, ms: 0.2 },
    { kind: "message", phase: "action", role: "assistant", step: 1, index: 1, message: { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } } },
    { kind: "tool_start", phase: "tool", step: 1, call: 0, name: "add" },
    { kind: "tool_end", phase: "tool_output", step: 1, call: 0, name: "add", content: "5", failed: false, ms: 0.1 },
    { kind: "message", phase: "result", role: "tool", failed: false, step: 1, index: 2, message: { role: "tool", name: "add", content: "5" } },
    { kind: "model_start", phase: "model", step: 2 },
    { kind: "model_end", phase: "model", step: 2, ms: 0.2 },
    { kind: "message", phase: "action", role: "assistant", step: 2, index: 3, message: { role: "assistant", type: "final", content: "The answer is 5." } },
    { kind: "done", phase: "final", step: 2, reason: "final", text: "The answer is 5.", steps: 2, ms: 3, stepMs: [1, 2] },
  ];
}

function seedTrace() {
  const t = new Trace(inputs);
  t.push(seedEvents());
  return t;
}

function validFile() {
  return JSON.parse(runFileJSON(seedTrace()));
}

test("a run file holds the format, the version, the inputs with the editors' code, and every event", () => {
  const f = validFile();
  assert.equal(f.format, "agentloop-run");
  assert.equal(f.version, 1);
  assert.deepEqual(f.inputs, { model: inputs.model, tools: "{}", userMsg: "Hello?", maxSteps: 10, timeLimitMs: 2000, toolTimeoutMs: 300 });
  assert.deepEqual(f.events, seedEvents());
  assert.deepEqual(runFile(seedTrace()).events, seedEvents());
});

test("reading a saved run gives back its inputs and events", () => {
  const got = readRunFile(runFileJSON(seedTrace()));
  assert.equal(got.error, undefined, got.error);
  assert.deepEqual(got.inputs, { ...inputs, contextBudget: 0, trim: "tool_outputs" }, "a run with no context budget reopens with none");
  assert.deepEqual(got.events, seedEvents());
  const t = new Trace(got.inputs);
  t.push(got.events);
  assert.equal(t.messages().length, 4, "the reopened trace has the run's four messages");
  assert.equal(t.done.text, "The answer is 5.");
});

test("a reopened run fills every field as it was when the run was saved, the tool timeout too", () => {
  const got = readRunFile(runFileJSON(seedTrace()));
  assert.deepEqual(runFields(got.inputs), {
    model: inputs.model,
    tools: "{}",
    userMsg: "Hello?",
    maxSteps: "10",
    timeLimitMs: "2000",
    toolTimeoutMs: "300",
    contextBudget: "",
    trim: "tool_outputs",
  });
});

test("a run with a context budget saves it with its strategy, and reopens with both", () => {
  const t = new Trace({ ...inputs, contextBudget: 300, trim: "exchanges" });
  t.push(seedEvents());
  const text = runFileJSON(t);
  const saved = JSON.parse(text).inputs;
  assert.equal(saved.contextBudget, 300);
  assert.equal(saved.trim, "exchanges");
  const fields = runFields(readRunFile(text).inputs);
  assert.equal(fields.contextBudget, "300");
  assert.equal(fields.trim, "exchanges");
  assert.equal(Object.hasOwn(JSON.parse(runFileJSON(seedTrace())).inputs, "trim"), false, "a run with no budget saves neither");
});

test("a run file with a bad context budget or strategy is refused, saying which", () => {
  const f = validFile();
  f.inputs.contextBudget = -5;
  assert.equal(checkRunFile(f).error, "inputs.contextBudget must be a whole number of tokens from 0 (0: no budget); it is number -5.");
  const g = validFile();
  g.inputs.trim = "middle";
  assert.match(checkRunFile(g).error, /inputs\.trim must be one of "tool_outputs", "exchanges", "none"; it is/);
});

test("a run with no tool timeout saves 0 and reopens with the field empty", () => {
  const t = new Trace({ ...inputs, toolTimeoutMs: 0 });
  t.push(seedEvents());
  const text = runFileJSON(t);
  assert.equal(JSON.parse(text).inputs.toolTimeoutMs, 0, "0 is runAgent's no limit");
  assert.equal(runFields(readRunFile(text).inputs).toolTimeoutMs, "");
});

test("a run file written before the tool timeout still opens, with none", () => {
  const f = validFile();
  delete f.inputs.toolTimeoutMs;
  const got = checkRunFile(f);
  assert.equal(got.error, undefined, got.error);
  assert.equal(got.inputs.toolTimeoutMs, 0);
  assert.equal(runFields(got.inputs).toolTimeoutMs, "", "the Tool timeout field is empty: no limit, as the run had");
});

test("a fork saves the model it ran and where it forked; reopened and saved again, it is the same file", () => {
  const t = seedTrace();
  t.forkedAt = 1;
  const model = "// the model the fork ran\n[]\n";
  const f = runFile(t, { model });
  assert.equal(f.inputs.model, model, "Run after Open run runs the model the fork ran, not the Model editor's");
  assert.deepEqual(f.fork, { at: 1 });
  assert.equal(f.version, 1, "a page that does not know forks still reads the file, and runs the fork's model");

  const got = readRunFile(JSON.stringify(f));
  assert.equal(got.error, undefined, got.error);
  assert.equal(got.forkedAt, 1, "Open run knows the run is a fork");
  assert.equal(got.inputs.model, model);
  const reopened = new Trace(got.inputs);
  reopened.push(got.events);
  reopened.forkedAt = got.forkedAt;
  assert.deepEqual(runFile(reopened), f);
});

test("a run that is no fork, and a file written before files said so, read as no fork", () => {
  const f = validFile();
  assert.equal("fork" in f, false, "a plain run's file has no fork");
  assert.equal(readRunFile(JSON.stringify(f)).forkedAt, 0);
});

test("events without a phase are read: the Loop panel then lights no line for them", () => {
  const f = validFile();
  for (const e of f.events) delete e.phase;
  assert.equal(checkRunFile(f).error, undefined);
});

// Each case changes a valid file and names the message the user must see.
const broken = [
  ["not JSON", () => ({ text: "{format:" }), /not a run file: it is not JSON/],
  ["an array", () => ({ text: "[]" }), /holds an array, not an object/],
  ["no format", (f) => delete f.format, /has no "format"/],
  ["another format", (f) => (f.format = "something-else"), /format is the string "something-else", not "agentloop-run"/],
  ["a newer version", (f) => (f.version = 2), /^This run file is version 2; this page reads version 1\.$/],
  ["a version that is text", (f) => (f.version = "1"), /version is the string "1"/],
  ["version 0", (f) => (f.version = 0), /version is number 0/],
  ["no inputs", (f) => delete f.inputs, /inputs must be an object; it has nothing/],
  ["model code that is not text", (f) => (f.inputs.model = 42), /inputs\.model must be a string \(the Model editor's code\); it is number 42/],
  ["no user message", (f) => delete f.inputs.userMsg, /inputs\.userMsg must be a string/],
  ["negative max steps", (f) => (f.inputs.maxSteps = -1), /inputs\.maxSteps must be a whole number from 0; it is number -1/],
  ["a time limit of zero", (f) => (f.inputs.timeLimitMs = 0), /inputs\.timeLimitMs must be a number of milliseconds above 0/],
  ["a tool timeout that is text", (f) => (f.inputs.toolTimeoutMs = "300"), /inputs\.toolTimeoutMs must be a whole number of milliseconds from 0 \(0: no limit per tool call\); it is the string "300"/],
  ["a negative tool timeout", (f) => (f.inputs.toolTimeoutMs = -5), /inputs\.toolTimeoutMs must be a whole number .*; it is number -5/],
  ["events that are not a list", (f) => (f.events = {}), /events must be an array; it has an object/],
  ["no events", (f) => (f.events = []), /has no events/],
  ["an event with no kind", (f) => delete f.events[3].kind, /^events\[3\] has no kind\.$/],
  ["an event of an unknown kind", (f) => (f.events[2].kind = "teleport"), /events\[2\] has kind the string "teleport", which this page does not know/],
  ["an event that is a number", (f) => (f.events[1] = 7), /events\[1\] is number 7, not an event object/],
  ["a step that is text", (f) => (f.events[4].step = "1"), /events\[4\] \(tool_start\) has step the string "1"/],
  ["a message event without its message", (f) => delete f.events[6].message, /events\[6\] is a message event with no message/],
  ["a tool end without content", (f) => delete f.events[5].content, /events\[5\] \(tool_end\) has content nothing/],
  ["a tool start without a name", (f) => (f.events[4].name = null), /events\[4\] \(tool_start\) has name null/],
  ["events after done", (f) => f.events.push({ kind: "model_start", step: 3 }), /events\[10\] is the run's done event, yet 1 more events follow it/],
  ["a done event without reason", (f) => delete f.events[10].reason, /events\[10\] \(done\) has reason nothing/],
  ["no done event", (f) => void f.events.pop(), /^The run file has no done event: it ends at events\[9\], a message event, so the run's end is missing/],
  ["only the user's message", (f) => void f.events.splice(1), /^The run file has no done event: it ends at events\[0\], a message event/],
  ["a fork that is not an object", (f) => (f.fork = 2), /^The run file's fork must be an object such as \{"at": 2\}; it has number 2\.$/],
  ["a fork at model call 0", (f) => (f.fork = { at: 0 }), /^fork\.at must be the model call the run was forked at, a whole number from 1; it is number 0\.$/],
  ["a fork with no call", (f) => (f.fork = {}), /^fork\.at must be .*; it is nothing\.$/],
  ["a run that does not start with a message", (f) => f.events.shift(), /events\[0\] is a model_start event; a run starts with the user's message/],
  ["an unknown role", (f) => (f.events[0].role = "system"), /events\[0\]\.role is the string "system"/],
  ["a message without a role", (f) => delete f.events[3].role, /^events\[3\] is a message event with no role\.$/],
  // "What the model sees" looked messages up by these indexes, and threw
  // a TypeError at every render.
  ["message indexes that do not match", (f) => (f.events[6].index = 7), /^events\[6\] is message 2 of the run \(counting from 0\), yet its index is number 7: a message event's index is its place among the run's messages\.$/],
  // Opened, such args threw an uncaught RangeError (100,000 deep) or
  // took 16 s (5,000 deep).
  ["args nested 100,000 deep", (f) => deepArgs(f, 100_000), /^events\[3\] is nested more than 64 deep \(at events\[3\]\.message\.args\.a\.a.*\); a run file's values go at most 64 deep\.$/],
  ["args nested 5,000 deep", (f) => deepArgs(f, 5_000), /^events\[3\] is nested more than 64 deep/],
];

// deepArgs gives the text of file f with the first action's args nested
// depth deep (JSON.stringify itself cannot write it).
function deepArgs(f, depth) {
  f.events[3].message.args = "DEEP";
  return { text: JSON.stringify(f).replace('"DEEP"', '{"a":'.repeat(depth) + "{}" + "}".repeat(depth)) };
}

for (const [name, change, want] of broken) {
  test(`a run file with ${name} is refused, saying so`, () => {
    const f = validFile();
    const r = change(f);
    const text = r && typeof r.text === "string" ? r.text : JSON.stringify(f);
    const got = readRunFile(text);
    assert.equal(got.inputs, undefined, "a broken file gives no run");
    assert.match(got.error, want);
  });
}

test("the version the page reads is 1", () => {
  assert.equal(RUN_FORMAT, "agentloop-run");
  assert.equal(RUN_VERSION, 1);
});

// A small deterministic random source, so a failure can be replayed.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomJSON(r, depth) {
  const pick = Math.floor(r() * (depth > 3 ? 5 : 8));
  switch (pick) {
    case 0: return null;
    case 1: return r() < 0.5;
    case 2: return [0, -1, 1.5, 1e308, 2, 42][Math.floor(r() * 6)];
    case 3: return ["", "message", "done", "agentloop-run", "x".repeat(50)][Math.floor(r() * 5)];
    case 4: return undefined;
    case 5: return Array.from({ length: Math.floor(r() * 4) }, () => randomJSON(r, depth + 1));
    default: {
      const keys = ["format", "version", "inputs", "events", "kind", "step", "message", "model", "tools", "userMsg", "maxSteps", "timeLimitMs", "toolTimeoutMs", "call", "name", "content", "reason", "role", "ms"];
      const o = {};
      for (let i = Math.floor(r() * 6); i > 0; i--) o[keys[Math.floor(r() * keys.length)]] = randomJSON(r, depth + 1);
      return o;
    }
  }
}

// mutate changes one random place of a valid file to a random value.
function mutate(r, f) {
  const paths = [];
  const walk = (v, path) => {
    paths.push(path);
    if (v && typeof v === "object") for (const k of Object.keys(v)) walk(v[k], [...path, k]);
  };
  walk(f, []);
  const path = paths[1 + Math.floor(r() * (paths.length - 1))];
  let o = f;
  for (const k of path.slice(0, -1)) o = o[k];
  const last = path[path.length - 1];
  if (r() < 0.3) delete o[last];
  else o[last] = randomJSON(r, 0);
  return f;
}

test("random JSON shapes and damaged run files give an error message, never an exception", () => {
  const r = rng(20261201);
  let refused = 0;
  for (let i = 0; i < 3000; i++) {
    const value = i % 2 ? randomJSON(r, 0) : mutate(r, validFile());
    const text = JSON.stringify(value) ?? "null";
    let got;
    assert.doesNotThrow(() => {
      got = readRunFile(text);
    }, `input ${i}: ${text}`);
    if (got.error !== undefined) {
      refused++;
      assert.equal(typeof got.error, "string", `input ${i} gives a message`);
      assert.ok(got.error.length > 10 && !/undefined|\[object/.test(got.error), `input ${i} gives a readable message: ${got.error}`);
    } else {
      // What is accepted is what the page can show.
      assert.ok(Array.isArray(got.events) && got.events.length > 0, `input ${i}`);
      assert.equal(got.events[got.events.length - 1].kind, "done", `input ${i} ends with how the run ended`);
      assert.ok(Number.isSafeInteger(got.forkedAt) && got.forkedAt >= 0, `input ${i}`);
      assert.equal(typeof got.inputs.model, "string");
    }
  }
  assert.ok(refused > 1500, `most random inputs are refused (${refused} of 3000)`);
  for (const text of ["", "null", "1", '"x"', "[[[[", "{}".repeat(3), "\u0000"]) {
    assert.match(readRunFile(text).error, /not a run file|not JSON/, `text ${JSON.stringify(text)}`);
  }
  assert.match(readRunFile(undefined).error, /not text/);
});
