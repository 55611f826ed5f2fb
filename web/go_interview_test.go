//go:build !(js && wasm)

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
)

func TestPageGoInterviewGradesDrawnCasesSurvivesAReloadAndReportsTheGoCode(t *testing.T) {
	t.Parallel()
	needGoEngine(t)
	p := newPage(t)
	p.open("/")
	p.waitReady()
	p.openExercise()
	p.chooseGo()
	p.startInterview("30")
	assert.True(t, eval[bool](p, `document.querySelector("#exercise-language").disabled`), "an interview keeps its language: the Language control is locked")
	assert.False(t, p.visible("#show-hint"), "an interview hides the hints")

	// Level 1: the drawn cases' expectations come from the real loop in the
	// page; the Go harness grades them with agenttest's checker.
	p.setEditor("go-loop-editor", readGo(t, "goexercise/loop/loop.go"))
	summary := p.goCheckPage()
	n := casesCount()
	assert.Contains(t, summary, fmt.Sprintf("%d of %d cases pass", n, n), "a correct Go loop passes the drawn cases")
	assert.Contains(t, summary, "hidden until the interview ends", "the cases stay hidden")
	assert.Empty(t, p.failures(), "no case is shown during an interview")
	waitFor[bool](p, waitTimeout, "the first follow-up to be revealed", `/Stage 2 of \d+: async/.test(document.querySelector("#interview-stage").textContent)`)
	assert.Equal(t, "2", p.value("#exercise-level"), "the interview moved on to level 2")

	// A loop that gives the model another context fails async, unseen.
	correct2 := readGo(t, "goexercise/loop2/loop.go")
	require.Contains(t, correct2, "model(ctx, messages)")
	p.setEditor("go-loop-editor", strings.Replace(correct2, "model(ctx, messages)", "model(context.Background(), messages)", 1))
	summary = p.goCheckPage()
	assert.NotContains(t, summary, "0 of 0", "the Check ran")
	assert.Empty(t, p.followUps(), "the follow-ups' verdicts stay hidden during an interview")
	assert.Contains(t, p.text("#interview-stage"), "Stage 2 of", "a failed Check does not move the interview on")

	async := len(agenttest.FollowUps()[0].Cases)
	p.setEditor("go-loop-editor", correct2)
	summary = p.goCheckPage()
	assert.Contains(t, summary, fmt.Sprintf("%d of %d cases pass", async, async), "a correct Go level-2 loop passes the drawn cases of the async follow-up")
	waitFor[bool](p, waitTimeout, "the next follow-up", `/Stage 3 of \d+: parallel calls/.test(document.querySelector("#interview-stage").textContent)`)

	p.reload()
	p.openExerciseIfHiddenGo()
	assert.Contains(t, p.text("#interview-stage"), "Stage 3 of", "a reload resumes the Go interview at its stage")
	assert.Equal(t, "go", p.value("#exercise-language"), "a reload keeps the interview's language")
	assert.True(t, eval[bool](p, `document.querySelector("#exercise-language").disabled`), "the language stays locked after a reload")

	p.clickNamed("End interview")
	waitFor[bool](p, waitTimeout, "the Interview report", `document.querySelector("#interview-report").checkVisibility()`)
	stages := eval[[][]string](p, `[...document.querySelectorAll("#interview-report .report-stages tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent))`)
	require.GreaterOrEqual(t, len(stages), 3, "the report lists the stages")
	assert.Equal(t, []string{"The loop", "1", "passed"}, []string{stages[0][0], stages[0][2], stages[0][3]}, "the classic loop took one Go Check and passed")
	assert.Equal(t, []string{"async", "2", "passed"}, []string{stages[1][0], stages[1][2], stages[1][3]}, "the async follow-up took two Go Checks")
	report := p.text("#interview-report")
	assert.Contains(t, report, "Final code (Go, loop.go)", "the report says the code is Go")
	assert.Contains(t, p.text("#interview-report .report-code"), "func RunAgent(ctx context.Context", "the report keeps the final Go code")
	assert.Contains(t, report, "Check 2 (async", "the failed Go Check's first difference is in the report")
	assert.Contains(t, report, "got a context that is not the loop's ctx", "the report keeps agenttest's words")
	assert.False(t, eval[bool](p, `document.querySelector("#exercise-language").disabled`), "the Language control is free once the interview ends")
	p.saveScreenshot("go-interview-report.png")
}

// openExerciseIfHiddenGo opens the Exercise unless a reload already shows
// it, and waits for the Go editor the reload brought back.
func (p *page) openExerciseIfHiddenGo() {
	p.t.Helper()
	if !p.visible("#exercise") {
		p.openExercise()
	}
	waitFor[bool](p, waitTimeout, "the Go editor after a reload", `!!document.querySelector("#go-loop-editor")`)
}
