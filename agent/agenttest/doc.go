// Package agenttest checks an implementation of the agent loop against the
// reference loop, [agent.Run], the way testing/fstest checks a file system.
//
// Write the classic exercise's run_agent as a [Loop] and test it in one line:
//
//	func TestMyLoop(t *testing.T) {
//		agenttest.TestLoop(t, myRunAgent)
//	}
//
// TestLoop runs the loop on every case of [Cases], each as a subtest, with a
// scripted model and tools that record what the loop does. It compares the
// messages the model sees at each call, the tools called and their args,
// and the returned string with what agent.Run did on the same case, and
// reports the first difference.
//
// Level 2 is what an interviewer asks next. A [FollowUpLoop] takes a
// context, a model and tools that may fail, and [Options] (MaxSteps,
// ToolTimeout), and returns an [Answer] (text, summed usage, transcript)
// and an error; [TestFollowUps] runs it on the [FollowUps]: async,
// parallel calls, malformed output, tool timeout, cancellation and token
// accounting, each a subtest that passes or fails on its own.
//
// Outside go test, [CheckLoop] and [CheckFollowUps] return one [Verdict]
// per case with its first difference, and [Case.Check] and
// [FollowUpCase.Check] grade a single case.
//
// The cases are plain data, so that other runtimes (the playground's
// JavaScript exercise) can run the same checks: see [Case] and
// [FollowUpCase] for their JSON form. Their expectations are not written
// by hand: they are computed by running agent.Run, so they always say what
// the reference loop does.
package agenttest
