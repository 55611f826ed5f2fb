//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Phones, small embeds and the widths in between: after Run a phone shows
// the run's result; a small embed leaves most of its frame to the
// transcript, every control of its run bar still a Tab away; the Exercise
// shows the time limit that judges a runaway; the header is tidy where it
// wraps.

func TestPagePhoneShowsTheStopBannerAfterRun(t *testing.T) {
	for _, size := range []struct{ width, height int64 }{{360, 640}, {375, 667}, {390, 844}, {414, 896}} {
		name := fmt.Sprintf("%dx%d", size.width, size.height)
		t.Run(name, func(t *testing.T) {
			p := newPage(t)
			p.do("emulating a "+name+" phone", chromedp.EmulateViewport(size.width, size.height,
				chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)))
			p.open("/")
			b := p.run().Banner
			require.Equal(t, "final", b.Reason, "the seed example ends with its final answer")
			p.settle()
			where := "after Run on a " + name + " phone"
			// The result, the answer it quotes and the tabs to the other
			// views are all on screen; the run bar is one scroll up.
			p.onScreen(t, "#stop-banner", where)
			p.onScreen(t, finalAnswerSel, where)
			p.onScreen(t, "#tab-transcript", where)
			p.onScreen(t, "#tab-loop", where)
			assert.Contains(t, p.text("#stop-banner"), "The answer is 5.", "the banner shows the result %s", where)
			messages := p.rectOf("#transcript-scroll")
			assert.GreaterOrEqual(t, messages.Bottom-messages.Top, 160.0,
				"the messages keep a box a few messages tall %s (it is %.0f px)", where, messages.Bottom-messages.Top)
			assert.LessOrEqual(t, eval[int64](p, `document.documentElement.scrollWidth`), size.width,
				"the page fits the phone without scrolling sideways %s", where)
			p.saveScreenshot(fmt.Sprintf("phone-after-run-%s.png", name))

			// Scrolling up brings back the run bar, as it was.
			eval[chromedp.Void](p, `scrollTo(0, 0)`)
			p.settle()
			p.onScreen(t, "#run", "once the phone is scrolled back up")
		})
	}
}

// headerLayout is where the header's parts are.
type headerLayout struct {
	Brand, Picker, Modes, Status, Share rect
	ContentLeft, ContentRight           float64
}

const headerLayoutJS = `(() => { const r = ` + rectJS + `; const q = (s) => document.querySelector(s);
	const h = q(".site-header"), s = getComputedStyle(h), b = h.getBoundingClientRect();
	return {Brand: r(q(".brand")), Picker: r(q(".example-picker")), Modes: r(q(".mode-switch")),
		Status: r(q("#engine-status")), Share: r(q("#share")),
		ContentLeft: b.left + parseFloat(s.paddingLeft), ContentRight: b.right - parseFloat(s.paddingRight)}; })()`

// sameRow reports whether b sits on a's row: its middle is within a's
// height.
func sameRow(a, b rect) bool {
	mid := (b.Top + b.Bottom) / 2
	return mid >= a.Top && mid <= a.Bottom
}

func TestPageHeaderIsTidyBetweenPhoneAndWideScreen(t *testing.T) {
	p := newPage(t)
	p.open("/")
	for _, width := range []int64{768, 900, 950, 1000, 1050, 1100, 1200, 1280} {
		p.do("emulating the screen", chromedp.EmulateViewport(width, 800))
		p.settle()
		where := fmt.Sprintf("at %d px", width)
		l := eval[headerLayout](p, headerLayoutJS)
		// The engine status and Share never sit on a row of their own:
		// they are on the mode switch's row, which ends at the right
		// edge, where the panels below end.
		assert.True(t, sameRow(l.Modes, l.Status) && sameRow(l.Modes, l.Share),
			"the engine status (y %.0f–%.0f) and Share (y %.0f–%.0f) are on the mode switch's row (y %.0f–%.0f) %s",
			l.Status.Top, l.Status.Bottom, l.Share.Top, l.Share.Bottom, l.Modes.Top, l.Modes.Bottom, where)
		assert.InDelta(t, l.ContentRight, l.Share.Right, 1, "Share ends at the header's right edge %s", where)
		assert.True(t, l.Modes.Left >= l.ContentLeft-1 && l.Modes.Top >= l.Brand.Top-1,
			"the mode switch is inside the header %s", where)
		if !sameRow(l.Brand, l.Modes) {
			// On a row of its own, the mode switch starts it, below the
			// brand.
			assert.InDelta(t, l.ContentLeft, l.Modes.Left, 1, "the mode switch starts its row at the left edge %s", where)
		}
		assert.True(t, sameRow(l.Brand, l.Picker), "the brand and the examples menu share the first row %s", where)
		assert.LessOrEqual(t, eval[int64](p, `document.documentElement.scrollWidth`), width, "the page fits %s", where)
		if width == 900 || width == 1000 || width == 1100 {
			p.saveScreenshot(fmt.Sprintf("phone-header-%d.png", width))
		}
	}
}
