//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The learner's view: the loop stays in view on a phone, in a tutorial's
// iframe and on a laptop; stepping works like a debugger; the sequence
// diagram and "What the model sees" follow the step position; the
// recovery and timeout examples react to what they are told.

// rect is an element's box in its own document's viewport.
type rect struct {
	Top    float64 `json:"top"`
	Bottom float64 `json:"bottom"`
	Left   float64 `json:"left"`
	Right  float64 `json:"right"`
}

const rectJS = `((e) => { if (!e) return null; const r = e.getBoundingClientRect();
	return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })`

func (p *page) rectOf(sel string) rect {
	p.t.Helper()
	return eval[rect](p, fmt.Sprintf(`%s(%s)`, rectJS, must(sel)))
}

// seenJS is a JavaScript expression that is true when the element sel of
// the document doc is what a user sees at its centre: not scrolled out
// of its panel, not covered by another box.
func seenJS(doc, sel string) string {
	return fmt.Sprintf(`(() => { const d = %s; const e = d.querySelector(%s); if (!e) return false;
		const r = e.getBoundingClientRect(); const at = d.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
		return !!at && (e === at || e.contains(at)); })()`, doc, js(sel))
}

// finalAnswerSel finds the transcript's final answer.
const finalAnswerSel = `#transcript li.msg[data-type="final"]`

func TestPageShowsTheFinalAnswerAfterRunOnAPhone(t *testing.T) {
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

// hostPage is a tutorial's page: a ~720 px column with the playground in
// an iframe, as the README suggests embedding it.
const hostPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A tutorial</title>
<link rel="icon" href="data:,"><style>body{margin:0 auto;max-width:720px;font:16px system-ui}h1{margin:8px 0}</style></head>
<body><h1>Build an agent loop</h1><p>Press Run below.</p>
<iframe id="frame" src="/?embed=1#example=add" title="agentloop playground: the add example" width="100%" height="640"></iframe>
<p>More of the tutorial.</p></body></html>`

func TestPageInAnEmbedShowsRunAndTheResultWithoutScrollingTheHost(t *testing.T) {
	url := serveHostPage(t, "/host.html", hostPage)
	p := newPage(t)
	p.do("opening the tutorial page", chromedp.EmulateViewport(760, 900), chromedp.Navigate(url))
	const doc = `document.querySelector("#frame").contentDocument`
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load",
		doc+` && `+doc+`.body && `+doc+`.body.dataset.engine === "ready"`)
	waitFor[bool](p, waitTimeout, "the embed to load what it loads after the engine", lazyLoadedJS(`document.querySelector("#frame").contentWindow`))
	caption := eval[string](p, doc+`.querySelector("#embed-caption").textContent`)
	assert.Equal(t, "Add two numbers (the seed example)", caption, "the embed is captioned with its example's title")

	eval[chromedp.Void](p, doc+`.querySelector("#run").click()`)
	waitFor[bool](p, waitTimeout, "the embedded run to end with its final answer",
		doc+`.querySelector("#stop-banner").dataset.reason === "final" && `+doc+`.querySelector(`+js(finalAnswerSel)+`) !== null`)
	type box struct {
		Frame   rect    `json:"frame"`
		Run     rect    `json:"run"`
		Answer  rect    `json:"answer"`
		Banner  rect    `json:"banner"`
		Inner   float64 `json:"inner"`
		Host    float64 `json:"host"`
		ScrollY float64 `json:"scrollY"`
	}
	got := eval[box](p, `(() => { const d = `+doc+`; const r = `+rectJS+`;
		return {frame: r(document.querySelector("#frame")), run: r(d.querySelector("#run")),
			answer: r(d.querySelector(`+js(finalAnswerSel)+`)), banner: r(d.querySelector("#stop-banner")),
			inner: d.defaultView.innerHeight, host: innerHeight, scrollY: scrollY}; })()`)
	assert.Equal(t, 0.0, got.ScrollY, "the host page did not scroll")
	assert.True(t, eval[bool](p, seenJS(doc, finalAnswerSel)), "the final answer is not covered or scrolled out of its panel")
	assert.True(t, eval[bool](p, seenJS(doc, "#run")), "Run is not covered")
	for name, r := range map[string]rect{"Run": got.Run, "the final answer": got.Answer, "the stop banner": got.Banner} {
		assert.GreaterOrEqual(t, r.Top, 0.0, "%s is inside the 640 px frame (top %v)", name, r.Top)
		assert.LessOrEqual(t, r.Bottom, got.Inner, "%s is inside the 640 px frame without scrolling (bottom %v)", name, r.Bottom)
		assert.LessOrEqual(t, got.Frame.Top+r.Bottom, got.Host, "%s is on the host's screen", name)
	}
	p.saveScreenshot("learner-embed-720.png")
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

const stepViewJS = `(() => { const r = ` + rectJS + `; const q = (s) => document.querySelector(s);
	return {position: q("#step-position").textContent.trim(), step: r(q("#step")),
		line: r(q("#loop-source .loop-line.current")), panel: r(q("#loop-scroll")),
		newest: r(q("#transcript li.msg:last-child")), scroller: r(q("#transcript-scroll"))}; })()`

func TestPageKeepsTheLitLineInViewAndStepStillWhileStepping(t *testing.T) {
	p := newPage(t)
	p.do("a 1366x768 laptop screen", chromedp.EmulateViewport(1366, 768))
	p.open("/")
	p.click("#step")
	pos := waitFor[string](p, waitTimeout, "the first Step to show phase 1",
		`(() => { const t = document.querySelector("#step-position").textContent.trim(); return /^Phase 1 of \d+$/.test(t) && t; })()`)
	var total int
	fmt.Sscanf(pos, "Phase 1 of %d", &total)
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

// press sends a key to the page with the focus outside the editors.
func (p *page) press(key string) {
	p.t.Helper()
	p.do("pressing a key", chromedp.KeyEvent(key))
}

func (p *page) position() string {
	p.t.Helper()
	return p.text("#step-position")
}

func (p *page) waitPosition(want string) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, fmt.Sprintf("#step-position to say %q", want),
		fmt.Sprintf(`document.querySelector("#step-position").textContent.trim() === %s`, js(want)))
}

func TestPageStepsWithTheKeyboard(t *testing.T) {
	p := newPage(t)
	p.open("/")
	eval[chromedp.Void](p, `document.activeElement && document.activeElement.blur()`)
	p.press(kb.ArrowRight)
	pos := waitFor[string](p, waitTimeout, "→ to record the run and show phase 1",
		`(() => { const t = document.querySelector("#step-position").textContent.trim(); return /^Phase 1 of \d+$/.test(t) && t; })()`)
	var total int
	fmt.Sscanf(pos, "Phase 1 of %d", &total)
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

// diagramRow is one row of the sequence diagram.
type diagramRow struct {
	Kind    string `json:"kind"`
	Index   int    `json:"index"`
	Error   bool   `json:"error"`
	Current bool   `json:"current"`
}

const diagramJS = `[...document.querySelectorAll('[role="region"][aria-label="Sequence diagram"] svg g.row')].map(g => ({
	kind: g.dataset.kind, index: Number(g.dataset.index), error: g.classList.contains("error"), current: g.dataset.current === "true"}))`

func countKind(rows []diagramRow, kind string) int {
	n := 0
	for _, r := range rows {
		if r.Kind == kind {
			n++
		}
	}
	return n
}

func currentRows(rows []diagramRow) []int {
	var out []int
	for _, r := range rows {
		if r.Current {
			out = append(out, r.Index)
		}
	}
	return out
}

func TestPageSequenceDiagramFollowsTheRun(t *testing.T) {
	p := newPage(t)
	p.open("/")
	b := p.run()
	require.Equal(t, "final", b.Banner.Reason)
	rows := eval[[]diagramRow](p, diagramJS)
	assert.Equal(t, 2, countKind(rows, "model-call"), "one arrow per model call of the seed run: %v", rows)
	assert.Equal(t, 2, countKind(rows, "model-answer"), "one arrow per model answer")
	assert.Equal(t, 1, countKind(rows, "tool-call"), "one arrow for the tool call")
	assert.Equal(t, 1, countKind(rows, "tool-result"), "one arrow for the tool's result")
	require.NotEmpty(t, rows)
	assert.Equal(t, []int{rows[len(rows)-1].Index}, currentRows(rows), "after a run the last event is marked")
	p.saveScreenshot("learner-diagram.png")

	// Step and Back move the mark.
	p.click("#step")
	p.waitPosition(fmt.Sprintf("Phase 1 of %d", len(rows)))
	assert.Equal(t, []int{0}, currentRows(eval[[]diagramRow](p, diagramJS)), "at phase 1 the first row is marked")
	p.clickAndWaitPosition("#step", fmt.Sprintf("Phase 2 of %d", len(rows)))
	assert.Equal(t, []int{1}, currentRows(eval[[]diagramRow](p, diagramJS)), "at phase 2 the second row is marked")
	p.press(kb.End)
	p.waitPosition(fmt.Sprintf("Phase %d of %d", len(rows), len(rows)))

	// A click on the tool call's arrow jumps there.
	var toolCall int
	for _, r := range rows {
		if r.Kind == "tool-call" {
			toolCall = r.Index
		}
	}
	p.click(fmt.Sprintf(`#diagram g.row[data-index="%d"] .hit`, toolCall))
	p.waitPosition(fmt.Sprintf("Phase %d of %d", toolCall+1, len(rows)))
	assert.Equal(t, []int{toolCall}, currentRows(eval[[]diagramRow](p, diagramJS)), "the clicked arrow is the current phase")

	// A click on a transcript message jumps to the phase that appended it.
	p.press(kb.End)
	p.waitPosition(fmt.Sprintf("Phase %d of %d", len(rows), len(rows)))
	p.click(`#transcript li.msg[data-index="1"] .msg-head`)
	p.waitPosition(fmt.Sprintf("Phase 4 of %d", len(rows)))
}

func TestPageSequenceDiagramOfALongRunDrawsAWindow(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.chooseExample("max-steps")
	p.setValue("#max-steps", "10000")
	b := p.waitBannerAfter(func() { p.click("#run") })
	require.Equal(t, "max_steps", b.Banner.Reason)
	n := eval[int](p, `document.querySelectorAll("#diagram svg g.row").length`)
	assert.Greater(t, n, 10, "the end of the run is drawn")
	assert.LessOrEqual(t, n, 60, "a 10,000-step run draws a window of rows, not all 60,000 events")
	assert.Contains(t, p.text("#diagram"), "earlier events are not drawn")
}

// waitBannerAfter runs act and waits for the banner with a generous limit.
func (p *page) waitBannerAfter(act func()) pageView {
	p.t.Helper()
	act()
	return p.waitBannerWithin(3 * waitTimeout)
}

func TestPageShowsWhatTheModelSeesAtEachCall(t *testing.T) {
	p := newPage(t)
	p.open("/#example=add&phase=8")
	// Phase 8 of the seed is its second model call.
	waitFor[bool](p, waitTimeout, "#phase=8 to open the run at phase 8",
		`/^Phase 8 of \d+$/.test(document.querySelector("#step-position").textContent.trim())`)
	region := `[role="region"][aria-labelledby="model-sees-heading"]`
	require.True(t, p.exists(`section#model-sees`) && p.text("#model-sees-heading") == "What the model sees")
	_ = region
	items := eval[[]string](p, `[...document.querySelectorAll("#model-sees-list li.model-sees-msg")].map(li => li.textContent.replace(/\s+/g, " ").trim())`)
	require.Len(t, items, 3, "the second model call gets 3 messages: the user's, the tool call and its result; shown: %q", items)
	assert.Contains(t, items[0], "What is 2 + 3?")
	assert.Contains(t, items[1], `"name": "add"`)
	assert.Contains(t, items[2], `"content": "5"`)
	assert.Equal(t, []string{"messages[2]"}, eval[[]string](p, `[...document.querySelectorAll("#model-sees-list li.newest .model-sees-index")].map(e => e.textContent)`),
		"the newest message is highlighted")
	assert.Contains(t, p.text("#model-sees-summary"), "3 messages")
	assert.Equal(t, "4-4", eval[string](p, `document.querySelector("#model-editor").dataset.highlight`),
		"the Model editor marks line 4, the entry that answers the second call")
	assert.Contains(t, eval[string](p, `[...document.querySelectorAll("#model-box .cm-answer-line")].map((l) => l.textContent).join("\n")`), `type: "final"`,
		"the code editor shades line 4, the final answer's entry")
	p.saveScreenshot("learner-model-sees.png")

	// Back to the first call: one message, entry 1.
	for i := 7; i >= 2; i-- {
		p.clickAndWaitPosition("#back", fmt.Sprintf("Phase %d of 11", i))
	}
	assert.Equal(t, 1, eval[int](p, `document.querySelectorAll("#model-sees-list li.model-sees-msg").length`))
	assert.Equal(t, "3-3", eval[string](p, `document.querySelector("#model-editor").dataset.highlight`))
}

func TestPageRecoveryAndTimeoutExamplesReactToTheMessage(t *testing.T) {
	for _, tc := range []struct {
		id, want, edited, wantEdited, result string
	}{
		{"unknown-tool", "2 + 30 = 32.", "What is 7 + 5?", "7 + 5 = 12.", "error: unknown tool 'calculator'"},
		{"throwing-tool", "1 cannot be divided by 0 (the tool said: error: division by zero).", "What is 1 divided by 4?", "1 divided by 4 is 0.25.", "error: division by zero"},
		{"tool-timeout", "Oslo: snow, -3 °C (from the cache: the live weather timed out).", "What's the weather in Rome?", "Rome: sunny, 18 °C (from the cache: the live weather timed out).", "error: tool 'weather' timed out after"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			p := newPage(t)
			p.open("/")
			p.chooseExample(tc.id)
			b := p.run()
			assert.Equal(t, "final", b.Banner.Reason, "the %s example ends with a final answer; the banner says %q", tc.id, b.Banner.Text)
			assert.Contains(t, b.Banner.Text, tc.want)
			var failed []string
			for _, m := range p.view().Transcript {
				if m.Failed {
					failed = append(failed, m.Text)
				}
			}
			require.Len(t, failed, 1, "one tool result is an error the model sees: %v", p.view().Transcript)
			assert.Contains(t, failed[0], tc.result)

			title := p.text("#example-select option:checked")
			p.setValue("#user-message", tc.edited)
			assert.Equal(t, title+" (edited)", p.text("#example-select option:checked"), "the example keeps its title, marked edited")
			assert.Contains(t, p.text("#example-description"), "(edited)", "the explanation stays while the example is edited")
			b = p.run()
			assert.Equal(t, "final", b.Banner.Reason)
			assert.Contains(t, b.Banner.Text, tc.wantEdited, "the model reacts to the edited message")
		})
	}
}

func TestPageRestoreBarCanBeDismissedAndMissingNamesAreNamed(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.setEditor("model-editor", "[\n  { type: \"tool\", args: {} },\n]\n")
	p.setValue("#example-select", "chain")
	waitFor[bool](p, waitTimeout, "the Restore offer", `!document.querySelector("#notice").hidden`)
	p.click("#notice-dismiss")
	assert.False(t, p.visible("#notice"), "Dismiss hides the Restore bar")

	p.setEditor("model-editor", "[\n  { type: \"tool\", calls: [{ args: {} }] },\n  { type: \"final\" },\n]\n")
	p.run()
	assert.NotContains(t, p.text("#transcript"), "undefined", "missing fields never show as undefined")
	assert.Contains(t, p.text("#transcript"), "(missing name)")
}
