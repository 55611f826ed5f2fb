// The model a fork really ran, as Model editor code. A fork (views/fork.js)
// gives its first model calls the answers it replays (the recorded ones,
// then the edited one) and later calls to the Model editor's model, an
// array from its next entry or a function called as usual
// (worker/drive.js). That is not what the Model editor says, so a fork
// saved as a run file carries this code instead: opened and run, it gives
// the fork's run again. Pure (no DOM); it loads the parser, so the page
// imports it only when it saves a fork (run/export.js).

import { Parser } from "acorn";
import { readSource } from "../run/source-form.js";

// forkModel returns the code of a model that answers call k (1-based) with
// answers[k-1] and later calls as source (the Model editor's code) would
// have in the fork, or null when source does not parse (nothing runs
// then). The answers come as JavaScript, formatted to stand two spaces
// in (run/actions.js's jsValue(action, "  ")): importing run/actions.js here would
// split it into a chunk of its own, which the page's first load would
// wait for. An array literal becomes an array: the answers, then
// source's entries from the next on. Any other model becomes a function
// that gives the answers first and then hands the calls to source's
// model.
export function forkModel(source, answers) {
  const read = readSource(String(source));
  if (read.error) return null;
  const at = answers.length;
  const list = (entries) => `[\n${entries.map((e) => `  ${e},\n`).join("")}]`;
  const later = read.form === "expression" ? laterEntries(read.body, at) : null;
  if (later) {
    const head =
      at === 1
        ? "entry 1 is the edited answer; the rest are\n// the Model editor's entries that followed."
        : `entries 1 to ${at} are the answers the fork\n// replayed (the last one edited); the rest are the Model editor's that followed.`;
    return `// Forked at model call ${at}: ${head}\n${list([...answers, ...later])}\n`;
  }
  const forkedFrom =
    read.form === "expression"
      ? `(\n${read.body}\n)`
      : `(function (model) {\n  {\n${read.body}\n  ;return model; }\n})()`;
  const first = at === 1 ? "call 1 gets the edited answer in `answers`" : `calls 1 to ${at} get \`answers\` (the last one edited)`;
  return `// Forked at model call ${at}: ${first};
// later calls go to \`forkedFrom\`, the Model editor's code the run was forked
// from, as they did in the fork.
const answers = ${list(answers)};
const forkedFrom = ${forkedFrom};
function model(messages) {
  // This call's number: the user's message and one answer per call before.
  const call = messages.filter((m) => m.role !== "tool").length;
  if (call <= answers.length) return answers[call - 1];
  if (typeof forkedFrom === "function") return forkedFrom(messages);
  if (call > forkedFrom.length) throw new Error(\`script exhausted at step \${call}\`);
  return forkedFrom[call - 1];
}
`;
}

// laterEntries returns the source of each entry of the array literal body
// from index at on, or null when body is not a plain array literal (a
// spread or a hole would shift the entries).
function laterEntries(body, at) {
  let node;
  try {
    node = Parser.parseExpressionAt(body, 0, { ecmaVersion: "latest" });
  } catch {
    return null;
  }
  if (node.type !== "ArrayExpression" || node.elements.some((e) => !e || e.type === "SpreadElement")) return null;
  return node.elements.slice(at).map((e) => body.slice(e.start, e.end));
}
