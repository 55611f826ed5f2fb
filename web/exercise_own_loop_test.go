//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The worker that grades Your loop also holds the real loop (the bridge's
// runAgent): a loop that defines no runAgent of its own, or hands the work
// to the real one, must not pass as if it were correct.
func TestPageExerciseGradesOnlyTheLearnersOwnLoop(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.openExercise()
	allPass := fmt.Sprintf("%d of %d cases pass", casesCount(), casesCount())
	for _, c := range []struct{ name, loop, want string }{
		{"no runAgent at all", "// TODO: write my loop later\n", "Your loop gives nothing"},
		{"a runAgent misspelled", "const runagent = (model, tools, userMsg) => userMsg;\n", "Your loop gives nothing"},
		{"a runAgent that calls the real one", "function runAgent(model, tools, userMsg, maxSteps = 10) {\n  return globalThis.runAgent(model, tools, userMsg, maxSteps);\n}\n", "globalThis.runAgent is not a function"},
	} {
		p.setEditor("loop-editor", c.loop)
		p.clickNamed("Check")
		said := waitFor[string](p, waitTimeout, "Check to say what Your loop did",
			`(() => { if (document.querySelector("#check").getAttribute("aria-disabled") === "true") return "";
				const seen = [...document.querySelectorAll("#exercise-summary, #exercise-banner, #exercise-failures, #loop-error")].filter((el) => el.checkVisibility());
				return seen.map((el) => el.textContent).join(" | ").trim(); })()`)
		assert.NotContains(t, said, allPass, "%s: the Check does not pass it", c.name)
		assert.Contains(t, said, c.want, "%s: the Check says why", c.name)
	}
}

// A loop an Exercise link replaced is kept: after the link's own offer is
// gone (a reload), "Your earlier loop" brings it back, and the two swap.
func TestPageExerciseLoopReplacedByALinkComesBackAfterAReload(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.openExercise()
	linked := "// the link's loop\n" + correctLoop
	mine := "// my loop\n" + correctLoop
	p.setEditor("loop-editor", linked)
	p.clickNamed("Share")
	link := waitFor[string](p, waitTimeout, "Share to put the loop in the address", `location.hash.startsWith("#state=") && location.href`)
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
