//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// "What the model sees" names the Model editor's entry for a call: the
// entry that answers it while the call is under way, that answered it
// after; and none when a person plays the model.
func TestPageModelSeesNamesTheAnsweringEntryOnlyWhenTheEditorAnswers(t *testing.T) {
	p := newPage(t)
	p.open("/#example=add&phase=2")
	waitFor[bool](p, waitTimeout, "#phase=2 to open the run at its first model call",
		`/^Phase 2 of \d+$/.test(document.querySelector("#step-position").textContent.trim())`)
	assert.Contains(t, p.text("#model-sees-summary"), "entry 1 of the Model array (line 3) answers.",
		"before the model answers, the entry is the one that will")
	p.clickAndWaitPosition("#step", "Phase 3 of 11")
	assert.Contains(t, p.text("#model-sees-summary"), "entry 1 of the Model array (line 3) answered.")

	p.open("/#example=add")
	p.clickNamed("Be the model")
	waitFor[bool](p, waitTimeout, "the page to ask the person for model call 1",
		`document.querySelector("#be-model-heading")?.textContent.includes("call 1") ?? false`)
	summary := p.text("#model-sees-summary")
	assert.Contains(t, summary, "Model call 1 gets 1 message", "the panel shows the call the person answers")
	assert.NotContains(t, summary, "Model array", "a person's answer is no entry of the Model editor")
	assert.NotEqual(t, "3-3", eval[string](p, `document.querySelector("#model-editor").dataset.highlight ?? ""`),
		"the Model editor marks no entry as answering")
}
