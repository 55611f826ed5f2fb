//go:build !(js && wasm)

package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
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

// A small frame (360x300) asks its host for the height its content needs,
// not the frame's own, and with the README's host script the reader then
// sees Run's whole result without scrolling inside the frame.
func TestPageSmallEmbedAsksForTheHeightItNeedsAndShowsTheAnswer(t *testing.T) {
	script, err := os.ReadFile("testdata/embed-host.js")
	require.NoError(t, err)
	host := serveHostPage(t, "/small-host.html", `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A tutorial with a small frame</title><link rel="icon" href="data:,"></head><body>
<iframe id="frame" src="/?embed=1#example=add" title="agentloop playground: the add example" width="360" height="300"></iframe>
<script>`+string(script)+`</script></body></html>`)
	p := newPage(t)
	p.do("opening the tutorial page", chromedp.EmulateViewport(900, 2400), chromedp.Navigate(host))
	const doc = `document.querySelector("#frame").contentDocument`
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load", doc+` && `+doc+`.body && `+doc+`.body.dataset.engine === "ready"`)
	waitFor[bool](p, waitTimeout, "the embed to ask for more than its 300 px", `heightMessages.some((m) => m.height > 300)`)

	eval[chromedp.Void](p, doc+`.querySelector("#run").click()`)
	waitFor[bool](p, waitTimeout, "the run's final answer in the frame", `!!`+doc+`.querySelector(`+js(finalAnswerSel)+`)`)
	waitFor[bool](p, waitTimeout, "the frame to settle at the height its content needs",
		`(() => { const f = document.querySelector("#frame"); const last = heightMessages.at(-1); return !!last && f.clientHeight === last.height; })()`)
	type seen struct {
		Frame  float64 `json:"frame"`
		Answer rect    `json:"answer"`
		Banner rect    `json:"banner"`
		Scroll rect    `json:"scroll"`
	}
	got := eval[seen](p, `(() => { const d = `+doc+`; const r = `+rectJS+`;
		return {frame: document.querySelector("#frame").clientHeight, answer: r(d.querySelector(`+js(finalAnswerSel)+`)),
			banner: r(d.querySelector("#stop-banner")), scroll: r(d.querySelector("#transcript-scroll"))}; })()`)
	assert.Greater(t, got.Frame, 300.0, "the host grew the frame from the embed's report")
	for name, r := range map[string]rect{"the final answer": got.Answer, "the stop banner": got.Banner} {
		assert.True(t, r.Top >= 0 && r.Bottom <= got.Frame+0.5, "%s (y %.0f–%.0f) is inside the %.0f px frame", name, r.Top, r.Bottom, got.Frame)
	}
	assert.True(t, got.Answer.Bottom <= got.Scroll.Bottom+0.5, "the final answer (bottom %.0f) is not hidden below the transcript's edge (%.0f)", got.Answer.Bottom, got.Scroll.Bottom)
	p.saveScreenshot("embed-small-frame-grown.png")
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
