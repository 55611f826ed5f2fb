//go:build !(js && wasm)

// Package static serves the playground's folder the way a static host
// would, for the dev server, the browser tests and the benchmarks alike.
package static

import (
	"fmt"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// FullPageFraming is the Content-Security-Policy sent with the full
// playground (index.html without ?embed=1): only the site itself may frame
// it. The full page holds the reader's stored code and its Open, Share and
// Restore buttons, which a page of another site must not lay its own
// content over; an embed (?embed=1) is made to be framed by any tutorial,
// and sandbox.html by any page that imports agentloop.js, so neither gets
// it.
const FullPageFraming = "frame-ancestors 'self'"

// Handler serves the files under dir, with the content type browsers need
// to compile WebAssembly while it downloads, and validators with
// revalidation on every use (Cache-Control: no-cache, Last-Modified and
// an ETag): a rebuild shows on reload, and an unchanged main.wasm comes
// back as 304 Not Modified, so the browser reuses the code it compiled.
//
// Every file is sent with Access-Control-Allow-Origin: *, as public static
// hosts and CDNs send it, so that a tutorial page on another origin can
// import agentloop.js (a module script, fetched with CORS) and the files
// it loads next to itself. The files are public and no request carries
// credentials, so allowing any origin exposes nothing.
//
// The full playground is sent with FullPageFraming (and X-Frame-Options:
// SAMEORIGIN): another site may frame its embed, never the full page.
func Handler(dir string) http.Handler {
	mime.AddExtensionType(".wasm", "application/wasm")
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Access-Control-Allow-Origin", "*")
		if isFullPage(r) {
			w.Header().Set("Content-Security-Policy", FullPageFraming)
			// For browsers that predate frame-ancestors.
			w.Header().Set("X-Frame-Options", "SAMEORIGIN")
		}
		if info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))); err == nil && !info.IsDir() {
			w.Header().Set("ETag", fmt.Sprintf(`"%x-%x"`, info.ModTime().UnixNano(), info.Size()))
		}
		files.ServeHTTP(w, r)
	})
}

// isFullPage tells whether r asks for the playground's full page: its
// index.html without the ?embed= the page reads as on (page/url-options.js:
// 1, true or yes, in any case).
func isFullPage(r *http.Request) bool {
	if p := path.Clean("/" + r.URL.Path); p != "/" && p != "/index.html" {
		return false
	}
	return !slices.Contains([]string{"1", "true", "yes"}, strings.ToLower(r.URL.Query().Get("embed")))
}
