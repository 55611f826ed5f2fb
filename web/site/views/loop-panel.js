// The Loop panel: the real Go source of agent/loop.go's loop function and
// callTool (see views/loop-source.js), one .loop-line per line, with the line
// whose "// phase:" mark is the current event's phase highlighted. Each
// phase marks one line, so the event alone says which.

import { h } from "../util/dom.js";
import { extractLoop, phaseMark } from "./loop-source.js";

export class LoopPanel {
  constructor({ list, scroller, status }) {
    this.list = list;
    this.scroller = scroller;
    this.status = status;
    this.lines = [];
    this.byPhase = new Map(); // phase name -> its line element
    this.current = null;
    this.want = null;
    this.taught = []; // the phases whose lines a lesson teaches
    this.geometry = null;
    this.scrollTop = 0;
    // The panel's height as last laid out (-1: not yet known), so that a
    // folded or hidden panel (height 0) is not measured at every render.
    this.height = -1;
    scroller.addEventListener("scroll", () => (this.scrollTop = scroller.scrollTop), { passive: true });
    new ResizeObserver((entries) => {
      const hidden = this.height === 0;
      this.height = entries[entries.length - 1].contentRect.height;
      this.geometry = null;
      // A panel that comes into view (a tab, unfolded) shows the lit line.
      if (hidden && this.height > 0 && this.current) this.reveal(this.current);
    }).observe(scroller);
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
    if (loop.error) {
      this.status.textContent = `${url} cannot be shown: ${loop.error}.`;
      return;
    }
    const frag = document.createDocumentFragment();
    for (const line of loop.lines) {
      if (line.gap) {
        frag.append(h("li", { className: "loop-gap", "aria-hidden": "true" }, "⋮"));
        continue;
      }
      const li = h("li", { className: "loop-line", value: String(line.number) }, line.text);
      // How far the line's wrapped rest hangs (style.css, .loop-line).
      li.style.setProperty("--tabs", String(/^\t*/.exec(line.text)[0].length));
      const phase = phaseMark(line.text);
      if (phase) {
        li.dataset.phase = phase;
        this.byPhase.set(phase, li);
      }
      this.lines.push(li);
      frag.append(li);
    }
    this.list.replaceChildren(frag);
    this.teach(this.taught);
    if (this.want) this.show(this.want);
  }

  // show highlights the line of phase, or none when phase is "" or marks
  // no line.
  show(phase) {
    this.want = phase;
    const line = (phase && this.byPhase.get(phase)) || null;
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

  // teach marks the lines of phases as the ones a lesson teaches (the
  // Learn mode), and no others; [] marks none. The mark is apart from the
  // current line's, which still follows the run.
  teach(phases) {
    this.taught = phases;
    for (const [phase, line] of this.byPhase) line.classList.toggle("taught", phases.includes(phase));
  }

  // reveal scrolls the panel (only the panel, never the page) so the line
  // is in view. Reading a position forces a layout, which a fast run would
  // pay at every render; the lines never move, so their positions are
  // measured once (again after a resize) and the panel's scroll is kept
  // here, written only when it must change.
  reveal(line) {
    const s = this.scroller;
    if (this.height === 0) return; // folded or hidden: nothing to scroll
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
