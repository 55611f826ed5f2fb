//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"regexp"
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
func assertAddTranscript(t *testing.T, userMsg string, v pageView) {
	t.Helper()
	got, b := v.Transcript, v.Banner
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
	assert.Empty(t, p.view().Transcript, "nothing has run before the user clicks Run")
	assert.False(t, p.view().Banner.Visible, "no stop banner before the first run")

	v := p.run()
	assertAddTranscript(t, userMsg, v)
	assert.Equal(t, "final", v.LitPhase(), "the Loop panel lights the line that ended the run")
	b := v.Banner
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
	assertAddTranscript(t, p.value("#user-message"), p.waitBanner())
}

// shippedExample is an example of the menu with the end it declares
// next to its code (web/site/examples.js).
type shippedExample struct {
	ID     string `json:"id"`
	Expect struct {
		Reason string   `json:"reason"`
		Phase  string   `json:"phase"`
		Text   *string  `json:"text"`
		Error  string   `json:"error"`  // a pattern, as JavaScript wrote it
		Failed []string `json:"failed"` // the tools whose results are errors
	} `json:"expect"`
	// Reacts is another user message and a part of the answer it gets, for
	// an example that says it follows the user's message.
	Reacts *struct {
		UserMessage string `json:"userMessage"`
		Text        string `json:"text"`
	} `json:"reacts"`
}

// shippedExamples returns the examples the page's menu offers, with what
// each declares, in the menu's order.
func (p *page) shippedExamples() []shippedExample {
	p.t.Helper()
	return eval[[]shippedExample](p, `import("./page/examples.js").then(({EXAMPLES}) => {
		const offered = [...document.querySelectorAll("#example-select option")].map(o => o.value).filter(Boolean);
		return offered.map(id => {
			const ex = EXAMPLES.find(e => e.id === id);
			if (!ex) throw new Error("the menu offers " + id + ", which examples.js does not have");
			const x = ex.expect || {};
			return {id, expect: {reason: x.reason || "", phase: x.phase || "", text: x.text ?? null,
				error: x.error ? x.error.source : "", failed: x.failed || []}, reacts: ex.reacts ?? null};
		});
	})`)
}

// Every example the menu offers runs to the end it declares, with the line
// of the loop that ended it lit; a new example is tested the day it is added.
func TestPageEveryExampleRunsToItsExpectedEnd(t *testing.T) {
	p := newPage(t)
	p.open("/")
	examples := p.shippedExamples()
	require.GreaterOrEqual(t, len(examples), 11, "the menu offers the shipped examples")
	descriptions := map[string]string{}
	for _, ex := range examples {
		t.Run(ex.ID, func(t *testing.T) {
			p.use(t)
			want := ex.Expect
			require.NotEmpty(t, want.Reason, "example %s declares how it ends (expect.reason)", ex.ID)
			p.chooseExample(ex.ID)
			desc := p.text("#example-description")
			assert.NotEmpty(t, desc, "the example has a one-line explanation")
			for other, d := range descriptions {
				assert.NotEqual(t, d, desc, "examples %s and %s share an explanation", other, ex.ID)
			}
			descriptions[ex.ID] = desc

			v := p.run()
			require.NotEmpty(t, v.Transcript, "the transcript shows the run")
			assert.Equal(t, "user", v.Transcript[0].Role, "the transcript starts with the user's message")
			assert.Equal(t, p.value("#user-message"), v.Transcript[0].Text, "the user's message is shown as typed")
			assert.Equal(t, want.Reason, v.Banner.Reason, "the run's stop reason; the banner said %q", v.Banner.Text)
			assert.Equal(t, want.Phase, v.LitPhase(), "the Loop panel lights the line that ended the run; the page showed %s", v)
			if want.Text != nil {
				assert.Contains(t, v.Banner.Text, *want.Text, "the banner shows the result")
			}
			if want.Error != "" {
				assert.Regexp(t, regexp.MustCompile(want.Error), bannerCause(t, p), "the banner names the cause")
			}
			if want.Reason == "final" {
				last := v.Transcript[len(v.Transcript)-1]
				assert.Equal(t, []string{"assistant", "final"}, []string{last.Role, last.Type}, "the run ends with the final answer: %v", v.Transcript)
				assert.Equal(t, *want.Text, last.Text, "the final answer shown")
			}
			failed := []string{}
			for _, m := range v.Transcript {
				if m.Role == "tool" && m.Failed {
					failed = append(failed, resultIDRE.ReplaceAllString(m.Extra, ""))
				}
			}
			assert.ElementsMatch(t, want.Failed, failed, "the tool results shown as errors; the transcript showed %v", v.Transcript)
		})
	}
}

// An example that says it follows the user's message answers an edited
// message, not the one it shipped with.
func TestPageExamplesThatReadTheMessageAnswerAnEditedOne(t *testing.T) {
	p := newPage(t)
	p.open("/")
	reacting := 0
	for _, ex := range p.shippedExamples() {
		if ex.Reacts == nil {
			continue
		}
		reacting++
		t.Run(ex.ID, func(t *testing.T) {
			p.use(t)
			p.chooseExample(ex.ID)
			p.setValue("#user-message", ex.Reacts.UserMessage)
			v := p.run()
			require.Equal(t, "final", v.Banner.Reason, "asked %q, the run ended: %q", ex.Reacts.UserMessage, v.Banner.Text)
			assert.Contains(t, v.Banner.Text, ex.Reacts.Text, "asked %q, the example answered", ex.Reacts.UserMessage)
		})
	}
	assert.GreaterOrEqual(t, reacting, 5, "the chain, unknown-tool, throwing-tool, async-tool and parallel examples follow the message")
}

// resultIDRE is the call's id a tool result's header shows after its name.
var resultIDRE = regexp.MustCompile(` \(id .*\)$`)

// bannerCause returns the stop banner's line about the cause.
func bannerCause(t *testing.T, p *page) string {
	t.Helper()
	return p.text("#stop-banner .banner-cause")
}
