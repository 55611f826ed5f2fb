// Package harness grades the Go Exercise's learner's loop (level 1, the
// classic loop) in the browser. A Check compiles the learner's loop.go
// under the import path main, with one more file beside it that the worker
// writes (web/site/worker/go-build.js):
//
//	func main() { harness.Main(RunAgent) }
//
// and links it with this package, compiled ahead by make build, so that a
// Check compiles only the learner's file. Main writes the reports of
// package grade to grade.ReportsFile, which the worker's file system
// (web/site/worker/go-fs.js) hands to the worker as they are written, apart
// from standard output and error: the learner's package may import neither
// os nor syscall (nor use a compiler directive), so it can print to those
// but cannot open a file. Nor can it call Main to play a loop of its own:
// Main plays once, and only when main.main, the worker's file, calls it.
// The reports say what the loop did, never whether it passed: the page
// judges them (web/site/exercise/go-judge.js).
//
// The cases are the page's, as JSON in grade.CasesFile: agenttest.Cases()
// (which web/cmd/goengine packs with the engine, because decoding them
// takes a fraction of the time that running the reference loop on every
// input again takes in the browser), or interview mode's, drawn anew at
// each Check; either way without their Expect, which only the page holds.
package harness

import (
	"io"

	"agentloop.dev/agent/agenttest"
	"agentloop.dev/web/goexercise/grade"
)

// learnerPkg is the import path the learner's loop.go is compiled under.
const learnerPkg = "main"

// Main plays loop on the cases; on an error it exits with status 1. It
// must be called once, by main.main.
func Main(loop agenttest.Loop) {
	grade.Serve(func(reports io.Writer, cases []agenttest.Case) error {
		return grade.Run(reports, loop, cases, learnerPkg)
	})
}
