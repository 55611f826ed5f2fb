package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
	"agentloop.dev/agent/agenttest"
)

// runView is everything a user sees of a run, apart from the deltas: the
// transcript as JSON, the result, the error and the events in order.
type runView struct {
	Transcript []string
	Text       string
	Reason     agent.StopReason
	Err        string
	Events     []string
}

// viewCase runs case c, streaming each action in pieces of n bytes when
// n > 0, and returns what the run shows and how many actions streamed.
func viewCase(t *testing.T, c agenttest.Case, n int) (runView, int) {
	t.Helper()
	streamed := 0
	k := 0
	model := func(context.Context, []agent.Message) (agent.Action, error) {
		if k >= len(c.Script) {
			return nil, fmt.Errorf("the script has no action %d", k+1)
		}
		action := c.Script[k]
		k++
		if n > 0 {
			if s, ok := streamOf(action, n); ok {
				streamed++
				return s, nil
			}
		}
		return agent.Map(action), nil
	}
	tools := agent.Tools{}
	for name, spec := range c.Tools {
		tools[name] = func(context.Context, any) (string, error) {
			if spec.Fails != "" {
				return "", errors.New(spec.Fails)
			}
			return spec.Returns, nil
		}
	}
	var v runView
	rec := &recorder{}
	res, err := agent.Run(context.Background(), model, tools, c.UserMsg, agent.MaxSteps(c.MaxSteps), agent.OnEvent(rec.observe))
	checkRun(t, res, err, rec.events)
	for _, m := range res.Messages {
		b, jerr := json.Marshal(map[string]any{"role": m.Role, "content": m.Content, "name": m.Name, "id": m.ID, "failed": m.Failed, "action": m.Action})
		require.NoError(t, jerr)
		v.Transcript = append(v.Transcript, string(b))
	}
	v.Text, v.Reason = res.Text, res.Reason
	if err != nil {
		v.Err = err.Error()
	}
	for _, e := range rec.events {
		if e.Kind == agent.EventDelta {
			continue
		}
		v.Events = append(v.Events, fmt.Sprintf("%d %s %s #%d call %d %s %q %v", e.Step, e.Kind, e.Phase, e.Index, e.Call, e.Tool, e.Content, e.Failed))
	}
	return v, streamed
}

// Every case of the conformance kit, its actions streamed in pieces of 1,
// 3 and 16 bytes (the calls' pieces interleaved), gives the run the same
// actions give unstreamed: the same transcript, result, error and events
// but for the deltas.
func TestScriptedStreamsRunAsTheSameAnswersUnstreamed(t *testing.T) {
	total := 0
	for _, c := range agenttest.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			want, _ := viewCase(t, c, 0)
			for _, n := range []int{1, 3, 16} {
				got, streamed := viewCase(t, c, n)
				total += streamed
				assert.Equal(t, want, got, "streamed in pieces of %d bytes (%d actions streamed)", n, streamed)
			}
		})
	}
	assert.Greater(t, total, 100, "the cases stream most of their actions")
}
