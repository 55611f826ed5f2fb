//go:build js && wasm

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every Go file of the bridge builds only for js/wasm, so that a native
// go build ./... or go vet ./... skips the package instead of failing.
func TestEveryFileHasTheJSWasmBuildTag(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	require.NotEmpty(t, files, "run from the package's folder")
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		first, _, _ := strings.Cut(string(src), "\n")
		assert.Equal(t, "//go:build js && wasm", first, "%s must start with the js && wasm build tag", f)
	}
}
