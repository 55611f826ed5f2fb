//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A run as the user starts it: the seed example runs end to end, from Run
// and from Ctrl+Enter.

func TestPageDefaultExampleRunsEndToEnd(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	userMsg := p.value("#user-message")
	require.NotEmpty(t, userMsg, "the user-message field starts with the seed's question")
	assert.Equal(t, 1, eval[int](p, `performance.getEntriesByName("runAgent-ready").length`), "the page marks runAgent-ready once")
	assert.False(t, eval[bool](p, `document.body.classList.contains("embed")`), "the full page is not the compact embed layout")
	assert.Equal(t, "polite", eval[string](p, must("#transcript")+`.getAttribute("aria-live") || ""`), "the transcript is an ARIA live region")
	assert.Empty(t, p.view().Transcript, "nothing has run before the user clicks Run")
	assert.False(t, p.view().Banner.Visible, "no stop banner before the first run")

	v := p.run()
	assertAddTranscript(t, userMsg, v)
	assert.Equal(t, "final", v.LitPhase(), "the Loop panel lights the line that ended the run")
	b := v.Banner
	assert.Regexp(t, `(?i)\b2 steps\b|\bsteps?\W+2\b`, b.Text, "the banner says the run used 2 steps")
	assert.Regexp(t, `\d+(\.\d+)?\s*(ms|s)\b`, b.Text, "the banner says how long the run took")
}

func TestPageCtrlEnterRuns(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.do("pressing Ctrl+Enter in the Model editor",
		chromedp.Focus(chromedp.CSS("#model-editor")),
		chromedp.KeyEvent("\r", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
	)
	assertAddTranscript(t, p.value("#user-message"), p.waitBanner())
}
