// The reference solutions "Compare with the reference" shows beside the
// learner's loop once a level passes, written for this page (level 1 the
// classic loop, level 2 with the interviewer's follow-ups), and the
// points where a loop that passes may still differ in what matters. The
// node tests run both sources on the cases, so what is shown passes.

// REFERENCE_LEVEL_1 is the classic loop, as agent.Run does it.
export const REFERENCE_LEVEL_1 = `function runAgent(model, tools, userMsg, maxSteps = 10) {
  const messages = [{ role: "user", content: userMsg }];
  for (let step = 1; step <= maxSteps; step++) {
    const action = model(messages);
    if (action.type === "final") return action.content;
    const { name } = action;
    let output;
    if (!Object.hasOwn(tools, name)) {
      output = \`error: unknown tool '\${name}'\`;
    } else {
      try {
        output = tools[name](action.args ?? {});
      } catch (err) {
        output = \`error: \${err.message}\`;
      }
    }
    // The action itself, as the model returned it, then its result.
    messages.push(action, { role: "tool", name, content: output });
  }
  return "Stopped: reached max steps.";
}`;

// REFERENCE_LEVEL_2 is the loop with the follow-ups, as agent.Run does it.
export const REFERENCE_LEVEL_2 = `async function runAgent(model, tools, userMsg, { maxSteps = 10, toolTimeoutMs = 0, signal } = {}) {
  const messages = [{ role: "user", content: userMsg }];
  const usage = { input_tokens: 0, output_tokens: 0 };
  // An error carries the answer so far, as Go returns it beside the error.
  const stop = (step, message) => Object.assign(new Error(\`step \${step}: \${message}\`), { answer: { text: "", usage, messages } });
  for (let step = 1; step <= maxSteps; step++) {
    if (signal.aborted) throw stop(step, signal.reason.message);
    let action;
    try {
      action = await model(messages, { signal });
    } catch (err) {
      throw stop(step, \`model: \${err.message}\`);
    }
    const notAction = notAnAction(action);
    if (notAction) throw stop(step, \`malformed action: the model returned \${notAction}\`);
    usage.input_tokens += count(action.usage?.input_tokens);
    usage.output_tokens += count(action.usage?.output_tokens);
    messages.push(action);
    if (typeof action.type !== "string") throw stop(step, 'malformed action: "type" is missing or not a string');
    if (action.type === "final") return { text: typeof action.content === "string" ? action.content : "", usage, messages };
    if (action.type !== "tool") throw stop(step, \`malformed action: type \${JSON.stringify(action.type)} is neither "final" nor "tool"\`);
    const calls = readCalls(action);
    if (typeof calls === "string") throw stop(step, \`malformed action: \${calls}\`);
    // Every call starts now; the results go in call order, whenever each ends.
    const results = await Promise.all(calls.map((call) => callTool(tools, call, toolTimeoutMs, signal)));
    messages.push(...results);
    if (signal.aborted) throw stop(step, signal.reason.message);
  }
  return { text: "Stopped: reached max steps.", usage, messages };
}

function notAnAction(action) {
  if (action === null || action === undefined) return "no action";
  if (Array.isArray(action)) return "an array, not an action object";
  if (typeof action === "string") return \`string \${JSON.stringify(action)}, not an action object\`;
  if (typeof action !== "object") return \`\${typeof action} \${String(action)}, not an action object\`;
  return "";
}

function count(n) {
  return typeof n === "number" && Number.isFinite(n) ? Math.trunc(n) : 0;
}

// readCalls returns the action's calls, or what is wrong with them.
function readCalls(action) {
  const check = (call, where) => {
    if (typeof call.name !== "string") return \`\${where}tool action has no string "name"\`;
    const { args } = call;
    if ("args" in call && (args === null || typeof args !== "object" || Array.isArray(args))) return \`\${where}"args" of tool \${JSON.stringify(call.name)} is not an object\`;
    return null;
  };
  if (!("calls" in action)) return check(action, "") ?? [action];
  if (!Array.isArray(action.calls)) return '"calls" is not a list';
  if (action.calls.length === 0) return '"calls" is empty';
  for (const [i, call] of action.calls.entries()) {
    if (call === null || typeof call !== "object" || Array.isArray(call)) return \`calls[\${i}] is not an object\`;
    const problem = check(call, \`calls[\${i}]: \`);
    if (problem) return problem;
  }
  return action.calls;
}

// callTool runs one call, within toolTimeoutMs (0: no limit), and returns
// its tool message.
async function callTool(tools, call, toolTimeoutMs, signal) {
  const message = { role: "tool", name: call.name };
  if (typeof call.id === "string" && call.id !== "") message.id = call.id;
  if (!Object.hasOwn(tools, call.name)) return { ...message, content: \`error: unknown tool '\${call.name}'\` };
  const timeout = new AbortController();
  let timer;
  const late = new Promise((_, reject) => {
    if (toolTimeoutMs > 0) {
      timer = setTimeout(() => {
        timeout.abort();
        reject(new Error(\`tool '\${call.name}' timed out after \${toolTimeoutMs}ms\`));
      }, toolTimeoutMs);
    }
  });
  try {
    // The tool's signal aborts with the run's, or when its time is up.
    const output = await Promise.race([tools[call.name](call.args ?? {}, { signal: AbortSignal.any([signal, timeout.signal]) }), late]);
    message.content = typeof output === "string" ? output : output == null ? "" : JSON.stringify(output);
  } catch (err) {
    message.content = \`error: \${err.message}\`;
  } finally {
    clearTimeout(timer);
  }
  return message;
}`;

// NOTES say, per level, where a loop that passes may still differ from
// the reference in what matters.
export const NOTES = {
  1: [
    "The reference appends the action exactly as the model returned it, then the tool message: a copy you build can drop fields the model sees again (an id, its usage).",
    "Errors are words the model reads: \"error: unknown tool 'NAME'\" and \"error: \" + the tool's message, and the loop goes on.",
    'It returns exactly "Stopped: reached max steps." when the steps run out: callers compare that text.',
    "With maxSteps 0 the model is never called.",
  ],
  2: [
    "The reference checks the signal before each model call and again after a step's tool messages are appended: a cancel keeps the results of the tools that finished.",
    "Every error starts with \"step N: \", the step under way, and a failing model adds \"model: \": that is how agent.Run words them.",
    "The calls of one action start together (Promise.all) and their tool messages go in call order, each with the call's id.",
    "A tool gets a signal that aborts with the run's or at its timeout (AbortSignal.any); the timeout's output is \"error: tool 'NAME' timed out after Dms\", and the loop goes on.",
    "Usage is summed from every action, malformed ones after the check for an object included; a thrown error carries the answer so far.",
  ],
};
