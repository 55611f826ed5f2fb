// One Exercise case as the playground's fields: its script as the Model
// editor's array, its tools as a Tools object whose functions return or
// throw as the case says, its user message and max steps. "Open in
// playground" fills the editors with it, to step through the real loop on
// the case.

import { show } from "./case-check.js";

// scriptSource shows a case's script as a JavaScript array of actions, each
// on a line, its keys in a readable order.
export function scriptSource(script) {
  if (script.length === 0) return "[]";
  return `[\n${script.map((a) => `  ${show(a)},`).join("\n")}\n]`;
}

// toolsSource shows a case's tools as a JavaScript object of functions:
// {returns} becomes () => "…", {fails} () => { throw new Error("…"); }.
export function toolsSource(tools) {
  const names = Object.keys(tools);
  if (names.length === 0) return "{}";
  const lines = names.map((name) => {
    const spec = tools[name];
    const body = spec.fails !== undefined ? `{ throw new Error(${JSON.stringify(spec.fails)}); }` : JSON.stringify(spec.returns ?? "");
    return `  ${JSON.stringify(name)}: () => ${body},`;
  });
  return `{\n${lines.join("\n")}\n}`;
}

// playgroundState returns the playground's fields for case c (the state
// page/code-state.js shows).
export function playgroundState(c) {
  return {
    model: scriptSource(c.script),
    tools: toolsSource(c.tools),
    userMsg: c.userMsg,
    maxSteps: String(c.maxSteps),
  };
}
