package grade_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The loops that reach past the language: one that declares syscall/js's
// wasm imports itself and rewrites the harness's reports into a pass, and
// one that declares an import the runtime does not provide.
const (
	forges  = "../testdata/wasmimport-forges.go.txt"
	unknown = "../testdata/wasmimport-unknown.go.txt"
)

func TestCompilerDirectivesAreRefusedAtTheirLine(t *testing.T) {
	// And a file nested deeper than the compiler is worth waiting for.
	nested := filepath.Join(t.TempDir(), "nested.go")
	deep := "package loop\n\nvar x = " + strings.Repeat("(", 1000) + "1" + strings.Repeat(")", 1000) + "\n"
	require.NoError(t, os.WriteFile(nested, []byte(deep), 0o644))
	got := checkInBrowserEngine(t, forges, unknown, nested)
	t.Run("brackets nested too deep are refused before the compiler runs", func(t *testing.T) {
		ms := got[nested].Messages
		for _, m := range ofType(ms, "phase") {
			assert.NotEqual(t, "compile", m["phase"], "the compiler ran on 1,000 nested parentheses")
		}
		errs := ofType(ms, "compile_error")
		require.Len(t, errs, 1)
		first := errs[0]["errors"].([]any)[0].(map[string]any)
		assert.Equal(t, float64(3), first["line"])
		assert.Contains(t, first["message"], "brackets nest more than 64 deep here")
	})
	for _, tt := range []struct {
		file  string
		lines []float64 // of the directives, in order
		first string    // the first directive's name
	}{
		{forges, []float64{14, 15, 18, 19, 20}, "//go:wasmimport"},
		{unknown, []float64{8}, "//go:wasmimport"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			ms := got[tt.file].Messages
			assert.Empty(t, ofType(ms, "case_start", "crashed"), "a loop with a compiler directive was run")
			errs := ofType(ms, "compile_error")
			require.Len(t, errs, 1, "the directives were not refused")
			var lines []float64
			for _, e := range errs[0]["errors"].([]any) {
				e := e.(map[string]any)
				lines = append(lines, e["line"].(float64))
				assert.Equal(t, float64(1), e["column"], "a directive is marked where it starts")
				assert.True(t, strings.HasPrefix(e["message"].(string), "//go:"), e["message"])
				assert.Contains(t, e["message"], "is a compiler directive, and loop.go may use none")
			}
			assert.Equal(t, tt.lines, lines, "not every directive was marked at its line")
			first := errs[0]["errors"].([]any)[0].(map[string]any)["message"].(string)
			assert.True(t, strings.HasPrefix(first, tt.first+" "), first)
		})
	}
}

// TestARunnerTakenOverPassesNothingItDidNotPlay builds the forging loop
// as if its directives had slipped through, so that it rewrites in the
// runner every report the harness writes (and would copy what the
// reference did, were it in the cases it gets): the page's judge still
// counts only the two cases its RunAgent passes honestly.
func TestARunnerTakenOverPassesNothingItDidNotPlay(t *testing.T) {
	ms := checkInBrowserEngineWith(t, []string{"--allow-directives"}, forges)[forges].Messages
	require.Empty(t, ofType(ms, "compile_error"), "the forging loop did not build")
	done := ofType(ms, "done")
	require.Len(t, done, 1)
	assert.Equal(t, float64(2), done[0]["passedCount"], "a runner taken over wrote itself passes")
	assert.Equal(t, float64(57), done[0]["total"])
	passed := 0
	for _, e := range ofType(ms, "case_end") {
		if e["passed"] == true {
			passed++
		}
	}
	assert.Equal(t, 2, passed)
}

func TestADeadlockIsReportedAtOnceNamingItsCase(t *testing.T) {
	const deadlock = "../testdata/deadlock.go.txt"
	c := checkInBrowserEngine(t, deadlock)[deadlock]
	crashed := ofType(c.Messages, "crashed")
	require.Len(t, crashed, 1, "the deadlock was not reported")
	assert.Equal(t, "fatal error: all goroutines are asleep - deadlock!", crashed[0]["message"])
	assert.Equal(t, float64(3), crashed[0]["index"], "the deadlock is not laid at the case that ran")
	assert.Len(t, ofType(c.Messages, "case_end"), 3, "the cases before it were not graded")
	assert.NotContains(t, ofType(c.Messages, "done")[0], "passedCount")
}
