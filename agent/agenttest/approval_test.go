package agenttest

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// allow approves every call, counting them.
type allow struct{ asked int }

func (a *allow) approve(context.Context, agent.Call) (agent.Decision, error) {
	a.asked++
	return agent.Allow(), nil
}

// withoutApproval drops the approval events, and the durations no two runs
// share, from a run's events, for comparing a run with approval to one
// without.
func withoutApproval(events []agent.Event) []string {
	var out []string
	for _, e := range events {
		switch e.Kind {
		case agent.EventApprovalAsked, agent.EventApproved, agent.EventEdited, agent.EventDenied:
			continue
		case agent.EventDone:
			out = append(out, fmt.Sprintf("%d done %s %s %q %d", e.Step, e.Phase, e.Result.Reason, e.Result.Text, e.Result.Steps))
			continue
		}
		out = append(out, fmt.Sprintf("%d %s %s #%d call %d %s %s %q failed=%v msg=%s",
			e.Step, e.Kind, e.Phase, e.Index, e.Call, e.Tool, e.ID, e.Content, e.Failed, showMessage(e.Message)))
	}
	return out
}

func showMessage(m agent.Message) string {
	if m.Role == "" {
		return ""
	}
	return canonical(plain(m)) + fmt.Sprintf(" failed=%v args=%v", m.Failed, m.Args)
}

// runInput runs agent.Run on a level-1 case's input, with opts.
func runInput(in input, opts ...agent.Option) []agent.Event {
	var events []agent.Event
	k := 0
	model := func(context.Context, []agent.Message) (agent.Action, error) {
		if k >= len(in.script) {
			return nil, fmt.Errorf("the script has no action %d", k+1)
		}
		k++
		return agent.Map(clone(in.script[k-1])), nil
	}
	tools := make(agent.Tools, len(in.tools))
	for name, spec := range in.tools {
		tools[name] = func(context.Context, any) (string, error) {
			if spec.Fails != "" {
				return "", fmt.Errorf("%s", spec.Fails)
			}
			return spec.Returns, nil
		}
	}
	steps := in.maxSteps
	if steps == defaultSteps {
		steps = agent.DefaultMaxSteps
	}
	opts = append(opts, agent.MaxSteps(steps), agent.OnEvent(func(e agent.Event) { events = append(events, e) }))
	_, _ = agent.Run(context.Background(), model, tools, in.userMsg, opts...)
	return events
}

// TestEveryCaseRunsTheSameWithEveryCallApproved holds approval's promise
// for every example the exercise has: a run whose calls are all approved
// is the run without approval, apart from the approval events.
func TestEveryCaseRunsTheSameWithEveryCallApproved(t *testing.T) {
	calls := 0
	for _, in := range inputs() {
		var a allow
		plainRun := withoutApproval(runInput(in))
		approved := runInput(in, agent.Approve(a.approve))
		assert.Equal(t, plainRun, withoutApproval(approved), "case %q: approving every call changed the run", in.name)
		asked := 0
		for _, e := range approved {
			if e.Kind == agent.EventApprovalAsked {
				asked++
			}
		}
		assert.Equal(t, a.asked, asked, "case %q: one approval_asked per call asked about", in.name)
		calls += a.asked
	}
	require.Greater(t, calls, 10, "the cases ask about too few calls to hold anything")

	// The follow-ups' cases: the reference loop with every call approved
	// passes every one of them.
	approving := func(ctx context.Context, model FollowUpModel, tools map[string]FollowUpTool, userMsg string, opts Options) (Answer, error) {
		var a allow
		return runReference(ctx, model, tools, userMsg, opts, agent.Approve(a.approve))
	}
	for _, v := range CheckFollowUps(approving) {
		assert.Empty(t, v.Diff, "follow-up %s, case %s, with every call approved", v.FollowUp, v.Case)
	}
}
