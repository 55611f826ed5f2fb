//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
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

// The texts of the engine status, as the page words them (app.js).
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

// throttle holds every request of the tab to c, with the HTTP cache off,
// so that each load downloads everything at c's pace.
func (p *page) throttle(c network.Conditions) {
	p.t.Helper()
	p.do("throttling the network", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			return fmt.Errorf("disabling the cache: %w", err)
		}
		_, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{&c},
		})
		return err
	}))
}

// statusRegion is a live status region of the page whose texts are being
// recorded.
type statusRegion struct {
	p   *page
	log runtime.RemoteObjectID // the texts it showed, in order
	el  runtime.RemoteObjectID
}

// engineStatus finds the engine's status as assistive technology does:
// among the status regions the accessibility tree exposes, the one that
// speaks of the engine. It records every text the region shows from now
// on, each change as it happens, so that a state shown for a few
// milliseconds is not missed between two polls.
func (p *page) engineStatus() *statusRegion {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, answerTimeout)
	defer cancel()
	doc, err := chromedp.Run(ctx, chromedp.Evaluate[*runtime.RemoteObject](`document`))
	require.NoError(p.t, err, "reading the document")
	res, err := chromedp.Call(ctx, accessibility.QueryAXTree, accessibility.QueryAXTreeParams{ObjectID: doc.ObjectID, Role: "status"})
	require.NoError(p.t, err, "querying the accessibility tree for status regions")
	var seen []string
	for _, n := range res.Nodes {
		if n.Ignored {
			continue
		}
		node, err := chromedp.Call(ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: n.BackendDOMNodeID})
		require.NoError(p.t, err, "resolving a status region")
		r := &statusRegion{p: p, el: node.Object.ObjectID}
		text := r.now()
		seen = append(seen, text)
		if !strings.Contains(text, "engine") {
			continue
		}
		assert.Equal(p.t, "polite", axProperty(n, accessibility.PropertyNameLive), "the engine status is announced politely as it changes")
		r.log = callOn[*runtime.RemoteObject](p, r.el, `function () {
			const text = () => this.textContent.replace(/\s+/g, " ").trim();
			const log = [text()];
			new MutationObserver(() => {
				if (text() !== log[log.length - 1]) log.push(text());
			}).observe(this, {childList: true, characterData: true, subtree: true});
			return log;
		}`).ObjectID
		return r
	}
	p.t.Fatalf("the page exposes no status region that speaks of the engine; its status regions say %q", seen)
	return nil
}

// axProperty returns n's property name when it is a string, "" otherwise.
func axProperty(n *accessibility.Node, name accessibility.PropertyName) string {
	for _, prop := range n.Properties {
		var v string
		if prop.Name == name && prop.Value != nil && json.Unmarshal(prop.Value.Value, &v) == nil {
			return v
		}
	}
	return ""
}

// now returns the region's text.
func (r *statusRegion) now() string {
	r.p.t.Helper()
	return callOn[string](r.p, r.el, `function () { return this.textContent.replace(/\s+/g, " ").trim(); }`)
}

// shown returns the texts the region showed since engineStatus, in order.
func (r *statusRegion) shown() []string {
	r.p.t.Helper()
	return callOn[[]string](r.p, r.log, `function () { return this.slice(); }`)
}

// waitUntil polls the texts shown until done accepts them and returns
// them; it fails the test, naming what, when timeout passes first.
func (r *statusRegion) waitUntil(what string, timeout time.Duration, done func([]string) bool) []string {
	r.p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		texts := r.shown()
		if done(texts) {
			return texts
		}
		if time.Now().After(deadline) {
			r.p.t.Fatalf("waited %v for %s, in vain; the status showed in turn: %q", timeout, what, texts)
		}
		time.Sleep(pollInterval)
	}
}

// callOn calls the JavaScript function fn with this bound to the remote
// object id and decodes its result into T.
func callOn[T any](p *page, id runtime.RemoteObjectID, fn string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, answerTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.CallFunctionOn[T](fn, func(params *runtime.CallFunctionOnParams) { params.ObjectID = id }))
	if err != nil {
		p.t.Fatalf("calling %s: %v", fn, err)
	}
	return v
}
