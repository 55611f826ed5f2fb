// Command harness grades the Go Exercise's learner package, linked in under
// the import path agentloop.dev/web/goexercise/loop: the browser compiles
// the learner's loop.go there, and this file beside it, and runs the
// program. The reports (see package grade) go to the file /dev/reports,
// which the worker's file system (web/site/worker/go-fs.js) hands to the
// worker as they are written, apart from standard output and error: the
// learner's package may import neither os nor syscall, so it can print to
// those but cannot open a file, let alone write a verdict.
//
// With an argument, it grades the cases of that JSON file (a list, as
// cases.json holds) instead of agenttest.Cases: interview mode's cases,
// drawn anew at each Check. The learner's package cannot read the file,
// nor reach the cases in this program's memory (it imports neither os,
// unsafe nor reflect).
package main

import (
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
	cases := agenttest.Cases()
	if len(os.Args) > 1 {
		if cases, err = grade.ReadCases[[]agenttest.Case](os.Args[1]); err != nil {
			fail(err)
		}
	}
	if err := grade.Run(reports, loop.RunAgent, cases, learnerPkg); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "harness:", err)
	os.Exit(1)
}
