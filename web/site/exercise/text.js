// The Exercise's words: the stub Your loop starts from, and the hints that
// unlock one by one, each more specific than the last.

// STUB is what Your loop holds before the learner writes anything: the
// exercise's statement in a few lines, and the function to fill in.
export const STUB = `// Write the agent loop. Check runs it on every case and compares it with
// the real loop (agent.Run):
// - messages starts as [{role: "user", content: userMsg}];
// - call model(messages) at most maxSteps times; it returns an action;
// - a "final" action: return its content;
// - a "tool" action: call tools[action.name] with action.args ({} when
//   absent), then append the action exactly as returned and
//   {role: "tool", name, content: output};
// - an unknown tool's output is "error: unknown tool 'NAME'", a tool that
//   throws gives "error: " + its message, and the loop goes on;
// - when the steps run out, return exactly "Stopped: reached max steps."
// The function may be async: Check awaits it.
function runAgent(model, tools, userMsg, maxSteps = 10) {
  const messages = [{ role: "user", content: userMsg }];
  // …
}
`;

// HINTS go from a nudge to nearly the answer.
export const HINTS = [
  "Start with a for loop that runs maxSteps times and calls model(messages) once per turn. With maxSteps 0 the model is never called.",
  'If action.type is "final", return action.content at once. After the loop, return "Stopped: reached max steps." — with the period.',
  "For a tool action, push the action object itself (not a copy you build) onto messages, then push {role: \"tool\", name: action.name, content: output}. The model sees both on its next call.",
  "Look the tool up with Object.hasOwn(tools, name). Missing: the output is `error: unknown tool '${name}'`. Call it with action.args ?? {} inside try/catch: a throw gives `error: ${err.message}`, and the loop goes on.",
  `The whole turn:
const action = model(messages);
if (action.type === "final") return action.content;
const { name } = action;
let output;
if (!Object.hasOwn(tools, name)) output = \`error: unknown tool '\${name}'\`;
else try { output = tools[name](action.args ?? {}); } catch (err) { output = \`error: \${err.message}\`; }
messages.push(action, { role: "tool", name, content: output });`,
];

// STUB_LEVEL_2 is Your loop's start at level 2, the interviewer's
// follow-ups: the signature and the rules the follow-ups' cases check, in
// the words of Go's agenttest.FollowUpLoop.
export const STUB_LEVEL_2 = `// Level 2: the interviewer's follow-ups. Check runs your loop on each
// follow-up's cases, and each follow-up passes or fails on its own.
// - async: model(messages, { signal }) and tools[name](args, { signal })
//   return promises: await them, and hand the run's signal on (or one
//   that aborts with it: AbortSignal.any([signal, …])).
// - a model that rejects ends the run: throw "step N: model: " + its message.
// - parallel calls: {type: "tool", calls: [{name, args, id}, …]} starts
//   every call at once and appends one tool message per call, in call
//   order, with the call's id: {role: "tool", name, content, id}. A single
//   call's id is carried too.
// - malformed output ends the run with "step N: malformed action: …" in
//   agent.MalformedError's words: "the model returned no action",
//   'the model returned string "…", not an action object', "… an array, …",
//   '"type" is missing or not a string', 'type "x" is neither "final" nor
//   "tool"', 'tool action has no string "name"', '"args" of tool "add" is
//   not an object', '"calls" is empty', "calls[1]: …".
// - tool timeout: a call slower than toolTimeoutMs (0: none) gets the
//   output "error: tool 'NAME' timed out after 20ms", and the loop goes on.
// - cancellation: check signal.aborted before each model call and after
//   a step's tool messages are appended; then throw
//   "step N: " + signal.reason.message ("context canceled").
// - token accounting: sum every action's usage {input_tokens, output_tokens}.
// Resolve with the answer {text, usage: {input_tokens, output_tokens},
// messages} (text: the final content, or "Stopped: reached max steps.");
// an Error you throw carries the answer so far as err.answer, as Go
// returns the Answer beside its error.
async function runAgent(model, tools, userMsg, { maxSteps = 10, toolTimeoutMs = 0, signal } = {}) {
  const messages = [{ role: "user", content: userMsg }];
  const usage = { input_tokens: 0, output_tokens: 0 };
  // …
  return { text: "Stopped: reached max steps.", usage, messages };
}
`;

// HINTS_LEVEL_2 are level 2's hints, from a nudge to nearly the answer.
export const HINTS_LEVEL_2 = [
  "Every model and tool call returns a promise: await it. Hand the run's signal on to each: model(messages, { signal }), tools[name](args, { signal }).",
  "Before each model call, and again after a step's tool messages are appended, check signal.aborted; then throw new Error(`step ${step}: ${signal.reason.message}`) with err.answer = { text: \"\", usage, messages }.",
  "A tool action's calls are action.calls, or the action itself when it has none. Start them all at once with Promise.all(calls.map(run)): its results come back in call order, whatever order they end in.",
  "For a timeout, race the tool's promise against a timer that rejects with `tool '${name}' timed out after ${toolTimeoutMs}ms`, and give the tool AbortSignal.any([signal, timer.signal]) so it can stop too.",
  "Add each action's usage before you look at its type: usage.input_tokens += action.usage?.input_tokens ?? 0, and the same for output_tokens; resolve with { text, usage, messages }.",
];
