//go:build !(js && wasm)

package main

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/web/internal/static"
)

// agentloop.js on a tutorial author's page: runAgent on the page's thread,
// runAgentSandboxed in a frame that stops a runaway tool, and errors that
// name what a page's policy or a bad argument got wrong.

type sandboxed struct {
	Answer string   `json:"answer"`
	Error  string   `json:"error"`
	Name   string   `json:"name"` // the error's: TypeError, RangeError, Error
	Events []string `json:"events"`
	Ms     float64  `json:"ms"`
}

func openTutorial(t *testing.T) *page {
	return openTutorialAt(t, "/agentloop-page.html")
}

func openTutorialAt(t *testing.T, path string) *page {
	p := newTab(t)
	p.do("loading the tutorial page", chromedp.Navigate(p.url(path)))
	waitFor[bool](p, waitTimeout, "the tutorial's module", `typeof globalThis.tutorial === "object"`)
	return p
}

func TestAgentloopModuleRunsTheSeedOnThePagesThread(t *testing.T) {
	t.Parallel()
	p := openTutorial(t)
	type seed struct {
		Answer string   `json:"answer"`
		Kinds  []string `json:"kinds"`
	}
	got := eval[seed](p, `tutorial.seed()`)
	assert.Equal(t, "The answer is 5.", got.Answer, "runAgent imported from agentloop.js answers the seed")
	assert.Contains(t, got.Kinds, "done", "onEvent heard the run's events")
	assert.Equal(t, "The answer is 5.", p.text("#out"))
	assert.Equal(t, []string{"download", "compile", "ready"}, eval[[]string](p, `tutorial.phases`),
		"onProgress reports the download, the compile and ready for runAgent on the page")
	assert.Zero(t, eval[int](p, `tutorial.frames()`), "a page that runs the loop only on its own thread starts no sandbox frame")
}

func TestAgentloopSandboxStopsARunawayToolAndTheNextCallWorks(t *testing.T) {
	// Not parallel: it bounds how soon the runaway tool is rejected, on the
	// wall clock, which the load of other tests would stretch.
	p := openTutorial(t)
	assert.Zero(t, eval[int](p, `tutorial.frames()`), "the sandbox frame waits for the first sandboxed run")
	runaway := eval[sandboxed](p, `tutorial.sandboxed(
		'[{ role: "assistant", type: "tool", name: "spin", args: {} }, { role: "assistant", type: "final", content: "never" }]',
		'{ spin: () => { while (true) {} } }', 500)`)
	require.NotEmpty(t, runaway.Error, "runAgentSandboxed rejects a run whose tool never returns; it resolved %q", runaway.Answer)
	assert.Contains(t, runaway.Error, "tool 'spin' at step 1 did not return within 500 ms", "the rejection names the runaway call")
	assert.Less(t, runaway.Ms, 3000.0, "the rejection comes at the time limit, not much later")

	next := eval[sandboxed](p, `tutorial.sandboxed(
		'[{ role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } }, { role: "assistant", type: "final", content: "The answer is 5." }]',
		'{ add: ({ a, b }) => a + b }', 2000)`)
	assert.Empty(t, next.Error, "the call after a runaway works")
	assert.Equal(t, "The answer is 5.", next.Answer)
	assert.Contains(t, next.Events, "tool_end", "onEvent streams the sandboxed run's events")
	assert.Equal(t, 1, eval[int](p, `tutorial.frames()`), "the runs share one sandbox frame")
}

// A tutorial page whose Content-Security-Policy blocks the sandbox frame
// or WebAssembly hears so at once, with the directive to add, rather than
// a time-out later.
func TestAgentloopNamesWhatAPagesPolicyBlocks(t *testing.T) {
	// Not parallel: it bounds how soon the blocked sandbox is reported, on the
	// wall clock, which the load of other tests would stretch.
	p := newTab(t)
	p.allowConsole(`Content Security Policy|Content-Security-Policy|WebAssembly`)
	p.do("loading the strict tutorial page", chromedp.Navigate(p.url("/agentloop-strict-page.html")))
	waitFor[bool](p, waitTimeout, "the tutorial's module", `typeof globalThis.tutorial === "object"`)

	got := eval[sandboxed](p, `tutorial.sandboxed('[{ role: "assistant", type: "final", content: "hi" }]', '{}', 2000)`)
	assert.Empty(t, got.Answer, "runAgentSandboxed ran although the page's policy blocks the sandbox frame")
	assert.Contains(t, got.Error, "Content-Security-Policy does not allow the sandbox frame", "the rejection says what blocked the sandbox")
	assert.Contains(t, got.Error, "frame-src", "the rejection names the directive to change")
	assert.Less(t, got.Ms, 3000.0, "the rejection comes at once, not after a time-out")

	loadErr := eval[string](p, `tutorial.loadError()`)
	assert.Contains(t, loadErr, "'wasm-unsafe-eval'", "ready rejects naming what the policy must allow for runAgent on the page")
}

// The bridge compiles its JavaScript half with the Function constructor: a
// policy that allows WebAssembly but not eval gets that directive named,
// not "the Go program exited".
func TestAgentloopNamesUnsafeEvalWhenOnlyThatIsMissing(t *testing.T) {
	t.Parallel()
	p := newTab(t)
	p.allowConsole(`Content Security Policy|Content-Security-Policy|unsafe-eval|EvalError|compiling the engine`)
	p.do("loading the no-eval tutorial page", chromedp.Navigate(p.url("/agentloop-noeval-page.html")))
	waitFor[bool](p, waitTimeout, "the tutorial's module", `typeof globalThis.tutorial === "object"`)

	loadErr := eval[string](p, `tutorial.loadError()`)
	assert.Contains(t, loadErr, "add 'unsafe-eval' to script-src", "ready names the directive the bridge needs")
	assert.NotContains(t, loadErr, "Go program", "ready says what the policy blocks, not what followed from it")
}

// runAgentSandboxed's sources are arguments, not the playground's editors:
// a bad argument is refused at once, naming it, and errors in the sources
// name them as sources.
func TestAgentloopSandboxedNamesBadArgumentsAndItsSources(t *testing.T) {
	t.Parallel()
	p := openTutorial(t)
	const seedTools = `'{ add: ({ a, b }) => a + b }'`
	for _, c := range []struct{ call, want string }{
		{`tutorial.sandboxed('[]', ` + seedTools + `, "abc")`, "runAgentSandboxed: timeLimitMs must be a number of milliseconds, got string \"abc\""},
		{`tutorial.sandboxed('[]', ` + seedTools + `, NaN)`, "runAgentSandboxed: timeLimitMs must be a number of milliseconds, got number NaN"},
		{`tutorial.sandboxed('[]', ` + seedTools + `, 0)`, "runAgentSandboxed: timeLimitMs must be more than 0 and finite, got 0"},
		{`tutorial.sandboxed('[]', ` + seedTools + `, -5)`, "runAgentSandboxed: timeLimitMs must be more than 0 and finite, got -5"},
		{`tutorial.sandboxed('[]', undefined, 2000)`, "runAgentSandboxed: tools must be source text (a string), got undefined"},
		{`tutorial.sandboxed('// nothing yet', ` + seedTools + `, 2000)`, "The model source gives nothing: write an array of actions, or a function model(messages)."},
		{`tutorial.sandboxed('[{ type: "final" content: "x" }]', ` + seedTools + `, 2000)`, `the model source: a comma is missing after "final", before "content" (line 1, column 17)`},
		{`tutorial.sandboxed('while (true) {}', ` + seedTools + `, 300)`, "the model source did not finish within 300 ms"},
		// A page written before timeLimitMs had its name spells it timeLimit.
		{`tutorial.sandboxed('[]', ` + seedTools + `, undefined, {["time" + "Limit"]: 0})`, "runAgentSandboxed: timeLimitMs must be more than 0 and finite, got 0"},
		{`tutorial.sandboxed('[]', ` + seedTools + `, 2000, {maxSteps: -1})`, "runAgentSandboxed: maxSteps must be a non-negative integer, got number -1"},
		{`tutorial.sandboxed('[]', ` + seedTools + `, 2000, {toolTimeoutMs: -1})`, "runAgentSandboxed: toolTimeoutMs must be a number of milliseconds, 0 (none) or more, got number -1"},
	} {
		got := eval[sandboxed](p, c.call)
		assert.Equal(t, c.want, got.Error, "%s", c.call)
		assert.NotContains(t, got.Error, "editor", "%s: a tutorial page has no editors", c.call)
	}
}

// A tutorial page on another origin imports agentloop.js from the dev
// server (which sends Access-Control-Allow-Origin: *, as public static
// hosts do) and runs the seed on its own thread and sandboxed.
func TestAgentloopImportedFromAnotherOriginRunsTheSeed(t *testing.T) {
	t.Parallel()
	script, err := os.ReadFile("testdata/agentloop-crossorigin-page.js")
	require.NoError(t, err)
	host := serveHostPage(t, "/tutorial.html", `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>a tutorial on another origin</title><link rel="icon" href="data:,"></head><body>
<script type="module">`+string(script)+`</script></body></html>`)
	p := newTab(t)
	site := p.url("/")
	require.NotEqual(t, originOf(site), originOf(host), "the tutorial page must be on another origin than the site")
	p.do("loading the tutorial page on another origin", chromedp.Navigate(host+"?site="+site))
	waitFor[bool](p, waitTimeout, "the tutorial's module, which imports agentloop.js across origins", `typeof globalThis.tutorial === "object"`)

	assert.Equal(t, "The answer is 5.", eval[string](p, `tutorial.seed()`),
		"runAgent from agentloop.js imported across origins answers the seed on the page's thread")
	assert.Equal(t, "The answer is 5.", eval[string](p, `tutorial.sandboxed()`),
		"runAgentSandboxed from agentloop.js imported across origins answers the seed")
}

// originOf returns the scheme and host of a URL.
func originOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Scheme + "://" + u.Host
}

// runAgentSandboxed checks maxSteps as runAgent does, at once and with the
// documented kind of error (a TypeError for what is not a number, a
// RangeError for a number that is not a step count), not with a plain
// Error from the worker once it has started.
func TestAgentloopSandboxedRefusesABadMaxStepsAtOnce(t *testing.T) {
	t.Parallel()
	p := openTutorial(t)
	const seed = `'[{ role: "assistant", type: "final", content: "hi" }]', '{}', 2000`
	for _, c := range []struct{ maxSteps, name, want string }{
		{`1.5`, "RangeError", "runAgentSandboxed: maxSteps must be a non-negative integer, got number 1.5"},
		{`"3"`, "TypeError", `runAgentSandboxed: maxSteps must be a non-negative integer, got string "3"`},
		{`-1`, "RangeError", "runAgentSandboxed: maxSteps must be a non-negative integer, got number -1"},
		{`Infinity`, "RangeError", "runAgentSandboxed: maxSteps must be a non-negative integer, got number Infinity"},
	} {
		got := eval[sandboxed](p, `tutorial.sandboxed(`+seed+`, {maxSteps: `+c.maxSteps+`})`)
		assert.Equal(t, c.want, got.Error, "maxSteps %s", c.maxSteps)
		assert.Equal(t, c.name, got.Name, "the kind of error a tutorial's catch sees for maxSteps %s", c.maxSteps)
		assert.Empty(t, got.Events, "maxSteps %s: the run started although its argument was bad", c.maxSteps)
	}
	ok := eval[sandboxed](p, `tutorial.sandboxed(`+seed+`, {maxSteps: null})`)
	assert.Equal(t, "hi", ok.Answer, "maxSteps null is the default, as for runAgent (error %q)", ok.Error)
}

// An onEvent that throws is treated as runAgent treats it: the run goes
// on to its answer, the first failure is logged once, and nothing keeps
// throwing afterwards (the harness fails the test on any uncaught error).
func TestAgentloopSandboxedOnEventThatThrowsIsLoggedOnceAndTheRunGoesOn(t *testing.T) {
	t.Parallel()
	p := openTutorial(t)
	type outcome struct {
		sandboxed
		Logged []string `json:"logged"`
		Later  int      `json:"later"`
	}
	got := eval[outcome](p, `(async () => {
  const logged = [];
  const consoleError = console.error;
  console.error = (...args) => logged.push(args.map(String).join(" "));
  let calls = 0;
  try {
    const r = await tutorial.sandboxed(
      '[{ role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } }, { role: "assistant", type: "final", content: "The answer is 5." }]',
      '{ add: ({ a, b }) => a + b }', 2000,
      { onEvent(e) { calls++; throw new Error("the listener broke at " + e.kind); } });
    const atEnd = calls;
    // The watchdog ticks every 100 ms at this limit: a second is ten of them.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { ...r, logged, later: calls - atEnd };
  } finally {
    console.error = consoleError;
  }
})()`)
	assert.Empty(t, got.Error, "runAgentSandboxed rejected because onEvent threw")
	assert.Equal(t, "The answer is 5.", got.Answer, "the run went on to its answer")
	require.Len(t, got.Logged, 1, "the failures of onEvent are logged once per run")
	assert.Contains(t, got.Logged[0], "runAgentSandboxed: onEvent failed; the run goes on", "the log says whose callback failed")
	assert.Contains(t, got.Logged[0], "the listener broke at message", "the log carries what onEvent threw")
	assert.Zero(t, got.Later, "onEvent was still called after the run had settled")

	next := eval[sandboxed](p, `tutorial.sandboxed('[{ role: "assistant", type: "final", content: "again" }]', '{}', 2000)`)
	assert.Equal(t, "again", next.Answer, "the next run works (error %q)", next.Error)
}

// A host that sends its own Content-Security-Policy with every file,
// sandbox.html included, and allows no blob: workers, refuses the workers
// that run the code: the run rejects promptly naming the directive to
// add (worker-src blob:), not "the worker failed to start" or, after the
// frame's start time-out, "is sandbox.html deployed".
func TestAgentloopNamesAHostPolicyThatRefusesTheSandboxWorkers(t *testing.T) {
	// Not parallel: it bounds how soon the refused workers are reported, on
	// the wall clock, which the load of other tests would stretch.
	p := newTab(t)
	site := static.Handler("site")
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// script-src without blob: is also worker-src's, which is unset.
		w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'")
		if file, ok := tutorialFiles[r.URL.Path]; ok {
			http.ServeFile(w, r, file)
			return
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(host.Close)
	p.allowConsole(`Content Security Policy|Content-Security-Policy|worker`)
	p.do("loading the tutorial page from a host with its own policy", chromedp.Navigate(host.URL+"/agentloop-page.html"))
	waitFor[bool](p, waitTimeout, "the tutorial's module", `typeof globalThis.tutorial === "object"`)

	got := eval[sandboxed](p, `tutorial.sandboxed('[{ role: "assistant", type: "final", content: "hi" }]', '{}', 2000)`)
	assert.Empty(t, got.Answer, "runAgentSandboxed ran although the host's policy refuses its workers")
	assert.Contains(t, got.Error, "worker-src", "the rejection names the directive to change: %q", got.Error)
	assert.Contains(t, got.Error, "blob:", "the rejection names what to allow: %q", got.Error)
	assert.NotContains(t, got.Error, "deployed", "the rejection blames the deployment rather than the policy")
	assert.Less(t, got.Ms, 5000.0, "the rejection comes at once, not after the frame's start time-out")
}

// A hundred sandboxed runs asked for at once all answer: beyond the runs
// the sandbox holds at a time, they wait their turn, and none is lost to a
// frame that started a hundred workers at once.
func TestAgentloopSandboxQueuesAHundredConcurrentRuns(t *testing.T) {
	t.Parallel()
	p := openTutorial(t)
	type outcome struct {
		Answered int      `json:"answered"`
		Errors   []string `json:"errors"`
	}
	got := awaitWork[outcome](p, 4*time.Minute, "100 concurrent sandboxed runs", `tutorial.many(100)`)
	assert.Empty(t, got.Errors, "no run fails")
	assert.Equal(t, 100, got.Answered, "every run answers")
}
