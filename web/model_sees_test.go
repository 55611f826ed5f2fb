//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What the model sees: the messages each model call gets, and the Model
// editor's entry that answers it.

// "What the model sees" names the Model editor's entry for a call: the
// entry that answers it while the call is under way, that answered it
// after; and none when a person plays the model.
func TestPageModelSeesNamesTheAnsweringEntryOnlyWhenTheEditorAnswers(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/#example=add&phase=2")
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

func TestPageShowsWhatTheModelSeesAtEachCall(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/#example=add&phase=8")
	// Phase 8 of the seed is its second model call.
	waitFor[bool](p, waitTimeout, "#phase=8 to open the run at phase 8",
		`/^Phase 8 of \d+$/.test(document.querySelector("#step-position").textContent.trim())`)
	region := `[role="region"][aria-labelledby="model-sees-heading"]`
	require.True(t, p.exists(`section#model-sees`) && p.text("#model-sees-heading") == "What the model sees")
	_ = region
	items := eval[[]string](p, `[...document.querySelectorAll("#model-sees-list li.model-sees-msg")].map(li => li.textContent.replace(/\s+/g, " ").trim())`)
	require.Len(t, items, 3, "the second model call gets 3 messages: the user's, the tool call and its result; shown: %q", items)
	assert.Contains(t, items[0], "What is 2 + 3?")
	assert.Contains(t, items[1], `"name": "add"`)
	assert.Contains(t, items[2], `"content": "5"`)
	assert.Equal(t, []string{"messages[2]"}, eval[[]string](p, `[...document.querySelectorAll("#model-sees-list li.newest .model-sees-index")].map(e => e.textContent)`),
		"the newest message is highlighted")
	assert.Contains(t, p.text("#model-sees-summary"), "3 messages")
	assert.Equal(t, "4-4", eval[string](p, `document.querySelector("#model-editor").dataset.highlight`),
		"the Model editor marks line 4, the entry that answers the second call")
	assert.Contains(t, eval[string](p, `[...document.querySelectorAll("#model-box .cm-answer-line")].map((l) => l.textContent).join("\n")`), `type: "final"`,
		"the code editor shades line 4, the final answer's entry")
	p.saveScreenshot("learner-model-sees.png")

	// Back to the first call: one message, entry 1.
	for i := 7; i >= 2; i-- {
		p.clickAndWaitPosition("#back", fmt.Sprintf("Phase %d of 11", i))
	}
	assert.Equal(t, 1, eval[int](p, `document.querySelectorAll("#model-sees-list li.model-sees-msg").length`))
	assert.Equal(t, "3-3", eval[string](p, `document.querySelector("#model-editor").dataset.highlight`))
}
