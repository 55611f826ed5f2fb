//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Nothing on screen outlives what it is about: a run's stop banner goes
// when the code it ran is broken and run again, Be the model's error goes
// once the answer is fixed, a notice about the Exercise goes with the
// Exercise, and Be the model's Send is on screen when the model is asked.

func TestPageBrokenCodeRunShowsOnlyItsErrorNotTheOldBanner(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	require.Equal(t, "final", p.run().Banner.Reason, "the seed runs to its final answer")

	p.setEditor("model-editor", "[\n  {type: \"final\" content: \"x\"}\n]")
	p.click("#run")
	waitFor[bool](p, waitTimeout, "the error beside the Model editor and the end of the run that did not start",
		`document.querySelector("#model-error").checkVisibility() && document.body.dataset.running !== "true"`)
	v := p.view()
	assert.False(t, v.Banner.Visible, "the old run's stop banner (%q) is gone beside the new error", v.Banner.Text)
	assert.Empty(t, v.Transcript, "the old run's transcript is gone: the code shown did not make it")
	assert.Contains(t, p.text("#model-error"), "Line 2", "the error says why nothing ran")
}

func TestPageBeTheModelErrorGoesOnceTheAnswerIsFixed(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.click("#be-model")
	p.waitAsked(1)
	p.answerTool("add", "{a: 2}")
	waitFor[bool](p, waitTimeout, "the form to explain the bad args", `document.querySelector("#be-model-error").checkVisibility()`)
	assert.Contains(t, p.text("#be-model-error"), "args is not valid JSON")

	p.setValue("#be-model-call-list .be-call-args", `{"a": 2`)
	assert.Contains(t, p.text("#be-model-error"), "args is not valid JSON", "still wrong, the error stays")
	p.setValue("#be-model-call-list .be-call-args", `{"a": 2, "b": 3}`)
	assert.False(t, p.visible("#be-model-error"), "fixed, the error is gone before Send: %q", p.text("#be-model-error"))

	p.click("#be-model-send")
	p.waitAsked(2)
	assert.False(t, p.visible("#be-model-error"), "the next call's form shows no error")
}

func TestPageExerciseNoticeGoesWhenThePlaygroundIsShown(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	p.share()
	assert.Contains(t, p.waitNotice("Link copied"), "until they press Check", "Share in the Exercise speaks of Check")

	p.click("#mode-playground")
	waitFor[bool](p, waitTimeout, "the playground to show", `document.body.dataset.mode === "playground"`)
	assert.NotContains(t, p.noticeText(), "press Check", "the Exercise's notice went with the Exercise")

	// A notice said in the playground stays there.
	p.share()
	assert.Contains(t, p.waitNotice("Link copied"), "until they press Run")
}

func TestPageBeTheModelSendIsOnScreenWhenAskedOnAPhone(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int64{{375, 800}, {320, 640}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			p := newPage(t)
			p.do("emulating the phone", chromedp.EmulateViewport(size[0], size[1]))
			p.open("/")
			p.click("#be-model")
			p.waitAsked(1)
			where := fmt.Sprintf("when the model is asked at %dx%d", size[0], size[1])
			p.onScreen(t, "#be-model-send", where)
			p.onScreen(t, "#be-model-call-list .be-call-name", where)
			p.saveScreenshot(fmt.Sprintf("phone-be-model-send-%d.png", size[0]))

			// The form grows as the person writes a second call, and Send
			// stays on screen.
			p.click("#be-model-kind-tool")
			p.click("#be-model-add-call")
			p.settle()
			p.onScreen(t, "#be-model-send", "with two calls written, "+where)
			p.click("#be-model-call-list li:last-child .be-call-remove")

			// The next call asks for a final answer: Send is there too.
			p.answerTool("add", `{"a": 2, "b": 3}`)
			p.waitAsked(2)
			p.onScreen(t, "#be-model-send", "at the second call, "+where)
			p.onScreen(t, "#be-model-answer", "at the second call, "+where)
		})
	}
}
