package grade

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"agentloop.dev/agent/agenttest"
)

// RunFollowUps checks loop on each case of followUps in turn, with
// agenttest's own FollowUpCase.Check, and writes a Report per line to w,
// as Run does: the cases are numbered from 0 across the follow-ups, in
// order, and each report names its follow-up. It returns the first error
// writing to w.
func RunFollowUps(w io.Writer, loop agenttest.FollowUpLoop, followUps []agenttest.FollowUp, learnerPkg string) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	passed, index := 0, 0
	for _, f := range followUps {
		for _, c := range f.Cases {
			if err := enc.Encode(Report{Type: "case_start", Index: index, Name: c.Name, FollowUp: f.Name}); err != nil {
				return fmt.Errorf("grade: reporting the start of case %q: %w", c.Name, err)
			}
			var panicAt string
			diff := c.Check(locateFollowUpPanics(loop, learnerPkg, &panicAt))
			end := Report{Type: "case_end", Index: index, Name: c.Name, FollowUp: f.Name, Passed: diff == nil}
			if diff != nil {
				end.Difference, end.PanicAt = diff.Error(), panicAt
			} else {
				passed++
			}
			if err := enc.Encode(end); err != nil {
				return fmt.Errorf("grade: reporting the end of case %q: %w", c.Name, err)
			}
			index++
		}
	}
	if err := enc.Encode(summary{Type: "done", PassedCount: passed, Total: index}); err != nil {
		return fmt.Errorf("grade: reporting the summary: %w", err)
	}
	return nil
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
