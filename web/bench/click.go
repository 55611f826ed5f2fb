//go:build !(js && wasm)

package main

import (
	"context"
	_ "embed"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// clickJS clicks Run on the seed example and times what shows (click.js).
//
//go:embed click.js
var clickJS string

// clicks is how many times row 7 clicks Run.
const clicks = 20

// clickTimes is what click.js reports.
type clickTimes struct {
	FirstMs  []float64 `json:"firstMs"`
	BannerMs []float64 `json:"bannerMs"`
	Reasons  []string  `json:"reasons"`
}

// benchClick measures row 7: on a warm playground (loaded, the engine
// ready), the time from a click on Run on the seed example to its first
// message in the transcript and to the stop banner, medians of 20 clicks.
func benchClick(ctx context.Context, chromium, baseURL string) section {
	s := section{Title: fmt.Sprintf("7. Click on Run: the seed example on a warm page (medians of %d clicks)", clicks)}
	fail := func(err error) section {
		s.Rows = append(s.Rows, failed("click on Run", err))
		return s
	}
	b, err := newBrowser(ctx, chromium)
	if err != nil {
		return fail(err)
	}
	defer b.Close()
	if err := navigate(b.ctx, baseURL+"/index.html#example=add"); err != nil {
		return fail(fmt.Errorf("opening the playground: %w", err))
	}
	if _, err := evaluate[coldStart](b.ctx, time.Minute, readyJS); err != nil {
		return fail(err)
	}
	t, err := evaluate[clickTimes](b.ctx, 2*time.Minute, fmt.Sprintf("(%s)(%d)", clickJS, clicks))
	if err != nil {
		return fail(err)
	}
	for i, r := range t.Reasons {
		if r != "final" {
			return fail(fmt.Errorf("click %d: the run ended with reason %q, want final", i+1, r))
		}
	}
	s.Rows = append(s.Rows,
		row{Measure: "click → first message in the transcript", Value: median(t.FirstMs), Unit: "ms", Budget: atMost(16)},
		row{Measure: "click → stop banner", Value: median(t.BannerMs), Unit: "ms", Budget: atMost(30)},
	)
	s.Raw = map[string]any{"first_ms": t.FirstMs, "banner_ms": t.BannerMs}
	return s
}

// benchLoad measures row 8: the playground's "runAgent ready" beside a
// bare page that only compiles main.wasm and runs it (bare.html), each
// loaded in a fresh browser context of one running browser (an empty
// cache), then reloaded in that context (the cache warm: a host's
// validators let the browser reuse the compiled code). Beside them, for
// reference, the isolated floor (bare-frame.html): the least a page must
// do to start main.wasm in a sandboxed frame as the playground does, where
// no compiled code can be reused and the frame needs a process of its own.
func benchLoad(ctx context.Context, chromium, baseURL string, repeats int) section {
	s := section{Title: "8. Load: the playground to runAgent ready beside a bare page of main.wasm (fresh context each, one browser)"}
	fail := func(err error) section {
		s.Rows = append(s.Rows, failed("load", err))
		return s
	}
	b, err := newBrowser(ctx, chromium)
	if err != nil {
		return fail(err)
	}
	defer b.Close()
	var marks []coldStart // the playground's first loads
	load := func(url string) (float64, float64, error) {
		first, again, err := loadTwice(b, url, 1)
		if url == baseURL+"/index.html" {
			marks = append(marks, first)
		}
		return first.ReadyMs, again.ReadyMs, err
	}
	var page, pageReload, bare, bareReload, floor, floorReload, tutorial, tutorialReload []float64
	for i := 0; i < repeats; i++ {
		f, a, err := load(baseURL + "/bench/bare.html")
		if err != nil {
			return fail(err)
		}
		bare, bareReload = append(bare, f), append(bareReload, a)
		f, a, err = load(baseURL + "/bench/tutorial.html")
		if err != nil {
			return fail(err)
		}
		tutorial, tutorialReload = append(tutorial, f), append(tutorialReload, a)
		f, a, err = load(baseURL + "/bench/bare-frame.html")
		if err != nil {
			return fail(err)
		}
		floor, floorReload = append(floor, f), append(floorReload, a)
		f, a, err = load(baseURL + "/index.html")
		if err != nil {
			return fail(err)
		}
		page, pageReload = append(page, f), append(pageReload, a)
	}
	s.Rows = append(s.Rows,
		row{Measure: "playground: navigation to runAgent ready", Value: median(page), Unit: "ms"},
		row{Measure: "bare page: navigation to runAgent ready", Value: median(bare), Unit: "ms"},
		row{Measure: "playground / bare page", Value: median(page) / median(bare), Unit: "×"},
		row{Measure: "playground reload: navigation to runAgent ready", Value: median(pageReload), Unit: "ms"},
		row{Measure: "bare page reload: navigation to runAgent ready", Value: median(bareReload), Unit: "ms"},
		row{Measure: "playground reload / bare page reload", Value: median(pageReload) / median(bareReload), Unit: "×"},
		row{Measure: "tutorial page (agentloop.js): navigation to runAgent ready", Value: median(tutorial), Unit: "ms"},
		row{Measure: "tutorial page / bare page", Value: median(tutorial) / median(bare), Unit: "×", Budget: atMost(1.25)},
		row{Measure: "tutorial page reload / bare page reload", Value: median(tutorialReload) / median(bareReload), Unit: "×", Budget: atMost(1.25)},
		row{Measure: "isolated floor: navigation to runAgent ready", Value: median(floor), Unit: "ms"},
		row{Measure: "playground / isolated floor", Value: median(page) / median(floor), Unit: "×", Budget: atMost(1.25)},
		row{Measure: "isolated floor reload: navigation to runAgent ready", Value: median(floorReload), Unit: "ms"},
		row{Measure: "playground reload / isolated floor reload", Value: median(pageReload) / median(floorReload), Unit: "×", Budget: atMost(1.25)},
	)
	s.Rows = append(s.Rows, markRows(marks)...)
	s.Raw = map[string]any{"page_marks": marks, "page_ms": page, "bare_ms": bare, "page_reload_ms": pageReload, "bare_reload_ms": bareReload,
		"floor_ms": floor, "floor_reload_ms": floorReload, "tutorial_ms": tutorial, "tutorial_reload_ms": tutorialReload}
	return s
}

// loadTwice opens url in a new browser context of b, its CPU slowed down
// rate times, then reloads it there, and returns what both loads reported
// at the runAgent-ready mark.
func loadTwice(b *browser, url string, rate float64) (first, again coldStart, err error) {
	tab, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	defer cancel()
	// The first Run opens the tab; it must not carry a timeout, or the
	// timeout would close the tab too.
	if err := chromedp.Do(tab); err != nil {
		return first, again, err
	}
	if rate != 1 {
		if err := throttle(tab, rate); err != nil {
			return first, again, fmt.Errorf("throttling the CPU: %w", err)
		}
	}
	for i, at := range []*coldStart{&first, &again} {
		if err := navigate(tab, url); err != nil {
			return first, again, fmt.Errorf("opening %s: %w", url, err)
		}
		if *at, err = evaluate[coldStart](tab, time.Minute, readyJS); err != nil {
			return first, again, fmt.Errorf("load %d of %s: %w", i+1, url, err)
		}
	}
	return first, again, nil
}

// markRows shows where the playground's first loads spend their time to
// "runAgent ready": the page's marks and the worker's own timings (ms
// since navigation, medians).
func markRows(loads []coldStart) []row {
	var dcl, compiled []float64
	steps := map[string][]float64{}
	names := []string{"started", "engineMessage", "instantiated", "ready"}
	for _, l := range loads {
		dcl = append(dcl, l.DCLMs)
		compiled = append(compiled, l.CompiledMs)
		if d, ok := l.Detail.(map[string]any); ok {
			for _, n := range names {
				if v, ok := d[n].(float64); ok {
					steps[n] = append(steps[n], v)
				}
			}
		}
	}
	rows := []row{
		{Measure: "playground marks: DOMContentLoaded", Value: median(dcl), Unit: "ms"},
		{Measure: "playground marks: main.wasm compiled in the frame", Value: median(compiled), Unit: "ms"},
	}
	words := map[string]string{
		"started":       "the first worker's script began",
		"engineMessage": "the compiled module reached the worker",
		"instantiated":  "instantiated in the worker",
		"ready":         "runAgent defined and the realm hardened",
	}
	for _, n := range names {
		if len(steps[n]) == len(loads) {
			rows = append(rows, row{Measure: "playground marks: " + words[n], Value: median(steps[n]), Unit: "ms"})
		}
	}
	return rows
}
