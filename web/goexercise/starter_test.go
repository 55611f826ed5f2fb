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

// The two ways the starter's go.mod tells a learner to reach the clone.
const (
	// replaceRoute is the go.mod as shipped: its replace directive points
	// at a clone beside the starter's folder.
	replaceRoute = "replace"
	// workspaceRoute deletes the replace lines and runs
	// go work init . ../agentloop, as go.mod's comment says.
	workspaceRoute = "go work"
)

// writeStarter lays out a temp dir as the recipe does (README's "Practise
// locally in Go"): agentloop/ is the clone (here a link to this
// repository) and loop/ a copy of the starter, with loop.go replaced by
// loopFile's text. go.mod is left as shipped (the workspace route deletes
// its replace lines and inits a workspace, as go.mod's comment says).
// It returns loop/.
func writeStarter(t *testing.T, route, loopFile string) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	tmp := t.TempDir()
	require.NoError(t, os.Symlink(root, filepath.Join(tmp, "agentloop")))
	dir := filepath.Join(tmp, "loop")
	require.NoError(t, os.Mkdir(dir, 0o755))
	mod, err := os.ReadFile(filepath.Join(starterDir, "go.mod"))
	require.NoError(t, err)
	require.Contains(t, string(mod), "\nreplace agentloop.dev => ../agentloop\n", "the starter's go.mod no longer points at a clone beside it")
	test, err := os.ReadFile(filepath.Join(starterDir, "loop_test.go"))
	require.NoError(t, err)
	loop, err := os.ReadFile(loopFile)
	require.NoError(t, err)
	if route == workspaceRoute {
		mod = []byte(withoutReplace(string(mod)))
	}
	for name, b := range map[string][]byte{"go.mod": mod, "loop_test.go": test, "loop.go": loop} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	if route == workspaceRoute {
		out, err := userGo(t, dir, "work", "init", ".", "../agentloop")
		require.NoError(t, err, "go work init . ../agentloop, as the starter's go.mod says, fails:\n%s", out)
	}
	return dir
}

// withoutReplace deletes the replace directive and the comment above it,
// the lines go.mod's comment tells a learner who uses a workspace to delete.
func withoutReplace(mod string) string {
	var keep []string
	for line := range strings.Lines(mod) {
		if !strings.HasPrefix(line, "//") && !strings.HasPrefix(line, "replace ") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "")
}

// userGo runs go with the environment a learner has: no GOFLAGS, no go env
// file, no workspace but their own, and offline (everything the starter
// needs is the clone and the standard library). The machine's own
// settings (this repository's tests run with GOFLAGS from a go env file)
// would hide what a learner meets. GOTOOLCHAIN=local: a go line newer
// than the Go at hand must fail here, not download a toolchain.
func userGo(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH: the starter is run with go test")
	}
	cmd := exec.Command(gocmd, args...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "GOFLAGS", "GOWORK", "GOENV", "GO111MODULE", "GOTOOLCHAIN", "GOPROXY", "GONOSUMDB", "GONOSUMCHECK", "GOINSECURE", "GOPRIVATE":
			continue
		}
		cmd.Env = append(cmd.Env, kv)
	}
	cmd.Env = append(cmd.Env, "GOENV=off", "GOTOOLCHAIN=local", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// goTest runs the recipe's go test in dir.
func goTest(t *testing.T, dir string) (string, error) {
	t.Helper()
	return userGo(t, dir, "test", "-count=1")
}

func TestGoStarterPassesWithACorrectLoop(t *testing.T) {
	for _, route := range []string{replaceRoute, workspaceRoute} {
		t.Run(route, func(t *testing.T) {
			out, err := goTest(t, writeStarter(t, route, filepath.Join("loop", "loop.go")))
			require.NoError(t, err, "a learner's correct loop fails go test in the starter (%s route):\n%s", route, out)
			assert.Contains(t, out, "ok  \tloop")
		})
	}
}

func TestGoStarterNamesTheFirstDifferenceOfAWrongLoop(t *testing.T) {
	for _, route := range []string{replaceRoute, workspaceRoute} {
		t.Run(route, func(t *testing.T) {
			out, err := goTest(t, writeStarter(t, route, filepath.Join("internal", "loops", "noappend", "loop.go")))
			require.Error(t, err, "a wrong loop passed go test in the starter:\n%s", out)
			assert.Contains(t, out, "--- FAIL: TestRunAgent/one_tool_then_final")
			assert.Contains(t, out, `(missing message 2 = {"role":"assistant","type":"tool","name":"add"`, "the starter's test does not show agenttest's first difference")
		})
	}
}

func TestGoStarterStubFailsOnlyOnItsTODO(t *testing.T) {
	// The first go test a learner runs, on the stub as downloaded: it must
	// reach the compiler and stop at the TODO, not at the module setup.
	for _, route := range []string{replaceRoute, workspaceRoute} {
		t.Run(route, func(t *testing.T) {
			out, err := goTest(t, writeStarter(t, route, filepath.Join(starterDir, "loop.go")))
			require.Error(t, err)
			assert.Contains(t, out, "loop.go:7:1: missing return", "go test on the stub does not stop at RunAgent's TODO")
			assert.NotContains(t, out, "go.mod", "go test on the stub stops at the module setup")
		})
	}
}

func TestGoStarterStubIsTheExercisesStub(t *testing.T) {
	stub, err := os.ReadFile(filepath.Join(starterDir, "loop.go"))
	require.NoError(t, err)
	assert.Contains(t, string(stub), "func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {\n\t// TODO\n}",
		"the starter's loop.go is not the stub the Exercise shows")
}
