package agenttest

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// update rewrites the golden files instead of checking them:
//
//	go test ./agent/agenttest -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenBugs are the wrong classic loops whose failures are kept in
// testdata/wrong-loops.json. The page's JavaScript grader is tested
// against the same file (web/test/grader-golden.test.mjs) with the same
// loops written in JavaScript (web/test/wrong-loops.mjs), so that both
// graders word every difference alike.
var goldenBugs = []string{
	"forgets the action",
	"nil args for missing args",
	"steps <= max",
	"steps from 1 < max",
	"unknown tool without quotes",
	"error without a space",
	"returns the first tool output",
	"ignores max steps and final",
	"stop text without the period",
	"fills in missing args on the action",
	"tool message without a name",
	"drops the user message",
}

// checkGolden compares got, encoded as indented JSON, with the file
// testdata/name, or rewrites the file under -update.
func checkGolden(t *testing.T, name string, got any) {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	require.NoError(t, enc.Encode(got))
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "the golden file is missing: run go test ./agent/agenttest -update")
	assert.Equal(t, string(want), b.String(),
		"the first differences changed: if they read better, run go test ./agent/agenttest -update and make the JavaScript grader say the same")
}

// failures returns the first difference of every case the loop fails, in
// the order of Cases.
func failures(verdicts []Verdict) []string {
	var diffs []string
	for _, v := range verdicts {
		if !v.Passed() {
			diffs = append(diffs, v.Diff)
		}
	}
	return diffs
}

func TestWrongLoopsFailWithTheGoldenDifferences(t *testing.T) {
	t.Parallel()
	got := map[string][]string{}
	for _, bug := range goldenBugs {
		diffs := failures(CheckLoop(buggyLoop(bug)))
		assert.NotEmpty(t, diffs, "the loop that %s passed every case", bug)
		got[bug] = diffs
	}
	checkGolden(t, "wrong-loops.json", got)
}
