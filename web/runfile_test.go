//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Run files as a user meets them: a file that does not say how its run
// ended is refused, as Export JSON never writes one.

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
