// The Exercise's Language control: JavaScript (Your loop as runAgent, the
// page's own editor) or Go (Your loop as loop.go, a Go editor that loads
// only when Go is picked). The two loops are kept apart: picking Go never
// touches the JavaScript loop, and back. page/code-state.js saves and
// shares what read() gives ({language, goLoop}) and shows a state's
// through apply(s); this module stores nothing itself.

import { GO_STATEMENTS, GO_STUB } from "./go-text.js";

export const LANGUAGES = ["javascript", "go"];

export class Language {
  // els: {select, jsBlock, goBlock, goBox, goError, goHint, starter,
  // statement}; onChange() hears the learner's pick and every edit of the
  // Go loop; onPickGo() the learner's pick of Go (not a reload's or a
  // link's); onShow() each time a language is shown (picked, or brought
  // back by a reload or a link); onCheck(): Ctrl/⌘+Enter in the Go editor.
  constructor({ els, onChange = () => {}, onPickGo = () => {}, onShow = () => {}, onCheck = () => {} }) {
    Object.assign(this, { els, onChange, onPickGo, onShow, onCheck });
    this.language = "javascript";
    this.goLoop = GO_STUB; // what the Go editor holds before it is made
    this.editor = null;
    this.loading = null;
    this.jsStatement = els.statement.textContent;
    els.select.addEventListener("change", () => {
      this.show(els.select.value);
      if (this.isGo()) this.onPickGo();
      this.onChange();
    });
    els.starter.addEventListener("click", () =>
      this.downloadStarter().catch((err) => this.showErrors([{ message: `The Go starter could not be made: ${err.message}` }])),
    );
    this.show(this.language);
  }

  isGo() {
    return this.language === "go";
  }

  get source() {
    return this.editor ? this.editor.value : this.goLoop;
  }

  read() {
    return { language: this.language, goLoop: this.source };
  }

  // apply shows state s's language and Go loop, where it has them (a
  // playground link or an example has neither, and changes neither).
  apply(s) {
    if (typeof s.goLoop === "string") {
      this.goLoop = s.goLoop;
      if (this.editor) this.editor.value = s.goLoop;
    }
    if (LANGUAGES.includes(s.language)) this.show(s.language);
  }

  // setSource puts text in the Go editor (a level's stub), as an edit.
  setSource(text) {
    this.goLoop = text;
    if (this.editor) this.editor.value = text;
    this.onChange();
  }

  // lock disables the Language control (an interview keeps its language).
  lock(locked) {
    this.els.select.disabled = locked;
  }

  // show switches the Exercise to language: its editor, its words, its
  // controls.
  show(language) {
    if (!LANGUAGES.includes(language)) language = "javascript";
    this.language = language;
    const { els } = this;
    const go = this.isGo();
    els.select.value = language;
    els.jsBlock.hidden = go;
    els.goBlock.hidden = !go;
    els.starter.hidden = !go;
    els.statement.textContent = go ? GO_STATEMENTS[1] : this.jsStatement;
    if (go) this.ensureEditor();
    this.onShow();
  }

  // ensureEditor makes the Go editor (once), loading CodeMirror's Go mode.
  ensureEditor() {
    if (!this.loading) {
      this.loading = import("../editor/go-editor.js").then(({ GoEditor }) => {
        this.editor = new GoEditor(this.els.goBox, {
          id: "go-loop-editor",
          label: "Your loop",
          describedBy: "go-loop-hint exercise-keys go-loop-error",
          doc: this.goLoop,
          onChange: () => {
            this.showErrors([]);
            this.onChange();
          },
          onCheck: () => this.onCheck(),
        });
        return this.editor;
      });
    }
    return this.loading;
  }

  // showErrors shows the compiler's errors under the editor, as gc writes
  // them (loop.go:L:C: …), and marks each on its line; [] clears them.
  showErrors(errors) {
    const el = this.els.goError;
    el.textContent = errors.map((e) => (e.line ? `loop.go:${e.line}:${e.column || 1}: ${e.message}` : e.message)).join("\n");
    el.hidden = errors.length === 0;
    if (this.editor) this.editor.showErrors(errors);
  }

  // downloadStarter saves go-starter.zip: a folder loop/ with go.mod,
  // loop_test.go and loop.go holding the code in the editor now. make build
  // publishes the starter's files (web/goexercise/starter) as text, so that
  // no Go source is served as such.
  async downloadStarter() {
    const base = new URL("exercise/go-starter/", document.baseURI);
    const [{ zipSync, strToU8 }, goMod, loopTest] = await Promise.all([
      import("fflate"),
      fetchText(new URL("go.mod.txt", base)),
      fetchText(new URL("loop_test.go.txt", base)),
    ]);
    const zip = zipSync(
      { loop: { "go.mod": strToU8(goMod), "loop.go": strToU8(this.source), "loop_test.go": strToU8(loopTest) } },
      { level: 0 },
    );
    const url = URL.createObjectURL(new Blob([zip], { type: "application/zip" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "go-starter.zip";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
}

async function fetchText(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url.pathname}: HTTP ${res.status}`);
  return res.text();
}
