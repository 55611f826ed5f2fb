//go:build !(js && wasm)

package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// profileBridge is the -profile mode, for finding where a bridge step's
// time goes: it builds the bridge without stripping its names, serves it
// in place of web/site/main.wasm, records a V8 CPU profile of one n-step run in
// the bench page, writes it to cpuprofile (DevTools' Performance panel
// loads it) and prints the functions with the most self time.
func profileBridge(ctx context.Context, w io.Writer, root, web, chromium, cpuprofile string, n int) error {
	tmp, err := os.MkdirTemp("", "agentloop-bench-profile-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "main.wasm")
	build := exec.CommandContext(ctx, goCmd(), "build", "-o", wasm, "./wasm")
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building ./wasm with its names: %v\n%s", err, out)
	}
	srv := serve(web, map[string]string{"/main.wasm": wasm})
	defer srv.Close()
	b, err := newBrowser(ctx, chromium, chromedp.Flag("js-flags", "--expose-gc"))
	if err != nil {
		return err
	}
	defer b.Close()
	if err := navigate(b.ctx, srv.URL+"/bench/index.html"); err != nil {
		return err
	}
	if _, err := evaluate[bool](b.ctx, time.Minute, "bench.ready"); err != nil {
		return err
	}
	if _, err := evaluate[float64](b.ctx, runTimeout, fmt.Sprintf("bench.bridge(%d)", n)); err != nil {
		return err // a warm-up run
	}
	prof, _, err := cpuProfile(b.ctx, fmt.Sprintf("bench.bridge(%d)", n))
	if err != nil {
		return fmt.Errorf("profiling a %d-step run: %w", n, err)
	}
	if err := writeProfile(cpuprofile, prof); err != nil {
		return err
	}
	fmt.Fprintf(w, "CPU profile of a %d-step bridge run\n\n", n)
	printSelfTime(w, prof, n)
	fmt.Fprintf(w, "\nfull profile: %s (open it in Chrome DevTools, Performance panel)\n", cpuprofile)
	return nil
}

// profilePage is the -profile-page mode, for finding what blocks the
// playground's main thread: it records a V8 CPU profile of the page's main
// thread during the rendering row's run, writes it to cpuprofile and
// prints the long tasks and the functions with the most self time.
func profilePage(ctx context.Context, w io.Writer, web, chromium, cpuprofile string, steps int) error {
	srv := serve(web, nil)
	defer srv.Close()
	b, err := newBrowser(ctx, chromium)
	if err != nil {
		return err
	}
	defer b.Close()
	if err := navigate(b.ctx, srv.URL+"/index.html"); err != nil {
		return err
	}
	if _, err := evaluate[coldStart](b.ctx, time.Minute, readyJS); err != nil {
		return err
	}
	prof, raw, err := cpuProfile(b.ctx, renderExpr(steps))
	if err != nil {
		return err
	}
	var r rendering
	if err := json.Unmarshal(raw, &r); err != nil {
		return err
	}
	if err := writeProfile(cpuprofile, prof); err != nil {
		return err
	}
	fmt.Fprintf(w, "CPU profile of the page's main thread during a %d-step run through the UI\n", steps)
	fmt.Fprintf(w, "click to stop banner %.0f ms\n", r.TotalMs)
	printSelfTime(w, prof, steps)
	fmt.Fprintf(w, "\nfull profile: %s (open it in Chrome DevTools, Performance panel)\n", cpuprofile)
	return nil
}

// cpuProfile records a V8 CPU profile, sampled every 100 µs, while the
// tab evaluates expr (awaiting it), and returns expr's value as JSON.
func cpuProfile(ctx context.Context, expr string) (*profiler.Profile, []byte, error) {
	var value []byte
	prof, err := chromedp.Run(ctx, func(ctx context.Context, t *chromedp.Target) (*profiler.Profile, error) {
		if _, err := cdp.Call(ctx, t, profiler.Enable, cdp.Empty{}); err != nil {
			return nil, err
		}
		if _, err := cdp.Call(ctx, t, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}); err != nil {
			return nil, err
		}
		if _, err := cdp.Call(ctx, t, profiler.Start, cdp.Empty{}); err != nil {
			return nil, err
		}
		var err error
		if value, err = chromedp.Evaluate[[]byte](expr, chromedp.EvalAwaitPromise)(ctx, t); err != nil {
			return nil, err
		}
		res, err := cdp.Call(ctx, t, profiler.Stop, cdp.Empty{})
		return res.Profile, err
	})
	return prof, value, err
}

func writeProfile(path string, prof *profiler.Profile) error {
	data, err := json.Marshal(prof)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// printSelfTime prints the functions with the most self time in the
// profile, per step of an n-step run, with their total time (self and
// callees).
func printSelfTime(w io.Writer, p *profiler.Profile, n int) {
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, node := range p.Nodes {
		byID[node.ID] = node
		for _, c := range node.Children {
			parent[c] = node.ID
		}
	}
	name := func(node *profiler.ProfileNode) string {
		f := node.CallFrame
		s := f.FunctionName
		if s == "" {
			s = "(anonymous)"
		}
		if f.URL != "" {
			s += "  " + path.Base(f.URL)
		}
		return s
	}
	self := map[string]float64{}
	total := map[string]float64{}
	var sampled float64
	for i, id := range p.Samples {
		// A sample's time is the gap to the next one.
		if i+1 >= len(p.TimeDeltas) {
			break
		}
		us := float64(p.TimeDeltas[i+1])
		node := byID[id]
		if node == nil || node.CallFrame == nil {
			continue
		}
		self[name(node)] += us
		sampled += us
		seen := map[string]bool{}
		for id, ok := node.ID, true; ok; id, ok = parent[id] {
			if k := name(byID[id]); !seen[k] {
				seen[k] = true
				total[k] += us
			}
		}
	}
	names := make([]string, 0, len(self))
	for k := range self {
		names = append(names, k)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Compare(self[b], self[a]) })
	fmt.Fprintf(w, "%.1f ms sampled; by self time:\n\n", sampled/1000)
	fmt.Fprintf(w, "%8s  %6s  %9s  %9s  %s\n", "self ms", "self %", "self/step", "total %", "function (µs/step)")
	for i, k := range names {
		if i == 30 {
			break
		}
		fmt.Fprintf(w, "%8.1f  %5.1f%%  %9.3f  %8.1f%%  %s\n", self[k]/1000, 100*self[k]/sampled, self[k]/float64(n),
			100*total[k]/sampled, strings.TrimSpace(k))
	}
}
