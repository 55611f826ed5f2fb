//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPageLongContentFoldsBehindShowMore(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.setEditor("model-editor", `[
  {type: "tool", name: "long", args: {}},
  {type: "final", content: "ok"}
]`)
	p.setEditor("tools-editor", `{
  long: () => Array.from({length: 400}, (_, i) => "line " + i).join("\n") + "\nTHE END",
}`)
	p.run()
	const result = `#transcript li.msg[data-role="tool"]`
	require.True(t, p.exists(result+" .show-more"), "a 400-line tool result has a \"show more\" button")
	folded := p.text(result + " .msg-content")
	assert.NotContains(t, folded, "THE END", "the long result is folded at first")
	assert.Equal(t, "false", eval[string](p, must(result+" .show-more")+`.getAttribute("aria-expanded") || "false"`),
		"the button says the content is folded")

	p.click(result + " .show-more")
	waitFor[bool](p, waitTimeout, "the whole result to show after \"show more\"",
		`document.querySelector('#transcript li.msg[data-role="tool"] .msg-content').textContent.includes("THE END")`)
	assert.Contains(t, p.text(result+" .msg-content"), "line 399", "every line shows")
}

func TestPageExportsTheRunAsARunFile(t *testing.T) {
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

func TestPageCopiesTheTranscriptAsMarkdown(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.run()
	eval[bool](p, `navigator.clipboard.writeText("").then(() => true)`)
	p.click("#copy-markdown")
	md := waitFor[string](p, waitTimeout, "Copy Markdown to put the transcript on the clipboard",
		`navigator.clipboard.readText()`)
	for _, want := range []string{"What is 2 + 3?", "add", `"a": 2`, "5", "The answer is 5."} {
		assert.Contains(t, md, want, "the Markdown has %q", want)
	}
	assert.True(t, strings.Index(md, "What is 2 + 3?") < strings.Index(md, "The answer is 5."), "the messages are in order")
}
