//go:build !(js && wasm)

package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The code editors as a user meets them: what they accept, where they
// point at mistakes, what they offer while typing, and how they look.

func TestPageEditorCodeWithURLInAStringAndATrailingCommentRuns(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setEditor("model-editor", `[{type: "final", content: "see http://x"}]; // the answer`)
	v := p.run()
	b := v.Banner
	assert.Equal(t, "final", b.Reason, "the run ends with the final answer; the banner said %q", b.Text)
	got := v.Transcript
	require.NotEmpty(t, got, "the transcript shows the run")
	assert.Equal(t, "see http://x", got[len(got)-1].Text, "the answer keeps the // inside its string")
	assert.False(t, p.visible("#model-error") && p.text("#model-error") != "", "the Model editor shows no error")
}

func TestPageEditorSyntaxErrorIsMarkedOnItsLine(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	// Line 2 lacks its comma: the parser stumbles on line 3's {, but the
	// error is where the comma is missing.
	p.setEditor("model-editor", "[\n  {type: \"tool\", name: \"add\", args: {a: 2, b: 3}},\n  {type: \"final\", content: \"x\"}\n  {type: \"final\", content: \"y\"}\n]")
	// The marker comes as the user types, before any run.
	waitFor[bool](p, waitTimeout, "a lint marker in the Model editor's gutter",
		`document.querySelector("#model-box .cm-lint-marker-error") !== null`)
	assert.Equal(t, []int{3}, p.gutterMarkLines("model-editor"), "the gutter marks line 3, where the comma is missing")
	assert.Equal(t, []string{"error"}, p.lintOnLine("model-editor", 3), "line 3 has the squiggle")
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#model-editor").getAttribute("aria-invalid") || ""`)+"",
		"the text box tells screen readers its code is wrong")

	// Hovering the squiggle shows acorn's message.
	p.do("hovering the squiggle", chromedp.Evaluate[chromedp.Void](`document.querySelector("#model-box .cm-lintRange-error").scrollIntoView({block: "center"})`))
	x, y := eval[float64](p, `(() => { const r = document.querySelector("#model-box .cm-lintRange-error").getBoundingClientRect(); return r.left + r.width / 2; })()`),
		eval[float64](p, `(() => { const r = document.querySelector("#model-box .cm-lintRange-error").getBoundingClientRect(); return r.top + r.height / 2; })()`)
	p.do("moving the mouse onto the squiggle", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y))
	tip := waitFor[string](p, waitTimeout, "the lint tooltip", `(() => { const t = document.querySelector(".cm-tooltip-lint"); return t ? t.textContent : ""; })()`)
	assert.Contains(t, tip, `a comma is missing after "}", before "{" on line 4`, "the tooltip says what is missing")

	// Run says the same beside the editor, and runs nothing.
	p.click("#run")
	waitFor[bool](p, waitTimeout, "the error beside the Model editor", `document.querySelector("#model-error").checkVisibility()`)
	assert.Equal(t, `Line 3, column 32: a comma is missing after "}", before "{" on line 4`, p.text("#model-error"))
	assert.Empty(t, p.view().Transcript, "nothing ran")
}

func TestPageEditorUnclosedBraceNamesTheBraceNotAParenthesis(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setEditor("tools-editor", "{\n  add: ({a, b}) => a + b,\n")
	p.click("#run")
	waitFor[bool](p, waitTimeout, "the error beside the Tools editor", `document.querySelector("#tools-error").checkVisibility()`)
	shown := p.text("#tools-error")
	assert.Regexp(t, `^Line 1, column 1: this \{ is never closed`, shown, "the error points at the brace left open")
	assert.NotContains(t, shown, ")", "no parenthesis the user never typed")
}

func TestPageEditorErrorInsideAToolMarksTheToolsLine(t *testing.T) {
	// Not parallel: CodeMirror draws the gutter's marks in animation
	// frames, which four pages at once on two busy cores starved past the
	// wait (it passed alone and in the serial suite).
	p := openPage(t, "/")
	p.setEditor("model-editor", `[
  {type: "tool", name: "oops", args: {}},
  {type: "final", content: "done"}
]`)
	p.setEditor("tools-editor", `{
  add: ({a, b}) => a + b,
  oops: () => {
    return notDefinedAnywhere + 1;
  },
}`)
	v := p.run()
	b := v.Banner
	assert.Equal(t, "final", b.Reason, "the run goes on after the failed call; the banner said %q", b.Text)
	waitFor[bool](p, waitTimeout, "the error beside the Tools editor", `document.querySelector("#tools-error").checkVisibility()`)
	assert.Regexp(t, regexp.MustCompile(`^Line 4, column \d+: ReferenceError: notDefinedAnywhere is not defined`), p.text("#tools-error"),
		"the error names the line in the Tools editor where the tool threw")
	// The user looks at the Tools editor, below the fold: an editor out of
	// view may put off drawing its gutter. The mark follows the error
	// text by a frame or two on a busy machine.
	eval[chromedp.Void](p, `document.querySelector("#tools-box").scrollIntoView({block: "center"})`)
	waitFor[bool](p, waitTimeout, "a lint marker in the Tools editor's gutter",
		`document.querySelector("#tools-box .cm-lint-marker-error") !== null`)
	assert.Equal(t, []string{"error"}, p.lintOnLine("tools-editor", 4), "line 4 of the Tools editor has the squiggle")
	assert.Equal(t, []int{4}, p.gutterMarkLines("tools-editor"), "the gutter marks line 4")
	assert.Empty(t, p.gutterMarkLines("model-editor"), "the Model editor is not marked")
}

func TestPageEditorCompletesActionFieldsAndToolNames(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setEditor("tools-editor", "{\n  multiply: ({a, b}) => a * b,\n  divide: ({a, b}) => a / b,\n}")
	options := func(what string) []string {
		waitFor[bool](p, waitTimeout, "the completion list for "+what, `document.querySelector(".cm-tooltip-autocomplete li") !== null`)
		return eval[[]string](p, `[...document.querySelectorAll(".cm-tooltip-autocomplete li .cm-completionLabel")].map((e) => e.textContent)`)
	}

	p.setEditor("model-editor", "[\n  {")
	p.do("typing ty", chromedp.KeyEvent(kb.End), chromedp.KeyEvent("ty"))
	assert.Contains(t, options("a field name"), "type", "typing ty in an action offers type")
	p.do("closing the list", chromedp.KeyEvent("\x1b"))

	p.setEditor("model-editor", "[\n  {type: \"tool\", name: \"")
	p.do("typing at the end", chromedp.KeyEvent(kb.End), chromedp.KeyEvent("d"))
	got := options("a tool name")
	assert.Contains(t, got, "divide", "the Model editor offers the tools the Tools editor defines")
	// The list ignores Enter for its first 75 ms (so that a quick Enter
	// still ends the line); a person reads the list first.
	time.Sleep(200 * time.Millisecond)
	p.do("taking the first", chromedp.KeyEvent("\r"))
	// (CDP's Enter also types a line break after the key is taken.)
	assert.True(t, strings.HasSuffix(strings.TrimSpace(p.value("#model-editor")), `name: "divide`), "Enter takes the tool name; the editor holds %q", p.value("#model-editor"))
}

func TestPageEditorShowsLongLinesWhole(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	for _, width := range []int64{1280, 375} {
		p.do("sizing the window", chromedp.EmulateViewport(width, 900))
		for _, id := range []string{"model-editor", "tools-editor"} {
			hidden := eval[[]string](p, fmt.Sprintf(`(() => {
				const content = %s;
				const scroller = content.closest(".cm-scroller");
				const right = scroller.getBoundingClientRect().right;
				return [...content.querySelectorAll(".cm-line")]
					.filter((l) => scroller.scrollWidth > scroller.clientWidth + 1 || [...l.getClientRects()].some((r) => r.right > right + 0.5))
					.map((l) => l.textContent);
			})()`, must("#"+id)))
			assert.Empty(t, hidden, "at %d px every line of #%s shows whole, without scrolling sideways", width, id)
		}
	}
}

func TestPageEditorFollowsDarkMode(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	bg := func() string {
		return eval[string](p, `getComputedStyle(document.querySelector("#model-box .cm-editor")).backgroundColor`)
	}
	fg := func() string {
		return eval[string](p, `getComputedStyle(document.querySelector("#model-editor")).color`)
	}
	p.do("light", colorScheme("light"))
	lightBg, lightFg := bg(), fg()
	p.do("dark", colorScheme("dark"))
	darkBg, darkFg := bg(), fg()
	assert.NotEqual(t, lightBg, darkBg, "dark mode changes the editor's background")
	assert.NotEqual(t, lightFg, darkFg, "dark mode changes the editor's text colour")
	assert.True(t, luminance(darkBg) < 0.1 && luminance(lightBg) > 0.5,
		"the editor is dark in dark mode (%s) and light in light mode (%s)", darkBg, lightBg)
	p.saveScreenshot("editor-dark.png")
}

// luminance is the relative luminance of a CSS rgb() colour (0 black, 1 white).
func luminance(css string) float64 {
	var r, g, b float64
	if _, err := fmt.Sscanf(css, "rgb(%g, %g, %g)", &r, &g, &b); err != nil {
		return -1
	}
	return (0.2126*r + 0.7152*g + 0.0722*b) / 255
}

func TestPageReadOnlyEmbedRejectsTypingAndPasting(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/?embed=1&readonly=1#example=add")
	before := p.value("#tools-editor")
	p.do("typing and pasting into the locked Tools editor",
		chromedp.Focus(chromedp.CSS("#tools-editor")),
		chromedp.KeyEvent("typed"),
		chromedp.KeyEvent("\b"),
		chromedp.Evaluate[chromedp.Void](`(() => { const d = new DataTransfer(); d.setData("text/plain", "pasted");
			document.activeElement.dispatchEvent(new ClipboardEvent("paste", {clipboardData: d, bubbles: true, cancelable: true})); })()`),
	)
	assert.Equal(t, before, p.value("#tools-editor"), "the locked editor keeps its text")
	assert.Equal(t, "tools-editor", eval[string](p, `document.activeElement.id`), "a locked editor can still be reached to read it")
	assert.Equal(t, "false", eval[string](p, `document.querySelector("#tools-editor").getAttribute("contenteditable")`), "the text box is not editable")
}
