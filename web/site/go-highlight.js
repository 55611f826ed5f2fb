// Go syntax highlighting for the Loop panel's lines, by CodeMirror's Go
// parser (@codemirror/lang-go). It returns nodes, not HTML: each token is a
// <span class="tok-..."> (classHighlighter's classes, coloured in
// style.css) holding its text as textContent.

import { goLanguage } from "@codemirror/lang-go";
import { highlightCode, classHighlighter } from "@lezer/highlight";

// highlightGoLines returns, for each of lines, the nodes that show it.
export function highlightGoLines(lines) {
  const text = lines.join("\n");
  const out = [[]];
  highlightCode(
    text,
    goLanguage.parser.parse(text),
    classHighlighter,
    (token, classes) => {
      if (!classes) {
        out[out.length - 1].push(token);
        return;
      }
      const span = document.createElement("span");
      span.className = classes;
      span.textContent = token;
      out[out.length - 1].push(span);
    },
    () => out.push([]),
  );
  return out;
}
