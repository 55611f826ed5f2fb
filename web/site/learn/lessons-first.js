// Lessons 1 to 6 of the tour: the loop's happy path, then its errors. The
// shape of a lesson is described in learn/lessons.js.

export const FIRST = [
  {
    id: "messages",
    title: "The messages list and the first model call",
    text: [
      "An agent is a loop around a model. The loop keeps one list, `messages`, and it starts with one entry: the user's message, `{role: \"user\", content: userMsg}` (the marked line `phase: user`).",
      "Then the loop asks the model what to do next: `r.callModel(ctx, messages)` hands the list to the model (`phase: model`). The model answers with an action, an object that says what to do.",
      "Here the model is a JavaScript function in the Model editor, and it is always yours to write: there is no real LLM, so you decide what it answers, and every run goes the same way. This one answers at once, with a final answer that repeats the user's message.",
    ],
    phases: ["user", "model"],
    setup: {
      userMsg: "What is an agent loop?",
      model: `// The loop calls model(messages) and acts on what it returns.
function model(messages) {
  return { type: "final", content: "You asked: " + messages[0].content };
}
`,
      tools: `// No tools yet.
{}
`,
    },
    expect: { reason: "final", phase: "final", text: "You asked: What is an agent loop?" },
    predict: {
      kind: "seen",
      at: 1,
      question: "How many messages does the model get at its first call?",
      choices: [
        { label: "none", value: 0 },
        { label: "1 message", value: 1 },
        { label: "2 messages", value: 2 },
      ],
    },
    task: {
      text: "Make the model answer `Messages: N`, where N is how many messages it got.",
      hint: "The model gets the list as its argument: `content: \"Messages: \" + messages.length`.",
      check: (run) => run.reason === "final" && run.result === `Messages: ${(run.seenAt(run.modelCalls) || []).length}`,
      solution: {
        model: `function model(messages) {
  return { type: "final", content: "Messages: " + messages.length };
}
`,
      },
    },
  },
  {
    id: "final",
    title: "A final answer ends the run",
    text: [
      "The loop appends the model's action to `messages` exactly as the model returned it (`phase: action`), then looks at its `type`.",
      "`\"final\"` ends the run: the loop returns the action's `content` (`phase: final`). No more model calls are made, however many steps are left. `\"tool\"` asks for tools, the next lesson. Any other type ends the run with a model error (`phase: error_type`): the loop cannot act on it.",
      "This time the Model editor holds an array, a script: the first model call gets the first action, the second call the second, and so on. It is the simplest mock model there is.",
    ],
    phases: ["action", "final", "error_type"],
    setup: {
      userMsg: "What is the capital of France?",
      model: `// A script: the k-th model call gets the k-th action.
[
  { type: "final", content: "Paris." },
  { type: "final", content: "Never read." },
]
`,
      tools: `{}
`,
    },
    expect: { reason: "final", phase: "final", text: "Paris." },
    predict: {
      kind: "result",
      question: "What does the loop return?",
      choices: [
        { label: "\"Paris.\"", value: "Paris." },
        { label: "\"Never read.\"", value: "Never read." },
        { label: "\"Paris. Never read.\"", value: "Paris. Never read." },
      ],
    },
    task: {
      text: "Give the first action a type the loop does not know, such as `\"answer\"`, and see which line of the loop ends the run.",
      hint: "Change the first entry to `{ type: \"answer\", content: \"Paris.\" }`.",
      check: (run) => run.phase === "error_type",
      solution: {
        model: `[
  { type: "answer", content: "Paris." },
]
`,
      },
    },
  },
  {
    id: "tool",
    title: "A tool call and its result going back",
    text: [
      "An action `{type: \"tool\", name, args}` asks the loop to call a tool. The loop looks the name up in the Tools editor's object and calls that function with `args` (`phase: tool`).",
      "What the tool returns becomes the content of a message `{role: \"tool\", name, content}`: a string as it is, a number or an object as JSON, so `5` becomes `\"5\"` (`phase: tool_output`). The loop appends it (`phase: result`) and goes round again, and the next model call sees the result.",
      "That is the whole trick of an agent: the model cannot run code, so it asks; the loop runs the code and reports back.",
    ],
    phases: ["tool", "tool_output", "result"],
    setup: {
      userMsg: "What is 2 + 3?",
      model: `[
  { type: "tool", name: "add", args: { a: 2, b: 3 } },
  { type: "final", content: "The answer is 5." },
]
`,
      tools: `// The functions the model may call, by name.
{
  add: ({ a, b }) => a + b,
}
`,
    },
    expect: { reason: "final", phase: "final", text: "The answer is 5." },
    predict: {
      kind: "calls",
      question: "How many times is the model called?",
      choices: [
        { label: "once", value: 1 },
        { label: "twice", value: 2 },
        { label: "three times", value: 3 },
      ],
    },
    task: {
      text: "Add a tool `multiply`, and have the model call it on the sum before it answers.",
      hint: "In Tools: `multiply: ({ a, b }) => a * b,`. In Model, before the final answer: `{ type: \"tool\", name: \"multiply\", args: { a: 5, b: 4 } },`.",
      check: (run) => run.reason === "final" && run.callsOf("multiply").some((e) => !e.failed),
      solution: {
        model: `[
  { type: "tool", name: "add", args: { a: 2, b: 3 } },
  { type: "tool", name: "multiply", args: { a: 5, b: 4 } },
  { type: "final", content: "(2 + 3) * 4 is 20." },
]
`,
        tools: `{
  add: ({ a, b }) => a + b,
  multiply: ({ a, b }) => a * b,
}
`,
      },
    },
  },
  {
    id: "sees",
    title: "What the model sees",
    text: [
      "The list only grows. Each model call gets all of it: the user's message, every action the model returned, every tool result, in order. It is the model's only memory: a real model keeps nothing between calls, so all it knows about the run is in `messages`.",
      "This model is a function that reads the newest message, `messages[messages.length - 1]`: after the user's message it asks for a price, after the price it multiplies, after the product it answers.",
      "Step through the run (Step, or the → key) and watch What the model sees: at each model call it shows the exact list the loop passed in.",
    ],
    phases: ["model", "action", "result"],
    setup: {
      userMsg: "How much do three apples cost?",
      model: `function model(messages) {
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { type: "tool", name: "price", args: { item: "apple" } };
  }
  if (last.name === "price") {
    return { type: "tool", name: "multiply", args: { a: Number(last.content), b: 3 } };
  }
  return { type: "final", content: "Three of them cost " + last.content + " euros." };
}
`,
      tools: `{
  price: ({ item }) => ({ apple: 0.5, pear: 0.75 })[item],
  multiply: ({ a, b }) => a * b,
}
`,
    },
    expect: { reason: "final", phase: "final", text: "Three of them cost 1.5 euros." },
    predict: {
      kind: "seen",
      at: 2,
      question: "How many messages does the model get at its second call?",
      choices: [
        { label: "1: the user's message", value: 1 },
        { label: "2: the user's message and the price call", value: 2 },
        { label: "3: the user's message, the price call and its result", value: 3 },
      ],
    },
    task: {
      text: "Make the model read the item from the user's message: ask what three pears cost, and get `2.25`.",
      hint: "The user's message is `messages[0].content`: `const item = messages[0].content.includes(\"pear\") ? \"pear\" : \"apple\";`, then `args: { item }`.",
      check: (run) => run.reason === "final" && run.result.includes("2.25"),
      solution: {
        userMsg: "How much do three pears cost?",
        model: `function model(messages) {
  const item = messages[0].content.includes("pear") ? "pear" : "apple";
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { type: "tool", name: "price", args: { item } };
  }
  if (last.name === "price") {
    return { type: "tool", name: "multiply", args: { a: Number(last.content), b: 3 } };
  }
  return { type: "final", content: "Three of them cost " + last.content + " euros." };
}
`,
      },
    },
  },
  {
    id: "unknown",
    title: "An unknown tool",
    text: [
      "A model may ask for a tool that does not exist: a typo, a tool it was never given, a name it made up. The loop neither crashes nor stops. `callTool` finds no tool by that name and makes the result itself, `error: unknown tool 'NAME'`, marked failed (`phase: unknown_tool`), and appends it like any other result.",
      "So the next model call sees the error, and may do something about it. This scripted model does not look: its second action answers whatever came back.",
    ],
    phases: ["unknown_tool", "result"],
    setup: {
      userMsg: "What is the capital of France?",
      model: `[
  { type: "tool", name: "search", args: { query: "capital of France" } },
  { type: "final", content: "The capital of France is Paris." },
]
`,
      tools: `// There is no search tool here.
{
  add: ({ a, b }) => a + b,
}
`,
    },
    expect: { reason: "final", phase: "final", text: "The capital of France is Paris.", failed: ["search"] },
    predict: {
      kind: "toolResult",
      question: "What is the result the loop appends for the call of search?",
      choices: [
        { label: "none: the run stops with an error", value: null },
        { label: "\"error: unknown tool 'search'\"", value: "error: unknown tool 'search'" },
        { label: "an empty string", value: "" },
      ],
    },
    task: {
      text: "Give the Tools editor a `search` tool, so that no call fails.",
      hint: "Add `search: ({ query }) => \"Paris is the capital of France.\",` to the tools.",
      check: (run) => run.reason === "final" && run.toolEnds().length > 0 && run.failedCalls().length === 0,
      solution: {
        tools: `{
  add: ({ a, b }) => a + b,
  search: ({ query }) => "Paris is the capital of France.",
}
`,
      },
    },
  },
  {
    id: "fails",
    title: "A tool that fails",
    text: [
      "A tool may throw, or return a promise that rejects. The loop catches it: the result becomes `error: ` and the error's message, marked failed (`phase: tool_error`), and the run goes on, as it does for an unknown tool.",
      "The model sees the failure as text. The loop's events say more: they mark the call `failed`, which is how the transcript knows to show it in red. A tool that returns a string starting with `error: ` has not failed: its output is kept as it is (`phase: tool_output`), and nothing marks it.",
    ],
    phases: ["tool_error", "tool_output"],
    setup: {
      userMsg: "What is 1 divided by 0?",
      model: `[
  { type: "tool", name: "divide", args: { a: 1, b: 0 } },
  { type: "final", content: "I asked the divide tool." },
]
`,
      tools: `{
  divide: ({ a, b }) => {
    if (b === 0) throw new Error("division by zero");
    return a / b;
  },
}
`,
    },
    expect: { reason: "final", phase: "final", text: "I asked the divide tool.", failed: ["divide"] },
    predict: {
      kind: "continues",
      question: "divide throws. What does the loop do then?",
      choices: [
        { label: "it stops the run with an error", value: "stops" },
        { label: "it calls the model again, which sees the error", value: "continues" },
      ],
    },
    task: {
      text: "Make `divide` return the string `error: cannot divide by zero` instead of throwing, and see that no call is marked failed.",
      hint: "Replace the throw with `if (b === 0) return \"error: cannot divide by zero\";`.",
      check: (run) => run.callsOf("divide").some((e) => !e.failed && String(e.content).startsWith("error: ")),
      solution: {
        tools: `{
  divide: ({ a, b }) => {
    if (b === 0) return "error: cannot divide by zero";
    return a / b;
  },
}
`,
      },
    },
  },
];
