//go:build !(js && wasm)

package main

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
)

// readGo reads a Go file of the repository's web/ folder, failing the test
// when it is missing.
func readGo(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.FromSlash(path))
	require.NoError(t, err)
	return string(b)
}

// chooseGo picks Go in the Exercise's Language control and waits for the Go
// editor.
func (p *page) chooseGo() {
	p.t.Helper()
	p.setValue("#exercise-language", "go")
	waitFor[bool](p, waitTimeout, "the Go editor to show", `!!document.querySelector("#go-loop-editor") && document.querySelector("#go-loop-editor").checkVisibility()`)
}

// goCheckPage presses Check on the Go Exercise and waits until it is over,
// returning the summary it shows.
func (p *page) goCheckPage() string {
	p.t.Helper()
	p.clickNamed("Check")
	waitFor[bool](p, waitTimeout, "Check to start", `document.querySelector("#check").getAttribute("aria-disabled") === "true"`)
	return waitFor[string](p, goCheckTimeout, "the Go Check to end",
		`(() => { const s = document.querySelector("#exercise-summary").textContent;
			return document.querySelector("#check").getAttribute("aria-disabled") !== "true" && s; })()`)
}

func TestPageGoExerciseGradesCompilesMarksStopsAndKeepsTheLanguage(t *testing.T) {
	if _, err := os.Stat(filepath.Join("site", "go", "manifest.json")); err != nil {
		unavailable(t, err)
	}
	n := len(agenttest.Cases())
	correct := readGo(t, "goexercise/loop/loop.go")
	require.Contains(t, correct, "for range maxSteps", "the correct loop is written with range over an int")
	require.Contains(t, correct, `switch action["type"]`, "the correct loop switches on the action's type")

	p := newPage(t)
	p.open("/")
	p.waitReady()
	p.openExercise()
	jsLoop := p.value("#loop-editor")
	const engineFetches = `performance.getEntriesByType("resource").filter((r) => /\/go\/[^/]+$/.test(new URL(r.name).pathname)).length`
	assert.Zero(t, eval[int](p, engineFetches), "the Go engine was fetched before the learner picked Go")
	p.chooseGo()
	assert.Equal(t, readGo(t, "goexercise/starter/loop.go"), p.value("#go-loop-editor"), "choosing Go does not show the Go starter's loop.go stub")
	assert.False(t, p.visible("#loop-editor"), "the JavaScript editor still shows beside the Go one")
	// Picking Go downloads the engine, so that the first Check finds it
	// there (its progress while it downloads is the throttled-link test's).
	waitFor[bool](p, goCheckTimeout, "the Go engine to download once Go is picked",
		`["compile.wasm", "link.wasm", "archives.pack"].every((f) => performance.getEntriesByType("resource").some((r) => new URL(r.name).pathname.endsWith("/go/" + f)))`)
	fetched := eval[int](p, engineFetches)
	// What the summary said while the Check ran.
	eval[bool](p, `(window.__said = [], new MutationObserver(() => window.__said.push(document.querySelector("#exercise-summary").textContent))
		.observe(document.querySelector("#exercise-summary"), {childList: true, characterData: true, subtree: true}), true)`)

	p.setEditor("go-loop-editor", correct)
	summary := p.goCheckPage()
	assert.Contains(t, summary, fmt.Sprintf("%d of %d cases pass", n, n), "a correct Go loop did not pass every case")
	assert.Empty(t, p.failures(), "a correct Go loop lists failing cases")
	said := strings.Join(eval[[]string](p, `window.__said`), "\n")
	assert.NotContains(t, said, "Downloading the Go compiler", "the first Check downloaded the engine that picking Go had fetched")
	assert.Equal(t, fetched, eval[int](p, engineFetches), "the first Check fetched the engine again")
	assert.Contains(t, said, "Compiling your loop", "the Check did not say it was compiling")
	p.saveScreenshot("go-exercise-all-pass.png")

	wrong := []struct{ name, file, diff string }{
		{"no assistant append", "noappend", `(missing message 2 = {"role":"assistant"`},
		{"nil args", "nilargs", "the loop called clock(null); the reference called clock({})"},
		{"off by one", "offbyone", "the reference made model call"},
	}
	for _, w := range wrong {
		p.setEditor("go-loop-editor", readGo(t, "goexercise/internal/loops/"+w.file+"/loop.go"))
		summary := p.goCheckPage()
		assert.Regexp(t, fmt.Sprintf(`^\d+ of %d cases pass`, n), summary, "%s: no count of the cases", w.name)
		assert.NotContains(t, summary, fmt.Sprintf("%d of %d", n, n), "%s: a wrong loop passed every case", w.name)
		fs := p.failures()
		require.NotEmpty(t, fs, "%s: no failing case is listed", w.name)
		diffs := make([]string, len(fs))
		for i, f := range fs {
			diffs[i] = f.Diff
			assert.True(t, strings.HasPrefix(f.Diff, `case "`+f.Case+`": `), "%s: the difference %q does not name its case", w.name, f.Diff)
		}
		assert.Contains(t, strings.Join(diffs, "\n"), w.diff, "%s: agenttest's first difference is not shown", w.name)
	}
	p.saveScreenshot("go-exercise-failing-case.png")

	// A syntax error after a two-byte letter: gc counts its column in
	// bytes, the editor in UTF-16 units.
	broken := strings.Replace(correct, "\tfor range maxSteps {", "\tx := \"é\" )\n\tfor range maxSteps {", 1)
	line := strings.Count(broken[:strings.Index(broken, "x := ")], "\n") + 1
	p.setEditor("go-loop-editor", broken)
	summary = p.goCheckPage()
	assert.Contains(t, summary, "does not compile", "a syntax error did not say the loop does not compile")
	assert.NotContains(t, summary, "cases pass", "a loop that does not compile was graded")
	assert.Empty(t, p.failures(), "a loop that does not compile lists failing cases")
	assert.Contains(t, p.text("#go-loop-error"), fmt.Sprintf("loop.go:%d:12: syntax error", line), "gc's error is not shown as loop.go:L:C")
	marked := waitFor[string](p, waitTimeout, "the error's lint marker", `(() => { const m = document.querySelector("#go-loop-box .cm-lintRange-error"); return m ? m.textContent : ""; })()`)
	assert.Equal(t, ")", marked, "the marker is not on the ) gc names")
	assert.Equal(t, line, eval[int](p, `(() => { const m = document.querySelector("#go-loop-box .cm-lintRange-error");
		return [...document.querySelectorAll("#go-loop-box .cm-line")].indexOf(m.closest(".cm-line")) + 1; })()`),
		"the marker is not on the line of the error")
	p.saveScreenshot("go-exercise-compile-error.png")

	p.setValue("#exercise-time-limit", "2000")
	spin := strings.Replace(correct, "\tfor range maxSteps {", "\tfor {\n\t}\n\tfor range maxSteps {", 1)
	p.setEditor("go-loop-editor", spin)
	summary = p.goCheckPage()
	assert.Contains(t, summary, "the check stopped", "a runaway loop was not stopped")
	banner := p.text("#exercise-banner")
	assert.Contains(t, banner, "Your loop ran away", "the runaway is not named")
	assert.Contains(t, banner, `"`+agenttest.Cases()[0].Name+`"`, "the runaway's case is not named")
	p.saveScreenshot("go-exercise-runaway.png")

	p.setEditor("go-loop-editor", correct)
	assert.Contains(t, p.goCheckPage(), fmt.Sprintf("%d of %d cases pass", n, n), "the Check after a runaway did not work")

	p.reload()
	p.openExerciseKept()
	assert.Equal(t, "go", p.value("#exercise-language"), "a reload forgot the Exercise's language")
	waitFor[bool](p, waitTimeout, "the Go editor to show after a reload", `!!document.querySelector("#go-loop-editor")`)
	assert.Equal(t, correct, p.value("#go-loop-editor"), "a reload lost the Go loop")
	p.setValue("#exercise-language", "javascript")
	assert.Equal(t, jsLoop, p.value("#loop-editor"), "choosing Go lost the JavaScript loop")
}

// openExerciseKept waits for the Exercise a reload brought back.
func (p *page) openExerciseKept() {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, "the Exercise to show after a reload", `document.querySelector("#exercise").checkVisibility()`)
}

func TestPageGoStarterZipHoldsTheLearnersLoopAndTheTest(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.waitReady()
	p.openExercise()
	p.chooseGo()
	mine := "package loop\n\n// mine\n"
	p.setEditor("go-loop-editor", mine)
	// The download's bytes, as the browser would save them.
	eval[bool](p, `(() => {
		window.__zip = null;
		let blob = null;
		const make = URL.createObjectURL;
		URL.createObjectURL = (b) => ((blob = b), make(b));
		HTMLAnchorElement.prototype.click = function () {
			const name = this.download;
			blob.arrayBuffer().then((b) => {
				let s = ""; for (const x of new Uint8Array(b)) s += String.fromCharCode(x);
				window.__zip = {name, data: btoa(s)};
			});
		};
		return true;
	})()`)
	p.clickNamed("Go starter")
	type download struct{ Name, Data string }
	got := waitFor[download](p, waitTimeout, "the Go starter's download", `window.__zip`)
	assert.Equal(t, "go-starter.zip", got.Name)
	raw, err := base64.StdEncoding.DecodeString(got.Data)
	require.NoError(t, err)
	z, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	require.NoError(t, err, "the Go starter is not a zip")
	files := map[string]string{}
	for _, f := range z.File {
		r, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(r)
		require.NoError(t, err)
		files[f.Name] = string(b)
	}
	assert.Equal(t, mine, files["loop/loop.go"], "the starter's loop.go is not the learner's code")
	assert.Equal(t, readGo(t, "goexercise/starter/go.mod"), files["loop/go.mod"], "the starter's go.mod")
	assert.Equal(t, readGo(t, "goexercise/starter/loop_test.go"), files["loop/loop_test.go"], "the starter's loop_test.go")
}

// goLink is a link on which the Go engine (about 90 MB as the test server
// sends it) takes some seconds to arrive: 20 MB/s with 50 ms of latency.
var goLink = network.Conditions{Latency: 50, DownloadThroughput: 20_000_000, UploadThroughput: 1_000_000}

// goDownloading is the Exercise's summary while the engine downloads
// (exercise/go-check-view.js).
var goDownloading = regexp.MustCompile(`^Downloading the Go compiler: (\d+\.\d) MiB of (\d+\.\d) MiB`)

func TestPageGoCheckOnAThrottledLinkShowsTheDownloadsBytesThenCompiling(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(filepath.Join("site", "go", "manifest.json")); err != nil {
		unavailable(t, err)
	}
	n := len(agenttest.Cases())
	p := newPage(t)
	p.open("/")
	p.waitReady()
	// Only the engine's download is throttled: the page loads as usual.
	p.throttle(goLink)
	p.openExercise()
	p.chooseGo()
	eval[bool](p, `(window.__said = [], new MutationObserver(() => {
			const s = document.querySelector("#exercise-summary").textContent;
			if (window.__said[window.__said.length - 1] !== s) window.__said.push(s);
		}).observe(document.querySelector("#exercise-summary"), {childList: true, characterData: true, subtree: true}), true)`)
	p.setEditor("go-loop-editor", readGo(t, "goexercise/loop/loop.go"))
	p.clickNamed("Check")
	waitFor[bool](p, goCheckTimeout, "the download's bytes to show", `window.__said.some((s) => s.startsWith("Downloading the Go compiler"))`)
	p.saveScreenshot("go-exercise-downloading.png")
	summary := waitFor[string](p, goCheckTimeout, "the Go Check to end",
		`(() => { const s = document.querySelector("#exercise-summary").textContent;
			return document.querySelector("#check").getAttribute("aria-disabled") !== "true" && s; })()`)
	assert.Contains(t, summary, fmt.Sprintf("%d of %d cases pass", n, n), "a correct Go loop did not pass every case after a throttled download")

	said := eval[[]string](p, `window.__said`)
	var loaded []float64
	lastDownload, compiling := -1, -1
	for i, s := range said {
		if m := goDownloading.FindStringSubmatch(s); m != nil {
			got, err := strconv.ParseFloat(m[1], 64)
			require.NoError(t, err)
			loaded = append(loaded, got)
			lastDownload = i
			assert.Equal(t, -1, compiling, "the download's bytes showed after compiling: %q", said)
		}
		if compiling < 0 && strings.HasPrefix(s, "Compiling your loop") {
			compiling = i
		}
	}
	require.GreaterOrEqual(t, len(loaded), 3, "the download showed too few steps of its bytes: %q", said)
	assert.True(t, slices.IsSorted(loaded), "the bytes shown did not grow: %v", loaded)
	assert.Less(t, loaded[0], loaded[len(loaded)-1], "the bytes shown never grew: %v", loaded)
	assert.Greater(t, compiling, lastDownload, "compiling did not show after the download: %q", said)
}
