//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Nothing the user typed is lost: a reload keeps every field, and their own
// code, each example they edited, and the code a link or a run file brought
// and they edited each come back from the examples menu, after a reload too.

const fiveApples = "How much do five apples cost?"

func TestPageOwnCodeAndEachEditedExampleComeBack(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setEditor("model-editor", ownModel)
	p.pickInMenu("chain")
	p.waitNotice("replaced your code")
	p.setValue("#user-message", fiveApples)
	p.pickInMenu("unknown-tool")
	assert.Equal(t, "What is 2 + 30?", p.value("#user-message"), "the unknown-tool example is shown")
	assert.Equal(t, chainTitle+" (edited)", p.text(`#example-select option[value="chain"]`), "the menu says the chain example holds the user's edits")

	p.pickInMenu("")
	p.waitModel(ownModel, "Your own code to bring back the code typed before any example was picked, not the edited chain example")
	assert.Equal(t, "", p.value("#example-select"), "the menu says Your own code")

	p.pickInMenu("chain")
	waitFor[bool](p, waitTimeout, "picking chain again to bring back its edits", fmt.Sprintf(`document.querySelector("#user-message").value === %s`, js(fiveApples)))
	assert.Equal(t, chainTitle+" (edited)", p.text("#example-select option:checked"), "the edited example is titled as such")
	assert.Contains(t, p.text("#example-description"), "(edited)")

	// Both are kept across a reload.
	p.reload()
	assert.Equal(t, fiveApples, p.value("#user-message"), "the reload shows the edited chain example")
	p.pickInMenu("")
	p.waitModel(ownModel, "Your own code to bring back the user's code after a reload")
	p.pickInMenu("chain")
	waitFor[bool](p, waitTimeout, "the chain example's edits after a reload", fmt.Sprintf(`document.querySelector("#user-message").value === %s`, js(fiveApples)))

	// Putting the example's own code back is an edit like any other: the
	// example then comes back as shipped.
	p.setValue("#user-message", "How much do three apples cost?")
	require.Equal(t, chainTitle, p.text("#example-select option:checked"))
	p.pickInMenu("add")
	assert.Equal(t, chainTitle, p.text(`#example-select option[value="chain"]`), "the chain example holds no edits now")
}

func TestPageLinksAndRunFilesNeverTakeTheUsersOwnCode(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setEditor("model-editor", ownModel)
	p.pickInMenu("chain")
	p.setValue("#user-message", fiveApples)

	// A link to someone's edit of the chain example replaces the user's
	// edit of it; they dismiss the offer to restore theirs and edit the
	// link's code.
	link := encodeStateLink(t, map[string]string{"model": `[{type: "final", content: "linked"}]`, "tools": "{}", "userMessage": "Hi", "example": "chain"})
	p.reopen("/#state=" + link)
	p.waitNotice("The shared link replaced your code")
	p.click("#notice-dismiss")
	const linkEdit = `[{type: "final", content: "linked, and edited"}]`
	p.setEditor("model-editor", linkEdit)

	// A run file replaces that in turn.
	p.dropFile("run.json", helloRunFile)
	p.waitNotice("The run file run.json replaced your code")
	p.click("#notice-dismiss")
	require.Equal(t, "[]", p.value("#model-editor"))

	// The menu offers both pieces of the user's own code, the latest first.
	p.pickInMenuByLabel("Your earlier code (2)")
	p.waitModel(ownModel, "Your earlier code (2) to bring back the code the user typed before any example or link")
	p.pickInMenuByLabel("Your earlier code (2)")
	p.waitModel(linkEdit, "Your earlier code (2) to bring back the link's code as the user edited it")
	assert.Equal(t, chainTitle+" (edited)", p.text("#example-select option:checked"), "the link's code keeps the title it came with")
	p.pickInMenu("")
	p.waitModel(ownModel, "Your own code to bring back the user's code")

	// The link's code, titled after the chain example, did not take the
	// place of the user's edits of it.
	p.pickInMenu("chain")
	waitFor[bool](p, waitTimeout, "picking chain to bring back the user's edits of it", fmt.Sprintf(`document.querySelector("#user-message").value === %s`, js(fiveApples)))
	assert.Equal(t, chainTitle+" (edited)", p.text("#example-select option:checked"))
}

func TestPageCodeSavedBeforeThePageKeptAListComesBack(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	// What an older page left: one backup of the user's code.
	eval[bool](p, fmt.Sprintf(`(localStorage.setItem("agentloop:v1:backup", JSON.stringify({model: %s, tools: "{}", userMessage: "Mine", maxSteps: "10"})), true)`, js(ownModel)))
	p.reload()
	p.pickInMenu("")
	p.waitModel(ownModel, "Your own code to bring back the code an older page kept")
	assert.Equal(t, "Mine", p.value("#user-message"))
}

func TestPageYourOwnCodeInTheMenuBringsItBack(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.pickInMenu("")
	assert.Contains(t, p.waitNotice("no code of your own"), "edit", "with nothing to bring back, the page says how code becomes the user's own")
	assert.Equal(t, "add", p.value("#example-select"), "the menu still names the example shown")

	p.setEditor("model-editor", ownModel)
	p.pickInMenu("chain")
	p.waitNotice("replaced your code")
	p.pickInMenu("")
	waitFor[bool](p, waitTimeout, "Your own code to bring back the user's model", fmt.Sprintf(`document.querySelector("#model-editor").value === %s`, js(ownModel)))
	assert.Equal(t, "", p.value("#example-select"), "the menu says Your own code")
	assert.Equal(t, "Your own code: edit it, then press Run.", p.text("#example-description"))

	// An example the user edited is code of theirs too: bringing back the
	// other keeps it, and offers it back.
	p.pickInMenu("chain")
	p.setValue("#user-message", "How much do five apples cost?")
	p.pickInMenu("")
	waitFor[bool](p, waitTimeout, "Your own code to bring back the user's model", fmt.Sprintf(`document.querySelector("#model-editor").value === %s`, js(ownModel)))
	p.waitNotice("kept")
	p.clickNamed("Restore my code")
	assert.Equal(t, "How much do five apples cost?", p.value("#user-message"), "the edited example comes back too")
	assert.Equal(t, chainTitle+" (edited)", p.text("#example-select option:checked"))
}

func TestPageNoticeNamesTheLatestExample(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setEditor("model-editor", ownModel)
	p.pickInMenu("chain")
	p.waitNotice(`The example "` + chainTitle + `"`)
	p.pickInMenu("unknown-tool")
	msg := p.waitNotice(`The example "Unknown tool"`)
	assert.NotContains(t, msg, chainTitle, "the notice names the example shown now, not the one before")
	p.clickNamed("Restore my code")
	assert.Equal(t, ownModel, p.value("#model-editor"), "Restore still brings back the code from before both switches")
}

func TestPageRestoreBarCanBeDismissedAndMissingNamesAreNamed(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setEditor("model-editor", "[\n  { type: \"tool\", args: {} },\n]\n")
	p.setValue("#example-select", "chain")
	waitFor[bool](p, waitTimeout, "the Restore offer", `!document.querySelector("#notice").hidden`)
	p.click("#notice-dismiss")
	assert.False(t, p.visible("#notice"), "Dismiss hides the Restore bar")

	p.setEditor("model-editor", "[\n  { type: \"tool\", calls: [{ args: {} }] },\n  { type: \"final\" },\n]\n")
	p.run()
	assert.NotContains(t, p.text("#transcript"), "undefined", "missing fields never show as undefined")
	assert.Contains(t, p.text("#transcript"), "(missing name)")
}

func TestPageReloadKeepsEdits(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	edited := fields{
		Model:       "[\n  {type: \"final\", content: \"kept\"}\n]",
		Tools:       "{\n  // nothing here, ✓\n}",
		UserMessage: "Do you remember me?",
		MaxSteps:    "4",
		TimeLimit:   "750",
	}
	p.fill(edited)
	p.reload()
	assert.Equal(t, edited, p.fields(), "a reload shows everything as the user left it")

	stored := eval[string](p, `localStorage.getItem("agentloop:v1") || ""`)
	var saved struct {
		Model       string `json:"model"`
		Tools       string `json:"tools"`
		UserMessage string `json:"userMsg"`
		MaxSteps    any    `json:"maxSteps"`
		TimeLimit   any    `json:"timeLimitMs"`
	}
	if assert.NoError(t, json.Unmarshal([]byte(stored), &saved), "localStorage agentloop:v1 holds JSON: %q", stored) {
		assert.Equal(t, edited.Model, saved.Model)
		assert.Equal(t, edited.Tools, saved.Tools)
		assert.Equal(t, edited.UserMessage, saved.UserMessage)
		assert.Equal(t, edited.MaxSteps, fmt.Sprint(saved.MaxSteps))
		assert.Equal(t, edited.TimeLimit, fmt.Sprint(saved.TimeLimit))
	}
	b := p.run().Banner
	assert.Equal(t, "final", b.Reason)
	assert.Contains(t, b.Text, "kept", "the reloaded code is what runs")
}
