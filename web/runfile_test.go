//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Run files: Export JSON saves a finished run, and a dropped or chosen file
// reopens it without running (a fork as a fork, a person's answers as the
// model); a broken or unfinished file changes nothing and says why.

func TestPageSavedForkReopensAsAForkAndRunsAsTheForkDid(t *testing.T) {
	t.Parallel()
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
			t.Parallel()
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

			b := openPage(t, "/") // a browser of its own: only the file knows the fork
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

func TestPageRunFileWithoutItsEndIsRefusedAndExportWaitsForTheEnd(t *testing.T) {
	t.Parallel()
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
	p.chooseRunFile("finished.json", data)
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
func TestPageRunFileOfBeTheModelRunsThePersonsAnswersAgain(t *testing.T) {
	t.Parallel()
	a := newPage(t)
	dir := a.allowDownloads(t)
	a.open("/#example=add")
	a.click("#be-model")
	a.waitAsked(1)
	played := a.playTheSeedsModel(`{"a": 40, "b": 2}`, "It is 42.")
	require.Contains(t, played.Banner.Text, "It is 42.")
	a.click("#export-json")
	data := downloaded(t, dir)
	var file struct {
		Inputs struct{ Model string } `json:"inputs"`
	}
	require.NoError(t, json.Unmarshal(data, &file))
	assert.Contains(t, file.Inputs.Model, `content: "It is 42."`, "the file's model is the person's answers")

	b := openPage(t, "/")
	b.dropFile("played.json", string(data))
	b.waitNotice("Opened played.json")
	assert.Equal(t, played.Transcript, b.view().Transcript, "the file shows the run the person played")
	again := b.run()
	assert.Equal(t, played.Transcript, again.Transcript, "Run after Open run gives the person's run again")
	assert.Contains(t, again.Banner.Text, "It is 42.")
}

func TestPageSavedRunReopensInAFreshBrowserWithoutRunning(t *testing.T) {
	t.Parallel()
	a := newPage(t)
	dir := a.allowDownloads(t)
	a.open("/")
	a.run()
	want := a.stepThrough()
	a.click("#export-json")
	var file map[string]any
	require.NoError(t, json.Unmarshal(downloaded(t, dir), &file))

	// The reopened file's model throws if called: stepping it must not call it.
	file["inputs"].(map[string]any)["model"] = throwingModel
	data, err := json.Marshal(file)
	require.NoError(t, err)

	b := openPage(t, "/") // a browser context of its own: nothing of a's is there
	b.setEditor("model-editor", "// my own model\n[]\n")
	b.chooseRunFile("seed-run.json", data)
	b.waitNotice("The run file seed-run.json replaced your code")
	assert.Equal(t, throwingModel, b.value("#model-editor"), "the editors get the file's code")
	assert.Equal(t, "What is 2 + 3?", b.value("#user-message"))
	assert.Len(t, b.view().Transcript, 4, "the whole saved run is shown")
	assert.Equal(t, "false", eval[string](b, `document.body.dataset.running`), "opening a run runs nothing")

	got := b.stepThrough()
	require.Len(t, got, len(want), "the reopened run has as many phases as the original")
	for i := range want {
		assert.Equal(t, want[i], got[i], "phase %d of the reopened run differs from the original", i+1)
	}
	assert.Equal(t, "final", b.view().Banner.Reason, "the run ends as it did; the throwing model was never called")
	b.saveScreenshot("reopened-run.png")

	// The user's own code is kept and can come back.
	assert.Equal(t, "Restore my code", b.text("#notice-action"))
	b.click("#notice-action")
	assert.Equal(t, "// my own model\n[]\n", b.value("#model-editor"), "Restore my code brings back the code the file replaced")
}

// throwingModel is a model that fails the run if anything ever calls it.
const throwingModel = `function model() {
  throw new Error("the model was called");
}
`

func TestPageDroppedRunFileOpensAndBrokenOnesChangeNothing(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	before := p.run().Transcript
	model := p.value("#model-editor")

	valid := helloRunFile
	for _, tc := range []struct {
		name, text, want string
	}{
		{"future.json", strings.Replace(valid, `"version": 1`, `"version": 2`, 1), "This run file is version 2; this page reads version 1."},
		{"no-kind.json", strings.Replace(valid, `{"kind": "message", "role": "assistant", "step": 1, "index": 1`, `{"role": "assistant", "step": 1, "index": 1`, 1), "events[3] has no kind."},
		{"notes.txt", "these are my notes", "it is not JSON"},
		{"other.json", `{"name": "a package"}`, `it has no "format"`},
	} {
		p.dropFile(tc.name, tc.text)
		msg := p.waitNotice(tc.want)
		assert.Contains(t, msg, tc.name, "the message names the file")
		assert.Equal(t, model, p.value("#model-editor"), "%s changes no editor", tc.name)
		assert.Equal(t, before, p.view().Transcript, "%s changes no transcript", tc.name)
	}

	p.dropFile("hello.json", valid)
	p.waitNotice("Opened hello.json")
	assert.Equal(t, "[]", p.value("#model-editor"))
	got := p.view().Transcript
	require.Len(t, got, 2, "the dropped run is shown: %v", got)
	assert.Equal(t, "Hello.", got[1].Text)
}

func TestPageExportsTheRunAsARunFile(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	dir := p.allowDownloads(t)
	p.open("/")
	p.run()
	p.click("#export-json")

	data := downloaded(t, dir)
	var export struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
		Inputs  struct {
			Model   string `json:"model"`
			UserMsg string `json:"userMsg"`
		} `json:"inputs"`
		Events []struct {
			Kind    string         `json:"kind"`
			Message map[string]any `json:"message"`
		} `json:"events"`
	}
	require.NoError(t, json.Unmarshal(data, &export), "the export is JSON: %s", data)
	assert.Equal(t, "agentloop-run", export.Format, "the export is a run file")
	assert.Equal(t, 1, export.Version)
	assert.Equal(t, p.value("#model-editor"), export.Inputs.Model, "the run file holds the Model editor's code")
	assert.Equal(t, "What is 2 + 3?", export.Inputs.UserMsg)
	var messages []map[string]any
	for _, e := range export.Events {
		if e.Kind == "message" {
			messages = append(messages, e.Message)
		}
	}
	require.Len(t, messages, 4, "the run file's events hold the run's four messages")
	assert.Equal(t, "What is 2 + 3?", messages[0]["content"])
	assert.Equal(t, "add", messages[1]["name"])
	assert.Equal(t, "5", messages[2]["content"])
	assert.Equal(t, "The answer is 5.", messages[3]["content"])
	assert.Equal(t, "done", export.Events[len(export.Events)-1].Kind, "the run file ends with the run's done event")
}
