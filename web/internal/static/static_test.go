//go:build !(js && wasm)

package static

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHandlerServesWasmSoBrowsersCanStreamCompileIt(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.wasm"), []byte("\x00asm\x01\x00\x00\x00"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>x</title>"), 0o644))
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()

	tests := []struct {
		path, wantType string
	}{
		{"/main.wasm", "application/wasm"},
		{"/", "text/html; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res, err := http.Get(srv.URL + tt.path)
			require.NoError(t, err)
			defer res.Body.Close()
			assert.Equal(t, http.StatusOK, res.StatusCode)
			assert.Equal(t, tt.wantType, res.Header.Get("Content-Type"), "compileStreaming refuses wasm of another type")
			assert.Equal(t, "no-cache", res.Header.Get("Cache-Control"), "a rebuild must show on reload")
			assert.Equal(t, "*", res.Header.Get("Access-Control-Allow-Origin"), "a page on another origin can import the site's modules")
		})
	}
}

func TestHandlerLetsTheBrowserRevalidateAnUnchangedWasm(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.wasm"), []byte("\x00asm\x01\x00\x00\x00"), 0o644))
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()

	res, err := http.Get(srv.URL + "/main.wasm")
	require.NoError(t, err)
	res.Body.Close()
	etag := res.Header.Get("ETag")
	require.NotEmpty(t, etag, "a validator lets a second visit reuse the compiled wasm")
	assert.NotEmpty(t, res.Header.Get("Last-Modified"))

	req, err := http.NewRequest("GET", srv.URL+"/main.wasm", nil)
	require.NoError(t, err)
	req.Header.Set("If-None-Match", etag)
	again, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	again.Body.Close()
	assert.Equal(t, http.StatusNotModified, again.StatusCode, "an unchanged main.wasm is not sent again")
}

func TestHandlerLetsOtherSitesFrameTheEmbedButNotTheFullPage(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"index.html", "sandbox.html"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("<!doctype html><title>x</title>"), 0o644))
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()

	tests := []struct {
		path     string
		fullPage bool
	}{
		{"/", true},
		{"/index.html", true},
		{"/?readonly=1", true},
		{"/?embed=0", true},
		{"/?embed=1", false},
		{"/?embed=TRUE&readonly=1", false},
		{"/index.html?embed=yes", false},
		{"/sandbox.html", false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res, err := http.Get(srv.URL + tt.path)
			require.NoError(t, err)
			defer res.Body.Close()
			require.Equal(t, http.StatusOK, res.StatusCode)
			if tt.fullPage {
				assert.Equal(t, "frame-ancestors 'self'", res.Header.Get("Content-Security-Policy"), "only the site may frame the full page")
				assert.Equal(t, "SAMEORIGIN", res.Header.Get("X-Frame-Options"), "older browsers too")
			} else {
				assert.Empty(t, res.Header.Get("Content-Security-Policy"), "any site may frame an embed and the sandbox frame")
				assert.Empty(t, res.Header.Get("X-Frame-Options"))
			}
		})
	}
}
