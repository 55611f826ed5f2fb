//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// layoutShift is one layout-shift entry: when, how much, and what moved.
type layoutShift struct {
	At    float64  `json:"at"`
	Value float64  `json:"value"`
	Moved []string `json:"moved"`
}

// layoutShiftsJS reads the page's layout shifts so far (the observer's
// buffer holds those from before it was made), without user input.
const layoutShiftsJS = `new Promise((resolve) => {
	const out = [];
	new PerformanceObserver((list) => {
		for (const e of list.getEntries()) {
			if (e.hadRecentInput) continue;
			out.push({at: e.startTime, value: e.value,
				moved: e.sources.map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : "(gone)")});
		}
	}).observe({type: "layout-shift", buffered: true});
	setTimeout(() => resolve(out), 50);
})`

// The page does not jump while it loads: the status texts, the editors'
// upgrade, the tabs and the loop's source all come into space kept for
// them, so the cumulative layout shift of the first five seconds stays
// under 0.02 ("good" is 0.1) and no control moves under the pointer.
func TestPageDoesNotJumpWhileItLoads(t *testing.T) {
	// Not parallel: it watches the first five seconds of a load; on a machine
	// the other tests keep busy the browser paints in between states it would
	// never show.
	for _, width := range []int64{1280, 1100, 375} {
		t.Run(fmt.Sprintf("%dpx", width), func(t *testing.T) {
			p := newPage(t)
			p.do("sizing the window", chromedp.EmulateViewport(width, 800))
			p.open("/")
			p.do("watching the page load for five seconds", chromedp.Sleep(5*time.Second-time.Duration(eval[float64](p, `performance.now()`))*time.Millisecond))
			shifts := eval[[]layoutShift](p, layoutShiftsJS)
			total := 0.0
			for _, s := range shifts {
				total += s.Value
			}
			assert.LessOrEqual(t, total, 0.02, "at %d px the page's layout shifted by %.4f while it loaded: %+v", width, total, shifts)
		})
	}
}
