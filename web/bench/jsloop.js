// The agent loop in plain JavaScript, with the rules runAgent follows
// (agent/loop.go through the wasm bridge), so the bench can compare the
// bridge with the same loop written without it. It awaits only what is a
// promise: a sync model and tools never leave the loop, as in the bridge's
// fast path, which makes this the strongest fair baseline.

export const MAX_STEPS_TEXT = "Stopped: reached max steps.";

function isThenable(v) {
  return v !== null && (typeof v === "object" || typeof v === "function") && typeof v.then === "function";
}

function messageOf(err) {
  return err instanceof Error ? err.message : String(err);
}

// toContent turns a tool's return value into the tool message's content.
function toContent(v) {
  if (typeof v === "string") return v;
  if (v === undefined || v === null) return "";
  return JSON.stringify(v);
}

// callTool returns the tool's content, or a promise of it for an async tool.
function callTool(tools, name, args) {
  const tool = Object.hasOwn(tools, name) ? tools[name] : undefined;
  if (typeof tool !== "function") return `error: unknown tool '${name}'`;
  let out;
  try {
    out = tool(args);
  } catch (err) {
    return "error: " + messageOf(err);
  }
  if (isThenable(out)) return Promise.resolve(out).then(toContent, (err) => "error: " + messageOf(err));
  return toContent(out);
}

// runAgentJS(model, tools, userMsg, maxSteps) resolves like runAgent.
export async function runAgentJS(model, tools, userMsg, maxSteps = 10) {
  const messages = [{ role: "user", content: userMsg }];
  for (let step = 1; step <= maxSteps; step++) {
    let action;
    try {
      action = model(messages);
      if (isThenable(action)) action = await action;
    } catch (err) {
      throw new Error(`step ${step}: model: ${messageOf(err)}`);
    }
    if (action === null || typeof action !== "object") {
      throw new Error(`step ${step}: malformed action: the model returned no action object`);
    }
    messages.push(action);
    if (action.type === "final") return toContent(action.content);
    if (action.type !== "tool") {
      throw new Error(`step ${step}: malformed action: "type" is neither "final" nor "tool"`);
    }
    if (typeof action.name !== "string") {
      throw new Error(`step ${step}: malformed action: tool action has no string "name"`);
    }
    let content = callTool(tools, action.name, action.args ?? {});
    if (isThenable(content)) content = await content;
    messages.push({ role: "tool", name: action.name, content });
  }
  return MAX_STEPS_TEXT;
}
