// The code editor (editor/editor.js swaps it in for the plain text box once the
// engine is up): CodeMirror 6 in JavaScript mode, with
// line numbers, bracket matching and closing, undo history, search
// (Ctrl/⌘+F), completion of the action fields and of the tool names, long
// lines wrapped (never hidden), and lint markers: a syntax error where
// acorn finds it, as you type and on Run, and the line a model or tool
// call threw at.
//
// Tab indents; Escape, then Tab (within two seconds), moves the focus on,
// as the hint beside the editors says: no keyboard trap. Ctrl/⌘+Enter runs.

import { Decoration, EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, highlightSpecialChars } from "@codemirror/view";
import { EditorState, Compartment, Annotation, Prec, StateField, StateEffect } from "@codemirror/state";
import { bracketMatching, indentOnInput, syntaxHighlighting, indentUnit } from "@codemirror/language";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { autocompletion, closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { linter, lintGutter, setDiagnostics, setDiagnosticsEffect, forEachDiagnostic } from "@codemirror/lint";
import { javascript, javascriptLanguage } from "@codemirror/lang-javascript";
import { classHighlighter } from "@lezer/highlight";
import { actionCompletions } from "./completions.js";

// A change the page made (an example, a link), not the user's typing.
const fromPage = Annotation.define();

// userEdited: whether the user has changed the text since the page last
// set it.
const userEdited = StateField.define({
  create: () => false,
  update: (edited, tr) => (tr.docChanged ? !tr.annotation(fromPage) : edited),
});

// The editors' look follows the page: every colour is one of its custom
// properties, which follow the page's color-scheme (style.css). Syntax
// colours are the .tok-* classes of classHighlighter, also in style.css.
export const pageTheme = EditorView.theme({
  "&": { color: "var(--fg)", backgroundColor: "var(--code-bg)", fontSize: "13px", height: "100%" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "20px", overflow: "auto" },
  ".cm-content": { caretColor: "var(--fg)", padding: "0.5rem 0" },
  "&.cm-focused": { outline: "none" },
  "&.cm-focused .cm-cursor": { borderLeftColor: "var(--fg)" },
  ".cm-gutters": { backgroundColor: "var(--code-bg)", color: "var(--muted)", borderRight: "1px solid var(--border)" },
  ".cm-activeLine": { backgroundColor: "var(--active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--active-line)", color: "var(--fg)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground": {
    backgroundColor: "var(--selection)",
  },
  ".cm-matchingBracket, &.cm-focused .cm-matchingBracket": { backgroundColor: "var(--bracket-match)", outline: "1px solid var(--muted)" },
  ".cm-nonmatchingBracket, &.cm-focused .cm-nonmatchingBracket": { backgroundColor: "var(--error-bg)", color: "var(--error)" },
  ".cm-tooltip": { backgroundColor: "var(--surface)", color: "var(--fg)", border: "1px solid var(--border)" },
  ".cm-tooltip-autocomplete > ul > li[aria-selected]": { backgroundColor: "var(--accent)", color: "var(--accent-fg)" },
  ".cm-completionDetail": { color: "inherit", opacity: "0.85" },
  ".cm-panels": { backgroundColor: "var(--surface-2)", color: "var(--fg)" },
  ".cm-diagnostic-error": { borderLeftColor: "var(--error)" },
  ".cm-diagnostic-warning": { borderLeftColor: "var(--warn)" },
});

// The parser loads after the page is up, off the cold start's path.
const sourceForm = () => import("../run/source-form.js");

// syntaxLint marks a syntax error where acorn finds it, as the user types.
// Code the page put there (an example, a link, what was saved) is checked
// on Run, not while the engine is still starting: the parser loads on the
// first edit.
// The marks a run set stay while the text they mark is unchanged: a check
// still pending from the last edit must not wipe them (a run is often
// over before it).
async function syntaxLint(view) {
  const kept = runMarks.get(view);
  const marks = kept && kept.doc === view.state.doc ? kept.diagnostics : [];
  if (!view.state.field(userEdited)) return marks;
  const doc = view.state.doc;
  const { readSource } = await sourceForm();
  const { error } = readSource(doc.toString());
  if (!error) return doc === view.state.doc ? marks : [];
  return [diagnosticAt(doc, error, "error")];
}

// runMarks holds, by editor view, the marks showError set and the text
// they were set on.
const runMarks = new WeakMap();

// diagnosticAt makes a diagnostic for a 1-based line and column, covering
// the rest of the word there (or one character) so the squiggle shows; at
// the end of a line (where a comma is missing, say) it covers the
// character before.
function diagnosticAt(doc, { line, column, message }, severity) {
  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
  const from = Math.min(l.from + Math.max(0, (column || 1) - 1), l.to);
  if (from === l.to && from > l.from) return { from: from - 1, to: from, severity, message };
  const rest = /^[\w$]+/.exec(doc.sliceString(from, l.to));
  const to = rest ? from + rest[0].length : Math.min(from + 1, l.to);
  return { from, to: Math.max(to, from), severity, message };
}

// The lines of the scripted entry that answered the current model call
// (highlightLines): a line decoration, mapped through edits.
const setAnswerLines = StateEffect.define();
const answerLines = StateField.define({
  create: () => Decoration.none,
  update(lines, tr) {
    lines = lines.map(tr.changes);
    for (const e of tr.effects) if (e.is(setAnswerLines)) lines = e.value;
    return lines;
  },
  provide: (field) => EditorView.decorations.from(field),
});
const answerLine = Decoration.line({ class: "cm-answer-line" });

export class CodeEditor {
  // parent: the element the editor goes in. id: the id of its text box
  // (the element a screen reader announces by label); label: its
  // accessible name; describedBy: ids of its hint and error; onChange():
  // after each edit of the user's; onRun(): Ctrl/⌘+Enter; toolNames():
  // (a promise of) the tool names completion offers. doc, selection
  // ({anchor, head}), readOnly and edited (the user changed doc): where
  // the plain text box left off.
  constructor(parent, { id, label, describedBy = "", onChange = () => {}, onRun = () => {}, toolNames = () => [], doc = "", selection, readOnly = false, edited = false }) {
    this.editable = new Compartment();
    this.onChange = onChange;
    // The lines highlightLines marked last, and in which text.
    this.highlighted = "";
    this.highlightedDoc = null;
    this.view = new EditorView({
      parent,
      state: EditorState.create({
        doc,
        selection,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          indentUnit.of("  "),
          EditorState.tabSize.of(2),
          syntaxHighlighting(classHighlighter),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          highlightActiveLine(),
          highlightSelectionMatches(),
          EditorView.lineWrapping,
          javascript(),
          javascriptLanguage.data.of({ autocomplete: actionCompletions(toolNames) }),
          userEdited.init(() => edited),
          answerLines,
          linter(syntaxLint, { delay: 400 }),
          lintGutter(),
          Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => (onRun(), true) }])),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, indentWithTab]),
          // tabindex: the text box is what the keyboard reaches, also when
          // locked, and the region that scrolls has it inside.
          EditorView.contentAttributes.of({ id, "aria-label": label, "aria-describedby": describedBy, tabindex: "0" }),
          this.editable.of(editableExtensions(!readOnly)),
          pageTheme,
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((tr) => tr.annotation(fromPage))) this.onChange();
            if (update.transactions.some((tr) => tr.effects.some((e) => e.is(setDiagnosticsEffect)))) this.showValidity();
          }),
        ],
      }),
    });
    // Scripts and the page's tests read the editor as they read any field.
    Object.defineProperty(this.view.contentDOM, "value", { get: () => this.value, configurable: true });
    this.view.dom.classList.toggle("is-locked", readOnly);
  }

  get value() {
    return this.view.state.doc.toString();
  }

  // set replaces the whole text (an example, a link); onChange is not
  // called, and undo brings the text before back.
  set value(text) {
    text = String(text);
    if (text === this.value) return;
    this.view.dispatch({
      changes: { from: 0, to: this.view.state.doc.length, insert: text },
      selection: { anchor: 0 },
      annotations: fromPage.of(true),
      scrollIntoView: true,
    });
  }

  // setReadOnly locks the editor (an embed's readonly=1): no typing, no
  // pasting, and it looks locked; it stays focusable so it can be read and
  // scrolled from the keyboard.
  setReadOnly(on) {
    this.view.dispatch({ effects: this.editable.reconfigure(editableExtensions(!on)) });
    this.view.dom.classList.toggle("is-locked", on);
  }

  // showError marks {line, column, message} (1-based) with a lint marker,
  // or clears the marks with null. severity: "error" or "warning".
  showError(err, severity = "error") {
    const diagnostics = err && err.line ? [diagnosticAt(this.view.state.doc, err, severity)] : [];
    runMarks.set(this.view, { doc: this.view.state.doc, diagnostics });
    // Each Run clears the marks first: with none shown, an update of the
    // editor (and the layout it reads) would change nothing.
    if (diagnostics.length === 0 && !hasDiagnostics(this.view.state)) return;
    this.view.dispatch(setDiagnostics(this.view.state, diagnostics));
  }

  // showValidity tells screen readers whether the code has an error mark.
  showValidity() {
    let invalid = false;
    forEachDiagnostic(this.view.state, (d) => {
      if (d.severity === "error") invalid = true;
    });
    const v = invalid ? "true" : "false";
    if (this.view.contentDOM.getAttribute("aria-invalid") !== v) this.view.contentDOM.setAttribute("aria-invalid", v);
  }

  // highlightLines marks lines from..to (1-based) and scrolls them into
  // the editor's own view; 0 clears the mark.
  highlightLines(from, to) {
    const doc = this.view.state.doc;
    const marks = [];
    if (from >= 1 && from <= doc.lines) {
      for (let n = from; n <= Math.min(to, doc.lines); n++) marks.push(answerLine.range(doc.line(n).from));
    }
    const lines = marks.length ? `${from}-${Math.min(to, doc.lines)}` : "";
    // The run view asks at every render; the same lines of the same text
    // are marked and in view already.
    if (lines === this.highlighted && doc === this.highlightedDoc) return;
    this.highlighted = lines;
    this.highlightedDoc = doc;
    const effects = [setAnswerLines.of(Decoration.set(marks))];
    if (marks.length) effects.push(EditorView.scrollIntoView(doc.line(from).from, { y: "nearest" }));
    this.view.dispatch({ effects });
    this.view.contentDOM.dataset.highlight = lines;
  }

  // goTo puts the caret at line and column (1-based) and shows it.
  goTo(line, column = 1) {
    const doc = this.view.state.doc;
    const l = doc.line(Math.min(Math.max(1, line), doc.lines));
    const pos = Math.min(l.from + Math.max(0, column - 1), l.to);
    this.view.focus();
    this.view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: "center" }) });
  }

  focus() {
    this.view.focus();
  }
}

// hasDiagnostics reports whether the editor shows any lint mark.
function hasDiagnostics(state) {
  let any = false;
  forEachDiagnostic(state, () => {
    any = true;
  });
  return any;
}

function editableExtensions(on) {
  return [EditorState.readOnly.of(!on), EditorView.editable.of(on)];
}
