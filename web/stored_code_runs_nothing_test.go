//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Nothing a link or storage brought runs without the reader's click: a
// #phase= embed runs a shipped example's own code only, and an embed never
// files a link's code under an example.

// linkedModel is the code a share link carries in these tests: a run of it
// would say "the link's code ran".
const linkedModel = `[{type: "final", content: "the link's code ran"}]`

// embedAddKey is where an embed of the add example keeps the reader's edits.
const embedAddKey = "agentloop:v1:embed:add"

func TestPageEmbedPhaseNeverRunsALinksCodeStoredBeforeIt(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	link := encodeStateLink(t, map[string]string{"model": linkedModel, "tools": "{}", "userMessage": "Hi", "maxSteps": "10"})
	p.open("/?embed=1#state=" + link + "&example=add")
	require.Contains(t, p.value("#model-editor"), "the link's code ran", "the embed shows the link's code")
	// The reader edits something: the page saves what it shows.
	p.setValue("#user-message", "Hi there")
	p.settle()
	assert.Equal(t, "", eval[string](p, fmt.Sprintf(`localStorage.getItem(%s) || ""`, js(embedAddKey))),
		"the link's code is not kept as the reader's edits of the add example")

	// A tutorial's "look at this phase" embed of add, on any page, later.
	p.reopen("/?embed=1#example=add&phase=2")
	p.waitPosition("Phase 2 of 11")
	assert.Equal(t, addTitle, p.text("#embed-caption"), "the phase embed shows the add example itself, not something called add (edited)")
	assert.NotContains(t, p.value("#model-editor"), "the link's code ran", "the phase embed holds the shipped code")
	assert.NotContains(t, p.text("#transcript"), "the link's code ran", "the run the phase embed shows is the example's, not the link's")
}

func TestPageEmbedPhaseRunsNothingOverStoredEditsAndSaysWhy(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/?embed=1#example=add")
	// Code kept under the add example, as the reader's edits of it (or as a
	// page from before this rule filed a link's code there).
	eval[bool](p, fmt.Sprintf(`localStorage.setItem(%s, JSON.stringify({model: %s, tools: "{}", userMessage: "Hi", maxSteps: "10", example: "add"})), true`,
		js(embedAddKey), js(linkedModel)))

	p.reopen("/?embed=1#example=add&phase=2")
	assert.True(t, p.staysIdle(idleWindow), "the phase embed runs nothing: the code it holds is stored, not the shipped example's")
	msg := p.waitNotice("ran nothing")
	assert.Contains(t, msg, "phase=2", "the notice names the link's phase that was not shown")
	assert.Contains(t, msg, "Run", "the notice says how to run the stored code")
	assert.Contains(t, p.value("#model-editor"), "the link's code ran", "the stored code is shown, not lost")
	assert.NotContains(t, p.text("#transcript"), "the link's code ran", "no run of the stored code is shown")
}
