// A tutorial page's use of agentloop.js, typed: make test-types checks it
// against web/site/agentloop.d.ts with tsc --noEmit. In mistakes(), each
// line under an expect-error directive is a mistake the declarations must
// catch: tsc fails when one of them compiles.

import { onProgress, ready, runAgent, runAgentSandboxed } from "../../site/agentloop.js";
import type { Action, AgentEvent, Delta, Message, Model, SandboxedError, Tools } from "../../site/agentloop.js";

const script: Action[] = [
  { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },
  { role: "assistant", type: "final", content: "The answer is 5." },
];

const tools: Tools = {
  add: ({ a, b }: { a: number; b: number }) => a + b,
  async weather({ city }: { city: string }) {
    return { city, sky: "clear" };
  },
};

// A model as a function: it reads the last message to decide.
const model: Model = (messages: readonly Message[]): Action => {
  const last = messages[messages.length - 1];
  if (last.role === "tool") return { type: "final", content: `The answer is ${last.content}.` };
  return { type: "tool", calls: [{ name: "add", args: { a: 2, b: 3 }, id: "c1" }] };
};

// A model that streams: text, then a call whose arguments arrive in pieces.
const streaming: Model = async function* (messages: readonly Message[]): AsyncGenerator<Delta, void, undefined> {
  if (messages.length > 1) {
    yield { text: "The answer is 5." };
    return;
  }
  yield { text: "Adding. " };
  yield { call: 0, name: "add", args: '{"a": 2, ' };
  yield { call: 0, args: '"b": 3}' };
};

// A scripted stream: actions that carry their pieces.
const scriptedStream: Model = [
  { stream: [{ call: 0, name: "add", id: "c1", args: '{"a": 2, "b": 3}' }] },
  { stream: [{ text: "The answer " }, { text: "is 5." }] },
];

// What an event says, as a status line would put it.
function describe(e: AgentEvent): string {
  switch (e.kind) {
    case "message":
      return `${e.role} message ${e.index}${e.failed ? " (failed)" : ""}`;
    case "model_start":
      return `step ${e.step}: the model is called`;
    case "delta":
      return e.call === undefined ? `text so far: ${e.soFar}` : `call ${e.call} arguments so far: ${e.soFar} (open ${e.open})`;
    case "model_end":
      return e.error ? `the model failed: ${e.error}` : `the model answered in ${e.ms} ms`;
    case "tool_start":
      return `tool ${e.name} (call ${e.call})`;
    case "tool_end":
      return `${e.name} gave ${e.content.length} characters${e.failed ? ", failed" : ""}`;
    case "context":
      return `step ${e.step}: ${e.sent} of ${e.budget} tokens sent (${e.trim}: ${e.dropped.length} dropped, ${e.replaced.length} replaced)`;
    case "done":
      return `${e.reason} after ${e.steps} steps: ${e.text || e.error || ""}`;
    case "approval_asked":
      return `tool ${e.name} waits for approval with ${JSON.stringify(e.args)}`;
    case "approved":
    case "edited":
    case "denied":
      return `tool ${e.name} ${e.kind} after ${e.ms} ms${e.reason ? `: ${e.reason}` : ""}`;
  }
}

export async function tutorial(out: HTMLElement): Promise<void> {
  const stop = onProgress((p) => {
    if (p.phase === "download") out.textContent = `${p.received} of ${p.total || "?"} bytes`;
    else if (p.phase === "failed") out.textContent = p.error;
    else out.textContent = p.phase;
  });
  await ready;
  stop();

  const controller = new AbortController();
  const answer: string = await runAgent(script, tools, "What is 2 + 3?", {
    maxSteps: 5,
    onEvent: (e) => console.log(describe(e)),
    signal: controller.signal,
    toolTimeoutMs: 500,
    maxTranscriptBytes: Infinity,
    approve: async (call) => (call.name === "add" && call.args.a === 0 ? { decision: "deny", reason: "no zeros" } : { decision: "approve" }),
  });
  await runAgent(model, tools, "What is 2 + 3?", {
    approve: (call) => ({ decision: "edit", args: { ...call.args, b: 4 } }),
    onEvent: (e) => {
      if (e.kind === "denied") console.log(e.reason, e.ms);
    },
  });
  await runAgent(model, tools, "What is 2 + 3?", 3);
  await runAgent(streaming, tools, "What is 2 + 3?");
  await runAgent(scriptedStream, tools, "What is 2 + 3?");
  // A long run within an 8k window: the oldest exchanges go first.
  await runAgent(model, tools, "What is 2 + 3?", {
    contextBudget: 8000,
    trim: "exchanges",
    countTokens: (m) => JSON.stringify(m).length / 4,
  });
  out.textContent = answer;

  try {
    await runAgentSandboxed({ model: "[{ type: 'final', content: 'hi' }]", tools: "({})" }, "Hello", { timeLimitMs: 500, onEvent: (e) => console.log(e.kind) });
  } catch (err) {
    const event = (err as SandboxedError).event;
    if (event && (event.reason === "timeout" || event.reason === "crashed")) out.textContent = `stopped: ${event.error}`;
  }
}

export function mistakes(): void {
  // @ts-expect-error an action's type is "final" or "tool"
  const wrongType: Action = { type: "answer", content: "x" };
  // @ts-expect-error a final action's content is a string
  const wrongContent: Action = { type: "final", content: 5 };
  // @ts-expect-error runAgentSandboxed takes source text, not the model itself
  runAgentSandboxed({ model: script, tools: "({})" }, "Hi");
  // @ts-expect-error the user's message is a string
  runAgent(script, tools, { content: "Hi" });
  // @ts-expect-error timeLimitMs is a number of milliseconds
  runAgentSandboxed({ model: "[]", tools: "({})" }, "Hi", { timeLimitMs: "2s" });
  // @ts-expect-error a decision is approve, deny or edit
  runAgent(script, tools, "Hi", { approve: () => ({ decision: "maybe" }) });
  // @ts-expect-error trim is a strategy's name
  runAgent(script, tools, "Hi", { contextBudget: 100, trim: "oldest" });
  // @ts-expect-error onProgress reports objects with a phase
  onProgress((p: string) => p);
  // @ts-expect-error a delta's args are a fragment of JSON text, not an object
  const wrongDelta: Delta = { call: 0, name: "add", args: { a: 2 } };
  void [wrongType, wrongContent, wrongDelta];
}
