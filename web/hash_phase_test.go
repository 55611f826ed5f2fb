//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A host that changes the embed's hash to #example=…&phase=N (a tutorial's
// "look at this step" link) gets that example at that phase, as on load,
// and the notice of the previous link does not stay.
func TestPageEmbedHashChangeToAPhaseOpensThatPhase(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/?embed=1#example=chain&phase=99")
	waitFor[bool](p, waitTimeout, "the first link's notice (phase 99 is past the run's end)", `!document.querySelector("#notice").hidden`)
	p.setHash("#example=add&phase=3")
	waitFor[bool](p, waitTimeout, "the step view at phase 3 of the add example",
		`/^Phase 3 of \d+$/.test(document.querySelector("#step-position").textContent.replace(/\s+/g, " ").trim())`)
	assert.Contains(t, p.value("#user-message"), "2 + 3", "the add example is shown")
	assert.True(t, eval[bool](p, `document.querySelector("#notice").hidden || !/99/.test(document.querySelector("#notice").textContent)`),
		"the notice about the first link's phase 99 is gone: %q", p.text("#notice"))
}
