//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// waitToolCallShown waits until the page says a run is in flight and the
// assistant's tool call is on screen.
func (p *page) waitToolCallShown() {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, "the run to start and show the assistant's tool call",
		`document.body.dataset.running === "true" &&
			!!document.querySelector('#transcript li.msg[data-role="assistant"][data-type="tool"]')`)
}

// answersQuickly fails the test if the page's main thread does not answer
// within d: the page froze.
func (p *page) answersQuickly(d time.Duration, while string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.now()`)); err != nil {
		p.t.Fatalf("the page froze %s: it did not answer within %v (%v)", while, d, err)
	}
}

// workers returns how many Web Workers the page's tab has alive.
func (p *page) workers() int {
	p.t.Helper()
	infos, err := chromedp.Targets(p.ctx)
	if err != nil {
		p.t.Fatalf("listing the browser's targets: %v", err)
	}
	bc := chromedp.FromContext(p.ctx).BrowserContextID
	n := 0
	for _, i := range infos {
		if i.Type == "worker" && i.BrowserContextID == bc {
			n++
		}
	}
	return n
}

// assertWorkersBackTo waits until the tab has no more workers than before:
// a worker left running user code (a while (true) {} say) would keep a
// core busy for as long as the page is open.
func (p *page) assertWorkersBackTo(t *testing.T, before int, what string) {
	t.Helper()
	var now int
	ok := assert.Eventually(t, func() bool { now = p.workers(); return now <= before }, waitTimeout, 50*time.Millisecond)
	if !ok {
		t.Errorf("%s left a worker running: %d workers are alive, %d were before the run", what, now, before)
	}
}

// assertStillWorks runs the seed's example and checks it ends as it should:
// the page recovered from whatever the test did before.
func (p *page) assertStillWorks(t *testing.T) {
	t.Helper()
	p.chooseExample("add")
	assertAddTranscript(t, p.value("#user-message"), p.run())
}

func TestPageStopCancelsARun(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.setValue("#time-limit", "30000")
	p.setEditor("model-editor", slowModel)
	p.setEditor("tools-editor", slowTools)
	workers := p.workers()
	p.click("#run")
	p.waitToolCallShown()

	p.click("#stop")
	v := p.waitBanner()
	b := v.Banner
	assert.Equal(t, "canceled", b.Reason, "Stop ends the run as canceled; the banner said %q", b.Text)
	assert.Equal(t, "canceled_after_tools", v.LitPhase(), "Stop while a tool runs ends the run at the check after the tools; the page showed %s", v)
	assert.Contains(t, b.Text, "canceled", "the banner says the run was canceled")
	for _, m := range p.view().Transcript {
		assert.NotEqual(t, "late", m.Text, "the stopped tool's late result never shows")
		assert.NotEqual(t, "final", m.Type, "a stopped run shows no final answer")
	}
	assert.Equal(t, slowModel, p.value("#model-editor"), "Stop keeps the Model editor as it was")
	assert.Equal(t, slowTools, p.value("#tools-editor"), "Stop keeps the Tools editor as it was")
	p.assertWorkersBackTo(t, workers, "Stop")
	p.assertStillWorks(t)
}

func TestPageRunawayToolIsStoppedAtTheLimitAndThePageRecovers(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.chooseExample("runaway")
	model, tools := p.value("#model-editor"), p.value("#tools-editor")
	require.Regexp(t, `while\s*\(\s*true\s*\)`, tools, "the runaway example's tool loops forever")
	p.setValue("#time-limit", "500")
	workers := p.workers()

	start := time.Now()
	p.click("#run")
	p.waitToolCallShown()
	// A page running user code on its own thread would never answer; 5 s
	// leaves room for a busy machine.
	p.answersQuickly(5*time.Second, "while the runaway tool spun")
	v := p.waitBanner()
	b := v.Banner
	took := time.Since(start)
	assert.Equal(t, "tool", v.LitPhase(), "the Loop panel shows the tool call the page was waiting for")

	assert.Equal(t, "timeout", b.Reason, "the banner's reason for a call that ran away; it said %q", b.Text)
	assert.Regexp(t, `tool '[^']+' at step 1 did not return within 500 ms`, b.Text, "the banner names the call that ran away and the limit set")
	assert.GreaterOrEqual(t, took, 500*time.Millisecond, "the call was stopped before its limit")
	assert.Less(t, took, 10*time.Second, "the call was stopped %v after Run, long after its 500 ms limit", took)
	assert.Equal(t, model, p.value("#model-editor"), "the worker's restart keeps the Model editor")
	assert.Equal(t, tools, p.value("#tools-editor"), "the worker's restart keeps the Tools editor")
	waitFor[bool](p, waitTimeout, "the replaced worker's engine to be ready again", `document.body.dataset.engine === "ready"`)
	p.assertWorkersBackTo(t, workers, "stopping the runaway tool")

	p.assertStillWorks(t)
}

// Whatever the user writes cannot freeze the page: code that never returns,
// in a model call or the editors' own code (a tool call: see the runaway
// test above), is stopped at the time limit, the banner names it, and the
// page works on.
func TestPageCodeThatNeverReturnsIsStoppedAndNamed(t *testing.T) {
	cases := []struct {
		name, model, tools, banner string
	}{
		{"model", "function model(messages) {\n  while (true) {}\n}", "{}", `the model at step 1 did not return within 500 ms`},
		{"tools editor's code", `[{type: "final", content: "x"}]`, "{\n  x: (() => { for (;;) {} })(),\n}", `within 500 ms`},
	}
	p := newPage(t)
	p.open("/")
	workers := p.workers()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p.use(t)
			p.setEditor("model-editor", tc.model)
			p.setEditor("tools-editor", tc.tools)
			p.setValue("#time-limit", "500")
			p.click("#run")
			p.answersQuickly(5*time.Second, "while user code spun")
			b := p.waitBanner().Banner
			assert.Equal(t, "timeout", b.Reason, "the banner said %q", b.Text)
			assert.Contains(t, b.Text, tc.banner, "the banner names what ran away")
			assert.Equal(t, tc.model, p.value("#model-editor"), "the Model editor is kept")
			assert.Equal(t, tc.tools, p.value("#tools-editor"), "the Tools editor is kept")
			waitFor[bool](p, waitTimeout, "the engine to be ready again", `document.body.dataset.engine === "ready"`)
			p.assertWorkersBackTo(t, workers, "stopping the "+tc.name)
		})
	}
	p.setValue("#time-limit", "2000")
	p.assertStillWorks(t)
}

// An editor error is shown next to that editor with its line and column,
// and nothing runs.
func TestPageEditorErrorShowsItsLineAndNothingRuns(t *testing.T) {
	cases := []struct {
		name   string
		editor string // the editor with the bad source
		src    string
		line   int
	}{
		{"model syntax error", "model", "[\n  {type: \"tool\", name: \"add\", args: {a: 2, b: 3}},\n  {type: \"final\" content: \"x\"}\n]", 3},
		{"tools syntax error", "tools", "{\n  add: ({a, b}) => String(a + b),\n  sub: ({a, b}) => String(a - b)))\n}", 3},
		{"model evaluation error", "model", "[\n  {type: \"final\", content: \"x\"},\n  notDefinedAnywhere,\n]", 3},
	}
	p := newPage(t)
	p.open("/")
	goodModel, goodTools := p.value("#model-editor"), p.value("#tools-editor")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p.use(t)
			p.setEditor("model-editor", goodModel)
			p.setEditor("tools-editor", goodTools)
			p.setEditor(tc.editor+"-editor", tc.src)
			// The run shown before (the previous case's fixed run, if any)
			// stays: a run that cannot start changes nothing on screen.
			before := p.view()
			p.click("#run")
			errSel, otherSel := "#"+tc.editor+"-error", "#tools-error"
			if tc.editor == "tools" {
				otherSel = "#model-error"
			}
			waitFor[bool](p, waitTimeout, "the error to show next to the "+tc.editor+" editor",
				fmt.Sprintf(`(() => { const e = document.querySelector(%s); return !!e && e.checkVisibility() && e.textContent.trim() !== "" && document.body.dataset.running !== "true"; })()`, js(errSel)))
			shown := p.text(errSel)
			assert.Regexp(t, regexp.MustCompile(fmt.Sprintf(`^Line %d, column \d+: \S`, tc.line)), shown,
				"the error names the line and column of the mistake and says what is wrong")
			assert.False(t, p.visible(otherSel) && p.text(otherSel) != "", "the other editor shows no error")
			after := p.view()
			assert.Equal(t, before.Transcript, after.Transcript, "nothing ran: the transcript stays as it was")
			assert.Equal(t, before.Banner, after.Banner, "nothing ran: the stop banner stays as it was")
			assert.NotEqual(t, "true", eval[string](p, `document.body.dataset.running || ""`), "nothing is running")
			assert.Equal(t, tc.src, p.value("#"+tc.editor+"-editor"), "the editor keeps what the user typed")

			// Fixing the mistake clears the error and runs.
			p.setEditor(tc.editor+"-editor", map[string]string{"model": goodModel, "tools": goodTools}[tc.editor])
			b := p.run().Banner
			assert.Equal(t, "final", b.Reason, "after the fix the run works; the banner said %q", b.Text)
			assert.False(t, p.visible(errSel) && p.text(errSel) != "", "after the fix the error is gone")
		})
	}
}

func TestPageToolOutputWithHTMLIsShownAsText(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.setEditor("model-editor", echoModel)
	p.setEditor("tools-editor", htmlTools)
	p.setValue("#user-message", `<i>hi</i> & <script>alert(2)</script>`)
	b := p.run().Banner

	got := p.view().Transcript
	require.Len(t, got, 4, "the transcript shows the message, the call, its result and the answer: %v", got)
	assert.Equal(t, `<i>hi</i> & <script>alert(2)</script>`, got[0].Text, "the user's message shows as typed, markup and all")
	assert.Equal(t, "<img src=x onerror=alert(1)>", got[2].Text, "the tool's output shows as text")
	assert.Equal(t, "<b>done</b>", got[3].Text, "the final answer shows as text")
	assert.Equal(t, "final", b.Reason)
	assert.Contains(t, b.Text, "<b>done</b>", "the banner shows the answer as text")

	elems := eval[[]string](p, `[...document.querySelectorAll("#transcript img, #transcript script, #transcript i, #transcript b, #stop-banner img, #stop-banner b")].map(e => e.outerHTML)`)
	assert.Empty(t, elems, "no markup from the run became elements")
	assert.Empty(t, p.dialogsOpened(), "no script from the run ran (no dialog opened)")
}

func TestPageMaxStepsFieldIsValidated(t *testing.T) {
	p := newPage(t)
	p.open("/")
	for _, bad := range []string{"-1", "2.5", "100001"} {
		t.Run(fmt.Sprintf("%q", bad), func(t *testing.T) {
			p.use(t)
			p.setValue("#max-steps", bad)
			p.click("#run")
			waitFor[bool](p, waitTimeout, "#max-steps-error to explain the bad value",
				`(() => { const e = document.querySelector("#max-steps-error"); return e.checkVisibility() && e.textContent.trim() !== ""; })()`)
			assert.Equal(t, "alert", eval[string](p, `document.querySelector("#max-steps-error").getAttribute("role") || ""`),
				"the explanation is announced (role=alert)")
			assert.Empty(t, p.view().Transcript, "nothing ran with max steps %q", bad)
			assert.False(t, p.view().Banner.Visible, "nothing ran with max steps %q", bad)
		})
	}

	p.chooseExample("max-steps")
	p.setValue("#max-steps", "3")
	b := p.run().Banner
	assert.False(t, p.visible("#max-steps-error") && p.text("#max-steps-error") != "", "a valid value clears the explanation")
	assert.Equal(t, "max_steps", b.Reason, "the banner said %q", b.Text)
	assert.Contains(t, b.Text, "Stopped: reached max steps.")
	assert.Equal(t, 3, p.view().Transcript.count(func(m msg) bool { return m.Role == "assistant" }), "max steps 3 allows three model calls")

	// Empty is the loop's default, 10 model calls.
	p.setValue("#max-steps", "")
	b = p.run().Banner
	assert.Equal(t, "max_steps", b.Reason, "with max steps empty the banner said %q", b.Text)
	assert.Equal(t, 10, p.view().Transcript.count(func(m msg) bool { return m.Role == "assistant" }), "an empty max steps is the loop's default of 10 model calls")

	// Zero is valid, as in the library: the model is never called.
	p.setValue("#max-steps", "0")
	b = p.run().Banner
	assert.Equal(t, "max_steps", b.Reason, "the banner said %q", b.Text)
	assert.Contains(t, b.Text, "Stopped: reached max steps.")
	assert.Equal(t, 0, p.view().Transcript.count(func(m msg) bool { return m.Role == "assistant" }), "max steps 0 calls the model never")
}
