//go:build !(js && wasm)

package main

import (
	"fmt"
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
