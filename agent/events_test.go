package agent_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// TestEventsDescribeEachPhase checks the fields the bridge and the page
// build their views from, for each way a run ends.
func TestEventsDescribeEachPhase(t *testing.T) {
	slowModel := func(model agent.Model) agent.Model {
		return func(ctx context.Context, m []agent.Message) (agent.Action, error) {
			tick()
			return model(ctx, m)
		}
	}
	tools := agent.Tools{
		"add":  func(ctx context.Context, args any) (string, error) { tick(); return addInts(ctx, args) },
		"fail": func(context.Context, any) (string, error) { tick(); return "", errBoom },
	}
	for _, c := range []struct {
		name         string
		model        agent.Model
		maxSteps     int
		wantKinds    []string
		wantReason   agent.StopReason
		wantModelErr error // carried by the last model_end
	}{
		{
			name:     "a tool step then a final answer",
			model:    agent.Script(agent.Map{"type": "tool", "name": "add", "args": map[string]any{"a": 1, "b": 2}, "id": "c1"}, agent.Final("3")),
			maxSteps: 2,
			wantKinds: []string{
				"0 message #0 user",
				"1 model_start", "1 model_end", "1 message #1 assistant",
				"1 tool_start call 0 add", "1 tool_end call 0 add", "1 message #2 tool",
				"2 model_start", "2 model_end", "2 message #3 assistant",
				"2 done",
			},
			wantReason: agent.StopFinal,
		},
		{
			name:     "a failing tool then the steps run out",
			model:    agent.Script(agent.ToolCall("fail", nil)),
			maxSteps: 1,
			wantKinds: []string{
				"0 message #0 user",
				"1 model_start", "1 model_end", "1 message #1 assistant",
				"1 tool_start call 0 fail", "1 tool_end call 0 fail", "1 message #2 tool",
				"1 done",
			},
			wantReason: agent.StopMaxSteps,
		},
		{
			name:     "a malformed action",
			model:    agent.Script(agent.Map{"type": "dance"}),
			maxSteps: 1,
			wantKinds: []string{
				"0 message #0 user",
				"1 model_start", "1 model_end", "1 message #1 assistant",
				"1 done",
			},
			wantReason: agent.StopModelError,
		},
		{
			name:     "a failing model",
			model:    func(context.Context, []agent.Message) (agent.Action, error) { return nil, errBoom },
			maxSteps: 1,
			wantKinds: []string{
				"0 message #0 user",
				"1 model_start", "1 model_end",
				"1 done",
			},
			wantReason:   agent.StopModelError,
			wantModelErr: errBoom,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rec recorder
			res, err := agent.Run(context.Background(), slowModel(c.model), tools, "Go.", agent.MaxSteps(c.maxSteps), agent.OnEvent(rec.observe))
			checkRun(t, res, err, rec.events)
			assert.Equal(t, c.wantKinds, rec.kinds())
			assert.Equal(t, c.wantReason, res.Reason)

			for _, e := range rec.events {
				switch e.Kind {
				case agent.EventModelEnd:
					assert.Positive(t, e.Duration, "model_end has no duration")
					if c.wantModelErr != nil && e.Step == res.Steps {
						assert.ErrorIs(t, e.Err, c.wantModelErr, "model_end of the failed call carries its error")
					} else {
						assert.NoError(t, e.Err)
					}
				case agent.EventToolStart:
					assert.Equal(t, res.Messages[2].Name, e.Tool)
					assert.Equal(t, res.Messages[2].ID, e.ID)
				case agent.EventToolEnd:
					assert.Positive(t, e.Duration, "tool_end has no duration")
					assert.Equal(t, res.Messages[2].Content, e.Content)
					assert.Equal(t, res.Messages[2].Failed, e.Failed)
					assert.Equal(t, res.Messages[2].ID, e.ID)
				case agent.EventDone:
					assert.Positive(t, e.Duration, "done has no duration")
					assert.Same(t, res, e.Result)
				}
			}
			for i, d := range res.StepDurations {
				assert.Positive(t, d, "step %d has no duration", i+1)
			}
			assert.GreaterOrEqual(t, res.Duration, sum(res.StepDurations), "the run took less than its steps")
		})
	}
}

func sum[T ~int64](values []T) T {
	var s T
	for _, v := range values {
		s += v
	}
	return s
}

func TestToolEndReportsFailure(t *testing.T) {
	for _, c := range []struct {
		name       string
		tool       agent.Tool
		wantFailed bool
	}{
		{"an output is no failure", func(context.Context, any) (string, error) { return "fine", nil }, false},
		{"an error is a failure", func(context.Context, any) (string, error) { return "", errors.New("no") }, true},
		{"an output that only reads like an error is no failure", func(context.Context, any) (string, error) { return "error: by hand", nil }, false},
		{"a panic is a failure", func(context.Context, any) (string, error) { panic("boom") }, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rec recorder
			res, err := agent.Run(context.Background(), agent.Script(agent.ToolCall("t", nil), agent.Final("ok")),
				agent.Tools{"t": c.tool}, "Go.", agent.OnEvent(rec.observe))
			checkRun(t, res, err, rec.events)
			require.Len(t, res.Messages, 4)
			assert.Equal(t, c.wantFailed, res.Messages[2].Failed)
			for _, e := range rec.events {
				if e.Kind == agent.EventToolEnd {
					assert.Equal(t, c.wantFailed, e.Failed)
				}
			}
		})
	}
}

func TestUnknownToolResultIsFailed(t *testing.T) {
	var rec recorder
	res, err := agent.Run(context.Background(), agent.Script(agent.ToolCall("nope", nil), agent.Final("ok")),
		agent.Tools{}, "Go.", agent.OnEvent(rec.observe))
	checkRun(t, res, err, rec.events)
	require.Len(t, res.Messages, 4)
	assert.True(t, res.Messages[2].Failed, "the unknown tool's message is not marked failed")
	assert.False(t, res.Messages[0].Failed || res.Messages[1].Failed || res.Messages[3].Failed)
}
