// Lessons beyond the classic loop: what a real agent puts around it. The
// shape of a lesson is described in learn/lessons.js; a lesson whose tools
// need approval also says, in decide, what the person decides at each
// call that waits, for the tests (the reader decides for themselves).

export const BEYOND = [
  {
    id: "approval",
    title: "Approval: a person between the model and the tools",
    text: [
      "Some tools should not run just because a model asked: deleting files, paying, mailing a customer. Tool approval puts a decision between the model's call and the tool (`phase: approval`): the loop shows the call, and a person approves it, denies it with a reason, or runs it with edited arguments.",
      "A denied call does not run, yet it still gets its result: `error: denied: ` and the reason (`phase: denied`). Every call keeps its result, which is the rule real providers enforce (a call left without one gets the next request refused), and it is what lets the model read the denial and recover.",
      "Here `delete` is marked `needsApproval`. Run it and deny the delete, giving a reason.",
    ],
    phases: ["approval", "denied", "result"],
    decide: [{ decision: "deny", reason: "not my photos" }, { decision: "approve" }],
    setup: {
      userMsg: "My disk is full. Free some space.",
      model: `function model(messages) {
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { type: "tool", name: "delete", args: { path: "photos/" } };
  }
  // Whatever the call's result, this model stops here.
  return { type: "final", content: "I tried: " + last.content };
}
`,
      tools: `const tools = {
  delete: ({ path }) => "deleted " + path,
};
// Each call of delete waits for your decision.
tools.delete.needsApproval = true;
`,
    },
    expect: { reason: "final", phase: "final", text: "I tried: error: denied: not my photos", failed: ["delete"] },
    predict: {
      kind: "toolResult",
      question: "You deny the delete, saying \"not my photos\". What does the model read as the call's result?",
      choices: [
        { label: "deleted photos/", value: "deleted photos/" },
        { label: "error: denied: not my photos", value: "error: denied: not my photos" },
        { label: "Nothing: a denied call gets no result", value: null },
      ],
    },
    task: {
      text: "Make the model recover: when its delete is denied, ask to delete `cache/` instead, and approve that one.",
      hint: "Before the final answer: `if (last.content.startsWith(\"error: denied\")) return { type: \"tool\", name: \"delete\", args: { path: \"cache/\" } };`.",
      check: (run) => run.recoveredAfterFailure() && run.callsOf("delete").length === 2,
      solution: {
        model: `function model(messages) {
  const last = messages[messages.length - 1];
  if (last.role === "user") {
    return { type: "tool", name: "delete", args: { path: "photos/" } };
  }
  if (last.content.startsWith("error: denied")) {
    // Denied: the call did not run. Ask for something smaller.
    return { type: "tool", name: "delete", args: { path: "cache/" } };
  }
  return { type: "final", content: "Done: " + last.content };
}
`,
      },
    },
  },
];
