// A level-1 loop moved to level 2 as it is: it never awaits the model or
// the tools, so every action it reads is a promise (web/interview_test.go).
function runAgent(model, tools, userMsg, { maxSteps = 10 } = {}) {
  const messages = [{ role: "user", content: userMsg }];
  for (let step = 0; step < maxSteps; step++) {
    const action = model(messages);
    if (action.type === "final") return { text: action.content, usage: { input_tokens: 0, output_tokens: 0 }, messages };
    messages.push(action, { role: "tool", name: action.name, content: String(tools[action.name]?.(action.args ?? {})) });
  }
  return { text: "Stopped: reached max steps.", usage: { input_tokens: 0, output_tokens: 0 }, messages };
}
