//go:build !(js && wasm)

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	// bigOutputModel calls a tool that returns 100 KB, step after step;
	// max steps ends it.
	bigOutputModel = `function model(messages) {
  return {type: "tool", name: "big", args: {}};
}`
	bigOutputTools = `{
  big: () => "start " + "x".repeat(100000),
}`
	// bigOutputSteps is enough steps for the trace's content budget
	// (run/trace.js, 16,000,000 characters: 80 steps of two 100 KB contents)
	// to cut the oldest, and few enough for the run to be quick.
	bigOutputSteps = "150"
)

func TestPageKeepsFullContentsOnlyForTheLatestSteps(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.setEditor("model-editor", bigOutputModel)
	p.setEditor("tools-editor", bigOutputTools)
	p.setValue("#max-steps", bigOutputSteps)
	p.click("#run")
	p.answersQuickly(5*time.Second, "during a run of 100 KB tool outputs")
	b := p.waitBannerWithin(longRunTimeout)
	require.Equal(t, "max_steps", b.Banner.Reason, "the banner said %q", b.Banner.Text)

	// The transcript's window (its last 200 messages) fills in over a few frames.
	waitFor[bool](p, waitTimeout, "the transcript to show its last 200 messages", `document.querySelectorAll("#transcript li.msg").length >= 200`)
	type result struct {
		Step    string `json:"step"`
		Cut     bool   `json:"cut"`
		Note    string `json:"note"`
		Content string `json:"content"`
		More    string `json:"more"`
	}
	results := eval[[]result](p, `[...document.querySelectorAll('#transcript li.msg[data-role="tool"]')].map((li) => ({
		step: li.querySelector(".msg-step")?.textContent || "",
		cut: li.dataset.cut === "true",
		note: li.querySelector(".msg-cut")?.textContent || "",
		content: li.querySelector(".msg-content").textContent,
		more: li.querySelector(".show-more")?.textContent || "",
	}))`)
	require.NotEmpty(t, results, "the transcript shows the tool results")
	first, last := results[0], results[len(results)-1]
	assert.True(t, first.Cut, "the earliest tool result shown (%s) is marked as cut", first.Step)
	assert.Contains(t, first.Note, "Cut to its first 1,000 of 100,006 characters: the page keeps full contents only for its latest",
		"a cut result says so, visibly, under the message")
	assert.True(t, strings.HasPrefix(first.Content, "start xxx"), "a cut result still shows the start of its content")
	assert.False(t, last.Cut, "the last tool result is whole")
	assert.Empty(t, last.Note)
	assert.Contains(t, last.More, "99,", "the last tool result's Show more offers its whole 100 KB")

	p.assertStillWorks(t)
}
