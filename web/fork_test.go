//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Fork from here: a model call's answer edited and the run continued from
// it, with the original run a click away.

func TestPageForkFromHereChangesOneAnswerAndKeepsTheOriginal(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	userMsg := p.value("#user-message")
	original := p.run().Transcript

	p.click(`#transcript li.msg[data-role="assistant"] .fork-here`)
	waitFor[bool](p, waitTimeout, "the fork dialog to open", `document.querySelector("#fork-dialog").open`)
	assert.Equal(t, "Fork from model call 1", p.text("#fork-dialog-title"))
	p.assertAccessible(t, "with the fork dialog open")
	var prefilled map[string]any
	require.NoError(t, json.Unmarshal([]byte(p.value("#fork-action")), &prefilled), "the dialog holds the answer as JSON")
	assert.Equal(t, map[string]any{"role": "assistant", "type": "tool", "name": "add", "args": map[string]any{"a": 2.0, "b": 3.0}}, prefilled,
		"the dialog starts from what the model answered")

	p.setValue("#fork-action", `{"type": "tool", "name": "add", args: {}}`)
	p.click("#fork-run")
	assert.Contains(t, p.text("#fork-error"), "not valid JSON", "a broken edit is explained, and nothing runs")
	assert.True(t, eval[bool](p, `document.querySelector("#fork-dialog").open`), "the dialog stays open to fix the edit")

	p.setValue("#fork-action", `{"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 30}}`)
	p.click("#fork-run")
	fork := p.waitBanner()
	forked := fork.Transcript
	require.Len(t, forked, 4, "the fork runs to its end: %v", forked)
	assert.Equal(t, `{ "a": 2, "b": 30 }`, forked[1].ToolArgs[0], "the edited call is the one made")
	assert.Equal(t, "32", forked[2].Text, "the fork's tool result comes from the edited call")
	assert.Equal(t, "The answer is 5.", forked[3].Text, "after the fork, the script continues from its next entry")
	assert.Equal(t, "final", fork.Banner.Reason)
	assert.True(t, p.visible("#fork-bar"), "the page says the run shown is a fork")
	assert.Contains(t, p.text("#fork-bar"), "Forked at model call 1")
	assert.True(t, p.exists(`#transcript li.msg.forked[data-role="assistant"]`), "the forked answer is marked in the transcript")
	p.saveScreenshot("fork-from-here.png")

	p.click("#back-to-original")
	assert.Equal(t, "false", eval[string](p, `document.body.dataset.running`), "Back to original runs nothing")
	back := p.view()
	assertAddTranscript(t, userMsg, back)
	assert.Equal(t, original, back.Transcript, "Back to original shows the original run")
	assert.False(t, p.visible("#fork-bar"), "the fork bar goes with the fork")

	// The step view offers the same fork at a model call.
	p.click("#step")
	for i := 0; i < 10 && !p.visible("#fork-step"); i++ {
		p.click("#step")
	}
	require.True(t, p.visible("#fork-step"), "stepping reaches a model call, where the step view offers Fork from here")
	p.click("#fork-step")
	waitFor[bool](p, waitTimeout, "the fork dialog to open from the step view", `document.querySelector("#fork-dialog").open`)
	assert.Equal(t, "Fork from model call 1", p.text("#fork-dialog-title"))
	p.click("#fork-cancel")
	assert.False(t, eval[bool](p, `document.querySelector("#fork-dialog").open`), "Cancel closes the dialog")
}
