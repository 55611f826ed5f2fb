//go:build !(js && wasm)

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What the Exercise keeps and carries: the last Check's count and the hints
// across a reload, Your loop in a share link and after a link replaced it,
// and a failing case opened in the playground.

// A loop an Exercise link replaced is kept: after the link's own offer is
// gone (a reload), "Your earlier loop" brings it back, and the two swap.
func TestPageExerciseLoopReplacedByALinkComesBackAfterAReload(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	linked := "// the link's loop\n" + correctLoop
	mine := "// my loop\n" + correctLoop
	p.setEditor("loop-editor", linked)
	link := p.share()
	p.do("leaving the link", chromedp.Evaluate[chromedp.Void](`history.replaceState(null, "", location.pathname)`))
	p.setEditor("loop-editor", mine)
	assert.False(t, p.visible("#restore-loop"), "no loop is kept before a link replaces one")

	p.openURL(link)
	waitFor[bool](p, waitTimeout, "the link to fill Your loop", `document.querySelector("#loop-editor").value.startsWith("// the link's loop")`)
	p.reload()
	require.True(t, p.visible("#restore-loop"), "after a reload, the page still offers the loop the link replaced")
	p.clickNamed("Your earlier loop")
	assert.Equal(t, mine, p.value("#loop-editor"), "Your earlier loop brings back the loop the link replaced")
	p.reload()
	assert.Equal(t, mine, p.value("#loop-editor"), "and it stays after a reload")
	p.clickNamed("Your earlier loop")
	assert.Equal(t, linked, p.value("#loop-editor"), "the link's loop was kept in turn: the two swap, and neither is lost")
}

func TestPageExerciseAllPassedAfterAReloadPointsToNoDifferences(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	p.setEditor("loop-editor", correctLoop)
	want := fmt.Sprintf("%d of %d cases pass", casesCount(), casesCount())
	require.Contains(t, p.check(), want)

	p.reload()
	summary := p.text("#exercise-summary")
	assert.Contains(t, summary, want, "a reload keeps the last Check's count")
	assert.Contains(t, summary, "at your last Check", "the count is said to be the last Check's")
	assert.NotContains(t, summary, "differences", "every case passed: there are no differences to see")
	assert.Contains(t, summary, "every case", "the summary says the loop passed every case")
}

func TestPageExerciseOpenInPlaygroundShowsTheCase(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	own := fields{Model: `[{type: "final", content: "mine"}]`, Tools: "{}", UserMessage: "my own", MaxSteps: "3", TimeLimit: "2000"}
	p.fill(own)
	p.openExercise()
	p.setEditor("loop-editor", strings.Replace(correctLoop, `?? {}`, ``, 1))
	p.check()
	id := eval[string](p, `(() => { const li = [...document.querySelectorAll("#exercise-failures li")].find((li) => li.dataset.case === "missing args become {}");
		const b = li.querySelector("button"); b.id = "open-this-case"; li.querySelector("details").open = true; return b.textContent; })()`)
	require.Equal(t, "Open in playground", id)
	p.click("#open-this-case")
	waitFor[bool](p, waitTimeout, "the playground to show", `document.querySelector("#model-editor").checkVisibility()`)
	assert.Equal(t, "What time is it?", p.value("#user-message"), "the case's user message")
	assert.Equal(t, "3", p.value("#max-steps"), "the case's max steps")
	assert.Contains(t, p.value("#model-editor"), `{"role":"assistant","type":"tool","name":"clock"}`, "the case's script is the Model editor's array")
	assert.Contains(t, p.value("#tools-editor"), `"clock": () =>`, "the case's tools are the Tools object")
	assert.True(t, p.staysIdle(idleWindow), "opening a case runs nothing")

	v := p.run()
	assert.Equal(t, "final", v.Banner.Reason, "the real loop runs the case to its final answer; the page showed %s", v)

	p.clickNamed("Restore my code")
	assert.Equal(t, own.Model, p.value("#model-editor"), "Restore my code brings back the playground's code")
	assert.Equal(t, own.UserMessage, p.value("#user-message"))
	assert.True(t, p.visible("#model-editor"), "restoring stays in the playground")
}

func TestPageExerciseHintsUnlockOneByOneAndSurviveAReload(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	hints := func() int { return eval[int](p, `document.querySelectorAll("#hints li").length`) }
	assert.Equal(t, 0, hints(), "no hint is shown before the learner asks")
	p.clickNamed("Show a hint")
	assert.Equal(t, 1, hints(), "one hint per click")
	p.clickNamed("Show a hint")
	p.reload()
	assert.Equal(t, 2, hints(), "a reload keeps the hints shown")
	for range 5 {
		p.clickNamed("Show a hint")
	}
	assert.Equal(t, 5, hints(), "there are five hints")
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#show-hint").getAttribute("aria-disabled")`), "with every hint shown, Show a hint is unavailable")
	assert.Contains(t, p.text("#hints"), "messages.push(action, { role: \"tool\", name, content: output });", "the last hint nearly gives the answer")
	p.assertAccessible(t, "with every hint shown")
}

func TestPageExerciseShareLinkCarriesYourLoopWithoutChecking(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	p.setEditor("loop-editor", correctLoop)
	link := p.share()
	state := decodeState(t, link)
	assert.Equal(t, correctLoop, state["loop"], "the link carries Your loop")
	assert.NotContains(t, state, "model", "an Exercise link carries the loop alone")

	q := newPage(t)
	q.openURL(link)
	assert.True(t, q.visible("#loop-editor"), "the link opens the Exercise")
	assert.Equal(t, correctLoop, q.value("#loop-editor"), "the link fills Your loop")
	assert.NotContains(t, q.text("#exercise-summary"), "cases pass", "nothing is checked until Check is pressed")
	assert.Empty(t, q.failures())
}
