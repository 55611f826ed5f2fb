//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The context budget in the page: the Context field runs the loop with
// runAgent's contextBudget, What the model sees lists each call's request
// as the loop sent it, and the Tokens view counts it with gpt-tokenizer,
// loaded only when the view opens.

func TestPageContextBudgetTrimsWhatTheModelSeesAndTokensCountIt(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/#example=context-budget")
	assert.Equal(t, "300", p.value("#context-budget"), "the example sets the Context field")
	assert.Equal(t, "exchanges", p.value("#trim"))
	v := p.run()
	require.Equal(t, "final", v.Banner.Reason, "the run ends with its answer; the page showed %q", v.Banner.Text)
	assert.Contains(t, v.Banner.Text, "I still see pages 6, 7, 8.", "the model saw only the latest pages")
	assert.Len(t, v.Transcript, 18, "the transcript keeps every page: the question, 8 calls and their pages, the answer")

	summary := p.text("#model-sees-summary")
	assert.Contains(t, summary, "Model call 9 gets 7 messages (10 of the transcript's 17 left out to fit the context budget)")
	assert.Equal(t, []string{"messages[0]", "messages[1] (transcript 11)"},
		eval[[]string](p, `[...document.querySelectorAll("#model-sees-list .model-sees-index")].slice(0, 2).map(e => e.textContent)`),
		"the request keeps the question and goes on with the latest exchanges")

	loaded := `performance.getEntriesByType("resource").some(r => r.name.includes("o200k"))`
	assert.False(t, eval[bool](p, loaded), "the tokenizer is not loaded before the Tokens view opens")
	p.click("#tokens-summary")
	waitFor[bool](p, waitTimeout, "the Tokens view to count the call",
		`document.querySelector("#tokens-body .tokens-total")?.textContent.includes("by gpt-tokenizer") ?? false`)
	assert.True(t, eval[bool](p, loaded), "opening the Tokens view loads the tokenizer")
	total := p.text("#tokens-body .tokens-total")
	assert.Regexp(t, `^Model call 9 is sent [\d,]+ tokens of a 128,000-token window \(\d+%\), by gpt-tokenizer \(o200k\)\.$`, total)
	legend := eval[[]string](p, `[...document.querySelectorAll("#tokens-body .tokens-key")].map(e => e.textContent)`)
	require.Len(t, legend, 4, "user, assistant, tool outputs and tool schemas, each with its number as text")
	assert.Regexp(t, `^tool outputs: [\d,]+$`, legend[2])
	assert.Contains(t, p.text("#tokens-body .tokens-largest"), "(tool read_page)", "the largest messages are named")
	assert.Contains(t, p.text("#tokens-body .tokens-loop"), "The loop's own estimate (its context budget, exchanges): the transcript is 629 tokens, the request 244 of 300; left out messages 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.")

	rows := eval[[]string](p, `[...document.querySelectorAll("#tokens-body .tokens-row-label")].map(e => e.textContent)`)
	require.Len(t, rows, 9, "a row per model call")
	trimmed := 0
	for _, r := range rows {
		if assert.Regexp(t, `^call \d: [\d,]+( \(trimmed\))?$`, r) && len(r) > 0 && r[len(r)-1] == ')' {
			trimmed++
		}
	}
	assert.Equal(t, 5, trimmed, "calls 5 to 9 were trimmed: %q", rows)
	assert.Equal(t, "0", eval[string](p, `document.querySelector("#tokens-body .tokens-chart").getAttribute("tabindex")`), "the chart is reachable by keyboard")

	p.setValue("#token-window", "8192")
	waitFor[bool](p, waitTimeout, "the bar to measure against 8k",
		`document.querySelector("#tokens-body .tokens-total").textContent.includes("of a 8,192-token window")`)
	p.setValue("#token-window", "custom")
	p.setValue("#token-window-custom", "500")
	waitFor[bool](p, waitTimeout, "the bar to measure against the number typed",
		`document.querySelector("#tokens-body .tokens-total").textContent.includes("of a 500-token window")`)
	p.saveScreenshot("context-tokens.png")
}

func TestPageContextFieldExplainsABadBudget(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/#example=add")
	p.setValue("#context-budget", "-3")
	p.click("#run")
	waitFor[bool](p, waitTimeout, "the Context field's error",
		`!document.querySelector("#context-budget-error").hidden`)
	assert.Equal(t, `The context must be empty (no budget) or a whole number of tokens from 1 to 10,000,000; "-3" is not.`, p.text("#context-budget-error"))
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#context-budget").getAttribute("aria-invalid")`))
}
