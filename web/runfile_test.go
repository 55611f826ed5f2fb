//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Run files as a user meets them: a saved fork reopens as a fork and runs
// again as the fork ran, and a file that does not say how its run ended is
// refused, as Export JSON never writes one.

func TestRunfileSavedForkReopensAsAForkAndRunsAsTheForkDid(t *testing.T) {
	for _, tc := range []struct {
		example, edit, forkAnswer, originalAnswer string
	}{
		// An array: the fork's later calls got the array's next entries.
		{"add", `{"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 30}}`, "The answer is 5.", "The answer is 5."},
		// A function: the fork's later calls went to it, and it read the
		// edited call's result.
		{"chain", `{"role": "assistant", "type": "tool", "name": "price", "args": {"item": "pear"}}`, "Three apples cost 2.25 euros.", "Three apples cost 1.5 euros."},
	} {
		t.Run(tc.example, func(t *testing.T) {
			a := newPage(t)
			dir := a.allowDownloads(t)
			a.open("/#example=" + tc.example)
			original := a.run()
			require.Contains(t, original.Banner.Text, tc.originalAnswer)

			a.click(`#transcript li.msg[data-role="assistant"] .fork-here`)
			waitFor[bool](a, waitTimeout, "the fork dialog to open", `document.querySelector("#fork-dialog").open`)
			a.setValue("#fork-action", tc.edit)
			a.click("#fork-run")
			fork := a.waitBanner()
			require.NotEqual(t, original.Transcript, fork.Transcript, "the edited answer changes the run")
			require.Contains(t, fork.Banner.Text, tc.forkAnswer)
			a.click("#export-json")
			data := downloaded(t, dir)
			var file map[string]any
			require.NoError(t, json.Unmarshal(data, &file))
			assert.Equal(t, map[string]any{"at": 1.0}, file["fork"], "the run file says it is a fork, and where it was forked")

			b := newPage(t) // a browser of its own: only the file knows the fork
			b.open("/")
			b.dropFile("fork.json", string(data))
			b.waitNotice("Opened fork.json")
			opened := b.view()
			assert.Equal(t, fork.Transcript, opened.Transcript, "the file shows the fork's run")
			assert.True(t, b.visible("#fork-bar"), "the page says the opened run is a fork")
			assert.Contains(t, b.text("#fork-bar-text"), "a fork, made at model call 1")
			assert.False(t, b.visible("#back-to-original"), "the file holds no original to go back to, and the page offers none")
			assert.True(t, b.exists(`#transcript li.msg.forked[data-role="assistant"]`), "the edited answer is marked in the transcript")
			b.saveScreenshot("reopened-fork-" + tc.example + ".png")

			again := b.run()
			assert.Equal(t, fork.Transcript, again.Transcript, "Run after Open run runs the fork again, not the run it was forked from")
			assert.Equal(t, fork.Banner.Reason, again.Banner.Reason)
			assert.Contains(t, again.Banner.Text, tc.forkAnswer)
		})
	}
}

func TestRunfileWithoutItsEndIsRefusedAndExportWaitsForTheEnd(t *testing.T) {
	p := newPage(t)
	dir := p.allowDownloads(t)
	p.open("/")

	// While a run goes on, Export JSON waits: the file would have no end.
	p.click("#be-model")
	p.waitAsked(1)
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#export-json").getAttribute("aria-disabled")`),
		"Export JSON is unavailable while the run waits for the person")
	p.answerFinal("Hi there.")
	before := p.waitBanner().Transcript
	assert.Equal(t, "false", eval[string](p, `document.querySelector("#export-json").getAttribute("aria-disabled")`),
		"Export JSON is available once the run has ended")
	p.click("#export-json")
	data := downloaded(t, dir)
	path := filepath.Join(t.TempDir(), "finished.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	p.do("choosing the run file", chromedp.SetUploadFiles(chromedp.CSS("#open-run-file"), []string{path}))
	p.waitNotice("Opened finished.json")
	assert.Equal(t, before, p.view().Transcript, "the saved run opens as it was")
	assert.Equal(t, "final", p.view().Banner.Reason, "the saved run opens, ending as it ended")

	model := p.value("#model-editor")
	unfinished := `{"format": "agentloop-run", "version": 1,
	  "inputs": {"model": "[]", "tools": "{}", "userMsg": "Hi", "maxSteps": 3, "timeLimit": 2000},
	  "events": [
	    {"kind": "message", "role": "user", "step": 0, "index": 0, "message": {"role": "user", "content": "Hi"}},
	    {"kind": "model_start", "step": 1}
	  ]}`
	p.dropFile("unfinished.json", unfinished)
	msg := p.waitNotice("has no done event")
	assert.Contains(t, msg, "unfinished.json", "the message names the file")
	assert.Contains(t, msg, "it ends at events[1], a model_start event", "the message says where the run stops short")
	assert.Equal(t, model, p.value("#model-editor"), "a refused file changes no editor")
	assert.Equal(t, before, p.view().Transcript, "a refused file changes no transcript")
}

// A run whose model was a person is saved with the person's answers as its
// model: opened elsewhere, Run gives the same run, not the Model editor's.
func TestRunfileOfBeTheModelRunsThePersonsAnswersAgain(t *testing.T) {
	a := newPage(t)
	dir := a.allowDownloads(t)
	a.open("/#example=add")
	a.click("#be-model")
	a.waitAsked(1)
	a.answerTool("add", `{"a": 40, "b": 2}`)
	a.waitAsked(2)
	a.answerFinal("It is 42.")
	played := a.waitBanner()
	require.Contains(t, played.Banner.Text, "It is 42.")
	a.click("#export-json")
	data := downloaded(t, dir)
	var file struct {
		Inputs struct{ Model string } `json:"inputs"`
	}
	require.NoError(t, json.Unmarshal(data, &file))
	assert.Contains(t, file.Inputs.Model, `content: "It is 42."`, "the file's model is the person's answers")

	b := newPage(t)
	b.open("/")
	b.dropFile("played.json", string(data))
	b.waitNotice("Opened played.json")
	assert.Equal(t, played.Transcript, b.view().Transcript, "the file shows the run the person played")
	again := b.run()
	assert.Equal(t, played.Transcript, again.Transcript, "Run after Open run gives the person's run again")
	assert.Contains(t, again.Banner.Text, "It is 42.")
}
