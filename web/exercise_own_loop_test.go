//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
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
