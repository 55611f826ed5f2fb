//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// Stepping on a phone keeps Step, the lit line of the loop and the
// sentence that says what happened on screen together, at every press,
// in portrait and in landscape.
func TestPageSteppingOnAPhoneKeepsStepAndTheLitLineOnScreen(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ width, height int64 }{{375, 800}, {320, 640}, {812, 375}} {
		t.Run(fmt.Sprintf("%dx%d", size.width, size.height), func(t *testing.T) {
			t.Parallel()
			p := newPage(t)
			p.do("a phone's screen", chromedp.EmulateViewport(size.width, size.height))
			p.open("/")
			for i := 1; i <= 6; i++ {
				p.click("#step")
				waitFor[bool](p, waitTimeout, fmt.Sprintf("Step press %d to show phase %d", i, i),
					fmt.Sprintf(`/^Phase %d of \d+$/.test(document.querySelector("#step-position").textContent.replace(/\s+/g, " ").trim())`, i))
				where := fmt.Sprintf("after Step press %d at %dx%d", i, size.width, size.height)
				p.onScreen(t, "#step", where)
				p.onScreen(t, "#loop-source .loop-line.current", where)
				p.onScreen(t, "#phase-detail", where)
				if t.Failed() {
					p.saveScreenshot(fmt.Sprintf("phone-step-%dx%d-press-%d.png", size.width, size.height, i))
					require.FailNow(t, "the stepping learner lost sight of Step or the lit line "+where)
				}
			}
			p.saveScreenshot(fmt.Sprintf("phone-step-%dx%d.png", size.width, size.height))
		})
	}
}

// After Run, Step starts stepping the run just shown: on a phone Step and
// the lit line are on screen together at every press too (the lit line
// was below the fold, at y 907-1147 of 812, at every phase).
func TestPageSteppingOnAPhoneAfterRunKeepsStepAndTheLitLineOnScreen(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.do("a phone's screen", chromedp.EmulateViewport(375, 812))
	p.open("/")
	p.run()
	for i := 1; i <= 6; i++ {
		p.click("#step")
		waitFor[bool](p, waitTimeout, fmt.Sprintf("Step press %d to show phase %d", i, i),
			fmt.Sprintf(`/^Phase %d of \d+$/.test(document.querySelector("#step-position").textContent.replace(/\s+/g, " ").trim())`, i))
		where := fmt.Sprintf("after Run, then Step press %d at 375x812", i)
		p.onScreen(t, "#step", where)
		p.onScreen(t, "#loop-source .loop-line.current", where)
		p.onScreen(t, "#phase-detail", where)
		if t.Failed() {
			p.saveScreenshot(fmt.Sprintf("phone-run-step-375x812-press-%d.png", i))
			require.FailNow(t, "the stepping learner lost sight of Step or the lit line "+where)
		}
	}
}
