//go:build !(js && wasm)

// Package static serves the playground's folder the way a static host
// would, for the dev server, the browser tests and the benchmarks alike.
package static

import (
	"mime"
	"net/http"
)

// Handler serves the files under dir, with the content type browsers need
// to compile WebAssembly while it downloads, and caching turned off so a
// rebuild shows on reload.
func Handler(dir string) http.Handler {
	mime.AddExtensionType(".wasm", "application/wasm")
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
