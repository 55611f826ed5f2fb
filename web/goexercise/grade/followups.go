package grade

import (
	"context"
	"io"

	"agentloop.dev/agent/agenttest"
)

// RunFollowUps plays loop on each case of followUps in turn, with
// agenttest's own FollowUpCase.Observe, and writes a Report per line to w,
// as Run does: the cases are numbered from 0 across the follow-ups, in
// order, and each report names its follow-up. It returns the first error
// writing to w.
func RunFollowUps(w io.Writer, loop agenttest.FollowUpLoop, followUps []agenttest.FollowUp, learnerPkg string) error {
	r := newReporter(w)
	index := 0
	for _, f := range followUps {
		for _, c := range f.Cases {
			err := r.observe(Report{Index: index, Name: c.Name, FollowUp: f.Name}, func(panicAt *string) agenttest.Observation {
				return c.Observe(locateFollowUpPanics(loop, learnerPkg, panicAt))
			})
			if err != nil {
				return err
			}
			index++
		}
	}
	return r.done(index)
}

// locateFollowUpPanics is locatePanics for a level-2 loop. agenttest's
// model stops a loop that calls it too often with runtime.Goexit, which
// recover does not see, so every panic here is the learner's.
func locateFollowUpPanics(loop agenttest.FollowUpLoop, learnerPkg string, at *string) agenttest.FollowUpLoop {
	return func(ctx context.Context, model agenttest.FollowUpModel, tools map[string]agenttest.FollowUpTool, userMsg string, opts agenttest.Options) (agenttest.Answer, error) {
		defer func() {
			if v := recover(); v != nil {
				*at = panicSite(learnerPkg)
				panic(v)
			}
		}()
		return loop(ctx, model, tools, userMsg, opts)
	}
}
