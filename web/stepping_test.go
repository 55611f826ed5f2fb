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

// Stepping through a run like a debugger: Step and Back walk the phases and
// restore each view exactly, the keyboard steps and plays, and the lit line
// stays in view.

func TestPageStepAndBackWalkThePhases(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	userMsg := p.value("#user-message")
	views := p.stepThrough()

	// One event per phase of the add example, each lighting the line of
	// agent/loop.go that emitted it.
	want := []string{"user", "model", "model", "action", "tool", "tool_output", "result", "model", "model", "action", "final"}
	lit := make([]string, len(views))
	for i, v := range views {
		lit[i] = v.LitPhase()
		if assert.Len(t, v.Lit, 1, "at phase %d one line of the Loop panel is lit", i+1) {
			assert.Equal(t, "step", v.Lit[0].AriaCurrent, "the lit line has aria-current=step at phase %d", i+1)
			assert.Contains(t, v.Lit[0].Text, "// phase: "+v.Lit[0].Phase, "the lit line is the one its phase marks")
		}
		assert.NotEmpty(t, v.Detail, "the page says what happens at phase %d", i+1)
		if i > 0 {
			before, after := views[i-1], v
			before.Position, after.Position = "", ""
			assert.NotEqual(t, before, after, "Step from phase %d to %d changed nothing on the page but the position", i, i+1)
			assert.GreaterOrEqual(t, len(v.Transcript), len(views[i-1].Transcript), "Step never removes messages")
		}
		if i < len(views)-1 {
			assert.False(t, v.Banner.Visible, "the stop banner waits for the last phase; at phase %d it shows %q", i+1, v.Banner.Text)
		}
	}
	assert.Equal(t, want, lit, "Step lights, event by event, the line of the loop that emitted it")
	assert.Len(t, views[0].Transcript, 1, "at phase 1 only the user's message is shown")
	assert.True(t, strings.HasPrefix(views[5].Detail, "Step 1: tool 'add' returned in "), "the tool's end is worded; it said %q", views[5].Detail)

	last := views[len(views)-1]
	assertAddTranscript(t, userMsg, last)

	// Back restores each earlier view exactly, down to phase 1 ...
	total := len(views)
	for i := total - 1; i >= 1; i-- {
		got := p.clickAndWaitPosition("#back", fmt.Sprintf("Phase %d of %d", i, total))
		assert.Equal(t, views[i-1], got, "Back to phase %d does not show what Step showed there", i)
	}
	// ... and Step goes forward through the same views again.
	for i := 2; i <= 3; i++ {
		got := p.clickAndWaitPosition("#step", fmt.Sprintf("Phase %d of %d", i, total))
		assert.Equal(t, views[i-1], got, "Step after Back to phase %d does not show what it showed the first time", i)
	}
}

func TestPageStepViewNamesAnUnknownToolOnItsLine(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("unknown-tool")
	views := p.stepThrough()
	at := -1
	for i, v := range views {
		if v.LitPhase() == "unknown_tool" {
			at = i
		}
	}
	require.GreaterOrEqual(t, at, 0, "stepping lights the unknown_tool line of callTool at the tool's end; it lit %v", litPhases(views))
	assert.Equal(t, "Step 1: tool 'calculator' is unknown: the model will see the error.", views[at].Detail)
	assert.Equal(t, "tool", views[at-1].LitPhase(), "the tool call comes just before")
	after := views[at+1]
	assert.Equal(t, "result", after.LitPhase(), "the error is then appended as the tool's result")
	res := after.Transcript[len(after.Transcript)-1]
	assert.Equal(t, "tool", res.Role)
	assert.True(t, res.Failed, "the unknown tool's result is shown as an error")
	assert.Equal(t, "error: unknown tool 'calculator'", res.Text, "the result is the loop's own words")
	assert.Equal(t, "final", views[len(views)-1].LitPhase(), "the model recovers and answers")
}

func litPhases(views []pageView) []string {
	out := make([]string, len(views))
	for i, v := range views {
		out[i] = v.LitPhase()
	}
	return out
}

func TestPageKeepsTheLitLineInViewAndStepStillWhileStepping(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.do("a 1366x768 laptop screen", chromedp.EmulateViewport(1366, 768))
	p.open("/")
	p.click("#step")
	total := p.waitFirstPhase("the first Step")
	require.Greater(t, total, 5)
	first := eval[stepView](p, stepViewJS)
	for i := 1; i <= total; i++ {
		if i > 1 {
			p.clickAndWaitPosition("#step", fmt.Sprintf("Phase %d of %d", i, total))
		}
		v := eval[stepView](p, stepViewJS)
		assert.Equal(t, first.Step, v.Step, "the Step button stayed where it was at phase %d (no reflow under the pointer)", i)
		assert.True(t, v.Line.Top >= 0 && v.Line.Bottom <= 768, "at phase %d the lit line (y %v–%v) is on the 768 px screen", i, v.Line.Top, v.Line.Bottom)
		assert.True(t, v.Line.Top >= v.Panel.Top-0.5 && v.Line.Bottom <= v.Panel.Bottom+0.5,
			"at phase %d the lit line (y %v–%v) is inside the Loop panel's visible area (y %v–%v)", i, v.Line.Top, v.Line.Bottom, v.Panel.Top, v.Panel.Bottom)
		// A message taller than the transcript's box shows from its top.
		fits := v.Newest.Bottom-v.Newest.Top <= v.Scroller.Bottom-v.Scroller.Top
		assert.True(t, v.Newest.Top >= v.Scroller.Top-0.5 && v.Newest.Top < v.Scroller.Bottom && (!fits || v.Newest.Bottom <= v.Scroller.Bottom+0.5),
			"at phase %d the newest message (y %v–%v) is inside the transcript's visible area (y %v–%v)", i, v.Newest.Top, v.Newest.Bottom, v.Scroller.Top, v.Scroller.Bottom)
		if i == 4 {
			p.saveScreenshot("learner-1366-stepping.png")
		}
	}
	assert.Equal(t, 0.0, eval[float64](p, `scrollY`), "stepping scrolls the panels, never the page")
}

// stepView is what a stepping learner watches.
type stepView struct {
	Position string `json:"position"`
	Step     rect   `json:"step"`
	Line     rect   `json:"line"`
	Panel    rect   `json:"panel"`
	Newest   rect   `json:"newest"`
	Scroller rect   `json:"scroller"`
	PageY    float64
}

// stepViewJS reads it once the page has drawn the step: the transcript
// scrolls to its newest message when the browser lays it out, as a person
// sees it, not within the click's task.
const stepViewJS = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve((() => {
	const r = ` + rectJS + `; const q = (s) => document.querySelector(s);
	return {position: q("#step-position").textContent.trim(), step: r(q("#step")),
		line: r(q("#loop-source .loop-line.current")), panel: r(q("#loop-scroll")),
		newest: r(q("#transcript li.msg:last-child")), scroller: r(q("#transcript-scroll"))}; })()))))`

func TestPageStepsWithTheKeyboard(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	eval[chromedp.Void](p, `document.activeElement && document.activeElement.blur()`)
	p.press(kb.ArrowRight)
	total := p.waitFirstPhase("→, which records the run,")
	p.press(kb.ArrowRight)
	p.waitPosition(fmt.Sprintf("Phase 2 of %d", total))
	p.press("j")
	p.waitPosition(fmt.Sprintf("Phase 3 of %d", total))
	p.press(kb.ArrowLeft)
	p.waitPosition(fmt.Sprintf("Phase 2 of %d", total))
	p.press("k")
	p.waitPosition(fmt.Sprintf("Phase 1 of %d", total))
	p.press(kb.End)
	p.waitPosition(fmt.Sprintf("Phase %d of %d", total, total))
	assert.Equal(t, "final", p.view().Banner.Reason, "End shows the end of the run, with its stop banner")
	p.press(kb.Home)
	p.waitPosition(fmt.Sprintf("Phase 1 of %d", total))

	// Space plays: the phases advance by themselves, and the button says Pause.
	p.press(" ")
	waitFor[bool](p, waitTimeout, "Play to move past phase 2 by itself",
		`(() => { const m = /^Phase (\d+) of/.exec(document.querySelector("#step-position").textContent.trim()); return !!m && Number(m[1]) >= 3; })()`)
	assert.Equal(t, "Pause", p.text("#play"), "while playing, the Play button is named Pause")
	p.press(" ")
	assert.Equal(t, "Play", p.text("#play"), "Space pauses")
	paused := p.position()
	p.do("waiting a little", chromedp.Sleep(1500*1e6))
	assert.Equal(t, paused, p.position(), "once paused, the step position stays")
	assert.Equal(t, "Speed", eval[string](p, `document.querySelector("#speed").getAttribute("aria-label")`))

	// Keys typed in an editor stay in the editor.
	p.do("focusing the Model editor", chromedp.Focus(chromedp.CSS("#user-message")))
	p.press(kb.ArrowLeft)
	assert.Equal(t, paused, p.position(), "← in a field moves the caret, not the step")

	// Esc stops a run.
	p.setEditor("tools-editor", "{\n  add: () => new Promise(() => {}),\n}\n")
	p.setValue("#time-limit", "60000")
	p.click("#run")
	waitFor[bool](p, waitTimeout, "the run to be waiting for the tool", `document.body.dataset.running === "true" && document.querySelectorAll("#transcript li.msg").length >= 2`)
	eval[chromedp.Void](p, `document.activeElement && document.activeElement.blur()`)
	p.press(kb.Escape)
	b := p.waitBanner()
	assert.Equal(t, "canceled", b.Banner.Reason, "Esc stops the run")
}
