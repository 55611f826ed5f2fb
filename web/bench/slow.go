//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"time"
)

// slowRate is how many times row 10 slows the page's CPU down: a slow
// phone beside this machine.
const slowRate = 4

// slowClicks is how many times row 10 clicks Run on the seed example.
const slowClicks = 10

// benchSlowPhone measures row 10: the playground with its renderer's CPU
// throttled slowRate times (CDP's Emulation.setCPUThrottlingRate, which
// slows the page's process; the sandbox frame's worker runs in a process
// of its own at full speed): a click on the seed example, a 10,000-step
// run's longest main-thread task, and the load beside the isolated floor
// under the same throttle.
func benchSlowPhone(ctx context.Context, chromium, baseURL string, repeats int) section {
	s := section{Title: fmt.Sprintf("10. A slow phone: the page's CPU throttled %d× (CDP)", slowRate)}
	fail := func(err error) section {
		s.Rows = append(s.Rows, failed("slow phone", err))
		return s
	}
	b, err := newBrowser(ctx, chromium)
	if err != nil {
		return fail(err)
	}
	defer b.Close()
	if err := throttle(b.ctx, slowRate); err != nil {
		return fail(fmt.Errorf("throttling the CPU: %w", err))
	}
	if err := navigate(b.ctx, baseURL+"/index.html#example=add"); err != nil {
		return fail(fmt.Errorf("opening the playground: %w", err))
	}
	if _, err := evaluate[coldStart](b.ctx, time.Minute, readyJS); err != nil {
		return fail(err)
	}
	t, err := evaluate[clickTimes](b.ctx, 2*time.Minute, fmt.Sprintf("(%s)(%d)", clickJS, slowClicks))
	if err != nil {
		return fail(err)
	}
	var longest, longestCPU, total []float64
	for i := 0; i < repeats; i++ {
		r, err := runThroughUI(b.ctx, baseURL, renderSteps)
		if err != nil {
			return fail(err)
		}
		longest = append(longest, r.Tasks.Wall[0])
		longestCPU = append(longestCPU, r.Tasks.CPU[0])
		total = append(total, r.TotalMs)
	}
	var page, pageReload, floor, floorReload []float64
	var marks []coldStart
	for i := 0; i < repeats; i++ {
		f, a, err := loadTwice(b, baseURL+"/bench/bare-frame.html", slowRate)
		if err != nil {
			return fail(err)
		}
		floor, floorReload = append(floor, f.ReadyMs), append(floorReload, a.ReadyMs)
		f, a, err = loadTwice(b, baseURL+"/index.html", slowRate)
		if err != nil {
			return fail(err)
		}
		page, pageReload = append(page, f.ReadyMs), append(pageReload, a.ReadyMs)
		marks = append(marks, f)
	}
	s.Rows = append(s.Rows,
		row{Measure: "seed example: click → first message", Value: median(t.FirstMs), Unit: "ms", Budget: atMost(50)},
		row{Measure: "seed example: click → stop banner", Value: median(t.BannerMs), Unit: "ms"},
		row{Measure: "10,000 steps: click on Run to stop banner", Value: median(total), Unit: "ms"},
		row{Measure: "10,000 steps: longest main-thread task (trace)", Value: median(longest), Unit: "ms", Budget: atMost(100)},
		row{Measure: "10,000 steps: the most CPU time of one main-thread task (trace)", Value: median(longestCPU), Unit: "ms"},
		row{Measure: "playground: navigation to runAgent ready", Value: median(page), Unit: "ms"},
		row{Measure: "isolated floor: navigation to runAgent ready", Value: median(floor), Unit: "ms"},
		row{Measure: "playground / isolated floor", Value: median(page) / median(floor), Unit: "×", Budget: atMost(1.25)},
		row{Measure: "playground reload / isolated floor reload", Value: median(pageReload) / median(floorReload), Unit: "×", Budget: atMost(1.25)},
	)
	s.Rows = append(s.Rows, markRows(marks)...)
	s.Raw = map[string]any{"first_ms": t.FirstMs, "banner_ms": t.BannerMs, "long_run_ms": total, "longest_task_ms": longest, "longest_task_cpu_ms": longestCPU,
		"page_ms": page, "page_reload_ms": pageReload, "floor_ms": floor, "floor_reload_ms": floorReload}
	return s
}
