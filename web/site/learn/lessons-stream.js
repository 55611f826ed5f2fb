// The lesson on streaming (see lessons.js for what each field means).

export const STREAM = [
  {
    id: "streaming",
    title: "Watch the answer arrive",
    text: [
      "Real models stream: the answer arrives in pieces, text a few words at a time, and a tool call's arguments as fragments of JSON that only parse once the last one is in.",
      "Here the model's answer is `{stream: [...]}`: each entry is a delta. `{text}` adds to the answer's text; `{call, name, args}` adds to tool call number `call`, whose first piece names its tool.",
      "The loop reads the deltas during the model call (the line of `callModel` stays lit), then assembles them into the very action a model that does not stream returns, and goes on as always. Step through it: the transcript shows the arguments growing, and what is still open in them.",
    ],
    phases: ["model", "action", "tool", "result", "error_model"],
    setup: {
      userMsg: "What is 2 + 3?",
      model: `[
  { stream: [
    { text: "Let me add. " },
    { call: 0, name: "add", args: '{"a": 2' },
    { call: 0, args: ', "b": 3' },
    { call: 0, args: "}" },
  ] },
  { stream: [{ text: "The answer " }, { text: "is 5." }] },
]
`,
      tools: `{
  add: ({ a, b }) => a + b,
}
`,
    },
    expect: { reason: "final", phase: "final", text: "The answer is 5." },
    predict: {
      kind: "soFar",
      step: 1,
      delta: 3,
      question: "After the third delta, what are call 0's arguments so far?",
      choices: [
        { label: "nothing yet: the loop waits for the whole answer", value: "" },
        { label: '{"a": 2', value: '{"a": 2' },
        { label: '{"a": 2, "b": 3, which does not parse yet', value: '{"a": 2, "b": 3' },
        { label: '{"a": 2, "b": 3}', value: '{"a": 2, "b": 3}' },
      ],
    },
    task: {
      text: "Break the stream: make it end before the arguments close. The loop then has no action to append, and stops.",
      hint: 'Delete the delta { call: 0, args: "}" }: the run stops with "malformed stream: the stream ended at byte 15 of the arguments of call 0".',
      check: (run) => run.reason === "model_error" && run.phase === "error_model",
      solution: {
        model: `[
  { stream: [
    { text: "Let me add. " },
    { call: 0, name: "add", args: '{"a": 2' },
    { call: 0, args: ', "b": 3' },
  ] },
  { stream: [{ text: "The answer " }, { text: "is 5." }] },
]
`,
      },
    },
  },
];
