//go:build !(js && wasm)

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPageInterviewStageCannotBeSkippedFromTheLevelControl(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.startInterview("30")
	assert.True(t, eval[bool](p, `document.querySelector("#exercise-level").disabled`), "during an interview the Level control is disabled, not only aria-disabled")
	p.setEditor("loop-editor", correctLoop)
	p.check()
	waitFor[bool](p, waitTimeout, "the first follow-up", `/Stage 2 of \d+: async/.test(document.querySelector("#interview-stage").textContent)`)

	// The keys that once moved the control; then the control forced back
	// to level 1 as a script would: the Check grades the stage's level.
	eval[bool](p, `(document.querySelector("#exercise-level").focus(), true)`)
	p.press("ArrowUp")
	assert.Equal(t, "2", p.value("#exercise-level"), "a key moved the Level control during an interview")
	p.setValue("#exercise-level", "1")
	assert.Equal(t, "2", p.value("#exercise-level"), "a change of the Level control was taken during an interview")
	eval[bool](p, `(document.querySelector("#exercise-level").value = "1", true)`)
	summary := p.check()
	assert.NotContains(t, summary, fmt.Sprintf("%d of %d cases pass", casesCount(), casesCount()), "the classic loop was graded at level 1 on a level-2 stage")
	assert.Contains(t, p.text("#interview-stage"), "Stage 2 of", "the classic loop passed a level-2 stage")

	// The report cannot prove itself: it says so, and gives what a
	// reviewer re-runs it from.
	p.clickNamed("End interview")
	waitFor[bool](p, waitTimeout, "the Interview report", `document.querySelector("#interview-report").checkVisibility()`)
	assert.Contains(t, p.text("#interview-report .report-self-reported"), "Self-reported:", "the report reads as genuine")
	sum := sha256.Sum256([]byte(p.text("#interview-report .report-code")))
	want := "SHA-256 of the final code: " + hex.EncodeToString(sum[:])
	waitFor[bool](p, waitTimeout, "the code's digest", `document.querySelector("#interview-report .report-digest").textContent === `+js(want))
	assert.Regexp(t, regexp.MustCompile(`^Interview seed \d+; Check 1 drew from seed \d+, Check 2 drew from seed \d+\.$`), p.text("#interview-report .report-seeds"))
}

func TestPageGoExerciseRefusesADirectiveAndNamesASyntaxErrorAtItsLine(t *testing.T) {
	t.Parallel()
	needGoEngine(t)
	p := newPage(t)
	p.open("/")
	p.waitReady()
	p.openExercise()
	p.chooseGo()
	p.setEditor("go-loop-editor", readGo(t, "goexercise/testdata/wasmimport-forges.go.txt"))
	summary := p.goCheckPage()
	assert.Contains(t, summary, "does not compile", "a loop with //go:wasmimport was not refused")
	assert.NotContains(t, summary, "cases pass", "a loop with //go:wasmimport was graded")
	assert.Contains(t, p.text("#go-loop-error"), "loop.go:14:1: //go:wasmimport is a compiler directive, and loop.go may use none")
	p.saveScreenshot("go-exercise-directive-refused.png")

	p.setEditor("go-loop-editor", "package loop\n\nfunc RunAgent(\n")
	p.goCheckPage()
	assert.Contains(t, p.text("#go-loop-error"), "loop.go:3:15: syntax error: unexpected EOF", "the syntax error is not at the end of line 3")
	assert.Equal(t, 3, eval[int](p, `(() => { const m = document.querySelector("#go-loop-box .cm-lintRange-error, #go-loop-box .cm-lintPoint-error");
		return m ? [...document.querySelectorAll("#go-loop-box .cm-line")].indexOf(m.closest(".cm-line")) + 1 : 0; })()`),
		"the editor does not mark line 3")
}

func TestPageGoCheckStopsAnInitThatNeverEnds(t *testing.T) {
	t.Parallel()
	needGoEngine(t)
	p := newPage(t)
	p.open("/")
	p.waitReady()
	const spinsInInit = "package loop\n\nimport \"agentloop.dev/agent/agenttest\"\n\nvar ready = wait()\n\nfunc wait() bool {\n\tfor {\n\t}\n}\n\nfunc RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {\n\treturn \"\"\n}\n"
	stuck := goCheck(p, spinsInInit, 2000)
	timeouts := ofKind(stuck.Messages, "timeout")
	require.Len(t, timeouts, 1, "a package-level initializer that never ends was not stopped: %v", stuck.Messages)
	assert.Equal(t, float64(-1), timeouts[0]["index"], "the time limit is not laid before the first case")
	assert.Empty(t, ofKind(stuck.Messages, "case_start"), "a case started after a hung init")
	assert.Less(t, timeouts[0]["ms"], float64(10000), "the hung init was not stopped at the time limit")
}
