// Event lists for the tests of the learner's views (the sequence diagram,
// what the model sees, per-step times), in the shape of the event
// contract: every event has its phase, messages their role.

export function seedRun() {
  const user = { role: "user", content: "What is 2 + 3?" };
  const call = { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } };
  const result = { role: "tool", name: "add", content: "5" };
  const final = { role: "assistant", type: "final", content: "The answer is 5." };
  return [
    { kind: "message", phase: "user", role: "user", step: 0, index: 0, message: user },
    { kind: "model_start", phase: "model", step: 1 },
    { kind: "model_end", phase: "model", step: 1, ms: 0.2 },
    { kind: "message", phase: "action", role: "assistant", step: 1, index: 1, message: call },
    { kind: "tool_start", phase: "tool", step: 1, call: 0, name: "add" },
    { kind: "tool_end", phase: "tool_output", step: 1, call: 0, name: "add", content: "5", failed: false, ms: 0.1 },
    { kind: "message", phase: "result", role: "tool", failed: false, step: 1, index: 2, message: result },
    { kind: "model_start", phase: "model", step: 2 },
    { kind: "model_end", phase: "model", step: 2, ms: 0.3 },
    { kind: "message", phase: "action", role: "assistant", step: 2, index: 3, message: final },
    { kind: "done", phase: "final", step: 2, reason: "final", text: "The answer is 5.", steps: 2, ms: 3, stepMs: [1, 2] },
  ];
}

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
