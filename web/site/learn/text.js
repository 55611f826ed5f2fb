// A lesson's text as DOM: `code` spans (marked with backticks) become
// <code>, the rest stays text. Nothing is parsed as HTML.

import { h } from "../util/dom.js";

// inline returns the nodes of one line of lesson text.
export function inline(text) {
  return String(text)
    .split("`")
    .map((part, i) => (i % 2 === 1 ? h("code", null, part) : document.createTextNode(part)));
}

// paragraph returns a <p> of lesson text.
export function paragraph(text, className) {
  return h("p", { className }, ...inline(text));
}
