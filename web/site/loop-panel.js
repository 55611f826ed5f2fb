// The Loop panel: the real Go source of agent/loop.go's loop function
// (copied beside the page as agent-loop.go.txt by make build), one
// .loop-line per line, with the line of the current phase highlighted.
// The loop's lines carry "// phase: NAME" comments; nothing here knows the
// code itself, so the panel follows the loop as it changes.

import { h } from "./dom.js";

const PHASE = /\/\/ phase: (\w+)/;

// extractLoop returns the loop function's lines from the file's text, with
// the comment above it, and the 1-based line number of the first one.
export function extractLoop(text) {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const start = lines.findIndex((l) => /^func \(\w+ \*\w+\) loop\(/.test(l));
  if (start < 0) return null;
  let end = start;
  while (end < lines.length && lines[end] !== "}") end++;
  let first = start;
  while (first > 0 && lines[first - 1].startsWith("//")) first--;
  return { lines: lines.slice(first, end + 1), firstLine: first + 1 };
}

export class LoopPanel {
  constructor({ list, scroller, status }) {
    this.list = list;
    this.scroller = scroller;
    this.status = status;
    this.lines = [];
    this.byPhase = new Map(); // phase name -> line elements, in order
    this.current = null;
    this.want = null;
    this.geometry = null;
    this.scrollTop = 0;
    scroller.addEventListener("scroll", () => (this.scrollTop = scroller.scrollTop), { passive: true });
    addEventListener("resize", () => (this.geometry = null), { passive: true });
  }

  async load(url) {
    let text;
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      text = await res.text();
    } catch (err) {
      this.status.textContent = `The loop's source (${url}) could not be loaded: ${err.message}. Run make build.`;
      return;
    }
    const loop = extractLoop(text);
    if (!loop) {
      this.status.textContent = `${url} has no loop function.`;
      return;
    }
    const frag = document.createDocumentFragment();
    loop.lines.forEach((line, i) => {
      const li = h("li", { className: "loop-line", value: String(loop.firstLine + i) }, line);
      const m = PHASE.exec(line);
      if (m) {
        li.dataset.phase = m[1];
        if (!this.byPhase.has(m[1])) this.byPhase.set(m[1], []);
        this.byPhase.get(m[1]).push(li);
      }
      this.lines.push(li);
      frag.append(li);
    });
    this.list.replaceChildren(frag);
    if (this.want) this.show(...this.want);
  }

  // show highlights the line of phase (variant picks among several lines
  // of the same phase), or none when phase is "".
  show(phase, variant = 0) {
    this.want = [phase, variant];
    const candidates = (phase && this.byPhase.get(phase)) || [];
    const line = candidates[Math.min(variant, candidates.length - 1)] || null;
    if (line === this.current) return;
    if (this.current) {
      this.current.classList.remove("current");
      this.current.removeAttribute("aria-current");
    }
    this.current = line;
    if (!line) return;
    line.classList.add("current");
    line.setAttribute("aria-current", "step");
    this.reveal(line);
  }

  // reveal scrolls the panel (only the panel, never the page) so the line
  // is in view. Reading a position forces a layout, which a fast run would
  // pay at every render; the lines never move, so their positions are
  // measured once (again after a resize) and the panel's scroll is kept
  // here, written only when it must change.
  reveal(line) {
    const s = this.scroller;
    if (!this.geometry) {
      this.geometry = {
        tops: new Map(this.lines.map((l) => [l, l.offsetTop])),
        lineHeight: line.offsetHeight,
        height: s.clientHeight,
      };
      this.scrollTop = s.scrollTop;
    }
    const { tops, lineHeight, height } = this.geometry;
    if (height === 0) {
      this.geometry = null; // the panel is folded: measure when it opens
      return;
    }
    const top = tops.get(line);
    if (top < this.scrollTop || top + lineHeight > this.scrollTop + height) {
      this.scrollTop = Math.max(0, top - height / 3);
      s.scrollTop = this.scrollTop;
    }
  }
}
