// The step view's words for each event come from the event's phase; a
// tool name the model left out is named as missing, never "undefined".
import { test } from "node:test";
import assert from "node:assert/strict";
import { describeEvent } from "../site/run/phases.js";
import { fmtCount, fmtMs, toolName } from "../site/util/format.js";
import { addRun } from "./events.mjs";

test("each event of a run is described", () => {
  const words = addRun().map(describeEvent);
  assert.deepEqual(words, [
    "The user's message starts the transcript.",
    "Step 1: the loop calls the model with the messages so far.",
    "Step 1: the model answered in 0.20 ms.",
    "Step 1: the model's action is appended to the messages.",
    "Step 1: the loop calls tool 'add'.",
    "Step 1: tool 'add' returned in 0.10 ms.",
    "Step 1: the output of tool 'add' is appended to the messages.",
    "Step 2: the loop calls the model with the messages so far.",
    "Step 2: the model answered in 0.30 ms.",
    "Step 2: the model's action is appended to the messages.",
    "The model's final answer ends the run.",
  ]);
});

test("a tool's end is worded by the line that ended it, not by its output", () => {
  const end = (phase, failed, content) => describeEvent({ kind: "tool_end", phase, step: 3, call: 0, name: "search", content, failed, ms: 2 });
  assert.equal(end("unknown_tool", true, "error: unknown tool 'search'"), "Step 3: tool 'search' is unknown: the model will see the error.");
  assert.equal(end("tool_error", true, "error: boom"), "Step 3: tool 'search' failed after 2.0 ms: the model will see the error.");
  assert.equal(end("tool_output", false, "error: looks like one, is not"), "Step 3: tool 'search' returned in 2.0 ms.");
});

test("a failed tool's message says the model will see the error", () => {
  const e = { kind: "message", phase: "result", role: "tool", failed: true, step: 1, message: { role: "tool", name: "divide", content: "error: division by zero" } };
  assert.equal(describeEvent(e), "Step 1: the error of tool 'divide' is appended to the messages, for the model to see.");
});

test("each way a run ends is worded from the done event's phase", () => {
  const done = (phase, reason, error) => describeEvent({ kind: "done", phase, reason, error, step: 2, steps: 2, ms: 1, text: "" });
  const cases = [
    [done("final", "final"), /final answer ends the run/],
    [done("max_steps", "max_steps"), /steps ran out.*Stopped: reached max steps\./],
    [done("error_model", "model_error", "step 2: model: boom"), /^The model call failed, which ends the run: step 2: model: boom$/],
    // Stop pressed while the model (or a person playing it) is answering.
    [done("error_model", "canceled", "step 1: aborted"), /^The run was canceled during the model call, which ends it\.$/],
    [done("error_calls", "model_error", "step 2: malformed action: tool action has no string \"name\""), /calls cannot be read/],
    [done("error_type", "model_error", "step 2: malformed action: type \"x\""), /neither a final answer nor a tool call/],
    [done("canceled_before_model", "canceled", "step 1: aborted"), /canceled before the next model call/],
    [done("canceled_after_tools", "canceled", "step 1: aborted"), /canceled while the tools ran/],
    [done("tool", "timeout", "tool 'spin' at step 1 did not return within 500 ms"), /^A call ran away.*tool 'spin' at step 1/],
    [done(undefined, "crashed", "the engine could not start"), /crashed: the engine could not start/],
  ];
  for (const [got, want] of cases) assert.match(got, want);
});

test("a missing or odd tool name is named as such", () => {
  assert.equal(toolName("add"), "add");
  assert.equal(toolName(undefined), "(missing name)");
  assert.equal(toolName(null), "(missing name)");
  assert.equal(toolName(""), "(empty name)");
  assert.equal(toolName(42), "(name 42)");
  const start = describeEvent({ kind: "tool_start", phase: "tool", step: 1, call: 0 });
  assert.equal(start, "Step 1: the loop calls tool '(missing name)'.");
  assert.doesNotMatch(start, /undefined/);
});

test("durations and counts are formatted for people", () => {
  assert.equal(fmtMs(0.123), "0.12 ms");
  assert.equal(fmtMs(35), "35.0 ms");
  assert.equal(fmtMs(350), "350 ms");
  assert.equal(fmtMs(1250), "1.25 s");
  assert.equal(fmtMs(NaN), "0 ms");
  assert.equal(fmtCount(10000), "10,000");
  assert.equal(fmtCount(999), "999");
});
