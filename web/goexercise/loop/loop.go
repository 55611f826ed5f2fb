// Package loop holds a correct loop of the Go Exercise, written as a
// learner would write theirs: the tests grade it natively and in the
// browser's engine, where a learner's loop.go is compiled beside a main
// that calls the harness (agentloop.dev/web/goexercise/harness).
package loop

import "agentloop.dev/agent/agenttest"

// RunAgent is the classic exercise's run_agent, written as a learner would:
// range over maxSteps and a switch on the action's type.
func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {
	messages := []map[string]any{{"role": "user", "content": userMsg}}
	for range maxSteps {
		action := model(messages)
		switch action["type"] {
		case "final":
			content, _ := action["content"].(string)
			return content
		}
		name, _ := action["name"].(string)
		args, ok := action["args"].(map[string]any)
		if !ok {
			args = map[string]any{}
		}
		var output string
		tool, known := tools[name]
		switch {
		case !known:
			output = "error: unknown tool '" + name + "'"
		default:
			out, err := tool(args)
			if err != nil {
				out = "error: " + err.Error()
			}
			output = out
		}
		messages = append(messages, action, map[string]any{"role": "tool", "name": name, "content": output})
	}
	return "Stopped: reached max steps."
}
