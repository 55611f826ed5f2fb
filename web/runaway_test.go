//go:build !(js && wasm)

package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Code that never returns, hangs or eats the heap cannot freeze the page:
// Stop ends a run, the watchdog stops a runaway at the time limit and names
// it, a crash takes only the sandbox, and the page works on.

func TestPageStopCancelsARun(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setValue("#time-limit", "30000")
	// With a tool timeout the loop stops waiting for a tool at the cancel,
	// as agent.Run's does; without one it waits for the tool as agent.Run
	// waits for a Go tool, and Stop replaces a worker whose tool never settles.
	p.setValue("#tool-timeout", "50000")
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
	// Not parallel: it bounds how soon after Run the runaway tool is stopped,
	// on the wall clock, which the load of other tests would stretch.
	p := openPage(t, "/")
	p.chooseExample("runaway")
	model, tools := p.value("#model-editor"), p.value("#tools-editor")
	require.Regexp(t, `while\s*\(\s*true\s*\)`, tools, "the runaway example's tool loops forever")
	// 2 s: long enough for the test to see the run under way on a busy
	// machine before the watchdog ends it.
	p.setValue("#time-limit", "2000")
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
	assert.Regexp(t, `tool '[^']+' at step 1 did not return within 2000 ms`, b.Text, "the banner names the call that ran away and the limit set")
	assert.GreaterOrEqual(t, took, 2000*time.Millisecond, "the call was stopped before its limit")
	assert.Less(t, took, 12*time.Second, "the call was stopped %v after Run, long after its 2000 ms limit", took)
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
	t.Parallel()
	cases := []struct {
		name, model, tools, banner string
	}{
		{"model", "function model(messages) {\n  while (true) {}\n}", "{}", `the model at step 1 did not return within 500 ms`},
		{"tools editor's code", `[{type: "final", content: "x"}]`, "{\n  x: (() => { for (;;) {} })(),\n}", `within 500 ms`},
	}
	p := openPage(t, "/")
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

// A tool that hangs while posting fake "tool_end" events for itself is
// still stopped by the watchdog at the time limit: its posts never reach
// the page.
func TestPageForgedToolEndsDoNotHoldOffTheWatchdog(t *testing.T) {
	// Not parallel: it bounds how soon after Run the hung tool is stopped, on
	// the wall clock, which the load of other tests would stretch.
	p := openPage(t, "/")
	p.chooseExample("add")
	p.setEditor("tools-editor", `{
  add: async () => {
    const fake = JSON.stringify([0, 1, 2].map((call) => ({ kind: "tool_end", step: 1, call })));
    setInterval(() => postMessage({ type: "events", json: fake, precise: true }), 50);
    await new Promise((resolve) => setTimeout(resolve, 8000));
    return "late";
  },
}`)
	v, took := p.runTimed("500")
	b := v.Banner
	assert.Equal(t, "timeout", b.Reason, "the banner's reason for a tool that hung; it said %q", b.Text)
	assert.Regexp(t, `tool 'add' at step 1 did not return within 500 ms`, b.Text, "the banner names the hung call and the limit")
	assert.Less(t, took, 5*time.Second, "the hung tool was stopped %v after Run: its forged tool_end events kept the watchdog off", took)
	p.assertStillWorks(t)
}

// A tool that eats the heap until its worker runs out of memory crashes
// the sandbox frame the workers live in, never the page: the run ends at
// once with the crash named (not with the time limit's "did not return"),
// the editors are untouched, and the next run works in a new frame.
func TestPageHeapEatingToolCrashesOnlyTheSandbox(t *testing.T) {
	// Not parallel: it bounds how soon the crash is reported, on the wall
	// clock, which the load of other tests would stretch, and it fills
	// gigabytes of memory while it runs.
	p := openPage(t, "/")
	p.chooseExample("add")
	// Arrays of doubles: the collector has nothing in them to trace, so
	// the heap fills in seconds, not in a minute of collections.
	tools := `{
  add: () => {
    const keep = [];
    for (;;) keep.push(new Array(2 ** 24).fill(keep.length + 0.5));
  },
}`
	p.setEditor("tools-editor", tools)
	v, took := p.runTimed("120000")
	t.Logf("crash reported %v after Run: %s", took, v.Banner.Text)
	assert.Equal(t, "crashed", v.Banner.Reason, "the banner's reason for a tool that ran out of memory; it said %q", v.Banner.Text)
	assert.Contains(t, v.Banner.Text, "out of memory", "the banner says what most likely happened")
	assert.Contains(t, v.Banner.Text, "tool 'add' at step 1", "the banner names the call that was running")
	assert.Less(t, took, time.Minute, "the crash was reported %v after Run, as if only the time limit caught it", took)
	assert.Equal(t, tools, p.value("#tools-editor"), "the crash changed the Tools editor")
	p.assertStillWorks(t)
}
