//go:build !(js && wasm)

package main

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A Run that cannot start runs nothing and says why beside what is wrong:
// a wrong field leaves the run shown before it on screen; code that does
// not compile or evaluate leaves its error alone, since the run shown was
// made by other code and beside the error would read as this code's.

func TestPageRunThatCannotStartSaysWhyAndKeepsOnlyARunOfTheCodeShown(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.dropFile("hello.json", helloRunFile)
	p.waitNotice("Opened hello.json")
	assertHelloShown := func(t *testing.T, after string) {
		t.Helper()
		v := p.view()
		if assert.Len(t, v.Transcript, 2, "the opened run is still shown %s: %v", after, v.Transcript) {
			assert.Equal(t, "Hello.", v.Transcript[1].Text, "the opened run's answer %s", after)
		}
		assert.True(t, v.Banner.Visible, "the opened run's stop banner is still shown %s", after)
		assert.NotEqual(t, "true", eval[string](p, `document.body.dataset.running || ""`), "nothing is running %s", after)
	}
	assertHelloShown(t, "once opened")

	t.Run("a wrong max steps", func(t *testing.T) {
		p.use(t)
		p.setValue("#max-steps", "-1")
		p.click("#run")
		p.waitFieldError("#max-steps-error")
		assertHelloShown(t, "after Run with a wrong max steps")
		p.setValue("#max-steps", "3")
	})
	t.Run("a syntax error in the Model editor", func(t *testing.T) {
		p.use(t)
		p.setEditor("model-editor", "[\n  {type: \"final\" content: \"x\"}\n]")
		p.click("#run")
		waitFor[bool](p, waitTimeout, "the error beside the Model editor and the end of the run that did not start",
			`document.querySelector("#model-error").checkVisibility() && document.body.dataset.running !== "true"`)
		assert.Contains(t, p.text("#model-error"), "Line 2", "the error beside the editor says why nothing ran")
		v := p.view()
		assert.Empty(t, v.Transcript, "the opened run, made by other code, is no longer shown beside the error")
		assert.False(t, v.Banner.Visible, "nor is its stop banner (%q)", v.Banner.Text)
	})
}

// An editor error is shown next to that editor with its line and column,
// and nothing runs.
func TestPageEditorErrorShowsItsLineAndNothingRuns(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		editor string // the editor with the bad source
		src    string
		line   int
	}{
		{"model syntax error", "model", "[\n  {type: \"tool\", name: \"add\", args: {a: 2, b: 3}},\n  {type: \"final\" content: \"x\"}\n]", 3},
		{"tools syntax error", "tools", "{\n  add: ({a, b}) => String(a + b),\n  sub: ({a, b}) => String(a - b)))\n}", 3},
		{"model evaluation error", "model", "[\n  {type: \"final\", content: \"x\"},\n  notDefinedAnywhere,\n]", 3},
	}
	p := openPage(t, "/")
	goodModel, goodTools := p.value("#model-editor"), p.value("#tools-editor")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p.use(t)
			p.setEditor("model-editor", goodModel)
			p.setEditor("tools-editor", goodTools)
			p.setEditor(tc.editor+"-editor", tc.src)
			p.click("#run")
			errSel, otherSel := "#"+tc.editor+"-error", "#tools-error"
			if tc.editor == "tools" {
				otherSel = "#model-error"
			}
			waitFor[bool](p, waitTimeout, "the error to show next to the "+tc.editor+" editor",
				fmt.Sprintf(`(() => { const e = document.querySelector(%s); return !!e && e.checkVisibility() && e.textContent.trim() !== "" && document.body.dataset.running !== "true"; })()`, js(errSel)))
			shown := p.text(errSel)
			assert.Regexp(t, regexp.MustCompile(fmt.Sprintf(`^Line %d, column \d+: \S`, tc.line)), shown,
				"the error names the line and column of the mistake and says what is wrong")
			assert.False(t, p.visible(otherSel) && p.text(otherSel) != "", "the other editor shows no error")
			// The run shown before (the previous case's fixed run, if any)
			// goes: the view shows the error alone.
			after := p.view()
			assert.Empty(t, after.Transcript, "nothing ran, and no earlier run is shown beside the error")
			assert.False(t, after.Banner.Visible, "no stop banner beside the error: %q", after.Banner.Text)
			assert.NotEqual(t, "true", eval[string](p, `document.body.dataset.running || ""`), "nothing is running")
			assert.Equal(t, tc.src, p.value("#"+tc.editor+"-editor"), "the editor keeps what the user typed")

			// Fixing the mistake clears the error and runs.
			p.setEditor(tc.editor+"-editor", map[string]string{"model": goodModel, "tools": goodTools}[tc.editor])
			b := p.run().Banner
			assert.Equal(t, "final", b.Reason, "after the fix the run works; the banner said %q", b.Text)
			assert.False(t, p.visible(errSel) && p.text(errSel) != "", "after the fix the error is gone")
		})
	}
}

func TestPageMaxStepsFieldIsValidated(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	for _, bad := range []string{"-1", "2.5", "100001"} {
		t.Run(fmt.Sprintf("%q", bad), func(t *testing.T) {
			p.use(t)
			p.setValue("#max-steps", bad)
			p.click("#run")
			p.waitFieldError("#max-steps-error")
			assert.Equal(t, "alert", eval[string](p, `document.querySelector("#max-steps-error").getAttribute("role") || ""`),
				"the explanation is announced (role=alert)")
			assert.Empty(t, p.view().Transcript, "nothing ran with max steps %q", bad)
			assert.False(t, p.view().Banner.Visible, "nothing ran with max steps %q", bad)
		})
	}

	p.chooseExample("max-steps")
	p.setValue("#max-steps", "3")
	b := p.run().Banner
	assert.False(t, p.visible("#max-steps-error") && p.text("#max-steps-error") != "", "a valid value clears the explanation")
	assert.Equal(t, "max_steps", b.Reason, "the banner said %q", b.Text)
	assert.Contains(t, b.Text, "Stopped: reached max steps.")
	assert.Equal(t, 3, p.view().Transcript.count(func(m msg) bool { return m.Role == "assistant" }), "max steps 3 allows three model calls")

	// Empty is the loop's default, 10 model calls.
	p.setValue("#max-steps", "")
	b = p.run().Banner
	assert.Equal(t, "max_steps", b.Reason, "with max steps empty the banner said %q", b.Text)
	assert.Equal(t, 10, p.view().Transcript.count(func(m msg) bool { return m.Role == "assistant" }), "an empty max steps is the loop's default of 10 model calls")

	// Zero is valid, as in the library: the model is never called.
	p.setValue("#max-steps", "0")
	b = p.run().Banner
	assert.Equal(t, "max_steps", b.Reason, "the banner said %q", b.Text)
	assert.Contains(t, b.Text, "Stopped: reached max steps.")
	assert.Equal(t, 0, p.view().Transcript.count(func(m msg) bool { return m.Role == "assistant" }), "max steps 0 calls the model never")
}
