// The shipped examples of a model that streams (see examples.js for what
// each field means): its answer arrives in pieces, which the loop
// assembles into the action it then acts on.

const STREAM_NOTE = `// Scripted streams: the k-th model call gets the k-th answer, in pieces.
// {text} is a piece of the answer's text; {call, name, args} a piece of
// tool call number call, whose args are fragments of JSON text.
`;

export const STREAMING_EXAMPLES = [
  {
    id: "streaming",
    title: "A streamed answer",
    description: "The model's answers arrive in pieces: some text, then two parallel calls whose fragments of JSON interleave, then the final text. Step through it delta by delta to watch the arguments grow until they parse.",
    expect: { reason: "final", phase: "final", text: "Paris has rain at 14 °C; Tokyo is clear at 22 °C." },
    userMsg: "What's the weather in Paris and in Tokyo?",
    model: `${STREAM_NOTE}[
  { stream: [
    { text: "Let me check " },
    { text: "both cities." },
    { call: 0, name: "weather", id: "call-1", args: '{"ci' },
    { call: 1, name: "weather", id: "call-2", args: '{"city"' },
    { call: 0, args: 'ty": "Par' },
    { call: 1, args: ': "Tok' },
    { call: 0, args: 'is"}' },
    { call: 1, args: 'yo"}' },
  ] },
  { stream: [
    { text: "Paris has rain " },
    { text: "at 14 °C; " },
    { text: "Tokyo is clear " },
    { text: "at 22 °C." },
  ] },
]
`,
    tools: `{
  weather: ({ city }) => ({ Paris: "rain, 14 °C", Tokyo: "clear, 22 °C" })[city] ?? "no forecast",
}
`,
  },
  {
    id: "streaming-live",
    title: "A model that streams as it thinks",
    description: "An async function* model yields its answer word by word, a moment apart, as a real model streams tokens: press Run and watch the text arrive in the transcript before the loop appends the whole answer.",
    expect: { reason: "final", phase: "final", text: "Streaming sends the answer in pieces, so you can read it while the model is still writing." },
    userMsg: "Why stream?",
    model: `// An async function* model: each yield is a delta, and the loop reads
// them as they come. A real client would yield the provider's chunks.
async function* model(messages) {
  const answer = "Streaming sends the answer in pieces, so you can read it while the model is still writing.";
  for (const word of answer.split(/(?<= )/)) {
    await new Promise((resolve) => setTimeout(resolve, 60));
    yield { text: word };
  }
}
`,
    tools: `{}
`,
  },
  {
    id: "streaming-broken",
    title: "A stream cut inside an argument",
    description: "The model's stream ends while a call's arguments are still inside a string: they never parse, and the run stops with an error naming the step, the call and the byte where the JSON broke.",
    expect: { reason: "model_error", phase: "error_model", error: /step 1: malformed stream: the stream ended at byte 11 of the arguments of call 0 \("add"\), inside a string in an object/ },
    userMsg: "What is 2 + 3?",
    model: `${STREAM_NOTE}[
  { stream: [
    { text: "Adding. " },
    { call: 0, name: "add", args: '{"a": 2, ' },
    { call: 0, args: '"b' },
    // The stream ends here: "b and the object are never closed.
  ] },
  { role: "assistant", type: "final", content: "This is never reached." },
]
`,
    tools: `{
  add: ({ a, b }) => a + b,
}
`,
  },
];
