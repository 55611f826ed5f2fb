// Package loop is the Go Exercise's learner package, here holding a correct
// loop: the browser compiles the learner's own loop.go under this import
// path in its place, so that the harness that grades it
// (agentloop.dev/web/goexercise/harness) is ordinary Go, vetted and tested
// here with this loop.
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
