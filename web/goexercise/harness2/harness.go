// Package harness2 grades the Go Exercise's level 2, the interviewer's
// follow-ups, in the browser, as package harness grades level 1: the
// learner's loop.go, an agenttest.FollowUpLoop named RunAgent, is compiled
// under the import path main beside the worker's
//
//	func main() { harness2.Main(RunAgent) }
//
// and linked with this package, compiled ahead by make build. Main writes
// the reports of grade.RunFollowUps, what the loop did, to
// grade.ReportsFile, which the learner's package cannot open, and plays
// once, only when main.main calls it; the page judges the reports.
//
// The cases are agenttest.FollowUps(), as JSON in grade.CasesFile (written
// by web/cmd/goengine), or interview mode's, drawn anew at each Check,
// without their Expect.
package harness2

import (
	"io"

	"agentloop.dev/agent/agenttest"
	"agentloop.dev/web/goexercise/grade"
)

// learnerPkg is the import path the learner's loop.go is compiled under.
const learnerPkg = "main"

// Main plays loop on the follow-ups' cases; on an error it exits with
// status 1. It must be called once, by main.main.
func Main(loop agenttest.FollowUpLoop) {
	grade.Serve(func(reports io.Writer, followUps []agenttest.FollowUp) error {
		return grade.RunFollowUps(reports, loop, followUps, learnerPkg)
	})
}
