//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What the page keeps of the user's inputs, and where: a reload, a share
// link, a run file and "Restore my code" carry every field, the Tool
// timeout too.

// fromTheCache is how the tool-timeout example ends when its 300 ms tool
// timeout is set: the slow tool times out, and the model asks the cache.
const fromTheCache = "Oslo: snow, -3 °C (from the cache: the live weather timed out)."

// assertRunsWithToolTimeout runs the page's code and checks that the run
// used the tool-timeout example's 300 ms limit: without it, the slow tool
// outlives the 2000 ms time limit and the run stops with a timeout.
func assertRunsWithToolTimeout(t *testing.T, p *page) {
	t.Helper()
	v := p.run()
	assert.Equal(t, "final", v.Banner.Reason, "the run ends with the cached answer, as the tool timeout lets it; the banner said %q", v.Banner.Text)
	assert.Contains(t, v.Banner.Text, fromTheCache)
}

// reopen loads path afresh, as a user coming back to it would: a page of
// its own, not a jump within the one shown.
func (p *page) reopen(path string) {
	p.t.Helper()
	p.do("leaving the page", chromedp.Navigate("about:blank"))
	p.open(path)
}

func TestPersistToolTimeoutSurvivesAReload(t *testing.T) {
	p := newPage(t)
	p.open("/#example=tool-timeout")
	require.Equal(t, "300", p.value("#tool-timeout"), "the example sets a 300 ms tool timeout")
	p.reload()
	assert.Equal(t, "300", p.value("#tool-timeout"), "a reload shows the tool timeout as it was")
	assertRunsWithToolTimeout(t, p)

	p.setValue("#tool-timeout", "")
	p.reload()
	assert.Equal(t, "", p.value("#tool-timeout"), "a tool timeout the user emptied stays empty after a reload")
}

func TestPersistShareLinkCarriesTheToolTimeout(t *testing.T) {
	p := newPage(t)
	p.open("/#example=tool-timeout")
	p.click("#share")
	link := waitFor[string](p, waitTimeout, "Share to put the state in the address (#state=...)",
		`location.hash.startsWith("#state=") && location.href`)
	assert.Equal(t, "300", decodeState(t, link)["toolTimeoutMs"], "the link holds the tool timeout")

	q := newPage(t) // a browser of its own: only the link can say 300
	q.openURL(link)
	assert.Equal(t, "300", q.value("#tool-timeout"), "the link sets the tool timeout")
	assertRunsWithToolTimeout(t, q)

	// A link made before links carried the tool timeout ran with none.
	old := encodeStateLink(t, map[string]string{"model": `[{type: "final", content: "old"}]`, "tools": "{}", "userMessage": "Hi", "maxSteps": "10"})
	q.reopen("/#state=" + old)
	assert.Equal(t, `[{type: "final", content: "old"}]`, q.value("#model-editor"), "the old link opens")
	assert.Equal(t, "", q.value("#tool-timeout"), "an old link opens with no tool timeout, not the one the page held")
}
