// A code editor on a plain <textarea>: a line-number gutter beside it, Tab
// and Shift+Tab to indent and outdent, Enter keeps the indentation, and
// the line of an error marked in the gutter. A textarea keeps everything
// the browser gives for free: undo, IME, spellcheck off, screen readers.
//
// Tab is taken for indentation, so Esc first lets the next Tab (or
// Shift+Tab) move the focus on, as the editor's hint says; no keyboard
// trap.

const INDENT = "  ";

export class Editor {
  // textarea: the editor; gutter: the element that shows line numbers.
  constructor(textarea, gutter) {
    this.ta = textarea;
    this.gutter = gutter;
    this.lines = 0;
    this.errorLine = 0;
    this.highlight = [0, 0]; // lines marked by highlightLines
    this.tabEscapes = false;
    textarea.addEventListener("input", () => this.refresh());
    textarea.addEventListener("scroll", () => this.syncScroll());
    textarea.addEventListener("keydown", (e) => this.onKey(e));
    textarea.addEventListener("blur", () => {
      this.tabEscapes = false;
    });
    this.refresh();
  }

  get value() {
    return this.ta.value;
  }

  // set replaces the whole text (an example, a link), keeping the gutter
  // in step.
  set value(text) {
    this.ta.value = text;
    this.refresh();
    // Reading scrollTop now would force a layout; the next frame has one.
    requestAnimationFrame(() => this.syncScroll());
  }

  // refresh redraws the line numbers when the count of lines changed.
  // Scrolling, typing's included, is followed by the scroll event.
  refresh() {
    const n = countLines(this.ta.value);
    if (n !== this.lines) {
      this.lines = n;
      this.drawGutter();
    }
  }

  drawGutter() {
    const n = this.lines;
    this.gutter.style.width = `calc(${Math.max(2, String(n).length)}ch + 1rem + 1px)`;
    const err = this.errorLine >= 1 && this.errorLine <= n ? this.errorLine : 0;
    const [hlFrom, hlTo] = this.highlight;
    const classOf = (i) => (i === err ? "gutter-error" : i >= hlFrom && i <= hlTo ? "gutter-answer" : "");
    // Runs of lines with the same mark become one text node or span.
    const parts = [];
    let run = "";
    let cls = "";
    for (let i = 1; i <= n; i++) {
      const c = classOf(i);
      if (c !== cls && run) {
        parts.push(mark(cls, run));
        run = "";
      }
      cls = c;
      run += `${i}\n`;
    }
    if (run) parts.push(mark(cls, run));
    this.gutter.replaceChildren(...parts);
  }

  // highlightLines marks lines from..to (1-based) in the gutter, as the
  // entry that answered the current model call, and scrolls them into
  // the editor's view (the editor's own scroll, not the page's); 0, 0
  // clears the mark.
  highlightLines(from, to) {
    const next = from >= 1 ? [from, Math.max(from, to)] : [0, 0];
    if (next[0] === this.highlight[0] && next[1] === this.highlight[1]) return;
    this.highlight = next;
    this.ta.dataset.highlight = from >= 1 ? `${next[0]}-${next[1]}` : "";
    this.drawGutter();
    if (from < 1 || this.ta.clientHeight === 0) return;
    const lineHeight = parseFloat(getComputedStyle(this.ta).lineHeight) || 20;
    const top = (from - 1) * lineHeight;
    const bottom = next[1] * lineHeight;
    if (top < this.ta.scrollTop || bottom > this.ta.scrollTop + this.ta.clientHeight) {
      this.ta.scrollTop = Math.max(0, top - lineHeight);
      this.syncScroll();
    }
  }

  syncScroll() {
    this.gutter.scrollTop = this.ta.scrollTop;
  }

  // markError marks line (1-based) as wrong, or clears the mark with 0.
  markError(line) {
    this.errorLine = line || 0;
    this.ta.setAttribute("aria-invalid", line ? "true" : "false");
    this.drawGutter();
  }

  // goTo puts the caret at line and column (1-based) and shows it.
  goTo(line, column = 1) {
    const lines = this.ta.value.split("\n");
    let pos = 0;
    for (let i = 0; i < Math.min(line - 1, lines.length - 1); i++) pos += lines[i].length + 1;
    const row = lines[Math.min(line, lines.length) - 1] || "";
    pos += Math.min(Math.max(column - 1, 0), row.length);
    this.ta.focus();
    this.ta.setSelectionRange(pos, pos);
    const lineHeight = parseFloat(getComputedStyle(this.ta).lineHeight) || 20;
    const y = (line - 1) * lineHeight;
    if (y < this.ta.scrollTop || y > this.ta.scrollTop + this.ta.clientHeight - lineHeight) {
      this.ta.scrollTop = Math.max(0, y - this.ta.clientHeight / 3);
    }
  }

  onKey(e) {
    if (this.ta.readOnly || e.isComposing) return;
    if (e.key === "Escape") {
      this.tabEscapes = true;
      return;
    }
    if (e.key === "Tab" && !e.ctrlKey && !e.altKey && !e.metaKey) {
      if (this.tabEscapes) {
        this.tabEscapes = false;
        return; // the browser moves the focus
      }
      e.preventDefault();
      if (e.shiftKey) this.outdent();
      else this.indent();
      return;
    }
    this.tabEscapes = false;
    if (e.key === "Enter" && !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey) {
      const { selectionStart: s, value } = this.ta;
      const lineStart = value.lastIndexOf("\n", s - 1) + 1;
      const indent = /^[ \t]*/.exec(value.slice(lineStart, s))[0];
      const extra = /[[{(]\s*$/.test(value.slice(lineStart, s)) ? INDENT : "";
      if (indent || extra) {
        e.preventDefault();
        this.insert(`\n${indent}${extra}`);
      }
    }
  }

  indent() {
    const { selectionStart: s, selectionEnd: end, value } = this.ta;
    if (!value.slice(s, end).includes("\n")) {
      this.insert(INDENT);
      return;
    }
    this.mapLines((line) => INDENT + line);
  }

  outdent() {
    this.mapLines((line) => line.replace(/^( {1,2}|\t)/, ""));
  }

  // mapLines rewrites the selected lines with f, keeping them selected.
  mapLines(f) {
    const { selectionStart: s, selectionEnd: end, value } = this.ta;
    const start = value.lastIndexOf("\n", s - 1) + 1;
    let stop = value.indexOf("\n", end - (end > s && value[end - 1] === "\n" ? 1 : 0));
    if (stop < 0) stop = value.length;
    const block = value.slice(start, stop);
    const next = block.split("\n").map(f).join("\n");
    if (next === block) return;
    this.ta.setSelectionRange(start, stop);
    this.insert(next);
    this.ta.setSelectionRange(start, start + next.length);
  }

  // insert replaces the selection with text. execCommand keeps the
  // browser's undo history (setting .value would wipe it); where it is not
  // supported, setRangeText does the edit without undo.
  insert(text) {
    let ok = false;
    try {
      ok = document.execCommand("insertText", false, text);
    } catch {
      ok = false;
    }
    if (!ok) {
      this.ta.setRangeText(text, this.ta.selectionStart, this.ta.selectionEnd, "end");
      this.ta.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

function mark(cls, text) {
  if (!cls) return document.createTextNode(text);
  const span = document.createElement("span");
  span.className = cls;
  span.textContent = text;
  return span;
}

function countLines(s) {
  let n = 1;
  for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) n++;
  return n;
}
