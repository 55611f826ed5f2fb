package grade_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCompilerMessagesAreShownInItsOwnWordsAtTheLineTheReaderSees(t *testing.T) {
	const (
		line = "../testdata/line-directive.go.txt"
		eof  = "../testdata/syntax-eof.go.txt" // "package loop\n\nfunc RunAgent(\n"
	)
	got := checkInBrowserEngine(t, line, eof)
	first := func(file string) map[string]any {
		t.Helper()
		errs := ofType(got[file].Messages, "compile_error")
		require.Len(t, errs, 1, "%s: no compile error", file)
		for _, m := range ofType(got[file].Messages, "phase", "case_start") {
			assert.Equal(t, "compile", m["phase"], "%s: a file that does not compile was linked or run", file)
		}
		return errs[0]["errors"].([]any)[0].(map[string]any)
	}
	assert.Equal(t, map[string]any{"line": float64(1), "column": float64(1), "message": "elsewhere.go:41: undefined: undefinedName"}, first(line),
		"an error a //line directive laid elsewhere is gc's, not a RunAgent missing")
	assert.Equal(t, map[string]any{"line": float64(3), "column": float64(15), "message": "syntax error: unexpected EOF, expected )"}, first(eof),
		"the unexpected EOF is laid at the end of the last line")
}
