// Command harness2 grades the Go Exercise's level 2, the interviewer's
// follow-ups: the learner's loop.go, an agenttest.FollowUpLoop named
// RunAgent, is compiled in the browser under the import path
// agentloop.dev/web/goexercise/loop2, and this file beside it. As the level-1
// harness does (web/goexercise/harness), it writes the reports of package
// grade to /dev/reports, which the learner's package cannot open.
//
// With an argument, it grades the follow-ups of that JSON file (a list of
// agenttest.FollowUp, as followups.json's "followUps") instead of
// agenttest.FollowUps: interview mode's cases, drawn anew at each Check.
package main

import (
	"fmt"
	"os"

	"agentloop.dev/agent/agenttest"
	"agentloop.dev/web/goexercise/grade"
	loop "agentloop.dev/web/goexercise/loop2"
)

// learnerPkg is the import path the learner's loop.go is compiled under.
const learnerPkg = "agentloop.dev/web/goexercise/loop2"

func main() {
	reports, err := os.OpenFile("/dev/reports", os.O_WRONLY, 0)
	if err != nil {
		fail(err)
	}
	followUps := agenttest.FollowUps()
	if len(os.Args) > 1 {
		if followUps, err = grade.ReadCases[[]agenttest.FollowUp](os.Args[1]); err != nil {
			fail(err)
		}
	}
	if err := grade.RunFollowUps(reports, loop.RunAgent, followUps, learnerPkg); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "harness2:", err)
	os.Exit(1)
}
