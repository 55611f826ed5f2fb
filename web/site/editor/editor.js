// The Model and Tools editors. Each starts as a plain <textarea>, usable
// at once, and becomes the full code editor (editor/code-editor.js: CodeMirror,
// loaded as a chunk of its own) by upgrade(): the page calls it once the
// engine is up, or sooner when the user comes to the editor. So the code
// editor's weight never slows the engine's start, which runs beside the
// page's thread on the same cores.
//
// The API is the same in both states: value, showError, goTo, focus,
// setReadOnly; onChange hears the user's edits.

export class Editor {
  // parent: the element the editor goes in (holding its textarea, from
  // index.html, so that it is there as soon as the page is parsed). id:
  // the id of its text box; label: its accessible name; describedBy: ids
  // of its hint and error;
  // onChange(): after each edit of the user's; onRun(): Ctrl/⌘+Enter in the
  // code editor; toolNames(): (a promise of) the tool names completion
  // offers.
  constructor(parent, options) {
    this.parent = parent;
    this.options = options;
    this.code = null; // the CodeEditor, once upgraded
    this.upgrading = null;
    this.edited = false;
    this.readOnly = false;
    const ta = parent.querySelector("textarea");
    ta.addEventListener("input", () => {
      this.edited = true;
      options.onChange();
    });
    // Coming to the editor asks for the code editor now.
    ta.addEventListener("focus", () => this.upgrade(), { once: true });
    if (document.activeElement === ta) this.upgrade();
    this.ta = ta;
  }

  // upgrade swaps in the code editor, keeping the text, the caret and the
  // focus. It resolves once done; calling it again is harmless.
  upgrade() {
    if (!this.upgrading) {
      this.upgrading = import("./code-editor.js").then(({ CodeEditor }) => {
        const ta = this.ta;
        const focused = document.activeElement === ta;
        const len = ta.value.length;
        const code = new CodeEditor(this.parent, {
          ...this.options,
          doc: ta.value,
          selection: { anchor: Math.min(ta.selectionStart, len), head: Math.min(ta.selectionEnd, len) },
          readOnly: this.readOnly,
          edited: this.edited,
        });
        ta.remove();
        this.ta = null;
        this.code = code;
        if (this.pendingError) code.showError(...this.pendingError);
        if (this.highlight) code.highlightLines(...this.highlight);
        if (focused) code.focus();
      });
    }
    return this.upgrading;
  }

  get value() {
    return this.code ? this.code.value : this.ta.value;
  }

  // set replaces the whole text (an example, a link); onChange is not
  // called.
  set value(text) {
    if (this.code) {
      this.code.value = text;
      return;
    }
    this.ta.value = String(text);
    this.edited = false;
  }

  // setReadOnly locks the editor (an embed's readonly=1).
  setReadOnly(on) {
    this.readOnly = on;
    if (this.code) {
      this.code.setReadOnly(on);
      return;
    }
    this.ta.readOnly = on;
    this.ta.setAttribute("aria-readonly", on ? "true" : "false");
  }

  // showError marks {line, column, message} (1-based) in the editor, or
  // clears the marks with null. severity: "error" or "warning".
  showError(err, severity = "error") {
    if (this.code) {
      this.code.showError(err, severity);
      return;
    }
    this.pendingError = err ? [err, severity] : null;
    this.ta.setAttribute("aria-invalid", err && severity === "error" ? "true" : "false");
  }

  // highlightLines marks lines from..to (1-based) as the entry that
  // answered the current model call, and scrolls them into the editor's
  // own view; 0, 0 clears the mark. The text box's data-highlight says
  // which lines are marked ("4-4"), for scripts and tests.
  highlightLines(from, to) {
    const range = from >= 1 ? [from, Math.max(from, to)] : [0, 0];
    this.highlight = range;
    if (this.code) {
      this.code.highlightLines(...range);
      return;
    }
    this.ta.dataset.highlight = range[0] ? `${range[0]}-${range[1]}` : "";
  }

  // goTo puts the caret at line and column (1-based) and shows it.
  async goTo(line, column = 1) {
    await this.upgrade();
    this.code.goTo(line, column);
  }

  focus() {
    (this.code ? this.code : this.ta).focus();
  }
}
