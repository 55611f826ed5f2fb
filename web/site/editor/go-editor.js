// The Go Exercise's Your loop editor: CodeMirror 6 in Go mode
// (@codemirror/lang-go), with the page's look (code-editor.js's theme),
// line numbers, bracket matching and closing, undo history, search, tabs
// for indentation as gofmt writes them, and lint markers for the Go
// compiler's errors. It loads only when the learner picks Go.
//
// Tab indents; Escape, then Tab, moves the focus on (no keyboard trap).
// Ctrl/⌘+Enter checks.

import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, highlightSpecialChars } from "@codemirror/view";
import { EditorState, Prec } from "@codemirror/state";
import { bracketMatching, indentOnInput, syntaxHighlighting, indentUnit } from "@codemirror/language";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { go } from "@codemirror/lang-go";
import { classHighlighter } from "@lezer/highlight";
import { pageTheme } from "./code-editor.js";

export class GoEditor {
  // parent: the element the editor goes in; id, label, describedBy: its
  // text box's id, accessible name and description; doc: the text;
  // onChange(): after each edit of the user's; onCheck(): Ctrl/⌘+Enter.
  constructor(parent, { id, label, describedBy = "", doc = "", onChange = () => {}, onCheck = () => {} }) {
    this.view = new EditorView({
      parent,
      state: EditorState.create({
        doc,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          indentUnit.of("\t"),
          EditorState.tabSize.of(4),
          syntaxHighlighting(classHighlighter),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          highlightSelectionMatches(),
          EditorView.lineWrapping,
          go(),
          lintGutter(),
          Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => (onCheck(), true) }])),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, indentWithTab]),
          EditorView.contentAttributes.of({ id, "aria-label": label, "aria-describedby": describedBy, tabindex: "0" }),
          pageTheme,
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((tr) => tr.isUserEvent("page"))) onChange();
          }),
        ],
      }),
    });
    // Tests and scripts read the editor as they read any field.
    Object.defineProperty(this.view.contentDOM, "value", { get: () => this.value, configurable: true });
  }

  get value() {
    return this.view.state.doc.toString();
  }

  // set replaces the whole text (a link, a reload); onChange is not called.
  set value(text) {
    text = String(text);
    if (text === this.value) return;
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text }, userEvent: "page" });
  }

  // showErrors marks the compiler's errors, [{line, column, message}] with
  // gc's 1-based line and byte column, or clears the marks with [].
  showErrors(errors) {
    const doc = this.view.state.doc;
    const diagnostics = errors.filter((e) => e.line >= 1).map((e) => diagnosticAt(doc, e));
    // The first error is scrolled into the editor's view, with its mark.
    const scroll = diagnostics.length ? [{ effects: EditorView.scrollIntoView(diagnostics[0].from, { y: "center" }) }] : [];
    this.view.dispatch(setDiagnostics(this.view.state, diagnostics), ...scroll);
    this.view.contentDOM.setAttribute("aria-invalid", diagnostics.length ? "true" : "false");
  }

  // goTo puts the caret at gc's line and byte column and shows it.
  goTo(line, column) {
    const { from } = diagnosticAt(this.view.state.doc, { line, column, message: "" });
    this.view.focus();
    this.view.dispatch({ selection: { anchor: from }, effects: EditorView.scrollIntoView(from, { y: "center" }) });
  }

  focus() {
    this.view.focus();
  }
}

// utf16Column turns gc's column, which counts the bytes of the line's
// UTF-8 from 1, into an offset in the line's text as JavaScript counts it
// (UTF-16 code units from 0).
export function utf16Column(lineText, byteColumn) {
  const bytes = new TextEncoder().encode(lineText);
  const before = bytes.subarray(0, Math.max(0, Math.min(bytes.length, (byteColumn || 1) - 1)));
  return new TextDecoder().decode(before).length;
}

// diagnosticAt marks the word at gc's line and column (or one character).
function diagnosticAt(doc, { line, column, message }) {
  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
  const from = l.from + Math.min(utf16Column(l.text, column), l.length);
  const rest = /^\w+/.exec(doc.sliceString(from, l.to));
  const to = rest ? from + rest[0].length : Math.min(from + 1, l.to);
  return { from, to: Math.max(to, from), severity: "error", message: `loop.go:${line}:${column || 1}: ${message}` };
}
