//go:build !(js && wasm)

package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"agentloop.dev/web/internal/static"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPageEmbedTellsItsHostItsHeight(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/testdata/", http.StripPrefix("/testdata/", http.FileServer(http.Dir("testdata"))))
	mux.Handle("/", static.Handler("site"))
	host := httptest.NewServer(mux)
	defer host.Close()

	p := newPage(t)
	p.do("opening the tutorial page", chromedp.EmulateViewport(900, 900), chromedp.Navigate(host.URL+"/testdata/embed-host.html"))
	const doc = `document.querySelector("#frame").contentDocument`
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load", doc+` && `+doc+`.body && `+doc+`.body.dataset.engine === "ready"`)
	waitFor[bool](p, waitTimeout, "the embed to post its height to the host", `heightMessages.length > 0`)
	waitFor[bool](p, waitTimeout, "the embed to load what it loads after the engine", lazyLoadedJS(`document.querySelector("#frame").contentWindow`))

	type message struct {
		Type   string  `json:"type"`
		Height float64 `json:"height"`
		Keys   int     `json:"keys"`
	}
	got := eval[[]message](p, `heightMessages.map((m) => ({...m, keys: Object.keys(m).length}))`)
	require.NotEmpty(t, got)
	last := got[len(got)-1]
	assert.Equal(t, "agentloop:height", last.Type)
	assert.Equal(t, 2, last.Keys, "the message carries its type and the height, nothing else")
	want := eval[float64](p, `Math.ceil(`+doc+`.documentElement.getBoundingClientRect().height)`)
	assert.Equal(t, want, last.Height, "the height posted is the embedded document's height")
	assert.Equal(t, want, eval[float64](p, `document.querySelector("#frame").clientHeight`),
		"the iframe is as tall as the embed's document")
	assert.Equal(t, fmt.Sprintf("%vpx", last.Height), eval[string](p, `document.querySelector("#frame").style.height`),
		"the README's host script sized the iframe from the message")
}

func TestPageThemeOptionOverridesTheSystemScheme(t *testing.T) {
	for _, tc := range []struct{ system, theme, want string }{
		{"light", "dark", "rgb(13, 16, 20)"},
		{"dark", "light", "rgb(243, 245, 248)"},
		{"light", "", "rgb(243, 245, 248)"},
		{"dark", "", "rgb(13, 16, 20)"},
	} {
		t.Run(tc.system+" system, theme="+tc.theme, func(t *testing.T) {
			p := newPage(t)
			p.do("emulating the "+tc.system+" scheme", colorScheme(tc.system))
			p.open("/?embed=1&theme=" + tc.theme + "#example=add")
			assert.Equal(t, tc.want, eval[string](p, `getComputedStyle(document.body).backgroundColor`),
				"the page's background in a %s-scheme browser with &theme=%s", tc.system, tc.theme)
			editor := eval[string](p, `getComputedStyle(document.querySelector("#model-box .cm-editor")).backgroundColor`)
			dark := tc.theme == "dark" || (tc.theme == "" && tc.system == "dark")
			assert.Equal(t, dark, editor == "rgb(15, 20, 26)", "the code editor follows the page's scheme (its background is %s)", editor)
			p.do("back to the light scheme", colorScheme("light"))
		})
	}
}

// serveHostPage serves the site with one page of html at path beside it,
// as a tutorial author's page that embeds the playground, and returns that
// page's URL. The server closes after the test's tab (cleanups run last
// first), so nothing the page still loads meets a closed server.
func serveHostPage(t *testing.T, path, html string) string {
	mux := http.NewServeMux()
	mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(html))
	})
	mux.Handle("/", static.Handler("site"))
	host := httptest.NewServer(mux)
	t.Cleanup(host.Close)
	return host.URL + path
}
