//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Editor sources the tests type in. The Model editor takes an array of
// scripted responses or a model(messages) function; the Tools editor an
// object of functions.
const (
	echoModel = `[
  {type: "tool", name: "echo", args: {}},
  {type: "final", content: "<b>done</b>"}
]`
	htmlTools = `{
  echo: () => "<img src=x onerror=alert(1)>",
}`
	// slowTools never answers within a test's life unless stopped.
	slowModel = `[
  {type: "tool", name: "wait", args: {}},
  {type: "final", content: "never shown"}
]`
	slowTools = `{
  wait: () => new Promise((resolve) => setTimeout(() => resolve("late"), 60000)),
}`
)

// assertAddTranscript checks the seed's example as the user sees it: the
// question, the call add {a: 2, b: 3}, its result 5 and the answer.
func assertAddTranscript(t *testing.T, userMsg string, got transcript, b banner) {
	t.Helper()
	require.Len(t, got, 4, "the transcript should show the question, the tool call, its result and the answer; it showed %v", got)
	assert.Equal(t, "user", got[0].Role, "first entry: %v", got[0])
	assert.Equal(t, userMsg, got[0].Text, "the user's message is shown as typed")

	assert.Equal(t, []string{"assistant", "tool"}, []string{got[1].Role, got[1].Type}, "second entry is the assistant's tool call: %v", got[1])
	assert.Equal(t, []string{"add"}, got[1].ToolNames, "the tool call names the tool add")
	if assert.Len(t, got[1].ToolArgs, 1, "the tool call shows its args") {
		var args map[string]any
		if assert.NoError(t, json.Unmarshal([]byte(got[1].ToolArgs[0]), &args), "the args are shown as JSON: %q", got[1].ToolArgs[0]) {
			assert.Equal(t, map[string]any{"a": 2.0, "b": 3.0}, args, "the args shown")
		}
	}

	assert.Equal(t, "tool", got[2].Role, "third entry is the tool result: %v", got[2])
	assert.Equal(t, "5", got[2].Text, "the tool result shown")
	assert.False(t, got[2].Failed, "the tool result 5 is not styled as an error")

	assert.Equal(t, []string{"assistant", "final"}, []string{got[3].Role, got[3].Type}, "last entry is the final answer: %v", got[3])
	assert.Equal(t, "The answer is 5.", got[3].Text, "the final answer shown")

	assert.True(t, b.Visible, "the stop banner is shown")
	assert.Equal(t, "final", b.Reason, "the stop banner's reason; it said %q", b.Text)
	assert.Contains(t, b.Text, "The answer is 5.", "the stop banner shows the result")
}

func TestPageDefaultExampleRunsEndToEnd(t *testing.T) {
	p := newPage(t)
	p.open("/")
	userMsg := p.value("#user-message")
	require.NotEmpty(t, userMsg, "the user-message field starts with the seed's question")
	assert.Equal(t, 1, eval[int](p, `performance.getEntriesByName("runAgent-ready").length`), "the page marks runAgent-ready once")
	assert.False(t, eval[bool](p, `document.body.classList.contains("embed")`), "the full page is not the compact embed layout")
	assert.Equal(t, "polite", eval[string](p, must("#transcript")+`.getAttribute("aria-live") || ""`), "the transcript is an ARIA live region")
	assert.Empty(t, p.transcript(), "nothing has run before the user clicks Run")
	assert.False(t, p.currentBanner().Visible, "no stop banner before the first run")

	b := p.run()
	assertAddTranscript(t, userMsg, p.transcript(), b)
	assert.Regexp(t, `(?i)\b2 steps\b|\bsteps?\W+2\b`, b.Text, "the banner says the run used 2 steps")
	assert.Regexp(t, `\d+(\.\d+)?\s*(ms|s)\b`, b.Text, "the banner says how long the run took")
}

func TestPageCtrlEnterRuns(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.do("pressing Ctrl+Enter in the Model editor",
		chromedp.Focus(chromedp.CSS("#model-editor")),
		chromedp.KeyEvent("\r", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
	)
	b := p.waitBanner()
	assertAddTranscript(t, p.value("#user-message"), p.transcript(), b)
}

// exampleCase is what running one shipped example must show.
type exampleCase struct {
	id        string
	timeLimit string // ms, when the example needs a short limit
	reason    string
	check     func(t *testing.T, p *page, got transcript, b banner)
}

var unknownToolRE = regexp.MustCompile(`^error: unknown tool '([^']*)'$`)

var exampleCases = []exampleCase{
	{id: "add", reason: "final", check: func(t *testing.T, p *page, got transcript, b banner) {
		assertAddTranscript(t, p.value("#user-message"), got, b)
	}},
	{id: "chain", reason: "final", check: func(t *testing.T, p *page, got transcript, b banner) {
		names := map[string]bool{}
		for _, m := range got {
			if m.Role == "assistant" && m.Type == "tool" {
				for _, n := range m.ToolNames {
					names[n] = true
				}
			}
			if m.Role == "tool" {
				assert.False(t, m.Failed, "no tool of the chain fails: %v", m)
			}
		}
		assert.GreaterOrEqual(t, len(names), 2, "the chain calls two different tools; it called %v", names)
		assertEndsWithFinal(t, got, b)
	}},
	{id: "unknown-tool", reason: "final", check: func(t *testing.T, p *page, got transcript, b banner) {
		i := indexOf(got, func(m msg) bool { return m.Role == "tool" && m.Failed })
		require.GreaterOrEqual(t, i, 1, "a failed tool result is shown; the transcript showed %v", got)
		m := unknownToolRE.FindStringSubmatch(got[i].Text)
		require.NotNil(t, m, "the result says the tool is unknown, exactly as the loop puts it; it said %q", got[i].Text)
		assert.Contains(t, got[i-1].ToolNames, m[1], "the unknown tool is the one the assistant called just before")
		assertEndsWithFinal(t, got, b)
	}},
	{id: "throwing-tool", reason: "final", check: func(t *testing.T, p *page, got transcript, b banner) {
		i := indexOf(got, func(m msg) bool { return m.Role == "tool" && m.Failed })
		require.GreaterOrEqual(t, i, 0, "the thrown error shows as a failed tool result; the transcript showed %v", got)
		assert.Regexp(t, `^error: \S`, got[i].Text, "the failed result starts with \"error: \" and the error's message")
		assertEndsWithFinal(t, got, b)
	}},
	{id: "max-steps", reason: "max_steps", check: func(t *testing.T, p *page, got transcript, b banner) {
		assert.Contains(t, b.Text, "Stopped: reached max steps.", "the banner shows the loop's exact result")
		limit, err := strconv.Atoi(p.value("#max-steps"))
		require.NoError(t, err, "the max-steps field holds a number")
		assert.Equal(t, limit, count(got, func(m msg) bool { return m.Role == "assistant" }),
			"one assistant message per step, up to max steps")
		assert.Zero(t, count(got, func(m msg) bool { return m.Type == "final" }), "no final answer")
	}},
	{id: "async-tool", reason: "final", check: func(t *testing.T, p *page, got transcript, b banner) {
		i := indexOf(got, func(m msg) bool { return m.Role == "tool" })
		require.GreaterOrEqual(t, i, 0, "the async tool's result is shown; the transcript showed %v", got)
		assert.False(t, got[i].Failed, "the awaited result is not an error: %v", got[i])
		assert.NotEmpty(t, got[i].Text, "the awaited result is shown")
		assertEndsWithFinal(t, got, b)
	}},
	{id: "parallel", reason: "final", check: func(t *testing.T, p *page, got transcript, b banner) {
		i := indexOf(got, func(m msg) bool { return m.Role == "assistant" && len(m.ToolNames) >= 2 })
		require.GreaterOrEqual(t, i, 0, "an assistant message shows two or more tool calls at once; the transcript showed %v", got)
		n := len(got[i].ToolNames)
		require.Greater(t, len(got), i+n, "each parallel call has its result after the call")
		for _, m := range got[i+1 : i+1+n] {
			assert.Equal(t, "tool", m.Role, "the %d results follow the parallel call: %v", n, got)
			assert.False(t, m.Failed, "no parallel call fails: %v", m)
		}
		assertEndsWithFinal(t, got, b)
	}},
	{id: "malformed", reason: "model_error", check: func(t *testing.T, p *page, got transcript, b banner) {
		assert.Regexp(t, `(?i)step \d+`, b.Text, "the banner names the step")
		assert.Contains(t, strings.ToLower(b.Text), "malformed", "the banner names the cause")
		require.NotEmpty(t, got)
		last := got[len(got)-1]
		assert.Equal(t, "assistant", last.Role, "the malformed response itself is shown last: %v", got)
		assert.NotContains(t, []string{"tool", "final"}, last.Type, "the malformed response is not shown as a valid one: %v", last)
	}},
	{id: "runaway", timeLimit: "500", reason: "timeout", check: func(t *testing.T, p *page, got transcript, b banner) {
		assert.Regexp(t, `tool '[^']+' at step \d+ did not return within 500 ms`, b.Text, "the banner names the call that ran away and the limit")
	}},
}

func assertEndsWithFinal(t *testing.T, got transcript, b banner) {
	t.Helper()
	require.NotEmpty(t, got, "the transcript shows the run")
	last := got[len(got)-1]
	assert.Equal(t, []string{"assistant", "final"}, []string{last.Role, last.Type}, "the run ends with the final answer: %v", got)
	assert.Contains(t, b.Text, last.Text, "the banner shows the final answer")
}

func indexOf(msgs []msg, f func(msg) bool) int {
	for i, m := range msgs {
		if f(m) {
			return i
		}
	}
	return -1
}

func count(msgs []msg, f func(msg) bool) int {
	n := 0
	for _, m := range msgs {
		if f(m) {
			n++
		}
	}
	return n
}

func TestPageEveryExampleRunsToItsExpectedEnd(t *testing.T) {
	p := newPage(t)
	p.open("/")
	offered := eval[[]string](p, `[...document.querySelectorAll("#example-select option")].map(o => o.value)`)
	descriptions := map[string]string{}
	for _, tc := range exampleCases {
		require.Contains(t, offered, tc.id, "the examples menu offers %q", tc.id)
	}
	for _, tc := range exampleCases {
		t.Run(tc.id, func(t *testing.T) {
			p.use(t)
			p.chooseExample(tc.id)
			desc := p.text("#example-description")
			assert.NotEmpty(t, desc, "the example has a one-line explanation")
			for other, d := range descriptions {
				assert.NotEqual(t, d, desc, "examples %s and %s share an explanation", other, tc.id)
			}
			descriptions[tc.id] = desc
			if tc.timeLimit != "" {
				p.setValue("#time-limit", tc.timeLimit)
			}
			b := p.run()
			got := p.transcript()
			require.NotEmpty(t, got, "the transcript shows the run")
			assert.Equal(t, "user", got[0].Role, "the transcript starts with the user's message")
			assert.Equal(t, p.value("#user-message"), got[0].Text, "the user's message is shown as typed")
			assert.Equal(t, tc.reason, b.Reason, "the run's stop reason; the banner said %q", b.Text)
			tc.check(t, p, got, b)
			if tc.timeLimit != "" {
				p.setValue("#time-limit", "2000")
			}
		})
	}
}
