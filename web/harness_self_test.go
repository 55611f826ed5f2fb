//go:build !(js && wasm)

package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The harness is what makes the page tests able to fail: these tests prove it
// notices what a user would see go wrong, on a tiny page of their own.

func TestBrowserHarnessReportsConsoleErrorsExceptionsAndDialogs(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!doctype html><title>bad page</title><link rel="icon" href="data:,">
<p id="p">hello   world</p>
<script>
console.error("boom", 42);
alert("hi there");
setTimeout(() => { throw new Error("kaboom") });
</script>`))
	}))
	defer srv.Close()

	p := newTab(t)
	p.do("loading the bad page", chromedp.Navigate(srv.URL))
	assert.Equal(t, "hello world", p.text("#p"), "text() folds white space")

	var problems []string
	require.Eventually(t, func() bool {
		problems = append(problems, p.takeProblems()...)
		return len(problems) >= 3
	}, waitTimeout, pollInterval, "the harness saw %q", problems)
	assert.Contains(t, problems, "console.error: boom 42")
	assert.Contains(t, problems, `a alert dialog opened: "hi there"`)
	assert.True(t, slices.ContainsFunc(problems, func(s string) bool {
		return strings.HasPrefix(s, "uncaught exception: Uncaught Error: kaboom")
	}), "the uncaught exception is reported: %q", problems)
	assert.Equal(t, []string{"alert: hi there"}, p.dialogsOpened())
}

func TestBrowserHarnessIgnoresAllowedConsoleErrors(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!doctype html><title>t</title><link rel="icon" href="data:,"><script>console.error("expected failure")</script>`))
	}))
	defer srv.Close()

	p := newTab(t)
	p.allowConsole(`^console\.error: expected failure$`)
	p.do("loading the page", chromedp.Navigate(srv.URL))
	assert.Empty(t, p.takeProblems())
}

func TestBrowserHarnessSavesScreenshots(t *testing.T) {
	t.Parallel()
	p := newTab(t)
	p.do("loading a blank page", chromedp.Navigate("about:blank"))
	path := p.saveScreenshot("harness-selftest.png")
	require.NotEmpty(t, path)
	defer os.Remove(path)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(data, []byte("\x89PNG")), "the screenshot is a PNG")
}
