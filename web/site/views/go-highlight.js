// Go syntax highlighting for the Loop panel, by CodeMirror's Go parser
// (@codemirror/lang-go). The panel (views/loop-panel.js) shows the loop's lines
// as plain text at once; the page calls highlightLoopList once the engine
// is up, and each line's text is replaced by its tokens: <span
// class="tok-..."> (classHighlighter's classes, coloured in style.css)
// with the text as textContent, never HTML.

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

// highlightLoopList highlights the Loop panel's list of lines (li
// elements, one per line), now or as soon as the panel has filled it.
export function highlightLoopList(list) {
  const apply = () => {
    const items = [...list.children];
    if (!items.length) return false;
    const shown = highlightGoLines(items.map((li) => li.textContent));
    items.forEach((li, i) => li.replaceChildren(...shown[i]));
    return true;
  };
  if (apply()) return;
  const watch = new MutationObserver(() => {
    watch.disconnect();
    apply();
  });
  watch.observe(list, { childList: true });
}
