//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The sequence diagram: one arrow per event of the run, the current phase
// marked as the user steps, clicks that jump to a phase, and a window of
// rows for a long run.

func TestPageSequenceDiagramFollowsTheRun(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	b := p.run()
	require.Equal(t, "final", b.Banner.Reason)
	rows := eval[[]diagramRow](p, diagramJS)
	assert.Equal(t, 2, countKind(rows, "model-call"), "one arrow per model call of the seed run: %v", rows)
	assert.Equal(t, 2, countKind(rows, "model-answer"), "one arrow per model answer")
	assert.Equal(t, 1, countKind(rows, "tool-call"), "one arrow for the tool call")
	assert.Equal(t, 1, countKind(rows, "tool-result"), "one arrow for the tool's result")
	require.NotEmpty(t, rows)
	assert.Equal(t, []int{rows[len(rows)-1].Index}, currentRows(rows), "after a run the last event is marked")
	p.saveScreenshot("learner-diagram.png")

	// Step and Back move the mark.
	p.click("#step")
	p.waitPosition(fmt.Sprintf("Phase 1 of %d", len(rows)))
	assert.Equal(t, []int{0}, currentRows(eval[[]diagramRow](p, diagramJS)), "at phase 1 the first row is marked")
	p.clickAndWaitPosition("#step", fmt.Sprintf("Phase 2 of %d", len(rows)))
	assert.Equal(t, []int{1}, currentRows(eval[[]diagramRow](p, diagramJS)), "at phase 2 the second row is marked")
	p.press(kb.End)
	p.waitPosition(fmt.Sprintf("Phase %d of %d", len(rows), len(rows)))

	// A click on the tool call's arrow jumps there.
	var toolCall int
	for _, r := range rows {
		if r.Kind == "tool-call" {
			toolCall = r.Index
		}
	}
	p.click(fmt.Sprintf(`#diagram g.row[data-index="%d"] .hit`, toolCall))
	p.waitPosition(fmt.Sprintf("Phase %d of %d", toolCall+1, len(rows)))
	assert.Equal(t, []int{toolCall}, currentRows(eval[[]diagramRow](p, diagramJS)), "the clicked arrow is the current phase")

	// A click on a transcript message jumps to the phase that appended it.
	p.press(kb.End)
	p.waitPosition(fmt.Sprintf("Phase %d of %d", len(rows), len(rows)))
	p.click(`#transcript li.msg[data-index="1"] .msg-head`)
	p.waitPosition(fmt.Sprintf("Phase 4 of %d", len(rows)))
}

func TestPageSequenceDiagramOfALongRunDrawsAWindow(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("max-steps")
	p.setValue("#max-steps", "10000")
	b := p.waitBannerAfter(func() { p.click("#run") })
	require.Equal(t, "max_steps", b.Banner.Reason)
	n := eval[int](p, `document.querySelectorAll("#diagram svg g.row").length`)
	assert.Greater(t, n, 10, "the end of the run is drawn")
	assert.LessOrEqual(t, n, 60, "a 10,000-step run draws a window of rows, not all 60,000 events")
	assert.Contains(t, p.text("#diagram"), "earlier events are not drawn")
}

// diagramRow is one row of the sequence diagram.
type diagramRow struct {
	Kind    string `json:"kind"`
	Index   int    `json:"index"`
	Error   bool   `json:"error"`
	Current bool   `json:"current"`
}

const diagramJS = `[...document.querySelectorAll('[role="region"][aria-label="Sequence diagram"] svg g.row')].map(g => ({
	kind: g.dataset.kind, index: Number(g.dataset.index), error: g.classList.contains("error"), current: g.dataset.current === "true"}))`

func countKind(rows []diagramRow, kind string) int {
	n := 0
	for _, r := range rows {
		if r.Kind == kind {
			n++
		}
	}
	return n
}

func currentRows(rows []diagramRow) []int {
	var out []int
	for _, r := range rows {
		if r.Current {
			out = append(out, r.Index)
		}
	}
	return out
}
