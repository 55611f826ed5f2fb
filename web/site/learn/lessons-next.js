// Lessons 7 to 12 of the tour: the limits that make the loop safe, the
// model's side of errors, concurrency, and the way to the Exercise. The
// shape of a lesson is described in learn/lessons.js.

export const NEXT = [
  {
    id: "max-steps",
    title: "Max steps, the most important line",
    text: [
      "Nothing forces a model to finish. One that keeps asking for tools would keep the loop going forever, and with a real model every call costs time and money. So the loop counts: `for r.step = 1; r.step <= r.cfg.maxSteps; r.step++`, one step per model call.",
      "When the steps run out, the loop returns exactly `Stopped: reached max steps.` (`phase: max_steps`). It is the one line that guarantees the loop ends, whatever the model does. Max steps is 10 unless set, and 0 never calls the model.",
      "This model never answers: it calls `tick` at every step.",
    ],
    phases: ["max_steps"],
    setup: {
      userMsg: "Count for me.",
      maxSteps: 5,
      model: `// This model never gives a final answer.
function model(messages) {
  return { type: "tool", name: "tick", args: { n: messages.length } };
}
`,
      tools: `{
  tick: ({ n }) => "tick " + n,
}
`,
    },
    expect: { reason: "max_steps", phase: "max_steps", text: "Stopped: reached max steps." },
    predict: {
      kind: "calls",
      question: "Max steps is 5. How many times is the model called?",
      choices: [
        { label: "4 times", value: 4 },
        { label: "5 times", value: 5 },
        { label: "6 times", value: 6 },
      ],
    },
    task: {
      text: "Make the model finish by itself: after three `tick` results, give a final answer.",
      hint: "Count the tool messages: `if (messages.filter((m) => m.role === \"tool\").length === 3) return { type: \"final\", content: \"Counted to 3.\" };`.",
      check: (run) => run.reason === "final" && run.callsOf("tick").length === 3,
      solution: {
        model: `function model(messages) {
  if (messages.filter((m) => m.role === "tool").length === 3) {
    return { type: "final", content: "Counted to 3." };
  }
  return { type: "tool", name: "tick", args: { n: messages.length } };
}
`,
      },
    },
  },
  {
    id: "recover",
    title: "Recovering from errors: reflect and retry",
    text: [
      "Errors go back to the model as results because the model can use them. A real model reads `error: unknown tool 'calculator'` and tries something else: another tool, other arguments, or an honest answer. That is the reflect-and-retry pattern, and it needs nothing more from the loop than you have seen: a failed call becomes a message, and the loop goes on.",
      "This model tries `calculator`, which the Tools editor does not have, and gives up as soon as it sees the error. Teach it to retry with `add`.",
    ],
    phases: ["unknown_tool", "result", "model"],
    setup: {
      userMsg: "What is 2 + 30?",
      model: `function model(messages) {
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { type: "tool", name: "calculator", args: { expression: "2 + 30" } };
  }
  // The newest message is the calculator's result: give up.
  return { type: "final", content: "I could not calculate that." };
}
`,
      tools: `// There is no calculator here, only add.
{
  add: ({ a, b }) => a + b,
}
`,
    },
    expect: { reason: "final", phase: "final", text: "I could not calculate that.", failed: ["calculator"] },
    predict: {
      kind: "result",
      question: "What does the loop return?",
      choices: [
        { label: "\"2 + 30 = 32.\"", value: "2 + 30 = 32." },
        { label: "\"I could not calculate that.\"", value: "I could not calculate that." },
        { label: "\"error: unknown tool 'calculator'\"", value: "error: unknown tool 'calculator'" },
      ],
    },
    task: {
      text: "Make the model recover: when the calculator's result is an error, call `add` instead, and answer with its result. The run must end with a final answer after a failed call.",
      hint: "`if (last.name === \"calculator\") return { type: \"tool\", name: \"add\", args: { a: 2, b: 30 } };`, then answer `\"2 + 30 = \" + last.content + \".\"`.",
      check: (run) => run.recoveredAfterFailure(),
      solution: {
        model: `function model(messages) {
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { type: "tool", name: "calculator", args: { expression: "2 + 30" } };
  }
  if (last.name === "calculator") {
    // The error says there is no calculator: retry with add.
    return { type: "tool", name: "add", args: { a: 2, b: 30 } };
  }
  return { type: "final", content: "2 + 30 = " + last.content + "." };
}
`,
      },
    },
  },
  {
    id: "parallel",
    title: "Parallel calls",
    text: [
      "An action may ask for several calls at once: `{type: \"tool\", calls: [{name, args, id}, …]}`. The loop starts them together (`phase: tool`; in Go each runs in a goroutine of its own) and waits for all of them.",
      "It appends one result per call in the order of the calls, whatever order they finish in (`phase: result`), and copies each call's `id` onto its result, so that a model can tell them apart.",
      "Here Paris takes 200 ms and Tokyo 50 ms. The sequence diagram draws the two calls side by side.",
    ],
    phases: ["tool", "result"],
    setup: {
      userMsg: "What's the weather in Paris and in Tokyo?",
      model: `[
  {
    type: "tool",
    calls: [
      { id: "call-1", name: "weather", args: { city: "Paris" } },
      { id: "call-2", name: "weather", args: { city: "Tokyo" } },
    ],
  },
  { type: "final", content: "Paris: rain. Tokyo: clear." },
]
`,
      tools: `{
  weather: async ({ city }) => {
    const delay = { Paris: 200, Tokyo: 50 }[city] ?? 100;
    await new Promise((resolve) => setTimeout(resolve, delay));
    return { Paris: "rain", Tokyo: "clear", Oslo: "snow" }[city] ?? "unknown city";
  },
}
`,
    },
    expect: { reason: "final", phase: "final", text: "Paris: rain. Tokyo: clear." },
    predict: {
      kind: "order",
      question: "Tokyo answers first. In what order are the two results appended?",
      choices: [
        { label: "Paris (call-1), then Tokyo (call-2)", value: "call-1,call-2" },
        { label: "Tokyo (call-2), then Paris (call-1)", value: "call-2,call-1" },
      ],
    },
    task: {
      text: "Ask for a third city, Oslo, in the same action.",
      hint: "Add `{ id: \"call-3\", name: \"weather\", args: { city: \"Oslo\" } },` to `calls`.",
      check: (run) => run.reason === "final" && run.widestStep() >= 3,
      solution: {
        model: `[
  {
    type: "tool",
    calls: [
      { id: "call-1", name: "weather", args: { city: "Paris" } },
      { id: "call-2", name: "weather", args: { city: "Tokyo" } },
      { id: "call-3", name: "weather", args: { city: "Oslo" } },
    ],
  },
  { type: "final", content: "Paris: rain. Tokyo: clear. Oslo: snow." },
]
`,
      },
    },
  },
  {
    id: "timeouts",
    title: "Timeouts and cancellation",
    text: [
      "A tool that hangs holds the loop up. The loop's tool timeout (`toolTimeoutMs`, the Tool timeout field; empty is none) bounds each call: a slower call gets the result `error: tool 'NAME' timed out after …`, marked failed (`phase: tool_error`), and the run goes on. The model sees it and may fall back, as this one does.",
      "Cancellation ends the whole run instead. The loop checks the run's context before each model call and after the tools return (the two lines `phase: canceled_…`) and stops with the reason `canceled`. Stop cancels a run here.",
      "This weather tool takes 1.5 s, and there is no tool timeout: the loop waits.",
    ],
    phases: ["tool_error", "canceled_before_model", "canceled_after_tools"],
    setup: {
      userMsg: "What's the weather in Oslo?",
      model: `function model(messages) {
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { type: "tool", name: "weather", args: { city: "Oslo" } };
  }
  if (last.name === "weather" && last.content.startsWith("error: ")) {
    return { type: "tool", name: "cached_weather", args: { city: "Oslo" } };
  }
  return { type: "final", content: "Oslo: " + last.content + " (" + last.name + ")." };
}
`,
      tools: `{
  // A slow service: 1.5 seconds.
  weather: async ({ city }) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return "sunny";
  },
  cached_weather: ({ city }) => "snow",
}
`,
    },
    expect: { reason: "final", phase: "final", text: "Oslo: sunny (weather)." },
    predict: {
      kind: "duration",
      question: "How long does this run take?",
      choices: [
        { label: "under a second", value: "fast" },
        { label: "a second or more", value: "slow" },
      ],
    },
    task: {
      text: "Set the Tool timeout to 200 ms, so that the slow call times out and the model falls back to the cache.",
      hint: "Type 200 in the Tool timeout (ms) field (in an embed, under Limits), then Run.",
      check: (run) => run.reason === "final" && run.callsOf("weather").some((e) => e.failed && e.phase === "tool_error") && run.callsOf("cached_weather").some((e) => !e.failed),
      solution: { toolTimeoutMs: 200 },
    },
  },
  {
    id: "real-api",
    title: "What a real provider's API receives",
    text: [
      "A real model's API takes the same list. Each request sends the whole conversation so far, because these chat APIs keep nothing between requests; only the shapes differ. OpenAI's Chat Completions puts a tool call in the assistant message's `tool_calls` and answers it with a `role: \"tool\"` message carrying the call's id. Anthropic's Messages puts a `tool_use` block in the assistant's content, and a `tool_result` block in the next user message. The page's \"As a real API\" view shows each model call of your run in those shapes.",
      "Providers also count tokens, and every request pays for the whole list again. An action may carry `usage: {input_tokens, output_tokens}`; the loop adds them up over the calls, and the stop banner shows the sums.",
    ],
    phases: ["model", "final"],
    setup: {
      userMsg: "What is 2 + 3?",
      model: `[
  { type: "tool", name: "add", args: { a: 2, b: 3 }, usage: { input_tokens: 12, output_tokens: 8 } },
  { type: "final", content: "The answer is 5.", usage: { input_tokens: 30, output_tokens: 6 } },
]
`,
      tools: `{
  add: ({ a, b }) => a + b,
}
`,
    },
    expect: { reason: "final", phase: "final", text: "The answer is 5." },
    predict: {
      kind: "usage",
      question: "The two actions report 12 and 30 input tokens. How many input tokens does the run report?",
      choices: [
        { label: "12", value: 12 },
        { label: "30", value: 30 },
        { label: "42", value: 42 },
      ],
    },
    task: {
      text: "Change the actions' usage so that the run's input tokens add up to 100.",
      hint: "Make the second action's `input_tokens` 88.",
      check: (run) => run.usage.input === 100,
      solution: {
        model: `[
  { type: "tool", name: "add", args: { a: 2, b: 3 }, usage: { input_tokens: 12, output_tokens: 8 } },
  { type: "final", content: "The answer is 5.", usage: { input_tokens: 88, output_tokens: 6 } },
]
`,
      },
    },
  },
  {
    id: "yourself",
    title: "Write it yourself",
    text: [
      "Those are the rules of `loop()`: the user's message, a model call per step, the action appended as returned, a final answer or tool calls, each result appended in call order, errors that become results, and max steps to end it all.",
      "This run has them all: one action makes three calls, two of which fail, and the model still answers.",
      "Now write the loop yourself. The Exercise gives you a stub, `runAgent(model, tools, userMsg, maxSteps = 10)`, and its Check runs your loop on every case of Go's `agenttest`, comparing what the model sees and what your loop returns with the real loop, call by call.",
    ],
    phases: ["user", "model", "action", "final", "tool", "result", "max_steps"],
    setup: {
      userMsg: "Check everything.",
      model: `[
  {
    type: "tool",
    calls: [
      { id: "a", name: "search", args: { query: "loop" } },
      { id: "b", name: "divide", args: { a: 1, b: 0 } },
      { id: "c", name: "add", args: { a: 2, b: 3 } },
    ],
  },
  { type: "final", content: "One of three calls worked: 5." },
]
`,
      tools: `{
  add: ({ a, b }) => a + b,
  divide: ({ a, b }) => {
    if (b === 0) throw new Error("division by zero");
    return a / b;
  },
}
`,
    },
    expect: { reason: "final", phase: "final", text: "One of three calls worked: 5.", failed: ["search", "divide"] },
    predict: {
      kind: "failed",
      question: "How many of the three calls fail?",
      choices: [
        { label: "none", value: 0 },
        { label: "1", value: 1 },
        { label: "2", value: 2 },
        { label: "3", value: 3 },
      ],
    },
    task: {
      text: "One last look at the most important line: set max steps so that the run stops before the model can answer. Then open the Exercise.",
      hint: "Max steps 1: the one model call asks for tools, and the steps run out.",
      check: (run) => run.reason === "max_steps",
      solution: { maxSteps: 1 },
    },
  },
];
