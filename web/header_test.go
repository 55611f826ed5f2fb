//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// The header at every width: its controls stay on screen from 320 px up, on
// the full page and in an embed (which cannot be scrolled sideways), and its
// rows stay tidy where it wraps.

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
	t.Parallel()
	for _, theme := range []string{"light", "dark"} {
		t.Run(theme, func(t *testing.T) {
			t.Parallel()
			p := openPage(t, "/?embed=1&theme="+theme+"#example=add")
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
	t.Parallel()
	p := openPage(t, "/")
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

func TestPageHeaderIsTidyBetweenPhoneAndWideScreen(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	for _, width := range []int64{768, 900, 950, 1000, 1050, 1100, 1200, 1250, 1280, 1366} {
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
