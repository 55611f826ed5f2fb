//go:build !(js && wasm)

package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// web/README.md sends its reader to make bench for the figures and keeps
// no copy of them, which went stale with every change the bench measures.
func TestReadmeLinksTheBenchAndCopiesNoFigures(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	readme := string(b)
	at := strings.Index(readme, "## Performance")
	require.GreaterOrEqual(t, at, 0, "web/README.md has a Performance section")
	perf := readme[at:]
	if next := strings.Index(perf[1:], "\n## "); next >= 0 {
		perf = perf[:next+1]
	}
	assert.NotContains(t, perf, "| measure | value | budget |", "the Performance section copies no table of figures")
	assert.NotContains(t, perf, "Latest figures", "the Performance section copies no table of figures")
	assert.Contains(t, perf, "`make bench`", "it says where the figures come from")
	assert.Contains(t, perf, "`.bench/last.json`", "and where the raw figures are")
}
