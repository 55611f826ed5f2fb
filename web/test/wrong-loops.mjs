// The wrong classic loops whose first differences Go's agenttest keeps in
// agent/agenttest/testdata/wrong-loops.json: the same mistakes, with the
// same logic, as buggyLoop in agent/agenttest/agenttest_test.go. Where Go
// and JavaScript values differ, the loop does what the Go one does: a Go
// type assertion that fails gives a nil map, which both graders show as
// null, so "nil args" passes null here, not undefined.

// wrongLoop returns the classic loop with the named mistake.
export function wrongLoop(bug) {
  if (!BUGS.has(bug)) throw new Error(`no wrong loop "${bug}"`);
  return function runAgent(model, tools, userMsg, maxSteps = 10) {
    const messages = [{ role: "user", content: userMsg }];
    let first = 0;
    let last = maxSteps;
    if (bug === "steps <= max") last = maxSteps + 1;
    if (bug === "steps from 1 < max") first = 1;
    if (bug === "ignores max steps and final") last = Infinity;
    for (let step = first; step < last; step++) {
      const action = model(bug === "drops the user message" ? messages.slice(1) : messages);
      if (action.type === "final" && bug !== "ignores max steps and final") return action.content;
      const name = typeof action.name === "string" ? action.name : "";
      if (!("args" in action) && bug === "fills in missing args on the action") action.args = {};
      const isObject = action.args !== null && typeof action.args === "object" && !Array.isArray(action.args);
      const args = isObject ? action.args : bug === "nil args for missing args" ? null : {};
      let output;
      if (!Object.hasOwn(tools, name)) {
        output = bug === "unknown tool without quotes" ? `error: unknown tool ${name}` : `error: unknown tool '${name}'`;
      } else {
        try {
          output = tools[name](args);
        } catch (err) {
          output = bug === "error without a space" ? `error:${err.message}` : `error: ${err.message}`;
        }
      }
      if (bug === "returns the first tool output") return output;
      const result = bug === "tool message without a name" ? { role: "tool", content: output } : { role: "tool", name, content: output };
      if (bug === "forgets the action") messages.push(result);
      else messages.push(action, result);
    }
    if (bug === "stop text without the period") return "Stopped: reached max steps";
    return "Stopped: reached max steps.";
  };
}

// BUGS names every wrong loop wrongLoop knows.
export const BUGS = new Set([
  "forgets the action",
  "nil args for missing args",
  "steps <= max",
  "steps from 1 < max",
  "unknown tool without quotes",
  "error without a space",
  "returns the first tool output",
  "ignores max steps and final",
  "stop text without the period",
  "fills in missing args on the action",
  "tool message without a name",
  "drops the user message",
]);
