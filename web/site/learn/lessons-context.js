// The lesson on the context window (see lessons.js for what each field
// means): a long run under a context budget, where what the model is sent
// is no longer the whole transcript. Its setup is the example "A long run
// within a context budget", so that what the lesson says can be seen again
// in What the model sees and its Tokens view.

export const CONTEXT = [
  {
    id: "context-window",
    title: "The context window: what the model still sees",
    text: [
      "A real model reads at most so many tokens per call, and a long run outgrows them. A context budget makes the loop count the list before each model call (`phase: context`) and, when it is over, send a shorter request: here the oldest whole exchanges (a call and its result) are left out, never the user's message, and never a call without its result.",
      "Only the request is trimmed: the transcript keeps every message, and the loop's context event says which ones each call was sent without.",
      "The model reads one page per call, about 77 tokens each by the loop's estimate, under a budget of 300.",
    ],
    phases: ["context", "model"],
    setup: {
      userMsg: "Summarize the report, page by page.",
      contextBudget: 300,
      trim: "exchanges",
      model: `// It reads the next page after the last one it sees, and at the
// end says which pages it still sees.
function model(messages) {
  const last = messages[messages.length - 1];
  const page = last.role === "tool" ? Number(/^Page (\\d+)/.exec(last.content)[1]) : 0;
  if (page < 8) return { type: "tool", name: "read_page", args: { page: page + 1 } };
  const seen = messages.filter((m) => m.role === "tool").map((m) => /^Page (\\d+)/.exec(m.content)[1]);
  return { type: "final", content: "I read 8 pages; I still see pages " + seen.join(", ") + "." };
}
`,
      tools: `{
  // Each page is about 250 characters.
  read_page: ({ page }) => "Page " + page + ": " + "the findings go on ".repeat(13).trim(),
}
`,
    },
    expect: { reason: "final", phase: "final", text: "I read 8 pages; I still see pages 6, 7, 8." },
    predict: {
      kind: "resultsSent",
      at: 8,
      question: "At step 8 the transcript holds the question and pages 1 to 7. Which pages is the model sent?",
      choices: [
        { label: "All seven: the loop sends the whole list", value: "1,2,3,4,5,6,7" },
        { label: "Pages 5, 6 and 7", value: "5,6,7" },
        { label: "Only page 7, the latest", value: "7" },
        { label: "None: the pages no longer fit", value: "" },
      ],
    },
    task: {
      text: "Raise the Context budget until the last call is sent every page, and the model says it still sees pages 1 to 8.",
      hint: "The last call's transcript is 629 tokens by the loop's estimate (What the model sees, Tokens): a budget of 700 leaves nothing out.",
      check: (run) => run.reason === "final" && run.budgeted() && run.modelCalls === 9 && run.resultsSentAt(9).length === 8,
      solution: { contextBudget: 700 },
    },
  },
];
