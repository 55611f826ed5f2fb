//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Narrow screens and narrow embeds: what a run asks of the user shows on
// the tab in view, and the header's controls stay on screen at every
// width from 320 px up, where an embed cannot be scrolled sideways.

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

// headerControls are what the header offers in every layout; the embed
// shows its caption instead of the brand and the examples menu.
var headerControls = []string{"#mode-playground", "#mode-exercise", "#engine-status", "#share"}

// embedHeaderRowsJS counts the rows the embed's header lays its caption
// and controls out in: a box that starts below every box before it starts
// a row.
const embedHeaderRowsJS = `(() => {
	const boxes = [...document.querySelectorAll("#embed-caption, .mode-switch, #engine-status, #share")]
		.map((e) => e.getBoundingClientRect()).sort((a, b) => a.top - b.top);
	let rows = 0, bottom = -Infinity;
	for (const r of boxes) {
		if (r.top >= bottom - 1) rows++;
		bottom = Math.max(bottom, r.bottom);
	}
	return rows;
})()`

func TestPageEmbedHeaderFitsFramesFromNarrowToWide(t *testing.T) {
	for _, theme := range []string{"light", "dark"} {
		t.Run(theme, func(t *testing.T) {
			p := newPage(t)
			p.open("/?embed=1&theme=" + theme + "#example=add")
			for _, width := range []int64{320, 360, 500, 600, 700, 800, 1000, 1280} {
				p.do("emulating the frame", chromedp.EmulateViewport(width, 640))
				p.settle()
				where := fmt.Sprintf("in a %d px embed (%s)", width, theme)
				assert.LessOrEqual(t, eval[int64](p, `document.documentElement.scrollWidth`), width,
					"the embed fits its frame without scrolling sideways %s", where)
				assert.LessOrEqual(t, eval[int64](p, `document.querySelector(".site-header").scrollWidth`), width,
					"the header fits the frame %s", where)
				for _, sel := range append([]string{"#embed-caption"}, headerControls...) {
					p.onScreen(t, sel, where)
				}
				assert.LessOrEqual(t, eval[int](p, embedHeaderRowsJS), 2, "the header keeps to two rows %s", where)
				// A caption too long for its room ends in an ellipsis.
				assert.Equal(t, "ellipsis nowrap", eval[string](p, `(() => { const s = getComputedStyle(document.querySelector("#embed-caption"));
					return s.textOverflow + " " + s.whiteSpace; })()`), "the caption is cut with an ellipsis %s", where)
				assert.InDelta(t, p.rectOf(".runbar").Left, p.rectOf("#embed-caption").Left, 0.5,
					"the caption lines up with the run bar below it %s", where)
				if width == 320 || width == 500 || width == 700 || width == 1000 {
					p.saveScreenshot(fmt.Sprintf("narrow-embed-header-%s-%d.png", theme, width))
				}
			}
		})
	}
}

func TestPageHeaderFitsScreensFromNarrowToWide(t *testing.T) {
	p := newPage(t)
	p.open("/")
	for _, width := range []int64{320, 375, 500, 640, 768, 1000, 1280} {
		p.do("emulating the screen", chromedp.EmulateViewport(width, 900))
		p.settle()
		where := fmt.Sprintf("at %d px", width)
		assert.LessOrEqual(t, eval[int64](p, `document.documentElement.scrollWidth`), width,
			"the page fits without scrolling sideways %s", where)
		for _, sel := range append([]string{"#example-select"}, headerControls...) {
			p.onScreen(t, sel, where)
		}
		if width == 320 || width == 768 || width == 1000 {
			p.saveScreenshot(fmt.Sprintf("narrow-header-%d.png", width))
		}
	}
}
