// Event lists for the tests of the learner's views (the sequence diagram,
// what the model sees, per-step times), in the shape of the event
// contract: every event has its phase, messages their role.

// seedRun is the seed example's run, as the other page tests use it.
export { addRun as seedRun } from "./events.mjs";

// parallelRun has one action with two calls; the second ends first.
export function parallelRun() {
  const calls = [
    { id: "c1", name: "weather", args: { city: "Paris" } },
    { id: "c2", name: "weather", args: { city: "Tokyo" } },
  ];
  return [
    { kind: "message", phase: "user", role: "user", step: 0, index: 0, message: { role: "user", content: "Paris and Tokyo?" } },
    { kind: "model_start", phase: "model", step: 1 },
    { kind: "model_end", phase: "model", step: 1, ms: 0.1 },
    { kind: "message", phase: "action", role: "assistant", step: 1, index: 1, message: { type: "tool", calls } },
    { kind: "tool_start", phase: "tool", step: 1, call: 0, name: "weather", id: "c1" },
    { kind: "tool_start", phase: "tool", step: 1, call: 1, name: "weather", id: "c2" },
    { kind: "tool_end", phase: "tool_output", step: 1, call: 1, name: "weather", id: "c2", content: "clear", failed: false, ms: 50 },
    { kind: "tool_end", phase: "tool_error", step: 1, call: 0, name: "weather", id: "c1", content: "error: boom", failed: true, ms: 200 },
    { kind: "message", phase: "result", role: "tool", failed: true, step: 1, index: 2, message: { role: "tool", name: "weather", id: "c1", content: "error: boom" } },
    { kind: "message", phase: "result", role: "tool", failed: false, step: 1, index: 3, message: { role: "tool", name: "weather", id: "c2", content: "clear" } },
  ];
}

// longRun is a run of n steps of one tool call each, without a final.
export function longRun(n) {
  const events = [{ kind: "message", phase: "user", role: "user", step: 0, index: 0, message: { role: "user", content: "go" } }];
  let index = 1;
  for (let s = 1; s <= n; s++) {
    events.push({ kind: "model_start", phase: "model", step: s });
    events.push({ kind: "model_end", phase: "model", step: s, ms: 0.01 });
    events.push({ kind: "message", phase: "action", role: "assistant", step: s, index: index++, message: { type: "tool", name: "tick", args: {} } });
    events.push({ kind: "tool_start", phase: "tool", step: s, call: 0, name: "tick" });
    events.push({ kind: "tool_end", phase: "tool_output", step: s, call: 0, name: "tick", content: "t", failed: false, ms: 0.01 });
    events.push({ kind: "message", phase: "result", role: "tool", failed: false, step: s, index: index++, message: { role: "tool", name: "tick", content: "t" } });
  }
  return events;
}
