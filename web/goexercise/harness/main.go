// Command harness grades the Go Exercise's learner package, linked in under
// the import path agentloop.dev/web/goexercise/loop: the browser compiles
// the learner's loop.go there, and this file beside it, and runs the
// program. The reports (see package grade) go to the file /dev/reports,
// which the worker's file system (web/site/worker/go-fs.js) hands to the
// worker as they are written, apart from standard output and error: the
// learner's package may import neither os nor syscall, so it can print to
// those but cannot open a file, let alone write a verdict.
//
// The cases are agenttest.Cases(), as JSON in /harness/cases.json:
// web/cmd/goengine writes them when it packs the engine, because decoding
// them takes a fraction of the time that running the reference loop on
// every input again takes in the browser.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"agentloop.dev/agent/agenttest"
	"agentloop.dev/web/goexercise/grade"
	"agentloop.dev/web/goexercise/loop"
)

// learnerPkg is the import path the learner's loop.go is compiled under.
const learnerPkg = "agentloop.dev/web/goexercise/loop"

func main() {
	reports, err := os.OpenFile("/dev/reports", os.O_WRONLY, 0)
	if err != nil {
		fail(err)
	}
	b, err := os.ReadFile("/harness/cases.json")
	if err != nil {
		fail(err)
	}
	var cases []agenttest.Case
	if err := json.Unmarshal(b, &cases); err != nil {
		fail(fmt.Errorf("decoding the cases: %w", err))
	}
	if err := grade.Run(reports, loop.RunAgent, cases, learnerPkg); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "harness:", err)
	os.Exit(1)
}
