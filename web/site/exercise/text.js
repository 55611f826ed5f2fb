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
