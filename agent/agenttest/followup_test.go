package agenttest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// followUpLoop returns a level-2 loop, as a learner writes it, with the
// named bug ("" for none): the mistakes of a loop that has yet to take an
// interviewer's follow-ups.
func followUpLoop(bug string) FollowUpLoop {
	return func(ctx context.Context, model FollowUpModel, tools map[string]FollowUpTool, userMsg string, opts Options) (Answer, error) {
		if bug == "ignores ctx" {
			ctx = context.Background()
		}
		var ans Answer
		messages := []map[string]any{{"role": "user", "content": userMsg}}
		stop := func(step int, err error) (Answer, error) {
			ans.Messages = messages
			if bug == "errors without the step" {
				return ans, err
			}
			return ans, fmt.Errorf("step %d: %w", step, err)
		}
		for step := 1; step <= opts.MaxSteps; step++ {
			if err := ctx.Err(); err != nil && bug != "never checks ctx" {
				return stop(step, err)
			}
			reply, err := model(ctx, messages)
			if err != nil {
				if bug == "model errors as they are" {
					return stop(step, err)
				}
				return stop(step, fmt.Errorf("model: %w", err))
			}
			action, ok := reply.(map[string]any)
			if !ok {
				if reply == nil {
					return stop(step, agent.Malformed(agent.ProblemNoAction, ""))
				}
				return stop(step, agent.Malformed(agent.ProblemNotObject, describeValue(reply)))
			}
			u := agent.Map(action).Usage()
			switch bug {
			case "keeps the last usage":
				ans.Usage = u
			case "counts no usage":
			default:
				ans.Usage.InputTokens += u.InputTokens
				ans.Usage.OutputTokens += u.OutputTokens
			}
			messages = append(messages, action)
			typ, ok := action["type"].(string)
			switch {
			case !ok:
				return stop(step, agent.Malformed(agent.ProblemNoType, ""))
			case typ == "final":
				ans.Text, _ = action["content"].(string)
				ans.Messages = messages
				return ans, nil
			case typ != "tool":
				if bug == "own words for malformed output" {
					return stop(step, fmt.Errorf("unknown action type %s", typ))
				}
				return stop(step, agent.Malformed(agent.ProblemUnknownType, typ))
			}
			calls, err := agent.Map(action).AppendCalls(nil)
			if err != nil {
				return stop(step, err)
			}
			results := make([]map[string]any, len(calls))
			var wg sync.WaitGroup
			for i, call := range calls {
				run := func() {
					results[i] = learnerCall(ctx, tools, call, opts.ToolTimeout, bug)
					if bug == "drops call ids" {
						delete(results[i], "id")
					}
				}
				if bug == "calls one at a time" {
					run()
					continue
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					run()
				}()
			}
			wg.Wait()
			if err := ctx.Err(); err != nil && bug == "drops the results on cancel" {
				return stop(step, err)
			}
			messages = append(messages, results...)
			if err := ctx.Err(); err != nil && bug != "never checks ctx" {
				return stop(step, err)
			}
		}
		ans.Text, ans.Messages = agent.MaxStepsText, messages
		return ans, nil
	}
}

// learnerCall runs one call and returns its tool message.
func learnerCall(ctx context.Context, tools map[string]FollowUpTool, call agent.Call, timeout time.Duration, bug string) map[string]any {
	msg := map[string]any{"role": "tool", "name": call.Name}
	if call.ID != "" {
		msg["id"] = call.ID
	}
	tool, ok := tools[call.Name]
	if !ok {
		msg["content"] = "error: unknown tool '" + call.Name + "'"
		return msg
	}
	args, _ := call.Args.(map[string]any)
	out, err := callWithin(ctx, tool, args, timeout, bug)
	if errors.Is(err, errLearnerTimeout) {
		err = fmt.Errorf("tool '%s' timed out after %v", call.Name, timeout)
		if bug == "own words for a timeout" {
			err = errors.New("timeout")
		}
	}
	if err != nil {
		out = "error: " + err.Error()
	}
	msg["content"] = out
	return msg
}

var errLearnerTimeout = errors.New("timed out")

// callWithin calls tool, giving up after timeout (0: none).
func callWithin(ctx context.Context, tool FollowUpTool, args map[string]any, timeout time.Duration, bug string) (string, error) {
	if timeout <= 0 || bug == "no tool timeout" {
		return tool(ctx, args)
	}
	ctx, cancel := context.WithTimeoutCause(ctx, timeout, errLearnerTimeout)
	defer cancel()
	type outcome struct {
		out string
		err error
	}
	ch := make(chan outcome, 1)
	go func() {
		out, err := tool(ctx, args)
		ch <- outcome{out, err}
	}()
	select {
	case o := <-ch:
		if o.err != nil && context.Cause(ctx) == errLearnerTimeout {
			return "", errLearnerTimeout
		}
		return o.out, o.err
	case <-ctx.Done():
		return "", context.Cause(ctx)
	}
}

func TestReferenceFollowUpLoopPasses(t *testing.T) { TestFollowUps(t, referenceFollowUpLoop) }

func TestLearnersFollowUpLoopPasses(t *testing.T) { TestFollowUps(t, followUpLoop("")) }

// followUpBugs are the wrong level-2 loops whose failures are kept in
// testdata/wrong-followup-loops.json, each with the follow-up it fails.
var followUpBugs = map[string]string{
	"calls one at a time":            "parallel calls",
	"ignores ctx":                    "async",
	"never checks ctx":               "cancellation",
	"errors without the step":        "malformed output",
	"own words for malformed output": "malformed output",
	"model errors as they are":       "async",
	"no tool timeout":                "tool timeout",
	"own words for a timeout":        "tool timeout",
	"keeps the last usage":           "token accounting",
	"counts no usage":                "token accounting",
	"drops call ids":                 "parallel calls",
	"drops the results on cancel":    "cancellation",
}

func TestWrongFollowUpLoopsFailWithTheGoldenDifferences(t *testing.T) {
	t.Parallel() // its loops mostly wait, or work while others wait
	if testing.Short() {
		t.Skip("the wrong loops wait out barriers and slow tools: seconds")
	}
	// The loops run at once, not as parallel subtests, which -parallel
	// (GOMAXPROCS) would bound: most of their time is spent waiting out
	// barriers and slow tools.
	got := map[string][]string{}
	failedOwn := map[string]bool{}
	var (
		mu sync.Mutex
		wg sync.WaitGroup
	)
	for bug, followUp := range followUpBugs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var diffs []string
			own := false
			for _, v := range CheckFollowUps(followUpLoop(bug)) {
				if !v.Passed() {
					own = own || v.FollowUp == followUp
					diffs = append(diffs, v.Diff)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			got[bug], failedOwn[bug] = diffs, own
		}()
	}
	wg.Wait()
	for bug, followUp := range followUpBugs {
		assert.True(t, failedOwn[bug], "the loop that %s passed every case of %q", bug, followUp)
	}
	checkGolden(t, "wrong-followup-loops.json", got)
}

func TestEachFollowUpPassesOrFailsOnItsOwn(t *testing.T) {
	// A loop that sums no usage fails token accounting and nothing else.
	byFollowUp := map[string][]string{}
	for _, v := range CheckFollowUps(followUpLoop("counts no usage")) {
		if !v.Passed() {
			byFollowUp[v.FollowUp] = append(byFollowUp[v.FollowUp], v.Case)
		}
	}
	assert.Equal(t, []string{"token accounting"}, keys(byFollowUp))
	assert.Len(t, byFollowUp["token accounting"], 4)
}

func keys(m map[string][]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func TestSequentialCallsFailSayingTheyDidNotRunAtTheSameTime(t *testing.T) {
	t.Parallel() // its loops mostly wait, or work while others wait
	c := followUpCaseNamed(t, "two calls at the same time, with ids")
	err := c.Check(followUpLoop("calls one at a time"))
	require.Error(t, err)
	assert.Equal(t, `case "two calls at the same time, with ids": after model call 1, the calls did not run at the same time: weather({"city":"Paris"}) waited 1s for the action's 1 other call to start; the reference runs them all at once`, err.Error())
}

func TestALoopGivingToolsAnotherContextIsTold(t *testing.T) {
	c := followUpCaseNamed(t, "model and tool get the loop's ctx")
	// The model gets ctx, the tools context.Background().
	loop := func(ctx context.Context, model FollowUpModel, tools map[string]FollowUpTool, userMsg string, opts Options) (Answer, error) {
		wrapped := map[string]FollowUpTool{}
		for name, tool := range tools {
			wrapped[name] = func(_ context.Context, args map[string]any) (string, error) { return tool(context.Background(), args) }
		}
		return followUpLoop("")(ctx, model, wrapped, userMsg, opts)
	}
	err := c.Check(loop)
	require.Error(t, err)
	assert.Equal(t, `case "model and tool get the loop's ctx": after model call 1, the loop called add({"a":2,"b":3}) with a context that is not the loop's ctx nor made from it; the reference passes ctx on to every tool`, err.Error())
}

func TestAFollowUpLoopThatNeverStopsIsStopped(t *testing.T) {
	c := followUpCaseNamed(t, "model fails at once")
	calls := 0
	loop := func(ctx context.Context, model FollowUpModel, _ map[string]FollowUpTool, userMsg string, _ Options) (Answer, error) {
		for {
			calls++
			model(ctx, []map[string]any{{"role": "user", "content": userMsg}})
		}
	}
	err := c.Check(loop)
	require.Error(t, err)
	assert.Equal(t, 1+extraCalls+1, calls)
	assert.Equal(t, `case "model fails at once": the loop made model call 2; the reference stopped after model call 1 and returned the error "step 1: model: rate limited" (the loop was stopped at model call 7)`, err.Error())
}

func TestAPanickingFollowUpLoopFailsItsCase(t *testing.T) {
	c := followUpCaseNamed(t, "usage of every action summed")
	loop := func(ctx context.Context, model FollowUpModel, _ map[string]FollowUpTool, _ string, _ Options) (Answer, error) {
		panic("oops")
	}
	err := c.Check(loop)
	require.Error(t, err)
	assert.Equal(t, `case "usage of every action summed": before any model call, the loop panicked (oops); the reference made model call 1`, err.Error())
}

func TestTranscriptIsCheckedAfterACancellation(t *testing.T) {
	c := followUpCaseNamed(t, "a parallel call cancels; the other ends with ctx's error")
	require.NotNil(t, c.Expect.Messages)
	err := c.Check(followUpLoop("drops the results on cancel"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `the loop returned 2 messages; the reference returned 4 (missing message 3 = {"role":"tool","name":"deploy","content":"deployed","id":"d"})`)
	assert.Contains(t, fmt.Sprint(c.Expect.Messages[3]), "error: context canceled", "the call still waiting ends with ctx's error")
}

func TestFollowUpsCoverEveryFollowUp(t *testing.T) {
	var names []string
	seen := map[string]bool{}
	for _, f := range FollowUps() {
		names = append(names, f.Name)
		assert.NotEmpty(t, f.About, f.Name)
		require.NotEmpty(t, f.Cases, f.Name)
		for _, c := range f.Cases {
			assert.False(t, seen[c.Name], "duplicate case name %q", c.Name)
			seen[c.Name] = true
			assert.LessOrEqual(t, len(c.Expect.ModelCalls), len(c.Script), "case %q: the script is too short", c.Name)
			assert.Equal(t, f.Name == "cancellation", c.Expect.Messages != nil, "case %q: only cancellation checks the transcript", c.Name)
		}
	}
	assert.Equal(t, []string{"async", "parallel calls", "malformed output", "tool timeout", "cancellation", "token accounting"}, names)
}

func TestFollowUpsRoundTripThroughJSON(t *testing.T) {
	assertJSONRoundTrip(t, FollowUps())
}

func TestFollowUpCaseJSONFieldNames(t *testing.T) {
	c := followUpCaseNamed(t, "model fails after a tool")
	b, err := json.Marshal(c)
	require.NoError(t, err)
	assert.JSONEq(t, `{
		"name": "model fails after a tool",
		"userMsg": "What is 2 + 3?",
		"maxSteps": 5,
		"toolTimeoutMs": 0,
		"canceled": false,
		"script": [
			{"action": {"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 3}}},
			{"fails": "connection reset"}
		],
		"tools": {"add": {"returns": "5"}},
		"expect": {
			"modelCalls": [
				[{"role": "user", "content": "What is 2 + 3?"}],
				[{"role": "user", "content": "What is 2 + 3?"},
				 {"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 3}},
				 {"role": "tool", "name": "add", "content": "5"}]
			],
			"toolCalls": [{"step": 1, "name": "add", "args": {"a": 2, "b": 3}}],
			"result": "",
			"error": "step 2: model: connection reset",
			"inputTokens": 0,
			"outputTokens": 0
		}
	}`, string(b))
	for _, tt := range []struct {
		spec ToolSpec
		json string
	}{
		{ToolSpec{Returns: "x", DelayMs: 5}, `{"returns":"x","delayMs":5}`},
		{ToolSpec{Returns: "", Barrier: true}, `{"returns":"","barrier":true}`},
		{ToolSpec{Fails: "no", Cancels: true}, `{"fails":"no","cancels":true}`},
	} {
		b, err := json.Marshal(tt.spec)
		require.NoError(t, err)
		assert.Equal(t, tt.json, string(b))
	}
}

// followUpCaseNamed returns the follow-ups' case called name.
func followUpCaseNamed(t *testing.T, name string) FollowUpCase {
	t.Helper()
	for _, f := range FollowUps() {
		for _, c := range f.Cases {
			if c.Name == name {
				return c
			}
		}
	}
	t.Fatalf("no follow-up case %q", name)
	return FollowUpCase{}
}
