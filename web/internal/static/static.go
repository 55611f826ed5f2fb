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
)

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
func Handler(dir string) http.Handler {
	mime.AddExtensionType(".wasm", "application/wasm")
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Access-Control-Allow-Origin", "*")
		if info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))); err == nil && !info.IsDir() {
			w.Header().Set("ETag", fmt.Sprintf(`"%x-%x"`, info.ModTime().UnixNano(), info.Size()))
		}
		files.ServeHTTP(w, r)
	})
}
