// A correct level-2 loop, written as a learner would (web/interview_test.go
// checks it on the page, and makes it sequential by replacing its
// Promise.all line).
async function runAgent(model, tools, userMsg, { maxSteps = 10, toolTimeoutMs = 0, signal } = {}) {
  const messages = [{ role: "user", content: userMsg }];
  const usage = { input_tokens: 0, output_tokens: 0 };
  const fail = (step, why) => Object.assign(new Error(`step ${step}: ${why}`), { answer: { text: "", usage, messages } });
  for (let step = 1; step <= maxSteps; step++) {
    if (signal.aborted) throw fail(step, signal.reason.message);
    let action;
    try {
      action = await model(messages, { signal });
    } catch (err) {
      throw fail(step, `model: ${err.message}`);
    }
    if (action == null) throw fail(step, "malformed action: the model returned no action");
    if (typeof action !== "object" || Array.isArray(action)) {
      const what = Array.isArray(action) ? "an array" : typeof action === "string" ? `string ${JSON.stringify(action)}` : `${typeof action} ${action}`;
      throw fail(step, `malformed action: the model returned ${what}, not an action object`);
    }
    usage.input_tokens += action.usage?.input_tokens ?? 0;
    usage.output_tokens += action.usage?.output_tokens ?? 0;
    messages.push(action);
    if (typeof action.type !== "string") throw fail(step, 'malformed action: "type" is missing or not a string');
    if (action.type === "final") return { text: action.content, usage, messages };
    if (action.type !== "tool") throw fail(step, `malformed action: type ${JSON.stringify(action.type)} is neither "final" nor "tool"`);
    const calls = action.calls ?? [action];
    if (calls.length === 0) throw fail(step, 'malformed action: "calls" is empty');
    for (const [i, call] of calls.entries()) {
      const where = action.calls ? `calls[${i}]: ` : "";
      if (typeof call.name !== "string") throw fail(step, `malformed action: ${where}tool action has no string "name"`);
      if ("args" in call && (typeof call.args !== "object" || call.args === null || Array.isArray(call.args))) {
        throw fail(step, `malformed action: ${where}"args" of tool ${JSON.stringify(call.name)} is not an object`);
      }
    }
    const run = async (call) => {
      const msg = { role: "tool", name: call.name };
      if (call.id) msg.id = call.id;
      if (!Object.hasOwn(tools, call.name)) return { ...msg, content: `error: unknown tool '${call.name}'` };
      const timer = new AbortController();
      const limits = [signal, timer.signal];
      let clock;
      const late = new Promise((_, reject) => {
        if (toolTimeoutMs > 0) clock = setTimeout(() => (timer.abort(), reject(new Error(`tool '${call.name}' timed out after ${toolTimeoutMs}ms`))), toolTimeoutMs);
      });
      try {
        return { ...msg, content: await Promise.race([tools[call.name](call.args ?? {}, { signal: AbortSignal.any(limits) }), late]) };
      } catch (err) {
        return { ...msg, content: `error: ${err.message}` };
      } finally {
        clearTimeout(clock);
      }
    };
    const results = await Promise.all(calls.map(run));
    messages.push(...results);
    if (signal.aborted) throw fail(step, signal.reason.message);
  }
  return { text: "Stopped: reached max steps.", usage, messages };
}
