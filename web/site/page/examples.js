// The shipped examples: the examples menu, #example=ID links and the
// default code of a first visit. Only these may run by themselves
// (?autorun=1), because only these are known not to be someone else's code.
//
// Each example says how its run ends, in expect: the stop reason, the
// phase of the loop's line that ended it (see agent/loop.go), the result
// text or a pattern of the error, and the tools whose results are errors
// (failed, none when absent). An example whose description says it
// follows the user's message declares it in reacts: another message and
// a part of the answer it then gives. The browser tests run every
// example the menu offers and check it, so a new example is tested the day
// it is added.

import { fieldsOf } from "../lib/run-inputs.js";
import { STREAMING_EXAMPLES } from "./examples-streaming.js";

const MODEL_ARRAY_NOTE = "// Scripted responses: the k-th model call gets the k-th action.\n";

export const EXAMPLES = [
  {
    id: "add",
    title: "Add two numbers (the seed example)",
    description: "The model calls add {a: 2, b: 3}, reads the result 5, and gives its final answer.",
    expect: { reason: "final", phase: "final", text: "The answer is 5." },
    userMsg: "What is 2 + 3?",
    model: `${MODEL_ARRAY_NOTE}[
  { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },
  { role: "assistant", type: "final", content: "The answer is 5." },
]
`,
    tools: `// An object of functions, sync or async. A string result is used as
// it is; any other value is turned into JSON.
{
  add: ({ a, b }) => a + b,
}
`,
  },
  {
    id: "chain",
    title: "A chain of two tools",
    description: "A model(messages) function looks up a price, then multiplies it by the number you asked for: each tool's result feeds the next call. Ask for seven pears and the answer follows.",
    expect: { reason: "final", phase: "final", text: "Three apples cost 1.5 euros." },
    reacts: { userMsg: "How much do seven pears cost?", text: "Seven pears cost 5.25 euros." },
    userMsg: "How much do three apples cost?",
    model: `// A model(messages) function: it reads the messages so far and decides.
const NUMBERS = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

function model(messages) {
  // What was asked: how many of which fruit ("three apples", "7 pears").
  const question = messages[0].content.toLowerCase();
  const [, count = "one", fruit = "apple"] = question.match(/(\\w+) (apple|pear)s?/) ?? [];
  const n = NUMBERS[count] ?? (Number(count) || 1);
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { role: "assistant", type: "tool", name: "price", args: { item: fruit } };
  }
  if (last.name === "price") {
    return { role: "assistant", type: "tool", name: "multiply", args: { a: Number(last.content), b: n } };
  }
  const amount = count[0].toUpperCase() + count.slice(1);
  return { role: "assistant", type: "final", content: amount + " " + fruit + "s cost " + last.content + " euros." };
}
`,
    tools: `{
  price: ({ item }) => ({ apple: 0.5, pear: 0.75 })[item],
  multiply: ({ a, b }) => a * b,
}
`,
  },
  {
    id: "unknown-tool",
    title: "Unknown tool",
    description: "The model first asks for a tool that does not exist; the loop hands back an error result, and the model reads it and uses add instead. Change the numbers in the message and the answer follows.",
    expect: { reason: "final", phase: "final", text: "2 + 30 = 32.", failed: ["calculator"] },
    reacts: { userMsg: "What is 4 + 40?", text: "4 + 40 = 44." },
    userMsg: "What is 2 + 30?",
    model: `// A model(messages) function: it reads the user's message and every
// tool result, and decides what to do next.
function model(messages) {
  const question = messages[0].content;
  const [, a, b] = /(-?\\d+(?:\\.\\d+)?)\\s*\\+\\s*(-?\\d+(?:\\.\\d+)?)/.exec(question) || [];
  if (a === undefined) {
    return { role: "assistant", type: "final", content: "Ask me to add two numbers, like 2 + 30." };
  }
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    // First try: a calculator tool, which this page does not have.
    return { role: "assistant", type: "tool", name: "calculator", args: { expression: a + " + " + b } };
  }
  if (last.name === "calculator" && last.content.startsWith("error: ")) {
    // The loop answered "error: unknown tool": recover with add.
    return { role: "assistant", type: "tool", name: "add", args: { a: Number(a), b: Number(b) } };
  }
  return { role: "assistant", type: "final", content: a + " + " + b + " = " + last.content + "." };
}
`,
    tools: `// There is no "calculator" tool here, only add.
{
  add: ({ a, b }) => a + b,
}
`,
  },
  {
    id: "throwing-tool",
    title: "A tool that throws",
    description: "The tool throws an Error: its message becomes the tool's result, styled as an error, and the model reads it and answers differently than it would have on success. Try 1 divided by 4.",
    expect: { reason: "final", phase: "final", text: "1 cannot be divided by 0 (the tool said: error: division by zero).", failed: ["divide"] },
    reacts: { userMsg: "What is 1 divided by 4?", text: "0.25" },
    userMsg: "What is 1 divided by 0?",
    model: `function model(messages) {
  const [, a, b] = /(-?[\\d.]+) divided by (-?[\\d.]+)/.exec(messages[0].content) || [];
  if (a === undefined) {
    return { role: "assistant", type: "final", content: "Ask me to divide, like 1 divided by 4." };
  }
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { role: "assistant", type: "tool", name: "divide", args: { a: Number(a), b: Number(b) } };
  }
  if (last.content.startsWith("error: ")) {
    // The tool failed: say so instead of making up a number.
    return { role: "assistant", type: "final", content: a + " cannot be divided by " + b + " (the tool said: " + last.content + ")." };
  }
  return { role: "assistant", type: "final", content: a + " divided by " + b + " is " + last.content + "." };
}
`,
    tools: `{
  divide: ({ a, b }) => {
    if (b === 0) throw new Error("division by zero");
    return a / b;
  },
}
`,
  },
  {
    id: "tool-timeout",
    title: "A tool that is too slow (tool timeout)",
    description: "The live weather tool takes 5 s, but the loop gives each tool 300 ms (Tool timeout): the model sees \"error: tool 'weather' timed out\" as the result and falls back to the cache. The run goes on; nothing is killed.",
    expect: { reason: "final", phase: "final", text: "Oslo: snow, -3 °C (from the cache: the live weather timed out).", failed: ["weather"] },
    userMsg: "What's the weather in Oslo?",
    toolTimeoutMs: 300,
    model: `function model(messages) {
  const city = (/weather in ([A-Za-z ]+)/.exec(messages[0].content) || [, "Oslo"])[1].trim();
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { role: "assistant", type: "tool", name: "weather", args: { city } };
  }
  if (last.name === "weather" && last.content.includes("timed out")) {
    // The loop's per-tool timeout answered for the slow tool.
    return { role: "assistant", type: "tool", name: "cached_weather", args: { city } };
  }
  const source = last.name === "cached_weather" ? " (from the cache: the live weather timed out)" : "";
  return { role: "assistant", type: "final", content: city + ": " + last.content + source + "." };
}
`,
    tools: `{
  // A slow service: 5 seconds, far over the loop's tool timeout.
  weather: async ({ city }) => {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    return "sunny, 20 °C";
  },
  cached_weather: ({ city }) => ({ Oslo: "snow, -3 °C", Rome: "sunny, 18 °C" })[city] ?? "no data",
}
`,
  },
  {
    id: "max-steps",
    title: "A model that never finishes",
    description: "The model keeps calling a tool and never answers, so the loop stops at max steps.",
    expect: { reason: "max_steps", phase: "max_steps", text: "Stopped: reached max steps." },
    userMsg: "Count for me, forever.",
    maxSteps: 5,
    model: `// This model never gives a final answer.
function model(messages) {
  return { role: "assistant", type: "tool", name: "tick", args: { n: messages.length } };
}
`,
    tools: `{
  tick: ({ n }) => "tick " + n,
}
`,
  },
  {
    id: "async-tool",
    title: "An async tool",
    description: "The tool returns a Promise that settles after 300 ms; the loop waits for it before asking the model again. Ask about another city (Oslo, Paris, Tokyo) and the answer follows.",
    expect: { reason: "final", phase: "final", text: "It is sunny in Lisbon, 21 °C." },
    reacts: { userMsg: "What's the weather in Oslo?", text: "It is snowy in Oslo, -3 °C." },
    userMsg: "What's the weather in Lisbon?",
    model: `// A model(messages) function: it asks for the weather in the city of
// the question, then words the tool's answer.
function model(messages) {
  const [, city = "Lisbon"] = messages[0].content.match(/in ([A-Z][\\w-]*)/) ?? [];
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { role: "assistant", type: "tool", name: "weather", args: { city } };
  }
  const w = JSON.parse(last.content);
  return { role: "assistant", type: "final", content: "It is " + w.forecast + " in " + w.city + ", " + w.celsius + " °C." };
}
`,
    tools: `{
  // An async tool: the loop awaits the Promise it returns.
  weather: async ({ city }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [forecast, celsius] = { Lisbon: ["sunny", 21], Oslo: ["snowy", -3], Paris: ["rainy", 14], Tokyo: ["clear", 22] }[city] ?? ["cloudy", 15];
    return { city, forecast, celsius };
  },
}
`,
  },
  {
    id: "parallel",
    title: "Parallel tool calls",
    description: "One action asks for a call per city of the question, all at once: they run together, and the results come back in call order. Ask about other cities and the calls follow.",
    expect: { reason: "final", phase: "final", text: "Paris: rain, 14 °C. Tokyo: clear, 22 °C." },
    reacts: { userMsg: "What's the weather in Rome and Oslo?", text: "Rome: sun, 19 °C. Oslo: snow, -3 °C." },
    userMsg: "What's the weather in Paris and in Tokyo?",
    model: `// A model(messages) function: one action with a call per city named in
// the question, then an answer from every result.
function model(messages) {
  // Every capitalised name after the first "in": "in Paris and in Tokyo",
  // "in Rome and Oslo", "in Rome, Oslo and Lisbon".
  const [, places = ""] = /\\bin\\b(.*)/s.exec(messages[0].content) ?? [];
  const cities = [...places.matchAll(/[A-Z][\\w-]*/g)].map((m) => m[0]);
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    const calls = cities.map((city, i) => ({ id: "call-" + (i + 1), name: "weather", args: { city } }));
    return { role: "assistant", type: "tool", calls };
  }
  const results = messages.filter((m) => m.role === "tool");
  return { role: "assistant", type: "final", content: results.map((m, i) => cities[i] + ": " + m.content + ".").join(" ") };
}
`,
    tools: `{
  // Tokyo answers first, yet its result is appended second.
  weather: async ({ city }) => {
    const delay = { Paris: 200, Tokyo: 50 }[city] ?? 100;
    await new Promise((resolve) => setTimeout(resolve, delay));
    return { Paris: "rain, 14 °C", Tokyo: "clear, 22 °C", Oslo: "snow, -3 °C", Lisbon: "sun, 21 °C", Rome: "sun, 19 °C" }[city] ?? "no forecast";
  },
}
`,
  },
  {
    id: "context-budget",
    title: "A long run within a context budget",
    description: "The model reads a report page by page, but each model call may be sent at most 300 tokens (Context, by the loop's estimate): once the pages outgrow it, the oldest whole exchanges are left out of what the model sees, never the question or a call without its result. The transcript keeps every page; What the model sees, and its Tokens, show each call's request.",
    expect: { reason: "final", phase: "final", text: "I read 8 pages; I still see pages 6, 7, 8." },
    userMsg: "Summarize the report, page by page.",
    contextBudget: 300,
    trim: "exchanges",
    model: `// A model(messages) function: it reads the next page after the last
// one it sees, and at the end says which pages it still sees.
function model(messages) {
  const last = messages[messages.length - 1];
  const page = last.role === "tool" ? Number(/^Page (\\d+)/.exec(last.content)[1]) : 0;
  if (page < 8) return { role: "assistant", type: "tool", name: "read_page", args: { page: page + 1 } };
  const seen = messages.filter((m) => m.role === "tool").map((m) => /^Page (\\d+)/.exec(m.content)[1]);
  return { role: "assistant", type: "final", content: "I read 8 pages; I still see pages " + seen.join(", ") + "." };
}
`,
    tools: `{
  // Each page is about 250 characters: some 70 tokens by the loop's estimate.
  read_page: ({ page }) => "Page " + page + ": " + "the findings go on ".repeat(13).trim(),
}
`,
  },
  {
    id: "malformed",
    title: "A malformed model response",
    description: "At step 2 the model answers with type \"answer\", which the loop cannot act on: the run stops with a model error.",
    expect: { reason: "model_error", phase: "error_type", error: /step 2: malformed action: .*"answer"/ },
    userMsg: "What is 2 + 3?",
    model: `${MODEL_ARRAY_NOTE}[
  { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },
  // "answer" is neither "final" nor "tool".
  { role: "assistant", type: "answer", content: "5" },
]
`,
    tools: `{
  add: ({ a, b }) => a + b,
}
`,
  },
  {
    id: "runaway",
    title: "A runaway tool",
    description: "The tool loops forever (while (true) {}); the watchdog stops its worker at the time limit and names the call.",
    expect: { reason: "timeout", phase: "tool", error: /tool 'spin' at step 1 did not return within \d+ ms/ },
    userMsg: "Spin, please.",
    model: `${MODEL_ARRAY_NOTE}[
  { role: "assistant", type: "tool", name: "spin", args: {} },
  { role: "assistant", type: "final", content: "This is never reached." },
]
`,
    tools: `{
  // This tool never returns. The page stays responsive: the code runs in
  // a Web Worker, which is stopped and replaced after the time limit.
  spin: () => {
    while (true) {}
  },
}
`,
  },
  {
    id: "model-error",
    title: "A model that throws",
    description: "The model function throws at step 2: the run stops with a model error that names the step and the cause.",
    expect: { reason: "model_error", phase: "error_model", error: /step 2: model: the model service is unavailable/ },
    userMsg: "What is 2 + 3?",
    model: `function model(messages) {
  if (messages.length > 1) {
    throw new Error("the model service is unavailable");
  }
  return { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } };
}
`,
    tools: `{
  add: ({ a, b }) => a + b,
}
`,
  },
  {
    id: "html-output",
    title: "Output that looks like HTML",
    description: "A tool returns markup with a script in it; the transcript shows it as text and runs nothing.",
    expect: { reason: "final", phase: "final", text: "<b>Here it is.</b>" },
    userMsg: "Show me a picture.",
    model: `${MODEL_ARRAY_NOTE}[
  { role: "assistant", type: "tool", name: "picture", args: {} },
  { role: "assistant", type: "final", content: "<b>Here it is.</b>" },
]
`,
    tools: `{
  picture: () => "<img src=x onerror=alert(1)>",
}
`,
  },
  {
    id: "approval",
    title: "A tool that needs your approval (delete)",
    description: "The delete tool is marked needsApproval, so the run pauses before each delete: Approve it, Deny it with a reason, or Edit its arguments. Deny deleting photos/ and the model reads \"error: denied: …\" and frees the cache instead.",
    expect: { reason: "final", phase: "final", text: "Done: deleted cache/. I left photos/ alone (not my photos).", failed: ["delete"] },
    // What the person decides at each pause when the tests run it.
    decide: [{ decision: "deny", reason: "not my photos" }, { decision: "approve" }],
    userMsg: "My disk is full. Free some space.",
    model: `function model(messages) {
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { role: "assistant", type: "tool", name: "list_files", args: {} };
  }
  if (last.name === "list_files") {
    // The biggest folder first.
    return { role: "assistant", type: "tool", name: "delete", args: { path: "photos/" } };
  }
  const denials = messages.filter((m) => m.role === "tool" && m.content.startsWith("error: denied"));
  if (last === denials[denials.length - 1]) {
    // Denied: the call did not run. The model reads why, and recovers.
    if (denials.length === 1) return { role: "assistant", type: "tool", name: "delete", args: { path: "cache/" } };
    return { role: "assistant", type: "final", content: "I deleted nothing: you denied both." };
  }
  const why = denials.length ? " I left photos/ alone (" + (denials[0].content.slice(15) || "you said no") + ")." : "";
  return { role: "assistant", type: "final", content: "Done: " + last.content + "." + why };
}
`,
    tools: `const tools = {
  list_files: () => "photos/ 3 GB, cache/ 800 MB, notes.txt 2 KB",
  delete: ({ path }) => "deleted " + path,
};
// The run pauses before each delete until you Approve it, Deny it (the
// model reads your reason) or Edit its arguments.
tools.delete.needsApproval = true;
`,
  },
  ...STREAMING_EXAMPLES,
];

// exampleById returns the shipped example with the id, or null.
export function exampleById(id) {
  return EXAMPLES.find((e) => e.id === id) || null;
}

// stateOf returns the editor state an example fills in.
export function stateOf(example) {
  return fieldsOf(example);
}

// matchingExample returns the id of the example whose code and message the
// state holds, or "".
export function matchingExample(state) {
  const e = EXAMPLES.find(
    (x) => x.model === state.model && x.tools === state.tools && x.userMsg === state.userMsg,
  );
  return e ? e.id : "";
}
