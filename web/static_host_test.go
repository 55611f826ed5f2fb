//go:build !(js && wasm)

package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// web/site/ is the whole deployable page: any static host serves it as it
// is. These serve it with nothing but http.FileServer, not the project's
// own handler, once with the WebAssembly content type and once as a host
// that does not know .wasm would, and run the seed example.
func TestPageRunsFromAPlainStaticHost(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, wasmType string
	}{
		{"wasm served as application/wasm", "application/wasm"},
		{"wasm served as application/octet-stream", "application/octet-stream"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := newPage(t)
			files := http.FileServer(http.Dir("site"))
			host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if strings.HasSuffix(r.URL.Path, ".wasm") {
					w.Header().Set("Content-Type", tc.wasmType)
				}
				files.ServeHTTP(w, r)
			}))
			defer host.Close()
			if tc.wasmType != "application/wasm" {
				// The sandbox frame compiles the bytes the page passes it,
				// whatever their type; a browser may still warn of it.
				p.allowConsole(`application/wasm|MIME type`)
			}
			p.do("loading the page from "+host.URL, chromedp.Navigate(host.URL+"/"))
			p.waitReady()
			waitFor[bool](p, waitTimeout, "the page to load what it loads after the engine", lazyLoadedJS("window"))
			assertAddTranscript(t, p.value("#user-message"), p.run())
			assert.Greater(t, eval[int](p, `document.querySelectorAll("#loop-source .loop-line").length`), 10,
				"the Loop panel loaded agent-loop.go.txt from the same folder")
		})
	}
}
