//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// The first screen holds code: on a laptop (1366×768, 1280×720) both
// editors start above the fold, and on a smaller screen some of the Model
// editor's code shows, with Run on screen; the run bar's explanations are
// folded until asked for.
func TestPageShowsCodeOnTheFirstScreen(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		width, height int64
		editors       []string // editors whose first lines must show
	}{
		{1366, 768, []string{"#model-box", "#tools-box"}},
		{1280, 720, []string{"#model-box", "#tools-box"}},
		{1000, 700, []string{"#model-box"}},
	} {
		t.Run(fmt.Sprintf("%dx%d", tc.width, tc.height), func(t *testing.T) {
			t.Parallel()
			p := newPage(t)
			p.do("sizing the window", chromedp.EmulateViewport(tc.width, tc.height))
			p.open("/")
			p.saveScreenshot(fmt.Sprintf("first-screen-%dx%d.png", tc.width, tc.height))
			for _, sel := range tc.editors {
				// Three lines of code (20 px each) below the editor's top.
				top := eval[float64](p, must(sel)+`.getBoundingClientRect().top`)
				assert.Less(t, top+3*20, float64(tc.height), "at %dx%d the first lines of %s show without scrolling (its top is at %.0f px)", tc.width, tc.height, sel, top)
			}
			run := p.rectOf("#run")
			assert.True(t, run.Top >= 0 && run.Bottom <= float64(tc.height), "at %dx%d Run is on the first screen (y %.0f–%.0f)", tc.width, tc.height, run.Top, run.Bottom)
			assert.False(t, eval[bool](p, `document.querySelector("#runbar-help").open`), "the run bar's explanations are folded at first")
		})
	}
}
