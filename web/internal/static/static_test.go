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
		})
	}
}
