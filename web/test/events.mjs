// Event lists as the wasm bridge reports them to the page, for the tests
// of the page's modules: every event has its phase, message events their
// role, tool messages and tool ends whether they failed.

// addRun is the seed example's run: add {a: 2, b: 3}, then the answer.
export function addRun() {
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
    { kind: "done", phase: "final", step: 2, reason: "final", text: "The answer is 5.", steps: 2, ms: 3, stepMs: [1, 2], usage: { input_tokens: 0, output_tokens: 0 } },
  ];
}
