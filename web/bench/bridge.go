//go:build !(js && wasm)

package main

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// warmupRuns is how many 10k-step runs of each loop come before timing.
const warmupRuns = 10

// runTimeout bounds one timed run in the page; a naive bridge needs about
// 8 s for 100k steps.
const runTimeout = 5 * time.Minute

// memorySample is what bench.memory() reports.
type memorySample struct {
	WasmBytes   *float64 `json:"wasmBytes"`
	JSHeapBytes *float64 `json:"jsHeapBytes"`
}

// benchBridge measures rows 2 and 3 in web/bench/index.html: the runAgent
// bridge against the plain-JS loop (jsloop.js) on the same trivial sync
// workload in the same page, alternating run by run, and the bridge's
// scaling from 1k to 100k steps with the wasm memory it leaves behind.
func benchBridge(ctx context.Context, chromium, baseURL string, repeats int) (bridgeRow, scaleRow section) {
	bridgeRow = section{Title: "2. Bridge in headless Chromium: runAgent (wasm) vs. the same loop in plain JS, 10k steps"}
	scaleRow = section{Title: "3. Scaling through the bridge"}
	fail := func(err error) (section, section) {
		bridgeRow.Rows = append(bridgeRow.Rows, failed("bridge, 10k steps", err))
		scaleRow.Rows = append(scaleRow.Rows, failed("bridge scaling", err))
		return bridgeRow, scaleRow
	}
	// expose-gc lets bench.memory() read the JS heap after a full GC, and
	// precise memory info makes performance.memory exact.
	b, err := newBrowser(ctx, chromium,
		chromedp.Flag("js-flags", "--expose-gc"), chromedp.Flag("enable-precise-memory-info", true))
	if err != nil {
		return fail(err)
	}
	defer b.Close()
	if err := navigate(b.ctx, baseURL+"/bench/index.html"); err != nil {
		return fail(fmt.Errorf("opening the bench page: %w", err))
	}
	if _, err := evaluate[bool](b.ctx, time.Minute, "bench.ready"); err != nil {
		return fail(fmt.Errorf("loading the bridge in the bench page: %w", err))
	}
	run := func(loop string, steps int) (float64, error) {
		ms, err := evaluate[float64](b.ctx, runTimeout, fmt.Sprintf("bench.%s(%d)", loop, steps))
		if err != nil {
			return 0, fmt.Errorf("%s, %s: %w", loop, stepsLabel(steps), err)
		}
		return ms, nil
	}
	memory := func() (memorySample, error) {
		return evaluate[memorySample](b.ctx, time.Minute, "bench.memory()")
	}
	// The first run meets V8's baseline code for main.wasm: what a user's
	// first run after loading sees.
	cold, err := run("bridge", 10000)
	if err != nil {
		return fail(err)
	}
	// V8 moves hot wasm functions to its optimizing tier as they run, and
	// the bridge takes about 100k steps to get there (measured: the
	// 8th 10k-step run is the first at full speed). Warm both loops up
	// that long before timing.
	for i := 0; i < warmupRuns; i++ {
		for _, loop := range []string{"bridge", "js"} {
			if _, err := run(loop, 10000); err != nil {
				return fail(err)
			}
		}
	}
	samples := map[string][]float64{}
	sample := func(loop string, steps int) error {
		ms, err := run(loop, steps)
		if err != nil {
			return err
		}
		key := fmt.Sprintf("%s_%d_ms", loop, steps)
		samples[key] = append(samples[key], ms)
		return nil
	}
	for i := 0; i < repeats; i++ {
		if err := sample("bridge", 10000); err != nil {
			return fail(err)
		}
		if err := sample("js", 10000); err != nil {
			return fail(err)
		}
	}
	const n = 10000
	bridge := median(samples["bridge_10000_ms"]) * 1000 / n
	js := median(samples["js_10000_ms"]) * 1000 / n
	ratios := make([]float64, repeats)
	for i := range ratios {
		ratios[i] = samples["bridge_10000_ms"][i] / samples["js_10000_ms"][i]
	}
	bridgeRow.Rows = append(bridgeRow.Rows,
		row{Measure: "bridge (runAgent), 10k steps", Value: bridge, Unit: "µs/step", Budget: atMost(10)},
		row{Measure: "plain JS loop, 10k steps", Value: js, Unit: "µs/step"},
		row{Measure: "bridge / plain JS", Value: median(ratios), Unit: "×"},
		row{Measure: "bridge, first 10k-step run after load (cold JIT)", Value: cold * 1000 / n, Unit: "µs/step"},
	)
	bridgeRow.Raw = map[string]any{"ms": map[string][]float64{"bridge_10000": samples["bridge_10000_ms"], "js_10000": samples["js_10000_ms"]},
		"first_bridge_10000_ms": cold}
	// Last, in the same tab (a background tab's timers are throttled):
	// the crossings a run makes, counted in a page of their own.
	defer func() {
		crossings, err := countCrossings(b.ctx, baseURL, n)
		if err != nil {
			bridgeRow.Rows = append(bridgeRow.Rows, failed("Go↔JS crossings", err))
			return
		}
		bridgeRow.Rows = append(bridgeRow.Rows, crossingRows(crossings, n)...)
		bridgeRow.Raw["crossings_per_run"] = crossings
	}()

	for i := 0; i < repeats; i++ {
		if err := sample("bridge", 1000); err != nil {
			scaleRow.Rows = append(scaleRow.Rows, failed("bridge, 1k steps", err))
			return bridgeRow, scaleRow
		}
	}
	before, err := memory()
	if err != nil {
		scaleRow.Rows = append(scaleRow.Rows, failed("memory", err))
		return bridgeRow, scaleRow
	}
	var after []memorySample
	for i := 0; i < repeats; i++ {
		if err := sample("bridge", 100000); err != nil {
			scaleRow.Rows = append(scaleRow.Rows, failed("bridge, 100k steps", err))
			return bridgeRow, scaleRow
		}
		m, err := memory()
		if err != nil {
			scaleRow.Rows = append(scaleRow.Rows, failed("memory", err))
			return bridgeRow, scaleRow
		}
		after = append(after, m)
	}
	for _, steps := range []int{1000, 10000, 100000} {
		ms := median(samples[fmt.Sprintf("bridge_%d_ms", steps)])
		scaleRow.Rows = append(scaleRow.Rows, row{Measure: "bridge, " + stepsLabel(steps), Value: ms, Unit: "ms"})
	}
	scaleRow.Rows = append(scaleRow.Rows, row{Measure: "time 100k / 10k steps",
		Value: median(samples["bridge_100000_ms"]) / median(samples["bridge_10000_ms"]), Unit: "×", Budget: atMost(12)})
	const mb = 1 << 20
	first, last := after[0], after[len(after)-1]
	if first.WasmBytes != nil {
		scaleRow.Rows = append(scaleRow.Rows,
			row{Measure: "wasm memory before the 100k runs", Value: *before.WasmBytes / mb, Unit: "MiB"},
			row{Measure: "wasm memory after one 100k run", Value: *first.WasmBytes / mb, Unit: "MiB"},
			row{Measure: fmt.Sprintf("wasm memory after %d runs", len(after)), Value: *last.WasmBytes / mb, Unit: "MiB"},
		)
		if len(after) > 2 {
			// Bounded means the runs give their memory back. Linear memory
			// never shrinks, and the second run starts before the first
			// one's garbage is collected (Go's heap may reach twice its
			// live size), so growth counts from the second run on.
			scaleRow.Rows = append(scaleRow.Rows, row{Measure: fmt.Sprintf("wasm memory growth, runs 2 to %d", len(after)),
				Value: *last.WasmBytes / *after[1].WasmBytes, Unit: "×", Budget: atMost(1.1)})
		}
	}
	if first.JSHeapBytes != nil {
		scaleRow.Rows = append(scaleRow.Rows,
			row{Measure: "JS heap after one 100k run (after GC)", Value: *first.JSHeapBytes / mb, Unit: "MiB"},
			row{Measure: fmt.Sprintf("JS heap after %d runs (after GC)", len(after)), Value: *last.JSHeapBytes / mb, Unit: "MiB"},
		)
	}
	scaleRow.Raw = map[string]any{"ms": samples, "memory_before": before, "memory_after_each_100k": after}
	return bridgeRow, scaleRow
}

// crossingCounts is what bench.crossings(n) reports.
type crossingCounts struct {
	Ms     float64            `json:"ms"`
	Counts map[string]float64 `json:"counts"`
}

// countCrossings reloads the bench page with every Go↔JS crossing counted
// (web/bench/bench.js, ?count) and counts one n-step run after a warm-up
// run.
func countCrossings(ctx context.Context, baseURL string, n int) (crossingCounts, error) {
	if err := navigate(ctx, baseURL+"/bench/index.html?count"); err != nil {
		return crossingCounts{}, err
	}
	if _, err := evaluate[bool](ctx, time.Minute, "bench.ready"); err != nil {
		return crossingCounts{}, err
	}
	if _, err := evaluate[crossingCounts](ctx, runTimeout, fmt.Sprintf("bench.crossings(%d)", n)); err != nil {
		return crossingCounts{}, err
	}
	return evaluate[crossingCounts](ctx, runTimeout, fmt.Sprintf("bench.crossings(%d)", n))
}

// crossingRows reports the crossings per step: Go calling into JS (the
// runtime's syscall/js imports), JS entering Go, and the kinds that happen
// at least once every ten steps.
func crossingRows(c crossingCounts, n int) []row {
	var goToJS, jsToGo float64
	var kinds []string
	for k, v := range c.Counts {
		switch {
		case strings.HasPrefix(k, "syscall/js."):
			goToJS += v
		case strings.HasPrefix(k, "JS→Go"):
			jsToGo += v
		}
		if v/float64(n) >= 0.1 {
			kinds = append(kinds, k)
		}
	}
	slices.SortFunc(kinds, func(a, b string) int { return cmp.Compare(c.Counts[b], c.Counts[a]) })
	rows := []row{
		{Measure: "Go→JS calls per step (syscall/js imports)", Value: goToJS / float64(n), Unit: ""},
		{Measure: "JS→Go entries per step (callbacks, timers)", Value: jsToGo / float64(n), Unit: ""},
	}
	for _, k := range kinds {
		rows = append(rows, row{Measure: "  " + strings.TrimPrefix(k, "syscall/js.") + " per step", Value: c.Counts[k] / float64(n), Unit: ""})
	}
	return rows
}
