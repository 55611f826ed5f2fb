//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Embeds a tutorial shows in a frame of about 640 px: the Exercise's
// parts are all within reach of a reader who scrolls with the wheel, and
// a locked embed (&readonly=1) offers nothing that would replace its
// author's code.

// wheelTo scrolls with the mouse wheel over the point (x, y), as a reader
// would, until sel is wholly inside the viewport. The wheel scrolls only
// what a reader can scroll: never a box whose overflow is hidden, as the
// embed's body is.
func (p *page) wheelTo(sel string, x, y float64) {
	p.t.Helper()
	inView := fmt.Sprintf(`(() => { const r = %s.getBoundingClientRect(); return r.top >= -0.5 && r.bottom <= innerHeight + 0.5; })()`, must(sel))
	for i := 0; i < 40 && !eval[bool](p, inView); i++ {
		r := p.rectOf(sel)
		delta := 100.0
		if r.Top < 0 {
			delta = -100
		}
		// The protocol wants deltaX too, which the typed params leave
		// out when it is zero.
		p.do("turning the mouse wheel", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			return tg.Call(ctx, "Input.dispatchMouseEvent", map[string]any{
				"type": input.DispatchMouseEventTypeMouseWheel, "x": x, "y": y, "deltaX": 0, "deltaY": delta}, nil)
		}))
		time.Sleep(50 * time.Millisecond)
	}
}

// clickAt clicks the middle of sel with the mouse, where a reader would.
func (p *page) clickAt(sel string) {
	p.t.Helper()
	r := p.rectOf(sel)
	p.do("clicking "+sel, chromedp.MouseClickXY((r.Left+r.Right)/2, (r.Top+r.Bottom)/2))
}

func TestPageEmbedExerciseKeepsYourLoopCheckAndCasesWithinReach(t *testing.T) {
	for _, tc := range []struct {
		name          string
		width, height int64
		notice        bool
	}{
		{"360x640", 360, 640, false},
		{"700x640", 700, 640, false},
		{"700x640 with a notice", 700, 640, true},
		{"1000x640", 1000, 640, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t)
			p.do("emulating the frame", chromedp.EmulateViewport(tc.width, tc.height))
			p.open("/?embed=1#example=add")
			p.openExercise()
			where := "in the Exercise of a " + tc.name + " embed"
			if tc.notice {
				// A link that replaces the reader's loop offers it back,
				// in the notice bar, until the reader answers.
				p.setEditor("loop-editor", "function runAgent() { return 'mine'; }")
				link := encodeStateLink(t, map[string]string{"loop": "function runAgent() { return 'linked'; }", "mode": "exercise"})
				eval[string](p, fmt.Sprintf(`location.hash = %s`, js("state="+link)))
				waitFor[bool](p, waitTimeout, "the notice bar to show", `document.querySelector("#notice").checkVisibility()`)
			}
			p.settle()
			assert.Zero(t, eval[float64](p, `document.scrollingElement.scrollTop`), "the frame's page is not scrolled %s", where)
			x := float64(tc.width) / 2
			y := p.rectOf("#exercise").Top + 40
			if tc.notice {
				p.onScreen(t, "#notice-text", where)
			}

			// Each part is reached with the wheel over the Exercise, and
			// once reached it is on screen and covered by nothing: not
			// the Cases panel, not the link to the full playground.
			for _, sel := range []string{"#loop-box", "#exercise-time-limit", "#exercise-time-limit-hint", "#check", "#check-stop", "#show-hint"} {
				p.wheelTo(sel, x, y)
				p.onScreen(t, sel, where)
			}
			p.onScreen(t, "#open-full", where)
			p.wheelTo("#check", x, y)
			p.saveScreenshot("embed-exercise-" + strings.ReplaceAll(tc.name, " ", "-") + ".png")

			// A click where Check shows runs the Check, and its result
			// is within reach too.
			p.clickAt("#check")
			summary := waitFor[string](p, waitTimeout+5e9, "Check to say how many cases pass",
				`(() => { const s = document.querySelector("#exercise-summary").textContent;
					return document.querySelector("#check").getAttribute("aria-disabled") !== "true" && / cases pass/.test(s) && s; })()`)
			assert.Contains(t, summary, fmt.Sprintf("of %d cases pass", casesCount()), "Check graded the loop %s", where)
			p.wheelTo("#exercise-summary", x, y)
			p.onScreen(t, "#exercise-summary", "after Check "+where)
			p.wheelTo("#exercise-failures li summary", x, y)
			p.onScreen(t, "#exercise-failures li summary", "after Check "+where)
			assert.Zero(t, eval[float64](p, `document.scrollingElement.scrollTop`), "the frame's page is still not scrolled %s", where)
			p.saveScreenshot("embed-exercise-" + strings.ReplaceAll(tc.name, " ", "-") + "-cases.png")
		})
	}
}

func TestPageEmbedLockOffersNothingThatReplacesTheAuthorsCode(t *testing.T) {
	p := newPage(t)
	p.do("emulating the frame", chromedp.EmulateViewport(700, 640))
	p.open("/?embed=1&readonly=1#example=add")
	model, tools := p.value("#model-editor"), p.value("#tools-editor")
	kept := func(after string) {
		t.Helper()
		assert.Equal(t, model, p.value("#model-editor"), "the Model editor keeps the author's code %s", after)
		assert.Equal(t, tools, p.value("#tools-editor"), "the Tools editor keeps the author's code %s", after)
	}

	// The Exercise has its own editor, which a locked embed would lock
	// too: it is not offered.
	assert.False(t, p.visible("#mode-exercise"), "a locked embed offers no Exercise")
	assert.True(t, p.visible("#run"), "the playground is shown")

	// Be the model still works; its answers cannot become the script.
	p.click("#be-model")
	p.waitAsked(1)
	p.answerTool("add", `{"a": 2, "b": 3}`)
	p.waitAsked(2)
	p.answerFinal("The answer is 5.")
	b := p.waitBanner().Banner
	require.Equal(t, "final", b.Reason, "the person's answers end the run; the banner says %q", b.Text)
	waitFor[bool](p, waitTimeout, "the Be-the-model panel to say the run is over", `document.querySelector("#be-model-done").checkVisibility()`)
	assert.False(t, p.visible("#use-as-script"), "Use as script is not offered in a locked embed")
	assert.Contains(t, p.text("#be-model-summary"), "locked", "the panel says why the answers cannot become the script")
	p.saveScreenshot("embed-lock-be-model.png")
	kept("after Be the model")

	// Open run is not offered, and a run file dropped on the frame is
	// refused with a notice.
	assert.False(t, p.visible("#open-run"), "Open run is not offered in a locked embed")
	p.dropFile("hello.json", helloRunFile)
	p.waitNotice("locked")
	kept("after a run file is dropped")
	assert.NotEqual(t, "Hello.", p.view().Banner.Text, "the dropped run is not shown")
}
