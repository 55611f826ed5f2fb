//go:build !(js && wasm)

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
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

// accessibleNameJS is the name a screen reader gives the element e: its
// labels, aria-label, aria-labelledby or its text.
const accessibleNameJS = `((e) => ((e.labels && e.labels.length ? [...e.labels].map((l) => l.textContent).join(" ") : "") ||
	e.getAttribute("aria-label") || (e.getAttribute("aria-labelledby") || "").split(" ").map((id) => {
		const l = document.getElementById(id); return l ? l.textContent : ""; }).join(" ") || e.textContent).replace(/\s+/g, " ").trim())`

// tabStop is a control the Tab key reached.
type tabStop struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	InRun bool   `json:"inRun"`
}

// tabThroughRunBar focuses the user message and presses Tab until the focus
// leaves the run bar, returning each control it reached on the way and
// checking each is on screen.
func (p *page) tabThroughRunBar(t *testing.T, where string) []tabStop {
	t.Helper()
	p.do("focusing the user message", chromedp.Focus(chromedp.CSS("#user-message")))
	var stops []tabStop
	for i := 0; i < 20; i++ {
		s := eval[tabStop](p, `(() => { const e = document.activeElement; const inRun = !!e.closest(".runbar");
			return {id: e.id, inRun, name: inRun ? `+accessibleNameJS+`(e) : ""}; })()`)
		if !s.InRun {
			return stops
		}
		stops = append(stops, s)
		p.onScreen(t, "#"+s.ID, where+", with the focus on it")
		p.do("pressing Tab", chromedp.KeyEvent(kb.Tab))
	}
	t.Fatalf("Tab never left the run bar %s: %v", where, stops)
	return nil
}

func ids(stops []tabStop) []string {
	out := make([]string, len(stops))
	for i, s := range stops {
		out[i] = s.ID
	}
	return out
}

func TestPageSmallEmbedLeavesTheFrameToTheTranscript(t *testing.T) {
	for _, tc := range []struct {
		name, path    string
		width, height int64
	}{
		{"360x640", "/?embed=1#example=add", 360, 640},
		{"360x640 dark", "/?embed=1&theme=dark#example=add", 360, 640},
		{"500x640", "/?embed=1#example=add", 500, 640},
		{"500x640 dark", "/?embed=1&theme=dark#example=add", 500, 640},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t)
			p.do("emulating the frame", chromedp.EmulateViewport(tc.width, tc.height))
			p.open(tc.path)
			file := strings.ReplaceAll(tc.name, " ", "-")
			where := "in a " + tc.name + " embed"

			// The run bar is compact: the limits are behind a disclosure.
			toggle := "#limits-toggle"
			p.onScreen(t, toggle, where)
			assert.Equal(t, "false", eval[string](p, must(toggle)+`.getAttribute("aria-expanded")`), "the limits start folded %s", where)
			for _, sel := range []string{"#max-steps", "#time-limit", "#tool-timeout"} {
				assert.False(t, p.visible(sel), "%s is folded away %s", sel, where)
			}

			b := p.run().Banner
			require.Equal(t, "final", b.Reason)
			p.settle()
			panel := p.rectOf("#transcript-panel")
			messages := p.rectOf("#transcript-scroll")
			h := float64(tc.height)
			t.Logf("%s: the Transcript panel is %.0f px tall, its messages %.0f px", where, panel.Bottom-panel.Top, messages.Bottom-messages.Top)
			assert.GreaterOrEqual(t, panel.Bottom-panel.Top, h/2,
				"the Transcript panel takes at least half the %.0f px frame %s (it is %.0f px)", h, where, panel.Bottom-panel.Top)
			assert.GreaterOrEqual(t, messages.Bottom-messages.Top, h/4,
				"the messages get at least a quarter of the frame %s (they get %.0f px)", where, messages.Bottom-messages.Top)
			for _, sel := range []string{"#run", finalAnswerSel, "#stop-banner", "#open-full"} {
				p.onScreen(t, sel, "after Run "+where)
			}
			p.saveScreenshot("phone-embed-" + file + ".png")

			// Every control of the run bar is a Tab away, named, in the
			// order it is shown; the disclosure's fields join them when
			// it is open.
			runControls := []string{"run", "step", "back", "play", "speed", "stop", "be-model"}
			stops := p.tabThroughRunBar(t, where)
			assert.Equal(t, append([]string{"user-message", "limits-toggle"}, runControls...), ids(stops),
				"Tab goes through the run bar's controls in order %s", where)
			for _, s := range stops {
				assert.NotEmpty(t, s.Name, "#%s has an accessible name %s", s.ID, where)
			}
			p.do("opening the limits from the keyboard", chromedp.Focus(chromedp.CSS(toggle)), chromedp.KeyEvent("\r"))
			assert.Equal(t, "true", eval[string](p, must(toggle)+`.getAttribute("aria-expanded")`), "Enter opens the limits %s", where)
			stops = p.tabThroughRunBar(t, where+" with the limits open")
			assert.Equal(t, append([]string{"user-message", "limits-toggle", "max-steps", "time-limit", "tool-timeout"}, runControls...), ids(stops),
				"with the limits open, Tab goes through their fields after the toggle %s", where)
			names := map[string]string{}
			for _, s := range stops {
				names[s.ID] = s.Name
			}
			assert.Equal(t, "Max steps", names["max-steps"])
			assert.Equal(t, "Time limit (ms)", names["time-limit"])
			assert.Equal(t, "Tool timeout (ms)", names["tool-timeout"])
			assert.Equal(t, "Limits", names["limits-toggle"])
			p.saveScreenshot("phone-embed-" + file + "-limits.png")
			for _, v := range p.axeSerious(t) {
				t.Errorf("axe-core %s with the limits open: %s", where, v)
			}

			// A limit the page finds wrong is shown with its explanation,
			// even after the limits are folded.
			p.click(toggle)
			p.setValue("#max-steps", "-1")
			p.click("#run")
			p.onScreen(t, "#max-steps", "after Run with a wrong max steps "+where)
			p.onScreen(t, "#max-steps-error", "after Run with a wrong max steps "+where)
			assert.Equal(t, "true", eval[string](p, must(toggle)+`.getAttribute("aria-expanded")`),
				"the toggle says the limits are open %s", where)
		})
	}
}

func TestPageEmbedAloneFoldsTheLimits(t *testing.T) {
	p := newPage(t)
	p.open("/")
	assert.False(t, p.visible("#limits-toggle"), "the full page has room for the limits: no disclosure")
	for _, sel := range []string{"#max-steps", "#time-limit", "#tool-timeout"} {
		assert.True(t, p.visible(sel), "%s is shown in the run bar", sel)
	}
	stops := p.tabThroughRunBar(t, "on the full page")
	assert.Equal(t, []string{"user-message", "max-steps", "time-limit", "tool-timeout", "run", "step", "back", "play", "speed", "stop", "be-model", "runbar-help-summary"}, ids(stops),
		"Tab goes through the run bar's fields and buttons in order")
}

func TestPageExerciseShowsTheTimeLimitThatJudgesARunaway(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.setValue("#time-limit", "700")
	p.openExercise()
	field := "#exercise-time-limit"
	p.onScreen(t, field, "in the Exercise")
	assert.Equal(t, "700", p.value(field), "the Exercise shows the playground's time limit")
	assert.Equal(t, "Time limit per case (ms)", eval[string](p, accessibleNameJS+"("+must(field)+")"))
	assert.Contains(t, p.text(field+"-hint"), "Time limit", "the Exercise says the limit is the playground's too")

	// Changed in the Exercise, it judges the next Check, and it is the
	// playground's too.
	p.setValue(field, "600")
	p.setEditor("loop-editor", "function runAgent(model, tools, userMsg, maxSteps = 10) {\n  while (true) {}\n}")
	p.check()
	banner := waitFor[string](p, waitTimeout, "the banner to say the loop ran away",
		`document.querySelector("#exercise-banner").checkVisibility() && document.querySelector("#exercise-banner").textContent`)
	assert.Contains(t, banner, "did not finish within 600 ms", "the limit set in the Exercise judged the runaway")
	p.saveScreenshot("phone-exercise-time-limit.png")
	p.clickNamed("Playground")
	assert.Equal(t, "600", p.value("#time-limit"), "the playground's time limit is the one set in the Exercise")

	// One value: set in the playground, it shows in the Exercise, and a
	// reload in the Exercise brings it back.
	p.setValue("#time-limit", "900")
	p.openExercise()
	assert.Equal(t, "900", p.value(field), "the Exercise follows the playground's time limit")
	p.reload()
	require.True(t, p.visible("#loop-editor"), "the page reopens in the Exercise")
	assert.Equal(t, "900", p.value(field), "the Exercise shows the saved time limit after a reload")

	// A wrong value is explained beside the field, and Check waits for it.
	p.setValue(field, "10")
	p.onScreen(t, field+"-error", "after a wrong time limit")
	assert.Contains(t, p.text(field+"-error"), "from 50 to 600,000")
	before := p.text("#exercise-summary")
	p.clickNamed("Check")
	assert.Equal(t, before, p.text("#exercise-summary"), "Check does not run with a wrong time limit")
	assert.Equal(t, "exercise-time-limit", eval[string](p, `document.activeElement.id`), "Check puts the caret in the wrong field")
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
