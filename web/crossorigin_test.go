//go:build !(js && wasm)

package main

import (
	"net/url"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A tutorial page on another origin imports agentloop.js from the dev
// server (which sends Access-Control-Allow-Origin: *, as public static
// hosts do) and runs the seed on its own thread and sandboxed.
func TestAgentloopImportedFromAnotherOriginRunsTheSeed(t *testing.T) {
	script, err := os.ReadFile("testdata/agentloop-crossorigin-page.js")
	require.NoError(t, err)
	host := serveHostPage(t, "/tutorial.html", `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>a tutorial on another origin</title><link rel="icon" href="data:,"></head><body>
<script type="module">`+string(script)+`</script></body></html>`)
	p := newTab(t)
	site := p.url("/")
	require.NotEqual(t, originOf(site), originOf(host), "the tutorial page must be on another origin than the site")
	p.do("loading the tutorial page on another origin", chromedp.Navigate(host+"?site="+site))
	waitFor[bool](p, waitTimeout, "the tutorial's module, which imports agentloop.js across origins", `typeof globalThis.tutorial === "object"`)

	assert.Equal(t, "The answer is 5.", eval[string](p, `tutorial.seed()`),
		"runAgent from agentloop.js imported across origins answers the seed on the page's thread")
	assert.Equal(t, "The answer is 5.", eval[string](p, `tutorial.sandboxed()`),
		"runAgentSandboxed from agentloop.js imported across origins answers the seed")
}

// originOf returns the scheme and host of a URL.
func originOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Scheme + "://" + u.Host
}
