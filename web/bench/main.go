//go:build !(js && wasm)

// Command bench prints agentloop's performance report as one table: the
// native loop against the Python seed loop, the wasm bridge against plain
// JavaScript in headless Chromium, the bridge's scaling, the size of
// web/site/main.wasm, the playground's cold start, long runs rendered in it
// (their longest main-thread task from a CDP trace), a click on Run, the
// load beside the isolated floor and the same on a CPU throttled 4× (a slow
// phone), a streamed answer, and the Tokens view opening on a finished run,
// each beside its budget. It writes the raw figures to .bench/last.json.
//
// Run it from the repository after make build (make bench does both):
//
//	go run ./web/bench [-repeats 5] [-rows 1,2,3,4,5,6,7,8,9,10,11,12] [-web web/site]
//
// With -profile N it instead records a CPU profile of one N-step run
// through the bridge (built with its function names) and prints the
// functions that take the time; -profile-page does the same for the
// page's main thread during the rendering row's run.
//
// Timings are medians over the repeats, and every ratio compares figures
// taken in the same run, because shared machines are noisy. A missed
// budget is reported, never an error: the command fails only when it
// cannot measure.
package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// A report is what .bench/last.json holds.
type report struct {
	Machine  machine   `json:"machine"`
	Repeats  int       `json:"repeats"`
	Sections []section `json:"sections"`
}

// machine describes where the figures come from.
type machine struct {
	Date        string `json:"date"`
	Go          string `json:"go"`
	Chromium    string `json:"chromium"`
	Python      string `json:"python"`
	OS          string `json:"os"`
	CPU         string `json:"cpu"`
	CPUs        int    `json:"cpus"`
	LoadBefore  string `json:"load_before"`
	LoadAfter   string `json:"load_after"`
	DurationSec int    `json:"duration_s"`
}

// benchDir holds the bench's own pages, served under /bench/ beside the site.
var benchDir string

func main() {
	repeats := flag.Int("repeats", 5, "timed repeats per measure (the table shows medians)")
	rows := flag.String("rows", "1,2,3,4,5,6,7,8,9,10,11,12", "comma-separated report rows to run")
	out := flag.String("json", ".bench/last.json", "where to write the raw figures, relative to the repository")
	webFlag := flag.String("web", "web/site", "the built playground folder to measure, relative to the repository")
	profile := flag.Int("profile", 0, "instead of the report, profile one run of this many steps through the bridge and print where its time goes")
	profilePageFlag := flag.Bool("profile-page", false, "instead of the report, profile the page's main thread during the rendering row's run")
	steps := flag.Int("steps", renderSteps, "with -profile-page, the length of the run")
	flag.Parse()
	if *repeats < 1 {
		fail(errors.New("-repeats must be at least 1"))
	}
	want := map[string]bool{}
	for _, r := range strings.Split(*rows, ",") {
		want[strings.TrimSpace(r)] = true
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	root, err := repoRoot()
	if err != nil {
		fail(err)
	}
	benchDir = filepath.Join(root, "web", "bench")
	brotliSizes = filepath.Join(root, ".bench", "brotli-sizes.json")
	web := *webFlag
	if !filepath.IsAbs(web) {
		web = filepath.Join(root, web)
	}
	if *profile > 0 || *profilePageFlag {
		chromium, err := chromiumPath()
		if err != nil {
			fail(err)
		}
		if *profile > 0 {
			err = profileBridge(ctx, os.Stdout, root, web, chromium, filepath.Join(root, ".bench", "bridge.cpuprofile"), *profile)
		} else {
			err = profilePage(ctx, os.Stdout, web, chromium, filepath.Join(root, ".bench", "page.cpuprofile"), *steps)
		}
		if err != nil {
			fail(err)
		}
		return
	}
	began := time.Now()
	m := describe(ctx)
	fmt.Fprintf(os.Stderr, "bench: %d repeats per measure; this takes a few minutes\n", *repeats)

	var sections []section
	add := func(s ...section) {
		sections = append(sections, s...)
	}
	progress := func(row string) {
		fmt.Fprintf(os.Stderr, "bench: row %s...\n", row)
	}
	if want["1"] {
		progress("1 (native loop)")
		add(benchNative(ctx, root, *repeats))
	}
	needBrowser := want["2"] || want["3"] || want["5"] || want["6"] || want["7"] || want["8"] || want["9"] || want["10"] || want["11"] || want["12"]
	if needBrowser {
		chromium, err := chromiumPath()
		if err != nil {
			fail(err)
		}
		srv := serve(web, nil)
		defer srv.Close()
		if want["2"] || want["3"] {
			progress("2 and 3 (bridge in Chromium)")
			bridge, scaling := benchBridge(ctx, chromium, srv.URL, *repeats)
			if want["2"] {
				add(bridge)
			}
			if want["3"] {
				add(scaling)
			}
		}
		if want["4"] {
			add(benchSize(ctx, web))
			add(benchSizeByPackage(ctx, root))
		}
		if want["5"] {
			progress("5 (cold start)")
			add(benchColdStart(ctx, chromium, srv.URL, *repeats))
		}
		if want["6"] {
			progress("6 (rendering)")
			add(benchRendering(ctx, chromium, srv.URL, *repeats))
		}
		if want["7"] {
			progress("7 (click on Run)")
			add(benchClick(ctx, chromium, srv.URL))
		}
		if want["10"] {
			progress("10 (a slow phone)")
			add(benchSlowPhone(ctx, chromium, srv.URL, *repeats))
		}
		if want["11"] {
			progress("11 (streaming)")
			add(benchStream(ctx, chromium, srv.URL, *repeats))
		}
		if want["12"] {
			progress("12 (Tokens view)")
			add(benchTokens(ctx, chromium, srv.URL, *repeats))
		}
		if want["8"] {
			progress("8 (load beside a bare page)")
			add(benchLoad(ctx, chromium, srv.URL, *repeats))
		}
		if want["9"] {
			progress("9 (Go Check)")
			add(benchGoCheck(ctx, chromium, srv.URL, web, root, *repeats))
		}
	} else if want["4"] {
		add(benchSize(ctx, web))
		add(benchSizeByPackage(ctx, root))
	}
	slices.SortStableFunc(sections, func(a, b section) int { return cmp.Compare(rowNumber(a.Title), rowNumber(b.Title)) })
	m.LoadAfter = loadAverage()
	m.DurationSec = int(time.Since(began).Seconds())

	fmt.Printf("agentloop bench — %s, %s, %d CPUs (%s), Chromium %s, %s\n",
		m.Go, m.OS, m.CPUs, m.CPU, m.Chromium, m.Python)
	fmt.Printf("load average before %s, after %s; medians of %d repeats; %s\n\n",
		m.LoadBefore, m.LoadAfter, *repeats, m.Date)
	printTable(os.Stdout, sections)

	path := filepath.Join(root, *out)
	if err := writeJSON(path, report{Machine: m, Repeats: *repeats, Sections: sections}); err != nil {
		fail(err)
	}
	fmt.Printf("\nraw figures: %s\n", *out)
}

// rowNumber is the number a section's title begins with ("4b." is 4).
func rowNumber(title string) int {
	n := 0
	for _, c := range title {
		if c < '0' || c > '9' {
			break
		}
		n = 10*n + int(c-'0')
	}
	return n
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}

// repoRoot finds the module root (the folder with go.mod) from the working
// directory up.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod here or above: run bench from the agentloop repository")
		}
		dir = parent
	}
}

func describe(ctx context.Context) machine {
	m := machine{
		Date:       time.Now().UTC().Format(time.RFC3339),
		Go:         runtime.Version(),
		OS:         runtime.GOOS + "/" + runtime.GOARCH,
		CPUs:       runtime.NumCPU(),
		CPU:        cpuModel(),
		LoadBefore: loadAverage(),
		Python:     commandOutput(ctx, "python3", "--version"),
	}
	if p, err := chromiumPath(); err == nil {
		v := strings.Fields(commandOutput(ctx, p, "--version"))
		if len(v) >= 2 {
			m.Chromium = v[1] // "Chromium 156.0.8078.108 built on Debian..."
		}
	}
	return m
}

// cpuModel returns the CPU's name from /proc/cpuinfo, where there is one.
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if name, ok := strings.CutPrefix(line, "model name"); ok {
			return strings.TrimSpace(strings.TrimLeft(name, " \t:"))
		}
	}
	return "unknown CPU"
}

// loadAverage returns the 1, 5 and 15 minute load averages, where the
// system has them: figures taken under load are slower.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func writeJSON(path string, v any) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // keep budgets readable: "<=", not "\u003c="
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
