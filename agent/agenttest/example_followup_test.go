package agenttest_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"agentloop.dev/agent"
	"agentloop.dev/agent/agenttest"
)

// runAgentFollowUps is a learner's loop after the interviewer's
// follow-ups: level 2 of the exercise, in Go.
func runAgentFollowUps(ctx context.Context, model agenttest.FollowUpModel, tools map[string]agenttest.FollowUpTool, userMsg string, opts agenttest.Options) (agenttest.Answer, error) {
	var ans agenttest.Answer
	messages := []map[string]any{{"role": "user", "content": userMsg}}
	stop := func(step int, err error) (agenttest.Answer, error) {
		ans.Messages = messages
		return ans, fmt.Errorf("step %d: %w", step, err)
	}
	for step := 1; step <= opts.MaxSteps; step++ {
		if err := ctx.Err(); err != nil {
			return stop(step, err)
		}
		reply, err := model(ctx, messages)
		if err != nil {
			return stop(step, fmt.Errorf("model: %w", err))
		}
		action, ok := reply.(map[string]any)
		if !ok {
			return stop(step, notAnAction(reply))
		}
		if u, ok := action["usage"].(map[string]any); ok {
			in, _ := u["input_tokens"].(float64)
			out, _ := u["output_tokens"].(float64)
			ans.Usage.InputTokens += int(in)
			ans.Usage.OutputTokens += int(out)
		}
		messages = append(messages, action)
		switch typ, ok := action["type"].(string); {
		case !ok:
			return stop(step, agent.Malformed(agent.ProblemNoType, ""))
		case typ == "final":
			ans.Text, _ = action["content"].(string)
			ans.Messages = messages
			return ans, nil
		case typ != "tool":
			return stop(step, agent.Malformed(agent.ProblemUnknownType, typ))
		}
		calls, err := readCalls(action)
		if err != nil {
			return stop(step, err)
		}
		// The calls run at the same time; each writes its own message.
		results := make([]map[string]any, len(calls))
		var wg sync.WaitGroup
		for i, call := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = callTool(ctx, tools, call, opts.ToolTimeout)
			}()
		}
		wg.Wait()
		messages = append(messages, results...)
		if err := ctx.Err(); err != nil {
			return stop(step, err)
		}
	}
	ans.Text, ans.Messages = agent.MaxStepsText, messages
	return ans, nil
}

// notAnAction words a reply that is not an action object.
func notAnAction(reply any) error {
	switch r := reply.(type) {
	case nil:
		return agent.Malformed(agent.ProblemNoAction, "")
	case string:
		return agent.Malformed(agent.ProblemNotObject, "string "+strconv.Quote(r))
	case float64:
		return agent.Malformed(agent.ProblemNotObject, "number "+strconv.FormatFloat(r, 'f', -1, 64))
	case bool:
		return agent.Malformed(agent.ProblemNotObject, "boolean "+strconv.FormatBool(r))
	case []any:
		return agent.Malformed(agent.ProblemNotObject, "an array")
	}
	return agent.Malformed(agent.ProblemNotObject, fmt.Sprintf("%T", reply))
}

// readCalls reads the calls of a tool action: "calls", or the action's
// own "name", "args" and "id".
func readCalls(action map[string]any) ([]map[string]any, error) {
	list, ok := action["calls"]
	if !ok {
		return checkCall(action, -1)
	}
	entries, ok := list.([]any)
	switch {
	case !ok:
		return nil, agent.Malformed(agent.ProblemCallsNotList, "")
	case len(entries) == 0:
		return nil, agent.Malformed(agent.ProblemCallsEmpty, "")
	}
	var calls []map[string]any
	for i, e := range entries {
		entry, ok := e.(map[string]any)
		if !ok {
			return nil, &agent.MalformedError{Problem: agent.ProblemCallNotObject, Call: i}
		}
		call, err := checkCall(entry, i)
		if err != nil {
			return nil, err
		}
		calls = append(calls, call...)
	}
	return calls, nil
}

// checkCall checks call i of an action (-1: the action's own call).
func checkCall(call map[string]any, i int) ([]map[string]any, error) {
	name, ok := call["name"].(string)
	if !ok {
		return nil, &agent.MalformedError{Problem: agent.ProblemNoName, Call: i}
	}
	if args, ok := call["args"]; ok {
		if _, ok := args.(map[string]any); !ok {
			return nil, &agent.MalformedError{Problem: agent.ProblemArgsNotObject, Call: i, Tool: name}
		}
	}
	return []map[string]any{call}, nil
}

// callTool runs one call, within timeout (0: none), and returns its tool
// message.
func callTool(ctx context.Context, tools map[string]agenttest.FollowUpTool, call map[string]any, timeout time.Duration) map[string]any {
	name := call["name"].(string)
	msg := map[string]any{"role": "tool", "name": name}
	if id, ok := call["id"].(string); ok {
		msg["id"] = id
	}
	tool, ok := tools[name]
	if !ok {
		msg["content"] = "error: unknown tool '" + name + "'"
		return msg
	}
	args, ok := call["args"].(map[string]any)
	if !ok {
		args = map[string]any{}
	}
	out, err := within(ctx, timeout, func(ctx context.Context) (string, error) { return tool(ctx, args) })
	if errors.Is(err, errTimedOut) {
		err = fmt.Errorf("tool '%s' timed out after %v", name, timeout)
	}
	if err != nil {
		out = "error: " + err.Error()
	}
	msg["content"] = out
	return msg
}

var errTimedOut = errors.New("timed out")

// within runs f, giving up with errTimedOut once timeout (0: none) runs
// out; f's context is then canceled.
func within(ctx context.Context, timeout time.Duration, f func(context.Context) (string, error)) (string, error) {
	if timeout <= 0 {
		return f(ctx)
	}
	ctx, cancel := context.WithTimeoutCause(ctx, timeout, errTimedOut)
	defer cancel()
	type outcome struct {
		out string
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		out, err := f(ctx)
		done <- outcome{out, err}
	}()
	select {
	case o := <-done:
		if o.err != nil && context.Cause(ctx) == errTimedOut {
			return "", errTimedOut
		}
		return o.out, o.err
	case <-ctx.Done():
		return "", context.Cause(ctx)
	}
}

// A learner tests their level-2 loop in a test file of their own:
//
//	func TestRunAgentFollowUps(t *testing.T) {
//		agenttest.TestFollowUps(t, runAgentFollowUps)
//	}
//
// TestFollowUps runs each follow-up as a subtest, with a subtest per case.
// The follow-ups are plain data too, grouped by what they check.
func ExampleTestFollowUps() {
	for _, f := range agenttest.FollowUps() {
		fmt.Printf("%s: %d cases\n", f.Name, len(f.Cases))
	}
	c := agenttest.FollowUps()[2].Cases[0]
	fmt.Printf("%q: the reference returned the error %q\n", c.Name, c.Expect.Error)
	// Output:
	// async: 4 cases
	// parallel calls: 6 cases
	// malformed output: 9 cases
	// tool timeout: 4 cases
	// cancellation: 4 cases
	// token accounting: 4 cases
	// "a string instead of an action": the reference returned the error "step 1: malformed action: the model returned string \"I will add 2 and 3.\", not an action object"
}

// A harness that is not a Go test, such as the playground's Go Exercise,
// grades a loop case by case and shows each first difference itself.
func ExampleCheckFollowUps() {
	passed := 0
	verdicts := agenttest.CheckFollowUps(runAgentFollowUps)
	for _, v := range verdicts {
		if v.Passed() {
			passed++
		} else {
			fmt.Println(v.FollowUp, "/", v.Diff)
		}
	}
	fmt.Printf("%d of %d pass\n", passed, len(verdicts))

	// A loop that forgets the usage fails token accounting, and only that.
	forgetsUsage := func(ctx context.Context, model agenttest.FollowUpModel, tools map[string]agenttest.FollowUpTool, userMsg string, opts agenttest.Options) (agenttest.Answer, error) {
		ans, err := runAgentFollowUps(ctx, model, tools, userMsg, opts)
		ans.Usage = agent.Usage{}
		return ans, err
	}
	for _, f := range agenttest.FollowUps() {
		if f.Name == "token accounting" {
			fmt.Println(f.Cases[0].Check(forgetsUsage))
		}
	}
	// Output:
	// 31 of 31 pass
	// case "usage of every action summed": the loop returned a usage of 0 input and 0 output tokens; the reference summed 30 input and 8 output tokens
}

// CheckLoop grades the classic loop the same way, one Verdict per case.
func ExampleCheckLoop() {
	verdicts := agenttest.CheckLoop(runAgent)
	passed := 0
	for _, v := range verdicts {
		if v.Passed() {
			passed++
		}
	}
	fmt.Printf("%d of %d pass\n", passed, len(verdicts))

	// A loop that returns "" after its first model call fails so:
	early := func(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {
		model([]map[string]any{{"role": "user", "content": userMsg}})
		return ""
	}
	fmt.Println(agenttest.Cases()[0].Check(early))
	// Output:
	// 57 of 57 pass
	// case "final at once": the loop returned ""; the reference returned "Hello! How can I help?"
}
