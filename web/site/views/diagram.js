// The sequence diagram, drawn as SVG from diagramLayout (run/diagram-layout.js):
// lanes User · Loop · Model · Tools, an arrow per model call, tool call and
// result, bars while calls run, errors in the error colour, and the
// current phase marked. A click on a row jumps the step view to it. Text
// goes in through textContent only.

import { LANES, MAX_COLUMNS, layoutDiagram } from "../run/diagram-layout.js";
import { fmtCount, fmtMs } from "../util/format.js";

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 560;
const LANE_X = [40, 170, 330, 450];
const HEAD = 28;
const ROW = 24;
const BAR = 8;

function svg(tag, attrs, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

export class Diagram {
  // box: the element the SVG goes in (it scrolls); onJump(index): a row
  // was clicked.
  constructor(box, onJump) {
    this.box = box;
    this.onJump = onJump;
    this.key = "";
    box.addEventListener("click", (e) => {
      const row = e.target instanceof Element ? e.target.closest("[data-index]") : null;
      if (row) this.onJump(Number(row.dataset.index));
    });
  }

  show(trace, upto) {
    const key = trace ? `${trace.length}:${upto}` : "";
    if (key === this.key && trace === this.trace) return;
    this.key = key;
    this.trace = trace;
    if (!trace || upto < 0) {
      const p = document.createElement("p");
      p.className = "empty";
      p.textContent = "Run or Step, and each model call, tool call and result is drawn here.";
      this.box.replaceChildren(p);
      return;
    }
    const d = layoutDiagram(trace.events, upto);
    const height = HEAD + d.rows.length * ROW + 8;
    const root = svg("svg", { viewBox: `0 0 ${WIDTH} ${height}`, width: WIDTH, height, class: "sequence" });
    const current = d.rows.find((r) => r.current);
    root.setAttribute("role", "img");
    root.setAttribute(
      "aria-label",
      `Sequence diagram of events ${fmtCount(d.from + 1)} to ${fmtCount(d.upto + 1)}${current ? `; now: ${current.label}` : ""}`,
    );
    const defs = svg("defs");
    for (const [id, cls] of [["arrow", "head"], ["arrow-error", "head error"]]) {
      const m = svg("marker", { id: `seq-${id}`, viewBox: "0 0 8 8", refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
      m.append(svg("path", { d: "M0,0 L8,4 L0,8 z", class: cls }));
      defs.append(m);
    }
    root.append(defs);
    LANES.forEach((name, i) => {
      root.append(svg("text", { x: LANE_X[i], y: 16, class: "lane-name", "text-anchor": "middle" }, name));
      root.append(svg("line", { x1: LANE_X[i], y1: HEAD - 6, x2: LANE_X[i], y2: height, class: "lifeline" }));
    });
    const y = (r) => HEAD + r * ROW + ROW / 2;
    for (const b of d.bars) {
      const x = LANE_X[b.lane] - BAR / 2 + b.column * (BAR + 3) - (b.lane === 3 ? ((Math.min(MAX_COLUMNS, 2) - 1) * (BAR + 3)) / 2 : 0);
      const top = y(b.startRow) - 4;
      const bottom = y(b.endRow) + 4;
      const rect = svg("rect", { x, y: top, width: BAR, height: bottom - top, rx: 2, class: `bar${b.error ? " error" : ""}${b.open ? " open" : ""}` });
      rect.append(svg("title", {}, b.label));
      root.append(rect);
      if (!b.open) root.append(svg("text", { x: x + BAR + 3, y: bottom - 2, class: "bar-label" }, fmtMs(b.ms)));
    }
    d.rows.forEach((row, r) => {
      const g = svg("g", {
        class: `row ${row.kind}${row.error ? " error" : ""}${row.current ? " current" : ""}`,
        "data-index": row.index,
        "data-kind": row.kind,
      });
      if (row.current) g.setAttribute("data-current", "true");
      const yy = y(r);
      g.append(svg("rect", { x: 0, y: yy - ROW / 2, width: WIDTH, height: ROW, class: "hit" }));
      if (row.from === row.to) {
        g.append(svg("circle", { cx: LANE_X[row.from], cy: yy, r: 3.5, class: "note" }));
        g.append(svg("text", { x: LANE_X[row.from] + 8, y: yy + 4, class: "label" }, row.label));
      } else {
        const x1 = LANE_X[row.from];
        const x2 = LANE_X[row.to];
        const dir = Math.sign(x2 - x1);
        g.append(svg("line", {
          x1: x1 + dir * 5,
          y1: yy + 4,
          x2: x2 - dir * 6,
          y2: yy + 4,
          class: "arrow",
          "marker-end": `url(#seq-${row.error ? "arrow-error" : "arrow"})`,
        }));
        const mid = (Math.min(x1, x2) + 8);
        g.append(svg("text", { x: mid, y: yy - 1, class: "label" }, row.label));
      }
      g.append(svg("title", {}, `Event ${fmtCount(row.index + 1)}: ${row.label}`));
      root.append(g);
    });
    const parts = [];
    if (d.from > 0) {
      const p = document.createElement("p");
      p.className = "hint";
      p.textContent = `${fmtCount(d.from)} earlier events are not drawn; step back to see them.`;
      parts.push(p);
    }
    this.box.replaceChildren(...parts, root);
    // Keep the current row (the last) in view within the diagram's box.
    this.box.scrollTop = this.box.scrollHeight;
  }
}
