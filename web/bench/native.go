//go:build !(js && wasm)

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// nativeSteps are the run lengths the native rows report.
var nativeSteps = []int{1000, 100000}

// benchNative measures row 1: the agent package's BenchmarkRun against the
// Python seed loop on the same workload. The test binary is built once
// (as go test -bench would) and each repeat runs one Go pass and one Python
// pass back to back, so the ratio of a pair sees the same machine load;
// the row reports the median over the repeats.
func benchNative(ctx context.Context, root string, repeats int) section {
	s := section{Title: "1. Native loop: go test -bench BenchmarkRun ./agent/ vs. agent/testdata/seedloop.py"}
	fail := func(err error) section {
		s.Rows = append(s.Rows, failed("native loop", err))
		return s
	}
	tmp, err := os.MkdirTemp("", "agentloop-bench-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "agent.test")
	build := exec.CommandContext(ctx, goCmd(), "test", "-c", "-o", bin, "./agent/")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return fail(fmt.Errorf("go test -c ./agent/: %v\n%s", err, out))
	}
	python, pyErr := ensureTool(ctx, "python3", "python3")

	goNs := map[int][]float64{}
	goAllocs := map[int][]float64{}
	pyNs := map[int][]float64{}
	ratios := map[int][]float64{}
	for i := 0; i < repeats; i++ {
		cmd := exec.CommandContext(ctx, bin, "-test.run", "^$", "-test.bench", "^BenchmarkRun$",
			"-test.benchmem", "-test.count", "1")
		cmd.Dir = filepath.Join(root, "agent")
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fail(fmt.Errorf("go test -bench BenchmarkRun ./agent/: %v\n%s", err, out))
		}
		results := parseBench(out)
		var py map[int]float64
		if pyErr == nil {
			py, err = runSeedLoop(ctx, python, root)
			if err != nil {
				pyErr = err
			}
		}
		for _, n := range nativeSteps {
			p, pyOK := py[n]
			if pyOK && pyErr == nil {
				pyNs[n] = append(pyNs[n], p)
			}
			r, ok := results[n]
			if !ok {
				continue
			}
			goNs[n] = append(goNs[n], r.nsPerStep)
			goAllocs[n] = append(goAllocs[n], r.allocsPerStep)
			if pyOK && pyErr == nil {
				ratios[n] = append(ratios[n], p/r.nsPerStep)
			}
		}
	}
	for _, n := range nativeSteps {
		label := stepsLabel(n)
		if len(goNs[n]) == 0 {
			s.Rows = append(s.Rows, failed("Go loop, "+label, fmt.Errorf(
				"BenchmarkRun in ./agent/ reported no run of %d steps (want a sub-benchmark named like steps=%d)", n, n)))
			continue
		}
		s.Rows = append(s.Rows,
			row{Measure: "Go loop, " + label, Value: median(goNs[n]), Unit: "ns/step", Budget: atMost(1000)},
			row{Measure: "Go allocs, " + label, Value: median(goAllocs[n]), Unit: "allocs/step", Budget: atMost(3)},
		)
	}
	for _, n := range nativeSteps {
		label := stepsLabel(n)
		if pyErr != nil {
			s.Rows = append(s.Rows, failed("Python seed loop, "+label, pyErr))
			continue
		}
		if len(pyNs[n]) > 0 {
			s.Rows = append(s.Rows, row{Measure: "Python seed loop, " + label, Value: median(pyNs[n]), Unit: "ns/step"})
		}
		if len(ratios[n]) > 0 {
			s.Rows = append(s.Rows, row{Measure: "Go speed-up over Python, " + label, Value: median(ratios[n]), Unit: "×", Budget: atLeast(10)})
		}
	}
	s.Raw = map[string]any{"go_ns_per_step": goNs, "go_allocs_per_step": goAllocs,
		"python_ns_per_step": pyNs, "python_over_go": ratios}
	return s
}

// A benchResult is one line of go test -bench output, per step.
type benchResult struct {
	nsPerStep, allocsPerStep float64
}

var benchName = regexp.MustCompile(`^BenchmarkRun/\D*(\d+)(-\d+)?$`)

// parseBench reads go test -bench output into results by step count. It
// takes the benchmark's own ns/step and allocs/step metrics when it reports
// them, and otherwise divides ns/op and allocs/op by the step count in the
// sub-benchmark's name.
func parseBench(out []byte) map[int]benchResult {
	results := map[int]benchResult{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 {
			continue
		}
		m := benchName.FindStringSubmatch(f[0])
		if m == nil {
			continue
		}
		steps, _ := strconv.Atoi(m[1])
		metrics := map[string]float64{}
		for i := 2; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				metrics[f[i+1]] = v
			}
		}
		var r benchResult
		if v, ok := metrics["ns/step"]; ok {
			r.nsPerStep = v
		} else {
			r.nsPerStep = metrics["ns/op"] / float64(steps)
		}
		if v, ok := metrics["allocs/step"]; ok {
			r.allocsPerStep = v
		} else {
			r.allocsPerStep = metrics["allocs/op"] / float64(steps)
		}
		results[steps] = r
	}
	return results
}

var seedLine = regexp.MustCompile(`^steps=(\d+) ns/step=([0-9.]+)$`)

// runSeedLoop runs the Python reference once for every native step count.
func runSeedLoop(ctx context.Context, python, root string) (map[int]float64, error) {
	args := []string{filepath.Join("agent", "testdata", "seedloop.py")}
	for _, n := range nativeSteps {
		args = append(args, strconv.Itoa(n))
	}
	cmd := exec.CommandContext(ctx, python, append(args, "--repeats", "1")...)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("python3 agent/testdata/seedloop.py: %v\n%s", err, out)
	}
	res := map[int]float64{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if m := seedLine.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			n, _ := strconv.Atoi(m[1])
			res[n], _ = strconv.ParseFloat(m[2], 64)
		}
	}
	return res, nil
}

// stepsLabel names a run length as the table does: "1k steps".
func stepsLabel(n int) string {
	if n >= 1000 && n%1000 == 0 {
		return fmt.Sprintf("%dk steps", n/1000)
	}
	return fmt.Sprintf("%d steps", n)
}
