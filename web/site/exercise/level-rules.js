// The rules of the level shown, beside Your loop: a level's stub opens
// with them, but once the learner's own code is in the editor (level 1's
// loop carried to level 2, say) the stub's comment is gone. The Rules
// panel always shows them, in the language shown; and at level 2, when
// Your loop holds code other than the level's stub, Use the level-2
// starter puts the stub in, keeping the learner's code to bring back.

import { byId } from "../util/dom.js";
import { STUB, STUB_LEVEL_2 } from "./text.js";
import { GO_RULES_LEVEL_1, GO_STUB, GO_STUB_LEVEL_2 } from "./go-text.js";

// STUBS are each language's stub by level.
export const STUBS = { javascript: { 1: STUB, 2: STUB_LEVEL_2 }, go: { 1: GO_STUB, 2: GO_STUB_LEVEL_2 } };

// rulesOf returns the rules of a level in a language, as plain lines: the
// comment its stub opens with (level 1 in Go, whose stub is bare, has
// them written apart).
export function rulesOf(language, level) {
  if (language === "go" && level === 1) return GO_RULES_LEVEL_1;
  return commentOf(STUBS[language === "go" ? "go" : "javascript"][level === 2 ? 2 : 1]);
}

// commentOf returns the first block of // lines of source, unmarked.
export function commentOf(source) {
  const lines = source.split("\n");
  const start = lines.findIndex((l) => l.startsWith("//"));
  if (start < 0) return "";
  const block = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith("//")) break;
    block.push(line.replace(/^\/\/ ?/, ""));
  }
  return block.join("\n");
}

// LevelRules renders the Rules panel and the starter offer (index.html's
// #level-rules and #level-starter); onStarter(level) hears Use the
// level-N starter.
export class LevelRules {
  constructor({ onStarter }) {
    const els = { summary: byId("level-rules-summary"), text: byId("level-rules-text"), starter: byId("level-starter"), starterButton: byId("use-level-starter") };
    this.els = els;
    this.shown = "";
    els.starterButton.addEventListener("click", () => onStarter(this.level));
  }

  // render shows the rules of level in language, and offers the level's
  // starter at level 2 when source (Your loop's code) is not its stub.
  render({ language, level, source, locked }) {
    const { els } = this;
    this.level = level;
    const key = `${language}:${level}`;
    if (this.shown !== key) {
      this.shown = key;
      els.summary.textContent = `The rules of level ${level}`;
      els.text.textContent = rulesOf(language, level);
    }
    const stub = STUBS[language === "go" ? "go" : "javascript"][level];
    els.starter.hidden = level !== 2 || source === stub;
    els.starterButton.textContent = `Use the level-${level} starter`;
    els.starterButton.disabled = Boolean(locked);
  }
}
