package agenttest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keeper is a loop that keeps the first model it is given and, in every
// later case, asks that one instead of its own.
type keeper struct{ kept Model }

func (k *keeper) loop(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
	if k.kept == nil {
		k.kept = model
	}
	return k.kept([]map[string]any{{"role": "user", "content": userMsg}})["content"].(string)
}

func TestAModelKeptFromAnEndedCaseRefusesCallsAndTheCaseSaysWhy(t *testing.T) {
	cases := Cases()
	k := &keeper{}
	require.NoError(t, cases[0].Check(k.loop), "the first case, played with its own model")
	err := cases[1].Check(k.loop)
	require.Error(t, err, "a loop that asked the previous case's model was graded on its own calls")
	assert.Contains(t, err.Error(), `panicked (the model of case "`+cases[0].Name+`" was called after that case ended)`)
}

func TestAFollowUpModelKeptFromAnEndedCaseRefusesCalls(t *testing.T) {
	cases := FollowUps()[0].Cases
	var kept FollowUpModel
	loop := func(ctx context.Context, model FollowUpModel, tools map[string]FollowUpTool, userMsg string, opts Options) (Answer, error) {
		if kept == nil {
			kept = model
		}
		return followUpLoop("")(ctx, kept, tools, userMsg, opts)
	}
	require.NoError(t, cases[0].Check(loop))
	err := cases[1].Check(loop)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `the model of case \"`+cases[0].Name+`\" was called after that case ended`)
}

func TestAnObservationIsWhatCheckComparesWithoutTheExpect(t *testing.T) {
	c := Cases()[6] // one tool then final
	blind := c
	blind.Expect, blind.CallLimit = Expect{}, len(c.Expect.ModelCalls)+extraCalls
	b, err := json.Marshal(blind.Observe(referenceLoop))
	require.NoError(t, err)
	want := map[string]any{"end": map[string]any{"call": len(c.Expect.ModelCalls), "result": c.Expect.Result}}
	var trace []any
	for i, messages := range c.Expect.ModelCalls {
		trace = append(trace, map[string]any{"kind": "model", "call": i + 1, "messages": messages})
		for _, tc := range c.Expect.ToolCalls {
			if tc.Step == i+1 {
				trace = append(trace, map[string]any{"kind": "tool", "call": i + 1, "name": tc.Name, "args": tc.Args})
			}
		}
	}
	want["trace"] = trace
	w, err := json.Marshal(want)
	require.NoError(t, err)
	assert.JSONEq(t, string(w), string(b))

	panicking := func(Model, map[string]Tool, string, int) string { panic("boom") }
	b, err = json.Marshal(blind.Observe(panicking))
	require.NoError(t, err)
	assert.JSONEq(t, `{"trace":[],"end":{"call":0,"panicked":"boom"}}`, string(b))
}
