//go:build !(js && wasm)

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Phones and small embeds: after Run the result is on screen, a small embed
// leaves most of its frame to the transcript with every control of its run
// bar a Tab away, and Be the model's form is in view at every width.

func TestPagePhoneShowsTheStopBannerAfterRun(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ width, height int64 }{{360, 640}, {375, 667}, {390, 844}, {414, 896}} {
		name := fmt.Sprintf("%dx%d", size.width, size.height)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
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

func TestPageSmallEmbedLeavesTheFrameToTheTranscript(t *testing.T) {
	t.Parallel()
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
			t.Parallel()
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
			p.assertAccessible(t, where+" with the limits open")

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
	t.Parallel()
	p := openPage(t, "/")
	assert.False(t, p.visible("#limits-toggle"), "the full page has room for the limits: no disclosure")
	for _, sel := range []string{"#max-steps", "#time-limit", "#tool-timeout"} {
		assert.True(t, p.visible(sel), "%s is shown in the run bar", sel)
	}
	stops := p.tabThroughRunBar(t, "on the full page")
	assert.Equal(t, []string{"user-message", "max-steps", "time-limit", "tool-timeout", "run", "step", "back", "play", "speed", "stop", "be-model", "runbar-help-summary"}, ids(stops),
		"Tab goes through the run bar's fields and buttons in order")
}

func TestPageShowsTheFinalAnswerAfterRunOnAPhone(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.do("emulating a 375x800 phone", chromedp.EmulateViewport(375, 800, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)))
	p.open("/")
	runTop := p.rectOf("#run").Top
	b := p.run()
	require.Equal(t, "final", b.Banner.Reason, "the seed example ends with its final answer")
	waitFor[bool](p, waitTimeout, "the page to settle", `document.querySelector(`+js(finalAnswerSel)+`) !== null`)
	answer := p.rectOf(finalAnswerSel)
	h := eval[float64](p, `innerHeight`)
	assert.True(t, eval[bool](p, seenJS("document", finalAnswerSel)), "the final answer is not covered or scrolled out of its panel")
	assert.GreaterOrEqual(t, answer.Top, 0.0, "the final answer is below the top of the screen after Run (Run was at y=%v)", runTop)
	assert.LessOrEqual(t, answer.Bottom, h, "the final answer is on screen after Run at 375x800; it ends at y=%v", answer.Bottom)
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#tab-transcript").getAttribute("aria-selected")`),
		"Run switches to the Transcript tab")
	assert.Equal(t, "tablist", eval[string](p, `document.querySelector("#view-tabs").getAttribute("role")`))
	p.saveScreenshot("learner-phone-after-run.png")

	// Step switches to the Loop tab, which shows the lit line.
	p.click("#step")
	waitFor[bool](p, waitTimeout, "Step to show phase 1", `/^Phase 1 of/.test(document.querySelector("#step-position").textContent)`)
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#tab-loop").getAttribute("aria-selected")`), "Step switches to the Loop tab")
	assert.True(t, p.visible("#loop-source .loop-line.current"), "the lit line shows on the Loop tab")
	assert.False(t, p.visible("#model-editor"), "the Code tab is hidden while the Loop tab shows")
	p.saveScreenshot("learner-phone-stepping.png")
}

func TestPageBeTheModelOnANarrowScreenShowsTheAnswerForm(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, path, shot string
		width, height    int64
	}{
		{"768x1024", "/", "narrow-be-model-768.png", 768, 1024},
		{"embed 500x640", "/?embed=1#example=add", "narrow-be-model-embed-500.png", 500, 640},
		{"embed 360x640 dark", "/?embed=1&theme=dark#example=add", "narrow-be-model-embed-360-dark.png", 360, 640},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
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

			b := p.playTheSeedsModel(`{"a": 2, "b": 3}`, "The answer is 5.").Banner
			assert.Equal(t, "final", b.Reason, "the person's answers end the run; the banner says %q", b.Text)
			assert.True(t, p.visible("#use-as-script"), "Use as script is offered once the run is over")
			p.onScreen(t, "#run", "after the run at "+tc.name)
		})
	}
}
