package grade_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
	nilargs "agentloop.dev/web/goexercise/internal/loops/nilargs"
	noappend "agentloop.dev/web/goexercise/internal/loops/noappend"
	offbyone "agentloop.dev/web/goexercise/internal/loops/offbyone"
	panics "agentloop.dev/web/goexercise/internal/loops/panics"
	correct "agentloop.dev/web/goexercise/loop"
)

// A checked file is what web/test/go-check.mjs printed for one loop.go.
type checked struct {
	File     string           `json:"file"`
	Messages []map[string]any `json:"messages"`
	Ms       int              `json:"ms"`
}

// checkInBrowserEngine runs the Go Exercise's Check (web/site/worker/
// go-check.js, with the engine make build wrote) under Node on each file,
// one after another with the same compiled modules, as a page's Checks do.
func checkInBrowserEngine(t *testing.T, files ...string) map[string]checked {
	t.Helper()
	return checkInBrowserEngineAt(t, 1, files...)
}

// checkInBrowserEngineAt is checkInBrowserEngine at the given level of the
// Exercise, with that level's harness.
func checkInBrowserEngineAt(t *testing.T, level int, files ...string) map[string]checked {
	t.Helper()
	var flags []string
	if level != 1 {
		flags = append(flags, fmt.Sprintf("--level=%d", level))
	}
	return checkInBrowserEngineWith(t, flags, files...)
}

// checkInBrowserEngineWith is checkInBrowserEngine with go-check.mjs's
// flags (--level=2, --allow-directives).
func checkInBrowserEngineWith(t *testing.T, flags []string, files ...string) map[string]checked {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH: the Go Exercise's engine runs in a JavaScript engine")
	}
	engine := filepath.Join("..", "..", "site", "go")
	if _, err := os.Stat(filepath.Join(engine, "manifest.json")); err != nil {
		t.Skipf("the Go Exercise's engine is not built (%v): run make build", err)
	}
	wasmExec := filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js")
	args := append([]string{filepath.Join("..", "..", "test", "go-check.mjs"), wasmExec, engine}, flags...)
	cmd := exec.Command(node, append(args, files...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "the engine failed under Node: %s", stderr.String())
	got := map[string]checked{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var c checked
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
		if c.File != "" {
			got[c.File] = c
			t.Logf("%s: checked in %d ms, %v", c.File, c.Ms, c.Messages[len(c.Messages)-1]["timing"])
		}
	}
	require.Len(t, got, len(files), "go-check.mjs did not report every file")
	return got
}

// ofType returns the messages of the given types, in order.
func ofType(ms []map[string]any, types ...string) []map[string]any {
	var out []map[string]any
	for _, m := range ms {
		for _, ty := range types {
			if m["type"] == ty {
				out = append(out, m)
			}
		}
	}
	return out
}

func TestBrowserEngineGradesEveryLoopAsGoDoes(t *testing.T) {
	loops := []struct {
		file string
		loop agenttest.Loop
	}{
		{"../loop/loop.go", correct.RunAgent},
		{"../internal/loops/noappend/loop.go", noappend.RunAgent},
		{"../internal/loops/nilargs/loop.go", nilargs.RunAgent},
		{"../internal/loops/offbyone/loop.go", offbyone.RunAgent},
		{"../internal/loops/panics/loop.go", panics.RunAgent},
	}
	// Natively each loop is its own package; the frames that locate a
	// panic are those of the package in the file's folder.
	pkgOf := func(file string) string {
		return "agentloop.dev/web/goexercise/" + strings.TrimSuffix(strings.TrimPrefix(file, "../"), "/loop.go")
	}
	const (
		syntax    = "../testdata/syntax.go.txt"
		importOS  = "../testdata/import-os.go.txt"
		unsafe    = "../testdata/import-unsafe-escaped.go.txt"
		signature = "../testdata/signature.go.txt"
		goroutine = "../internal/loops/goroutine/loop.go"
		prints    = "../testdata/prints.go.txt"
		harness   = "../testdata/calls-the-harness.go.txt"
	)
	files := []string{syntax, importOS, unsafe, signature, goroutine, prints, harness}
	for _, l := range loops {
		files = append(files, l.file)
	}
	got := checkInBrowserEngine(t, files...)

	for _, l := range loops {
		t.Run(l.file, func(t *testing.T) {
			ms := got[l.file].Messages
			require.Empty(t, ofType(ms, "compile_error", "crashed"), "a loop that compiles with go build did not run in the browser")
			native := judgedNatively(reports(t, l.loop, pkgOf(l.file)), verdicts(l.loop, agenttest.Cases()))
			browser := ofType(ms, "case_start", "case_end")
			require.Len(t, browser, len(native)-1, "the browser graded another number of cases")
			assert.Equal(t, native[:len(native)-1], browser, "the page's verdicts on the browser's reports differ from go test's")
			done := ofType(ms, "done")[0]
			assert.Equal(t, native[len(native)-1]["passedCount"], done["passedCount"], "the summary differs")
			assert.Equal(t, native[len(native)-1]["total"], done["total"])
		})
	}

	t.Run("a syntax error is marked on its line and nothing is graded", func(t *testing.T) {
		ms := got[syntax].Messages
		assert.Empty(t, ofType(ms, "case_start"), "a file that does not compile was graded")
		errs := ofType(ms, "compile_error")
		require.Len(t, errs, 1)
		first := errs[0]["errors"].([]any)[0].(map[string]any)
		assert.Equal(t, map[string]any{"line": float64(8), "column": float64(27),
			"message": "syntax error: unexpected newline in argument list; possibly missing comma or )"}, first,
			"gc's own error, at its line and column")
	})

	for _, f := range []struct{ file, path string }{{importOS, "os"}, {unsafe, "unsafe"}} {
		t.Run("import "+f.path+" is refused naming what is offered", func(t *testing.T) {
			ms := got[f.file].Messages
			assert.Empty(t, ofType(ms, "case_start"))
			errs := ofType(ms, "compile_error")
			require.Len(t, errs, 1)
			first := errs[0]["errors"].([]any)[0].(map[string]any)
			assert.Equal(t, float64(4), first["line"])
			msg := first["message"].(string)
			assert.True(t, strings.HasPrefix(msg, `import "`+f.path+`" is not offered here; a loop may import `), msg)
			for _, p := range []string{"agentloop.dev/agent/agenttest", "encoding/json", "fmt", "strings", "unicode/utf8"} {
				assert.Contains(t, msg, p, "the refusal does not list an offered package")
			}
		})
	}

	t.Run("a RunAgent of another signature says which one is wanted", func(t *testing.T) {
		errs := ofType(got[signature].Messages, "compile_error")
		require.Len(t, errs, 1)
		first := errs[0]["errors"].([]any)[0].(map[string]any)
		assert.Equal(t, float64(5), first["line"], "the error is not at func RunAgent")
		assert.Contains(t, first["message"], "loop.go must define func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string")
	})

	t.Run("what the loop prints is shown with the case it printed during", func(t *testing.T) {
		ms := got[prints].Messages
		done := ofType(ms, "done")
		require.Len(t, done, 1)
		assert.Equal(t, float64(len(agenttest.Cases())), done[0]["passedCount"], "printing changed the verdicts")
		byCase := map[float64]string{}
		for _, o := range ofType(ms, "output") {
			byCase[o["index"].(float64)] += o["text"].(string)
		}
		for i, c := range agenttest.Cases() {
			if c.MaxSteps > 0 {
				assert.Contains(t, byCase[float64(i)], "calling the model with 1 messages\n", "case %q's output is missing", c.Name)
			}
		}
		assert.NotContains(t, byCase, float64(-1), "output was laid before any case")
		assert.Equal(t, "calling the model with 1 messages\n", byCase[0], "case 0 (a final at once) printed once")
		assert.Equal(t, "calling the model with 1 messages\ncalling the model with 3 messages\n", byCase[6], "case 6 (one tool then final) printed twice")
	})

	t.Run("a panic in the loop's goroutine is reported with its line", func(t *testing.T) {
		ms := got[goroutine].Messages
		crashed := ofType(ms, "crashed")
		require.Len(t, crashed, 1, "the program's death was not reported")
		assert.Equal(t, "the loop panicked: no tool named search", crashed[0]["message"])
		assert.Equal(t, "loop.go:30", crashed[0]["at"])
		starts := ofType(ms, "case_start")
		assert.Equal(t, starts[len(starts)-1]["index"], crashed[0]["index"], "the crash is not laid at the case that was running")
		for _, o := range ofType(ms, "output") {
			assert.NotContains(t, o["text"], "goroutine ", "the runtime's stacks were shown as the loop's output")
		}
	})

	t.Run("a loop that calls the harness itself grades nothing", func(t *testing.T) {
		ms := got[harness].Messages
		assert.Empty(t, ofType(ms, "case_start", "case_end", "compile_error"), "the harness graded a loop the learner's init gave it")
		crashed := ofType(ms, "crashed")
		require.Len(t, crashed, 1, "the program's refusal was not reported")
		assert.Equal(t, "the program stopped with exit code 1 before every case was graded", crashed[0]["message"])
		assert.NotContains(t, ofType(ms, "done")[0], "passedCount", "a summary was given")
	})
}
