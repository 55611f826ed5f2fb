// Completion for what people type most in the editors: the fields of an
// action and of a message, the two action types, and (in the Model
// editor) the names of the tools the Tools editor defines.

import { syntaxTree } from "@codemirror/language";

// FIELDS are the keys of actions and messages, with what each one is.
export const FIELDS = [
  { label: "type", detail: '"final" | "tool"', info: "What the action is: the final answer, or tool calls." },
  { label: "content", detail: "string", info: "The text of a final answer or of a message." },
  { label: "name", detail: "tool name", info: "The tool a call asks for." },
  { label: "args", detail: "object", info: "The arguments of a tool call." },
  { label: "calls", detail: "array", info: "Several tool calls in one action: [{name, args}, …]." },
  { label: "id", detail: "string", info: "A tool call's id, echoed by its tool message." },
  { label: "role", detail: '"user" | "assistant" | "tool"', info: "Who a message is from." },
  { label: "usage", detail: "object", info: "Tokens the model call used, e.g. {input: 10, output: 3}." },
];

const TYPES = [
  { label: "final", info: "The final answer: the loop ends with content." },
  { label: "tool", info: "Call a tool (name, args) or several (calls)." },
];

// actionCompletions returns a completion source; toolNames() gives (a
// promise of) the tool names to offer for `name: "…"`.
export function actionCompletions(toolNames) {
  return async (context) => {
    const { state, pos } = context;
    const node = syntaxTree(state).resolveInner(pos, -1);
    const line = state.doc.lineAt(pos);
    const before = state.sliceDoc(Math.max(line.from, pos - 200), pos);

    if (node.name === "String") {
      // Inside a string: its value, after `type: "` or `name: "`.
      const m = /\b(type|name)\s*:\s*(["'`])([\w$-]*)$/.exec(before);
      if (!m) return null;
      const from = pos - m[3].length;
      if (m[1] === "type") return { from, options: TYPES.map((t) => ({ ...t, type: "enum" })), validFor: /^[\w$-]*$/ };
      const names = await toolNames();
      if (!names.length) return null;
      return { from, options: names.map((n) => ({ label: n, type: "function", detail: "tool" })), validFor: /^[\w$-]*$/ };
    }

    // A property name: after `{` or `,` inside an object.
    const word = context.matchBefore(/[\w$]*/);
    const head = state.sliceDoc(Math.max(0, word.from - 200), word.from);
    if (!/[{,]\s*$/.test(head)) return null;
    if (word.from === word.to && !context.explicit) return null;
    if (!insideObject(node)) return null;
    return { from: word.from, options: FIELDS.map((f) => ({ ...f, type: "property" })), validFor: /^[\w$]*$/ };
  };
}

// insideObject reports whether the syntax node sits in an object literal
// (and not, say, in a block of statements). Code being typed is often
// incomplete, and the parser may take an unfinished object for a pattern.
function insideObject(node) {
  for (let n = node; n; n = n.parent) {
    if (n.name === "ObjectExpression" || n.name === "ObjectPattern") return true;
    if (n.name === "Block" || n.name === "Script") return false;
  }
  return false;
}
