//go:build !(js && wasm)

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What links tell the user: an edited example keeps its name across a
// reload, and a link that asks for more than links may carry, points at no
// phase, is damaged or cannot be opened says so, and says what is shown
// instead.

const chainDescription = "A model(messages) function looks up a price"

func TestPageEditedExampleKeepsItsTitleAfterAReload(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("chain")
	p.setValue("#user-message", "How much do five apples cost?")
	require.Equal(t, chainTitle+" (edited)", p.text("#example-select option:checked"), "the edited example is marked before the reload")

	p.reload()
	assert.Equal(t, "How much do five apples cost?", p.value("#user-message"), "the reload keeps the edit")
	assert.Equal(t, chainTitle+" (edited)", p.text("#example-select option:checked"), "after a reload the menu still names the example, marked edited")
	assert.Equal(t, "chain", p.value("#example-select"))
	description := p.text("#example-description")
	assert.Contains(t, description, "(edited)", "the explanation stays, marked edited")
	assert.Contains(t, description, chainDescription)
}

func TestPageShareLinkSaysItLoweredTheTimeLimit(t *testing.T) {
	t.Parallel()
	link := "/#state=" + encodeStateLink(t, map[string]string{
		"model": `[{type: "final", content: "linked"}]`, "tools": "{}", "userMessage": "Hi", "maxSteps": "10", "timeLimit": "600000",
	})

	t.Run("on a first visit", func(t *testing.T) {
		t.Parallel()
		p := openPage(t, link)
		assert.Equal(t, "2000", p.value("#time-limit"), "a link cannot set more than 2000 ms")
		msg := p.waitNotice("600000 ms")
		assert.Contains(t, msg, "2000 ms", "the notice says what the time limit is now")
	})
	t.Run("over the user's own code", func(t *testing.T) {
		t.Parallel()
		p := openPage(t, "/")
		p.setEditor("model-editor", ownModel)
		p.reopen(link)
		assert.Equal(t, "2000", p.value("#time-limit"))
		msg := p.waitNotice("600000 ms")
		assert.Contains(t, msg, "replaced your code", "the notice still offers the user's code back")
		assert.Equal(t, "Restore my code", p.text("#notice-action"))
		p.clickNamed("Restore my code")
		assert.Equal(t, ownModel, p.value("#model-editor"))
	})
	t.Run("not when the limit is within what links carry", func(t *testing.T) {
		t.Parallel()
		p := openPage(t, "/#state="+encodeStateLink(t, map[string]string{"model": `[{type: "final", content: "linked"}]`, "tools": "{}", "timeLimit": "1500"}))
		assert.Equal(t, "1500", p.value("#time-limit"))
		assert.True(t, p.staysIdle(idleWindow))
		assert.NotContains(t, p.noticeText(), "time limit", "nothing was lowered, so nothing is said")
	})
}

func TestPageDamagedShareLinkSaysWhatIsWrong(t *testing.T) {
	t.Parallel()
	whole := encodeStateLink(t, map[string]string{"model": `[{type: "final", content: "linked"}]`, "tools": "{}", "userMessage": "Hi"})
	// Base64url of n bytes is never 4k+1 characters long: only a cut can
	// make one. A cut at 4k characters leaves whole bytes, which do not
	// inflate.
	cut := len(whole) - 1
	for cut%4 != 1 {
		cut--
	}
	half := len(whole) / 2 / 4 * 4
	p := newPage(t)
	for _, tc := range []struct{ name, hash, want string }{
		{"cut short to a length no state has", whole[:cut], "cut short or damaged"},
		{"cut short in the middle of its data", whole[:half], "cut short or damaged"},
		{"empty", "", "cut short"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p.use(t)
			p.reopen("/#state=" + tc.hash)
			msg := p.waitNotice("This share link could not be opened")
			assert.Contains(t, msg, tc.want)
			assert.NotContains(t, msg, "base64url", "the notice speaks of the link, not of its encoding")
			assert.Equal(t, "What is 2 + 3?", p.value("#user-message"), "the page shows the seed example instead")
			assert.Contains(t, msg, addTitle, "the notice says what is shown instead")
		})
	}
}

func TestPageBadPhaseLinkIsExplained(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	for _, tc := range []struct {
		phase, position string
		says            []string
	}{
		{"0", "Phase 1 of 11", []string{"phase=0", "phase 1"}},
		{"-1", "Phase 1 of 11", []string{"phase=-1", "phase 1"}},
		{"abc", "Phase 1 of 11", []string{"phase=abc", "phase 1"}},
		{"99", "Phase 11 of 11", []string{"phase=99", "11 phases", "phase 11"}},
	} {
		t.Run(tc.phase, func(t *testing.T) {
			p.use(t)
			p.reopen("/#example=add&phase=" + tc.phase)
			waitFor[bool](p, waitTimeout, "the run to open at "+tc.position,
				fmt.Sprintf(`document.querySelector("#step-position").textContent.trim() === %s`, js(tc.position)))
			msg := p.waitNotice("phase=" + tc.phase)
			for _, s := range tc.says {
				assert.Contains(t, strings.ToLower(msg), strings.ToLower(s), "the notice says what was wrong and what is shown instead")
			}
		})
	}
}

func TestPageLinkThatCannotBeOpenedSaysWhatIsShownInstead(t *testing.T) {
	t.Parallel()
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
