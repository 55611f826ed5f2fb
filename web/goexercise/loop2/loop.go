// Package loop is the Go Exercise's learner package at level 2 (the
// interviewer's follow-ups), here holding a correct loop, written as a
// learner would write theirs: the tests grade it natively and in the
// browser's engine, where a learner's loop.go is compiled beside a main
// that calls the harness (agentloop.dev/web/goexercise/harness2). It may
// import only what a learner's loop.go may, so it words
// agent.MalformedError itself.
package loop

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"agentloop.dev/agent/agenttest"
)

// RunAgent is the classic loop with the interviewer's follow-ups, written
// as a learner would: it passes ctx on, runs an action's calls at the same
// time, rejects malformed output, times tools out, stops once ctx is done
// and sums the tokens.
func RunAgent(ctx context.Context, model agenttest.FollowUpModel, tools map[string]agenttest.FollowUpTool, userMsg string, opts agenttest.Options) (agenttest.Answer, error) {
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
		switch {
		case reply == nil:
			return stop(step, malformed("the model returned no action"))
		case !ok:
			return stop(step, malformed("the model returned "+describe(reply)+", not an action object"))
		}
		if usage, ok := action["usage"].(map[string]any); ok {
			in, _ := usage["input_tokens"].(float64)
			out, _ := usage["output_tokens"].(float64)
			ans.Usage.InputTokens += int(in)
			ans.Usage.OutputTokens += int(out)
		}
		messages = append(messages, action)
		switch typ, ok := action["type"].(string); {
		case !ok:
			return stop(step, malformed(`"type" is missing or not a string`))
		case typ == "final":
			ans.Text, _ = action["content"].(string)
			ans.Messages = messages
			return ans, nil
		case typ != "tool":
			return stop(step, malformed("type "+strconv.Quote(typ)+` is neither "final" nor "tool"`))
		}
		calls, err := callsOf(action)
		if err != nil {
			return stop(step, err)
		}
		results := make([]map[string]any, len(calls))
		var wg sync.WaitGroup
		for i, call := range calls {
			wg.Go(func() { results[i] = run(ctx, tools, call, opts.ToolTimeout) })
		}
		wg.Wait()
		messages = append(messages, results...)
		if err := ctx.Err(); err != nil {
			return stop(step, err)
		}
	}
	ans.Text, ans.Messages = "Stopped: reached max steps.", messages
	return ans, nil
}

func malformed(problem string) error { return errors.New("malformed action: " + problem) }

// describe says what a reply that is not an object is.
func describe(v any) string {
	switch v := v.(type) {
	case string:
		return "string " + strconv.Quote(v)
	case float64:
		return "number " + strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return "boolean " + strconv.FormatBool(v)
	case []any:
		return "an array"
	}
	return fmt.Sprintf("%T", v)
}

// callsOf reads a tool action's calls: its "calls", or the action itself.
func callsOf(action map[string]any) ([]map[string]any, error) {
	list, ok := action["calls"]
	if !ok {
		return []map[string]any{action}, checkCall(action, "")
	}
	entries, ok := list.([]any)
	if !ok {
		return nil, malformed(`"calls" is not a list`)
	}
	if len(entries) == 0 {
		return nil, malformed(`"calls" is empty`)
	}
	calls := make([]map[string]any, len(entries))
	for i, e := range entries {
		where := "calls[" + strconv.Itoa(i) + "]"
		call, ok := e.(map[string]any)
		if !ok {
			return nil, malformed(where + " is not an object")
		}
		if err := checkCall(call, where+": "); err != nil {
			return nil, err
		}
		calls[i] = call
	}
	return calls, nil
}

func checkCall(call map[string]any, where string) error {
	name, ok := call["name"].(string)
	if !ok {
		return malformed(where + `tool action has no string "name"`)
	}
	if args, ok := call["args"]; ok {
		if _, ok := args.(map[string]any); !ok {
			return malformed(where + `"args" of tool ` + strconv.Quote(name) + " is not an object")
		}
	}
	return nil
}

// run makes one call within timeout (0: none) and returns its tool message.
func run(ctx context.Context, tools map[string]agenttest.FollowUpTool, call map[string]any, timeout time.Duration) map[string]any {
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
	args, _ := call["args"].(map[string]any)
	if args == nil {
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
// out, and then cancels f's context.
func within(ctx context.Context, timeout time.Duration, f func(context.Context) (string, error)) (string, error) {
	if timeout <= 0 {
		return f(ctx)
	}
	ctx, cancel := context.WithTimeoutCause(ctx, timeout, errTimedOut)
	defer cancel()
	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, err := f(ctx)
		done <- result{out, err}
	}()
	select {
	case r := <-done:
		if r.err != nil && context.Cause(ctx) == errTimedOut {
			return "", errTimedOut
		}
		return r.out, r.err
	case <-ctx.Done():
		return "", context.Cause(ctx)
	}
}
