//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Nothing the user typed is lost by switching code: their own code, each
// example they edited, and the code a link or a run file brought and they
// edited each come back from the examples menu, after a reload too.

// pickInMenuByLabel picks the examples menu's option whose text is label,
// as a user reading the menu would.
func (p *page) pickInMenuByLabel(label string) {
	p.t.Helper()
	value, ok := tryWaitFor[string](p, waitTimeout, fmt.Sprintf(`(() => { const o = [...document.querySelector("#example-select").options].find((o) => o.textContent === %s); return o ? o.value || "own" : ""; })()`, js(label)))
	if ok != nil {
		p.t.Fatalf("the examples menu has no %q; it offers %s", label,
			eval[string](p, `[...document.querySelector("#example-select").options].map((o) => o.textContent).join(" | ")`))
	}
	if value == "own" {
		value = ""
	}
	p.pickInMenu(value)
}

// waitModel waits until the Model editor holds src, naming what should
// have brought it.
func (p *page) waitModel(src, what string) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, what, fmt.Sprintf(`document.querySelector("#model-editor").value === %s`, js(src)))
}

const fiveApples = "How much do five apples cost?"

func TestKeepOwnCodeAndEachEditedExampleComeBack(t *testing.T) {
	p := newPage(t)
	p.open("/")
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

func TestKeepLinksAndRunFilesNeverTakeTheUsersOwnCode(t *testing.T) {
	p := newPage(t)
	p.open("/")
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

func TestKeepCodeSavedBeforeThePageKeptAListComesBack(t *testing.T) {
	p := newPage(t)
	p.open("/")
	// What an older page left: one backup of the user's code.
	eval[bool](p, fmt.Sprintf(`(localStorage.setItem("agentloop:v1:backup", JSON.stringify({model: %s, tools: "{}", userMessage: "Mine", maxSteps: "10"})), true)`, js(ownModel)))
	p.reload()
	p.pickInMenu("")
	p.waitModel(ownModel, "Your own code to bring back the code an older page kept")
	assert.Equal(t, "Mine", p.value("#user-message"))
}
