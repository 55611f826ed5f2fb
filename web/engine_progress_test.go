//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// On a slow link main.wasm takes seconds to arrive. This test loads the
// playground through Chromium's network throttling and reads the engine's
// status as assistive technology finds it: the live status region.

// slowLink is a slow connection: about 4.8 Mbit/s down with 100 ms of
// latency, so main.wasm (about 3 MB) takes some five seconds.
var slowLink = network.Conditions{Latency: 100, DownloadThroughput: 600_000, UploadThroughput: 150_000}

// The texts of the engine status, as the page words them (page/app.js).
var (
	statusWaiting   = regexp.MustCompile(`^Loading the engine…$`)
	statusReceived  = regexp.MustCompile(`^Loading the engine: (\d+\.\d) MB of (\d+\.\d) MB…$`)
	statusCompiling = regexp.MustCompile(`^Loading the engine: compiling…$`)
	statusReady     = regexp.MustCompile(`^Engine ready$`)
)

// runWhenReady is what the Loop panel and the run bar say after Run while
// the engine is still loading.
const runWhenReady = "The run starts when the engine is ready…"

func TestSlowLinkShowsEngineDownloadThenRunsWhatWasPressedBeforeReady(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.throttle(slowLink)
	p.do("loading / on a slow link", chromedp.Navigate(p.url("/")))
	status := p.engineStatus()

	// The first bytes are counted once the page is wired: Run works from
	// then on, and the user presses it long before the engine is ready.
	status.waitUntil("the status to count main.wasm's bytes", waitTimeout, func(texts []string) bool {
		return statusReceived.MatchString(texts[len(texts)-1])
	})
	userMsg := p.value("#user-message")
	p.click("#run")
	waitFor[bool](p, waitTimeout, "the Loop panel to say the run will start when the engine is ready",
		fmt.Sprintf(`%s.textContent.trim() === %s`, must("#phase-detail"), js(runWhenReady)))
	v := p.view()
	assert.True(t, v.Running, "Run pressed before the engine is ready starts a run that waits: %s", v)
	assert.Empty(t, v.Transcript, "nothing has run yet: %s", v)
	assert.Equal(t, runWhenReady, v.Position, "the run bar, in view in every layout, says the run will start when the engine is ready")
	assert.Regexp(t, statusReceived, status.now(), "the status keeps counting bytes after Run")
	p.saveScreenshot("engine-progress-slow-link.png")

	shown := status.waitUntil("the status to say the engine is ready", readyTimeout, func(texts []string) bool {
		last := texts[len(texts)-1]
		return statusReady.MatchString(last) || strings.Contains(last, "failed")
	})
	assertProgress(t, shown, wasmMB(t))

	v = p.waitBanner()
	assertAddTranscript(t, userMsg, v)
	assert.Equal(t, "Engine ready", status.now(), "the status still says the engine is ready after the run")
}

// assertProgress checks the status texts in the order they were shown:
// after the page's first words, bytes received that grow towards the
// total, then compiling, then ready, and nothing else.
func assertProgress(t *testing.T, shown []string, total string) {
	t.Helper()
	var stages []string
	var received []float64
	for _, text := range shown {
		stage := ""
		switch {
		case statusWaiting.MatchString(text):
			stage = "waiting"
		case statusReceived.MatchString(text):
			stage = "received"
			m := statusReceived.FindStringSubmatch(text)
			assert.Equal(t, total, m[2], "the status names main.wasm's size (%s MB) as the total: %q", total, text)
			mb, err := strconv.ParseFloat(m[1], 64)
			require.NoError(t, err)
			received = append(received, mb)
		case statusCompiling.MatchString(text):
			stage = "compiling"
		case statusReady.MatchString(text):
			stage = "ready"
		default:
			t.Errorf("the status showed %q, which is none of its loading texts; it showed in turn: %q", text, shown)
		}
		if len(stages) == 0 || stages[len(stages)-1] != stage {
			stages = append(stages, stage)
		}
	}
	if len(stages) > 0 && stages[0] == "waiting" {
		stages = stages[1:]
	}
	assert.Equal(t, []string{"received", "compiling", "ready"}, stages,
		"the status says how much of main.wasm has arrived, then that it compiles, then that the engine is ready; it showed in turn: %q", shown)
	assert.GreaterOrEqual(t, len(received), 2, "the status shows the bytes received grow (it showed %v MB)", received)
	assert.IsIncreasing(t, received, "the bytes received only grow: %v MB", received)
}

// wasmMB is main.wasm's size as the status words it.
func wasmMB(t *testing.T) string {
	t.Helper()
	info, err := os.Stat(filepath.Join("site", "main.wasm"))
	require.NoError(t, err)
	return fmt.Sprintf("%.1f", float64(info.Size())/(1<<20))
}
