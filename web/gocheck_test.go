//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
	"agentloop.dev/web/internal/static"
)

// goCheckTimeout bounds one Go Check in the browser, the first included: it
// downloads the engine and compiles the Go compiler and linker, which on a
// loaded 2-core machine takes most of a minute.
const goCheckTimeout = 4 * time.Minute

// goCheckResult is what a Check posted, as startGoCheck collects it.
type goCheckResult struct {
	Messages []map[string]any `json:"messages"`
	Progress []map[string]any `json:"progress"`
}

// goCheck runs exercise/go-sandbox.js's checkGoSandboxed on source in the
// page and returns what it posted, once it has ended.
func goCheck(p *page, source string, caseTimeLimitMs int) goCheckResult {
	p.t.Helper()
	return goCheckWith(p, source, caseTimeLimitMs, "")
}

// goCheckWith is goCheck with the engine from base, a folder's URL ("":
// the page's go/).
func goCheckWith(p *page, source string, caseTimeLimitMs int, base string) goCheckResult {
	p.t.Helper()
	eval[bool](p, `(window.__goCheck = { messages: [], progress: [], over: false },
	  import("/exercise/go-sandbox.js").then((m) => m.checkGoSandboxed(`+js(source)+`, {
	    onMessage: (msg) => window.__goCheck.messages.push(msg),
	    onProgress: (pr) => window.__goCheck.progress.push(pr),
	    caseTimeLimitMs: `+jsInt(caseTimeLimitMs)+`,
	    base: `+js(base)+` || undefined,
	  }).done).then(() => (window.__goCheck.over = true)), true)`)
	waitFor[bool](p, goCheckTimeout, "the Go Check to end", `window.__goCheck.over`)
	return eval[goCheckResult](p, `window.__goCheck`)
}

// jsInt writes n as a JavaScript number.
func jsInt(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// ofKind returns the messages of one type, in order.
func ofKind(ms []map[string]any, kind string) []map[string]any { return having(ms, "type", kind) }

// ofPhase returns the progress reports of one phase, in order.
func ofPhase(ps []map[string]any, phase string) []map[string]any { return having(ps, "phase", phase) }

func having(ms []map[string]any, key, value string) []map[string]any {
	var out []map[string]any
	for _, m := range ms {
		if m[key] == value {
			out = append(out, m)
		}
	}
	return out
}

func TestPageGoCheckGradesInTheSandboxStopsARunawayAndChecksAgain(t *testing.T) {
	if _, err := os.Stat(filepath.Join("site", "go", "manifest.json")); err != nil {
		unavailable(t, err)
	}
	correct, err := os.ReadFile(filepath.Join("goexercise", "loop", "loop.go"))
	require.NoError(t, err)
	p := newPage(t)
	p.open("/")
	p.waitReady()
	n := float64(len(agenttest.Cases()))

	first := goCheck(p, string(correct), 5000)
	done := ofKind(first.Messages, "done")
	require.Len(t, done, 1, "the Check did not finish: %v", first.Messages[len(first.Messages)-1])
	assert.Equal(t, n, done[0]["passedCount"], "a correct Go loop did not pass every case in the browser")
	assert.Equal(t, n, done[0]["total"])
	require.NotEmpty(t, first.Progress, "the engine's download showed no progress")
	last := ofPhase(first.Progress, "download")
	require.NotEmpty(t, last, "the engine's download showed no bytes")
	assert.Equal(t, last[len(last)-1]["total"], last[len(last)-1]["loaded"], "the download's progress never reached its total")
	assert.NotEmpty(t, ofPhase(first.Progress, "compile"), "the engine's compile was not shown")
	t.Logf("first Check: %v", done[0]["timing"])

	spin := "package loop\n\nimport \"agentloop.dev/agent/agenttest\"\n\nfunc RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {\n\tfor {\n\t}\n}\n"
	stuck := goCheck(p, spin, 2000)
	timeouts := ofKind(stuck.Messages, "timeout")
	require.Len(t, timeouts, 1, "an endless loop was not stopped: %v", stuck.Messages)
	assert.Equal(t, agenttest.Cases()[0].Name, timeouts[0]["name"], "the runaway case is not named")

	again := goCheck(p, string(correct), 5000)
	done = ofKind(again.Messages, "done")
	require.Len(t, done, 1, "the Check after a runaway did not finish")
	assert.Equal(t, n, done[0]["passedCount"], "the Check after a runaway did not work")
	assert.Empty(t, ofPhase(again.Progress, "download"), "the engine was downloaded again")
	t.Logf("next Check: %v", done[0]["timing"])
}

// A Go engine the sandbox frame cannot compile fails the Check with the
// frame's words, rather than leaving it to wait out its build limit and
// say only that it did not finish building.
func TestPageGoCheckSaysWhyTheSandboxCouldNotCompileTheGoEngine(t *testing.T) {
	manifest, err := os.ReadFile(filepath.Join("site", "go", "manifest.json"))
	if err != nil {
		unavailable(t, err)
	}
	var m struct {
		Compile struct {
			URL string `json:"url"`
		} `json:"compile"`
	}
	require.NoError(t, json.Unmarshal(manifest, &m))
	compileWasm, _, _ := strings.Cut(m.Compile.URL, "?")
	// The engine make build wrote, served at /broken-go/ with a compile.wasm
	// that is not WebAssembly, beside the site.
	mux := http.NewServeMux()
	mux.Handle("/broken-go/", http.StripPrefix("/broken-go/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == compileWasm {
			w.Write([]byte("this is not WebAssembly"))
			return
		}
		http.ServeFile(w, r, filepath.Join("site", "go", filepath.FromSlash(r.URL.Path)))
	})))
	mux.Handle("/", static.Handler("site"))
	host := httptest.NewServer(mux)
	t.Cleanup(host.Close)
	correct, err := os.ReadFile(filepath.Join("goexercise", "loop", "loop.go"))
	require.NoError(t, err)
	p := newPage(t)
	p.openURL(host.URL + "/")

	got := goCheckWith(p, string(correct), 5000, host.URL+"/broken-go/")
	failed := ofKind(got.Messages, "failed")
	require.Len(t, failed, 1, "the Check did not fail once: %v", got.Messages)
	assert.Contains(t, failed[0]["error"], "the sandbox could not compile the Go engine: ", "the Check does not say the engine failed to compile")
	assert.Contains(t, failed[0]["error"], "WebAssembly", "the Check does not give the browser's reason")
	assert.NotContains(t, failed[0]["error"], "did not finish building", "the Check waited out its build limit")
	assert.Empty(t, ofKind(got.Messages, "case_start"), "a case ran on an engine that did not compile")
}
