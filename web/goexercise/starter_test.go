package goexercise_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Go starter the Exercise offers as a zip: go.mod, loop.go (the stub,
// or the learner's code) and loop_test.go.
const starterDir = "starter"

// writeStarter writes the starter into a temp dir with loop.go replaced by
// loopFile's text and go.mod's replace directive pointing at this
// repository, as a learner's clone beside it would be.
func writeStarter(t *testing.T, loopFile string) string {
	t.Helper()
	dir := t.TempDir()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	mod, err := os.ReadFile(filepath.Join(starterDir, "go.mod"))
	require.NoError(t, err)
	require.Contains(t, string(mod), "replace agentloop.dev => ../agentloop", "the starter's go.mod no longer points at a clone beside it")
	mod = []byte(strings.Replace(string(mod), "=> ../agentloop", "=> "+root, 1))
	test, err := os.ReadFile(filepath.Join(starterDir, "loop_test.go"))
	require.NoError(t, err)
	loop, err := os.ReadFile(loopFile)
	require.NoError(t, err)
	for name, b := range map[string][]byte{"go.mod": mod, "loop_test.go": test, "loop.go": loop} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	return dir
}

// goTest runs go test in dir, offline: everything it needs is this
// repository and the standard library.
func goTest(t *testing.T, dir string) (string, error) {
	t.Helper()
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH: the starter is run with go test")
	}
	cmd := exec.Command(gocmd, "test", "-count=1", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func TestGoStarterPassesWithACorrectLoop(t *testing.T) {
	out, err := goTest(t, writeStarter(t, filepath.Join("loop", "loop.go")))
	require.NoError(t, err, "a learner's correct loop fails go test in the starter:\n%s", out)
	assert.Contains(t, out, "ok  \tloop")
}

func TestGoStarterNamesTheFirstDifferenceOfAWrongLoop(t *testing.T) {
	out, err := goTest(t, writeStarter(t, filepath.Join("internal", "loops", "noappend", "loop.go")))
	require.Error(t, err, "a wrong loop passed go test in the starter:\n%s", out)
	assert.Contains(t, out, "--- FAIL: TestRunAgent/one_tool_then_final")
	assert.Contains(t, out, `(missing message 2 = {"role":"assistant","type":"tool","name":"add"`, "the starter's test does not show agenttest's first difference")
}

func TestGoStarterStubIsTheExercisesStub(t *testing.T) {
	stub, err := os.ReadFile(filepath.Join(starterDir, "loop.go"))
	require.NoError(t, err)
	assert.Contains(t, string(stub), "func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {\n\t// TODO\n}",
		"the starter's loop.go is not the stub the Exercise shows")
}
