// Package harness grades the Go Exercise's learner's loop in the browser.
// A Check compiles the learner's loop.go under the import path main, with
// one more file beside it that the worker writes (web/site/worker/
// go-build.js):
//
//	func main() { harness.Main(RunAgent) }
//
// and links it with this package, compiled ahead by make build, so that a
// Check compiles only the learner's file. Main writes the reports (see
// package grade) to the file /dev/reports, which the worker's file system
// (web/site/worker/go-fs.js) hands to the worker as they are written, apart
// from standard output and error: the learner's package may import neither
// os nor syscall, so it can print to those but cannot open a file, let
// alone write a verdict. Nor can it call Main to grade a loop of its own:
// Main runs once, and only when main.main, the worker's file, calls it.
//
// The cases are agenttest.Cases(), as JSON in /harness/cases.json:
// web/cmd/goengine writes them when it packs the engine, because decoding
// them takes a fraction of the time that running the reference loop on
// every input again takes in the browser.
package harness

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"

	"agentloop.dev/agent/agenttest"
	"agentloop.dev/web/goexercise/grade"
)

// learnerPkg is the import path the learner's loop.go is compiled under.
const learnerPkg = "main"

// ran says Main has been called.
var ran bool

// Main grades loop on agenttest's cases; on an error it exits with status
// 1. It must be called once, by main.main.
func Main(loop agenttest.Loop) {
	if err := run(loop); err != nil {
		fmt.Fprintln(os.Stderr, "harness:", err)
		os.Exit(1)
	}
}

func run(loop agenttest.Loop) error {
	// Main's caller: the frames are run, Main, then it.
	pc, _, _, ok := runtime.Caller(2)
	if f := runtime.FuncForPC(pc); ran || !ok || f == nil || f.Name() != "main.main" {
		return errors.New("Main is called once, by main.main")
	}
	ran = true
	reports, err := os.OpenFile("/dev/reports", os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	b, err := os.ReadFile("/harness/cases.json")
	if err != nil {
		return err
	}
	var cases []agenttest.Case
	if err := json.Unmarshal(b, &cases); err != nil {
		return fmt.Errorf("decoding the cases: %w", err)
	}
	return grade.Run(reports, loop, cases, learnerPkg)
}
