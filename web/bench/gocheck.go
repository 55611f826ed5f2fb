//go:build !(js && wasm)

package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// goCheckJS runs one Go Check in the page and times it (gocheck.js).
//
//go:embed gocheck.js
var goCheckJS string

// goCheckTime is what gocheck.js reports about one Check.
type goCheckTime struct {
	WallMs     float64 `json:"wallMs"`
	Downloaded bool    `json:"downloaded"`
	Passed     int     `json:"passed"`
	Total      int     `json:"total"`
	Timing     struct {
		CompileMs float64 `json:"compileMs"`
		LinkMs    float64 `json:"linkMs"`
		LoadMs    float64 `json:"loadMs"`
		RunMs     float64 `json:"runMs"`
	} `json:"timing"`
}

// benchGoCheck measures row 9, the Go Exercise's Check of a correct loop
// (web/goexercise/loop/loop.go): the engine's download size (brotli, the
// files of web/site/go/ that manifest.json names); the first Check of a
// page whose engine is already in the HTTP cache (a page loaded once,
// checked once, then reloaded), once after what picking Go does (the
// engine handed to the frame and its builder warmed up: the budget's
// case) and once with no pick (the Check reads the engine from the cache,
// compiles it and builds); and the next Checks, medians of repeats, each
// with its compile, link and run (compiling the program and running it).
func benchGoCheck(ctx context.Context, chromium, baseURL, web, root string, repeats int) section {
	s := section{Title: "9. Go Exercise: one Check of a correct loop (engine in the HTTP cache)"}
	fail := func(measure string, err error) section {
		s.Rows = append(s.Rows, failed(measure, err))
		return s
	}
	source, err := os.ReadFile(filepath.Join(root, "web", "goexercise", "loop", "loop.go"))
	if err != nil {
		return fail("Go Check", err)
	}
	b, err := newBrowser(ctx, chromium)
	if err != nil {
		return fail("Go Check", err)
	}
	defer b.Close()
	check := func(prepared bool) (goCheckTime, error) {
		expr := fmt.Sprintf("(%s)(%s, %t)", goCheckJS, jsString(string(source)), prepared)
		t, err := evaluate[goCheckTime](b.ctx, 5*time.Minute, expr)
		if err == nil && t.Passed != t.Total {
			err = fmt.Errorf("the correct loop passed %d of %d cases", t.Passed, t.Total)
		}
		return t, err
	}
	open := func() error {
		if err := navigate(b.ctx, baseURL+"/index.html"); err != nil {
			return fmt.Errorf("opening the playground: %w", err)
		}
		_, err := evaluate[coldStart](b.ctx, time.Minute, readyJS)
		return err
	}
	// The first visit downloads the engine into the HTTP cache.
	if err := open(); err != nil {
		return fail("Go Check", err)
	}
	if _, err := check(false); err != nil {
		return fail("Go Check", fmt.Errorf("the Check that downloads the engine: %w", err))
	}
	// The first Check after picking Go: the page got the engine and the
	// frame warmed its builder up while the learner wrote the loop.
	if err := open(); err != nil {
		return fail("Go Check", err)
	}
	picked, err := check(true)
	if err != nil {
		return fail("first Go Check after picking Go", err)
	}
	if err := open(); err != nil {
		return fail("Go Check", err)
	}
	first, err := check(false)
	if err != nil {
		return fail("first Go Check", err)
	}
	var wall, compile, link, run []float64
	for i := 0; i < repeats; i++ {
		t, err := check(false)
		if err != nil {
			return fail("next Go Check", err)
		}
		wall = append(wall, t.WallMs)
		compile = append(compile, t.Timing.CompileMs)
		link = append(link, t.Timing.LinkMs)
		run = append(run, t.Timing.LoadMs+t.Timing.RunMs)
	}
	ms := func(measure string, v float64, limit float64) row {
		r := row{Measure: measure, Value: v, Unit: "ms"}
		if limit > 0 {
			r.Budget = atMost(limit)
		}
		return r
	}
	s.Rows = append(s.Rows,
		ms("first Check after picking Go: start → graded (engine prepared)", picked.WallMs, 2000),
		ms("first Check with no pick (a reload's Go): start → graded", first.WallMs, 0),
		ms("  compile (loop.go; the harness is compiled ahead)", first.Timing.CompileMs, 0),
		ms("  link", first.Timing.LinkMs, 0),
		ms("  run (compile the program, grade 57 cases)", first.Timing.LoadMs+first.Timing.RunMs, 0),
		ms("next Check: start → graded", median(wall), 1000),
		ms("  compile (loop.go; the harness is compiled ahead)", median(compile), 0),
		ms("  link", median(link), 0),
		ms("  run (compile the program, grade 57 cases)", median(run), 0),
	)
	s.Raw = map[string]any{"first_after_pick": picked, "first": first, "next_wall_ms": wall, "next_compile_ms": compile, "next_link_ms": link, "next_run_ms": run}
	size, err := goEngineBrotli(ctx, web)
	if err != nil {
		s.Rows = append(s.Rows, failed("download (brotli)", err))
	} else {
		s.Rows = append(s.Rows, row{Measure: "download: the engine's files, brotli -q 11", Value: float64(size) / (1 << 20), Unit: "MiB", Budget: atMost(14)})
		s.Raw["download_brotli_bytes"] = size
	}
	return s
}

// goEngineBrotli returns the brotli size of every file manifest.json names,
// and of the manifest.
func goEngineBrotli(ctx context.Context, web string) (int, error) {
	dir := filepath.Join(web, "go")
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return 0, fmt.Errorf("%v (run make build first)", err)
	}
	var m struct {
		Compile, Link, Archives struct{ URL string }
		Harnesses               []struct{ Cases struct{ URL string } }
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return 0, fmt.Errorf("reading manifest.json: %w", err)
	}
	files := []string{"manifest.json"}
	urls := []string{m.Compile.URL, m.Link.URL, m.Archives.URL}
	for _, h := range m.Harnesses {
		urls = append(urls, h.Cases.URL)
	}
	for _, u := range urls {
		name, _, _ := strings.Cut(u, "?")
		files = append(files, name)
	}
	total := 0
	for _, name := range files {
		n, err := brotliBest(ctx, filepath.Join(dir, name))
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}
