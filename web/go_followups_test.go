//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
)

// needGoEngine skips (or, with AGENTLOOP_REQUIRE_BROWSER, fails) a test
// when make build has not built the Go Exercise's engine.
func needGoEngine(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(filepath.Join("site", "go", "manifest.json")); err != nil {
		unavailable(t, err)
	}
}

func TestPageGoLevel2PassesEveryFollowUpKeepsItsCountAndTellsASequentialLoopWhy(t *testing.T) {
	t.Parallel()
	needGoEngine(t)
	n := followUpsCount()
	p := newPage(t)
	p.open("/")
	p.waitReady()
	p.openExercise()
	p.chooseGo()

	// Level 1 passes, and agenttest's example shows beside loop.go.
	correct1 := readGo(t, "goexercise/loop/loop.go")
	p.setEditor("go-loop-editor", correct1)
	require.Contains(t, p.goCheckPage(), fmt.Sprintf("%d of %d cases pass", casesCount(), casesCount()))
	p.clickNamed("Compare with the reference")
	reference := waitFor[string](p, waitTimeout, "agenttest's example beside the loop",
		`(() => { const r = document.querySelector("#reference-compare .compare-reference"); return r && /^\/\/ runAgent is/.test(r.textContent) ? r.textContent : ""; })()`)
	assert.Contains(t, reference, "func runAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {", "the reference is agenttest's example's runAgent")
	assert.Equal(t, correct1, eval[string](p, `document.querySelector("#reference-compare .compare-yours").textContent`), "loop.go is shown beside it")
	assert.Contains(t, p.text("#reference-compare .compare-notes"), "error: unknown tool 'NAME'", "the differences that matter are called out")

	// A level's stub follows the level; the learner's own loop stays.
	p.chooseLevel("2 · Follow-ups")
	assert.Equal(t, correct1, p.value("#go-loop-editor"), "choosing level 2 replaced the learner's own Go loop")
	assert.False(t, p.visible("#exercise-compare"), "level 1's comparison shows at level 2, before it passes")
	p.chooseLevel("1 · The loop")
	p.setEditor("go-loop-editor", readGo(t, "goexercise/starter/loop.go"))
	p.chooseLevel("2 · Follow-ups")
	stub := p.value("#go-loop-editor")
	assert.Contains(t, stub, "func RunAgent(ctx context.Context, model agenttest.FollowUpModel, tools map[string]agenttest.FollowUpTool, userMsg string, opts agenttest.Options) (agenttest.Answer, error)",
		"level 2 in Go starts from the agenttest.FollowUpLoop stub")
	assert.Contains(t, stub, "malformed action", "the stub documents the follow-ups' rules beside it")
	assert.Contains(t, p.text("#exercise-statement"), "agenttest.FollowUpLoop", "the statement says what loop.go is at level 2")
	p.clickNamed("Show a hint")
	assert.Contains(t, p.text("#hints"), "model(ctx, messages)", "the hints describe the Go loop, not the JavaScript one")

	p.setEditor("go-loop-editor", readGo(t, "goexercise/loop2/loop.go"))
	summary := p.goCheckPage()
	assert.Contains(t, summary, fmt.Sprintf("%d of %d cases pass", n, n), "a correct Go level-2 loop did not pass every case")
	fs := p.followUps()
	require.Len(t, fs, len(agenttest.FollowUps()), "every follow-up is shown")
	for _, f := range fs {
		assert.Equal(t, "pass", f.Status, "follow-up %q: %s %s", f.Name, f.Words, f.Diff)
	}
	p.clickNamed("Compare with the reference")
	reference = waitFor[string](p, waitTimeout, "agenttest's level-2 example",
		`(() => { const r = document.querySelector("#reference-compare .compare-reference"); return r && /runAgentFollowUps/.test(r.textContent) ? r.textContent : ""; })()`)
	assert.Contains(t, reference, "func runAgentFollowUps(ctx context.Context", "level 2's reference is agenttest's follow-up example")
	assert.Contains(t, reference, "func within(", "the example's helpers come with it")
	p.saveScreenshot("go-level-2-all-pass.png")

	p.reload()
	p.openExerciseKept()
	waitFor[bool](p, waitTimeout, "the Go editor after a reload", `!!document.querySelector("#go-loop-editor")`)
	assert.Equal(t, "2", p.value("#exercise-level"), "a reload forgot the level")
	assert.Contains(t, p.text("#exercise-summary"), fmt.Sprintf("%d of %d cases pass (at your last Check)", n, n), "a reload forgot the Go loop's count")

	p.setEditor("go-loop-editor", readGo(t, "goexercise/internal/loops2/sequential/loop.go"))
	summary = p.goCheckPage()
	assert.NotContains(t, summary, fmt.Sprintf("%d of %d", n, n), "a sequential loop passed every case")
	fs = p.followUps()
	calls := followUpNamed(t, fs, "parallel calls")
	assert.Equal(t, "fail", calls.Status, "a loop that runs calls one at a time fails the parallel calls follow-up")
	assert.Contains(t, calls.Diff, "the calls did not run at the same time", "the learner is told why, in agenttest's words")
	assert.True(t, strings.HasPrefix(calls.Diff, `case "`), "the difference names its case")
	for _, f := range fs {
		if f.Name != "parallel calls" {
			assert.Equal(t, "pass", f.Status, "follow-up %q passes or fails on its own: %s", f.Name, f.Diff)
		}
	}
	p.saveScreenshot("go-level-2-sequential.png")
}
