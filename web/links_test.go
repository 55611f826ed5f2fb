//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// What the page's links, its examples menu and its notices tell the user:
// an edited example keeps its name across a reload, a link that asks for
// more than links may carry or that is damaged says so, and "Your own
// code" in the menu brings the user's code back.

func TestLinksDamagedShareLinkSaysWhatIsWrong(t *testing.T) {
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
