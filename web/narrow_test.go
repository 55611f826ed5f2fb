//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Narrow screens and narrow embeds: what a run asks of the user shows on
// the tab in view.

// onScreen asserts that the element sel is shown, not covered, and
// inside the viewport, so that a user sees it without scrolling.
func (p *page) onScreen(t *testing.T, sel, where string) {
	t.Helper()
	if !p.visible(sel) {
		t.Errorf("%s is hidden %s", sel, where)
		return
	}
	r := p.rectOf(sel)
	w, h := eval[float64](p, `innerWidth`), eval[float64](p, `innerHeight`)
	assert.True(t, r.Left >= -0.5 && r.Right <= w+0.5 && r.Top >= -0.5 && r.Bottom <= h+0.5,
		"%s (x %.0f–%.0f, y %.0f–%.0f) is inside the %.0fx%.0f screen %s", sel, r.Left, r.Right, r.Top, r.Bottom, w, h, where)
	assert.True(t, eval[bool](p, seenJS("document", sel)), "%s is not covered by anything %s", sel, where)
}

func TestPageBeTheModelOnANarrowScreenShowsTheAnswerForm(t *testing.T) {
	for _, tc := range []struct {
		name, path, shot string
		width, height    int64
	}{
		{"768x1024", "/", "narrow-be-model-768.png", 768, 1024},
		{"embed 500x640", "/?embed=1#example=add", "narrow-be-model-embed-500.png", 500, 640},
		{"embed 360x640 dark", "/?embed=1&theme=dark#example=add", "narrow-be-model-embed-360-dark.png", 360, 640},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t)
			p.do("emulating the screen", chromedp.EmulateViewport(tc.width, tc.height))
			p.open(tc.path)
			require.Equal(t, "code", eval[string](p, `document.body.dataset.tab`), "the page opens on its Code tab")
			p.click("#be-model")
			waitFor[bool](p, waitTimeout, "the loop to ask the person for model call 1",
				`document.querySelector("#be-model-heading").textContent === "You are the model: call 1"`)
			where := "after Be the model at " + tc.name
			require.Equal(t, "transcript", eval[string](p, `document.body.dataset.tab`),
				"Be the model shows the Transcript tab, which holds the answer form")
			// The first call of a run with tools offers a tool call, and
			// the caret waits in the tool's name. The form scrolls within
			// its panel: the frame keeps its run bar, and in an embed
			// nothing spills over the link below the panel.
			p.onScreen(t, "#be-model-call-list .be-call-name", where)
			assert.Equal(t, "be-call-name", eval[string](p, `document.activeElement.className`),
				"the caret is in the tool call's name, ready for the answer")
			for _, sel := range []string{"#be-model-heading", "#be-model-kind-tool", "#be-model-send"} {
				assert.True(t, p.visible(sel), "%s is shown %s", sel, where)
			}
			p.onScreen(t, "#run", where)
			if p.exists("body.embed") {
				p.onScreen(t, "#open-full", where)
			}
			p.saveScreenshot(tc.shot)

			p.answerTool("add", `{"a": 2, "b": 3}`)
			p.waitAsked(2)
			p.answerFinal("The answer is 5.")
			b := p.waitBanner().Banner
			assert.Equal(t, "final", b.Reason, "the person's answers end the run; the banner says %q", b.Text)
			assert.True(t, p.visible("#use-as-script"), "Use as script is offered once the run is over")
			p.onScreen(t, "#run", "after the run at "+tc.name)
		})
	}
}
