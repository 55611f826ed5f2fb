// The wrong level-2 loops whose first differences Go's agenttest keeps in
// agent/agenttest/testdata/wrong-followup-loops.json: the same mistakes,
// with the same logic, as followUpLoop in
// agent/agenttest/followup_test.go, written against the JavaScript
// signature of level 2 (exercise/text.js):
//
//   async runAgent(model, tools, userMsg, {maxSteps, toolTimeoutMs, signal})
//     → {text, usage: {input_tokens, output_tokens}, messages}
//
// and throwing an Error whose answer property holds the answer so far.

// wrongFollowUpLoop returns the level-2 loop with the named mistake ("" for
// none).
export function wrongFollowUpLoop(bug) {
  if (bug !== "" && !FOLLOW_UP_BUGS.has(bug)) throw new Error(`no wrong loop "${bug}"`);
  return async function runAgent(model, tools, userMsg, { maxSteps = 10, toolTimeoutMs = 0, signal } = {}) {
    if (bug === "ignores ctx") signal = new AbortController().signal;
    const messages = [{ role: "user", content: userMsg }];
    let usage = { input_tokens: 0, output_tokens: 0 };
    const stop = (step, message) => {
      const err = new Error(bug === "errors without the step" ? message : `step ${step}: ${message}`);
      err.answer = { text: "", usage, messages };
      return err;
    };
    const reason = () => signal.reason.message;
    for (let step = 1; step <= maxSteps; step++) {
      if (signal.aborted && bug !== "never checks ctx") throw stop(step, reason());
      let action;
      try {
        action = await model(messages, { signal });
      } catch (err) {
        throw stop(step, bug === "model errors as they are" ? err.message : `model: ${err.message}`);
      }
      if (action === null || action === undefined) throw stop(step, "malformed action: the model returned no action");
      if (typeof action !== "object" || Array.isArray(action)) {
        const what = Array.isArray(action) ? "an array" : typeof action === "string" ? `string ${JSON.stringify(action)}` : `${typeof action} ${action}`;
        throw stop(step, `malformed action: the model returned ${what}, not an action object`);
      }
      const u = action.usage ?? {};
      const n = (x) => (typeof x === "number" ? Math.trunc(x) : 0);
      if (bug === "keeps the last usage") usage = { input_tokens: n(u.input_tokens), output_tokens: n(u.output_tokens) };
      else if (bug !== "counts no usage") usage = { input_tokens: usage.input_tokens + n(u.input_tokens), output_tokens: usage.output_tokens + n(u.output_tokens) };
      messages.push(action);
      if (typeof action.type !== "string") throw stop(step, 'malformed action: "type" is missing or not a string');
      if (action.type === "final") return { text: typeof action.content === "string" ? action.content : "", usage, messages };
      if (action.type !== "tool") {
        if (bug === "own words for malformed output") throw stop(step, `unknown action type ${action.type}`);
        throw stop(step, `malformed action: type ${JSON.stringify(action.type)} is neither "final" nor "tool"`);
      }
      const calls = readCalls(action);
      if (typeof calls === "string") throw stop(step, `malformed action: ${calls}`);
      const run = (call) =>
        learnerCall(tools, call, toolTimeoutMs, signal, bug).then((msg) => {
          if (bug === "drops call ids") delete msg.id;
          return msg;
        });
      let results;
      if (bug === "calls one at a time") {
        results = [];
        for (const call of calls) results.push(await run(call));
      } else {
        results = await Promise.all(calls.map(run));
      }
      if (signal.aborted && bug === "drops the results on cancel") throw stop(step, reason());
      messages.push(...results);
      if (signal.aborted && bug !== "never checks ctx") throw stop(step, reason());
    }
    return { text: "Stopped: reached max steps.", usage, messages };
  };
}

// readCalls returns an action's calls, or what is malformed about them.
function readCalls(action) {
  const check = (call, where) => {
    if (typeof call.name !== "string") return `${where}tool action has no string "name"`;
    if ("args" in call && (call.args === null || typeof call.args !== "object" || Array.isArray(call.args))) return `${where}"args" of tool ${JSON.stringify(call.name)} is not an object`;
    return null;
  };
  if (!("calls" in action)) return check(action, "") ?? [action];
  if (!Array.isArray(action.calls)) return '"calls" is not a list';
  if (action.calls.length === 0) return '"calls" is empty';
  for (const [i, call] of action.calls.entries()) {
    if (call === null || typeof call !== "object" || Array.isArray(call)) return `calls[${i}] is not an object`;
    const problem = check(call, `calls[${i}]: `);
    if (problem) return problem;
  }
  return action.calls;
}

// learnerCall runs one call and returns its tool message.
async function learnerCall(tools, call, toolTimeoutMs, signal, bug) {
  const msg = { role: "tool", name: call.name };
  if (typeof call.id === "string" && call.id !== "") msg.id = call.id;
  if (!Object.hasOwn(tools, call.name)) return { ...msg, content: `error: unknown tool '${call.name}'` };
  const args = call.args ?? {};
  try {
    if (toolTimeoutMs <= 0 || bug === "no tool timeout") {
      msg.content = await tools[call.name](args, { signal });
    } else {
      const timeout = new AbortController();
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => {
          timeout.abort();
          reject(new Error(bug === "own words for a timeout" ? "timeout" : `tool '${call.name}' timed out after ${toolTimeoutMs}ms`));
        }, toolTimeoutMs);
      });
      try {
        msg.content = await Promise.race([tools[call.name](args, { signal: AbortSignal.any([signal, timeout.signal]) }), late]);
      } finally {
        clearTimeout(timer);
      }
    }
  } catch (err) {
    msg.content = `error: ${err.message}`;
  }
  return msg;
}

// FOLLOW_UP_BUGS names every wrong loop wrongFollowUpLoop knows.
export const FOLLOW_UP_BUGS = new Set([
  "calls one at a time",
  "ignores ctx",
  "never checks ctx",
  "errors without the step",
  "own words for malformed output",
  "model errors as they are",
  "no tool timeout",
  "own words for a timeout",
  "keeps the last usage",
  "counts no usage",
  "drops call ids",
  "drops the results on cancel",
]);
