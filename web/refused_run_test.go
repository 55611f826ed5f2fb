//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What the page keeps on screen when something the user asked for cannot
// happen: a link that cannot be opened, a Check of a loop that does not
// compile, a Run whose field or code is wrong. What was shown stays, and
// the page says why, never more than what happened.

// noticeButton returns the name of the notice's action button, or "" when
// it shows none.
func (p *page) noticeButton() string {
	p.t.Helper()
	return eval[string](p, `document.querySelector("#notice-action").checkVisibility() ? document.querySelector("#notice-action").textContent : ""`)
}

// setHash follows a link to hash on the page already open, as a click on
// a tutorial's "try this" link would.
func (p *page) setHash(hash string) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`(location.hash = %s, true)`, js(hash)))
}

func TestKeepshownLinkThatCannotBeOpenedSaysWhatIsShownInstead(t *testing.T) {
	linked := `[{type: "final", content: "linked"}]`
	link := encodeStateLink(t, map[string]string{"model": linked, "tools": "{}", "userMessage": "Hi"})
	p := newPage(t)
	for _, tc := range []struct{ name, hash, wrong string }{
		{"a share link with a character no link has", "#state=abc$", "This share link could not be opened"},
		{"a share link of bytes that do not inflate", "#state=AAAA", "This share link could not be opened"},
		{"a link to no example", "#example=no-such-example", `There is no example "no-such-example".`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p.use(t)
			// The user's code, which a link on the page then replaces.
			p.reopen("/")
			p.setEditor("model-editor", ownModel)
			p.setHash("#state=" + link)
			p.waitNotice("The shared link replaced your code")
			require.Equal(t, linked, p.value("#model-editor"))

			p.setHash(tc.hash)
			msg := p.waitNotice(tc.wrong)
			assert.Contains(t, msg, "Your own code is shown instead.", "the notice says what is shown instead, as a page opened by the link does")
			assert.NotContains(t, msg, "replaced", "the link replaced nothing, and the notice says no such thing")
			assert.Empty(t, p.noticeButton(), "the notice offers nothing back: the link took nothing")
			assert.Equal(t, linked, p.value("#model-editor"), "the code shown stays as it was")

			// The code the first link replaced is still there to bring back.
			p.pickInMenuByLabel("Your earlier code")
			p.waitModel(ownModel, "Your earlier code to bring back the code the first link replaced")
		})
	}
}

func TestKeepshownExerciseAllPassedAfterAReloadPointsToNoDifferences(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.setEditor("loop-editor", correctLoop)
	want := fmt.Sprintf("%d of %d cases pass", casesCount(), casesCount())
	require.Contains(t, p.check(), want)

	p.reload()
	summary := p.text("#exercise-summary")
	assert.Contains(t, summary, want, "a reload keeps the last Check's count")
	assert.Contains(t, summary, "at your last Check", "the count is said to be the last Check's")
	assert.NotContains(t, summary, "differences", "every case passed: there are no differences to see")
	assert.Contains(t, summary, "every case", "the summary says the loop passed every case")
}

func TestKeepshownExerciseLoopWithAnErrorListsNoOldFailures(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.openExercise()
	stub := p.value("#loop-editor")
	require.Regexp(t, `^0 of \d+ cases pass`, p.check(), "the stub passes no case")
	require.NotEmpty(t, p.failures(), "the stub's failing cases are listed")

	p.setEditor("loop-editor", "function runAgent(model, tools, userMsg, maxSteps = 10) {\n  return 'x' +;\n}")
	p.clickNamed("Check")
	waitFor[bool](p, waitTimeout, "the summary to say Your loop has an error",
		`document.querySelector("#check").getAttribute("aria-disabled") !== "true" &&
			document.querySelector("#exercise-summary").textContent.includes("Your loop has an error")`)
	assert.Empty(t, p.failures(), "the failing cases of the loop as it was at the last Check are not listed under the error")
	assert.False(t, p.visible("#exercise-failures"), "the list of failing cases is hidden")

	p.setEditor("loop-editor", stub)
	require.Regexp(t, `^0 of \d+ cases pass`, p.check(), "the next Check of the stub")
	assert.NotEmpty(t, p.failures(), "the next Check lists the failing cases again")
}

func TestKeepshownRunThatCannotStartLeavesTheRunShown(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.dropFile("hello.json", helloRunFile)
	p.waitNotice("Opened hello.json")
	assertHelloShown := func(t *testing.T, after string) {
		t.Helper()
		v := p.view()
		if assert.Len(t, v.Transcript, 2, "the opened run is still shown %s: %v", after, v.Transcript) {
			assert.Equal(t, "Hello.", v.Transcript[1].Text, "the opened run's answer %s", after)
		}
		assert.True(t, v.Banner.Visible, "the opened run's stop banner is still shown %s", after)
		assert.NotEqual(t, "true", eval[string](p, `document.body.dataset.running || ""`), "nothing is running %s", after)
	}
	assertHelloShown(t, "once opened")

	t.Run("a wrong max steps", func(t *testing.T) {
		p.use(t)
		p.setValue("#max-steps", "-1")
		p.click("#run")
		waitFor[bool](p, waitTimeout, "#max-steps-error to explain the bad value",
			`(() => { const e = document.querySelector("#max-steps-error"); return e.checkVisibility() && e.textContent.trim() !== ""; })()`)
		assertHelloShown(t, "after Run with a wrong max steps")
		p.setValue("#max-steps", "3")
	})
	t.Run("a syntax error in the Model editor", func(t *testing.T) {
		p.use(t)
		p.setEditor("model-editor", "[\n  {type: \"final\" content: \"x\"}\n]")
		p.click("#run")
		waitFor[bool](p, waitTimeout, "the error beside the Model editor and the end of the run that did not start",
			`document.querySelector("#model-error").checkVisibility() && document.body.dataset.running !== "true"`)
		assert.Contains(t, p.text("#model-error"), "Line 2", "the error beside the editor says why nothing ran")
		assertHelloShown(t, "after Run with a syntax error")
	})
}
