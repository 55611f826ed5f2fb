//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Go loop a share link replaced is kept, as a JavaScript one is: after a
// reload, "Your earlier loop" brings it back, and the two swap.
func TestPageGoLoopReplacedByAShareLinkComesBackAsYourEarlierLoop(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	p.chooseGo()
	linked := "package loop\n\n// the link's loop\n"
	mine := "package loop\n\n// my loop\n"
	p.setEditor("go-loop-editor", linked)
	link := p.share()
	p.do("leaving the link", chromedp.Evaluate[chromedp.Void](`history.replaceState(null, "", location.pathname)`))
	p.setEditor("go-loop-editor", mine)
	assert.False(t, p.visible("#restore-loop"), "no loop is kept before a link replaces one")

	p.openURL(link)
	waitFor[bool](p, waitTimeout, "the link to fill the Go loop", `!!document.querySelector("#go-loop-editor") && document.querySelector("#go-loop-editor").value.includes("the link's loop")`)
	p.reload()
	waitFor[bool](p, waitTimeout, "the Go editor after a reload", `!!document.querySelector("#go-loop-editor")`)
	require.True(t, p.visible("#restore-loop"), "after a reload, the page still offers the Go loop the link replaced")
	p.clickNamed("Your earlier loop")
	assert.Equal(t, mine, p.value("#go-loop-editor"), "Your earlier loop brings back the Go loop the link replaced")
	p.reload()
	waitFor[bool](p, waitTimeout, "the Go editor after a reload", `!!document.querySelector("#go-loop-editor")`)
	assert.Equal(t, mine, p.value("#go-loop-editor"), "and it stays after a reload")
	p.clickNamed("Your earlier loop")
	assert.Equal(t, linked, p.value("#go-loop-editor"), "the link's Go loop was kept in turn: the two swap, and neither is lost")
}
