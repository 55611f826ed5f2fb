//go:build !(js && wasm)

package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Be the model: the person answers each model call in a form, the real tools
// run on their answers, Stop ends the wait, and Use as script replays the
// answers.

func TestPageBeTheModelAnswersTheSeedAndUseAsScriptReplaysIt(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	userMsg := p.value("#user-message")
	// A short time limit: the person takes longer than it to answer, and
	// only tools and code are held to it.
	p.setValue("#time-limit", "1000")

	p.click("#be-model")
	p.waitAsked(1)
	assert.Equal(t, []string{"add"}, eval[[]string](p, `[...document.querySelectorAll("#be-model-tool-names option")].map(o => o.value)`),
		"the form offers the tools of the Tools editor")
	assert.Contains(t, p.text("#be-model-messages"), "What is 2 + 3?", "the form shows the messages the model receives")
	p.assertAccessible(t, "with the Be-the-model form open")

	p.answerTool("add", "{a: 2}")
	errText := waitFor[string](p, waitTimeout, "the form to explain the bad args",
		`(() => { const e = document.querySelector("#be-model-error"); return e.checkVisibility() && e.textContent; })()`)
	assert.Contains(t, errText, "args is not valid JSON", "the error names what is wrong")
	p.waitAsked(1)

	time.Sleep(2500 * time.Millisecond) // more than two time limits of thinking
	assert.Equal(t, "true", eval[string](p, `document.body.dataset.running`), "the run still waits for the person after the time limit")

	p.answerTool("add", `{"a": 2, "b": 3}`)
	p.waitAsked(2)
	got := p.view().Transcript
	require.Len(t, got, 3, "after the tool ran, the transcript shows the question, the call and its result: %v", got)
	assert.Equal(t, "5", got[2].Text, "the real tool ran on the person's call")

	p.answerFinal("The answer is 5.")
	done := p.waitBanner()
	beModel := done.Transcript
	assertAddTranscript(t, userMsg, done)
	p.saveScreenshot("be-the-model-done.png")

	p.click("#use-as-script")
	waitFor[bool](p, waitTimeout, "Use as script to fill the Model editor",
		`document.querySelector("#model-editor").value.includes('name: "add"')`)
	script := p.value("#model-editor")
	assert.Contains(t, script, `{ role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },`, "the script is formatted JavaScript, one action per entry")
	assert.Contains(t, script, `{ role: "assistant", type: "final", content: "The answer is 5." },`)

	p.setValue("#time-limit", "2000")
	again := p.run()
	assert.Equal(t, beModel, again.Transcript, "the script run gives the same transcript as the person did")
	assert.Equal(t, "final", again.Banner.Reason)
}

func TestPageBeTheModelStopsWhileWaiting(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.click("#be-model")
	p.waitAsked(1)
	p.click("#stop")
	b := p.waitBanner().Banner
	assert.Equal(t, "canceled", b.Reason, "Stop while the person thinks cancels the run; the banner said %q", b.Text)
	assert.False(t, p.visible("#be-model-ask"), "the form goes away once the run is stopped")
	p.assertStillWorks(t)
}
