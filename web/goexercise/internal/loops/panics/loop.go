// Package loop is a loop that asserts every tool action has args, and so
// panics at one that has none.
package loop

import "agentloop.dev/agent/agenttest"

// RunAgent panics at a tool action without args.
func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {
	messages := []map[string]any{{"role": "user", "content": userMsg}}
	for range maxSteps {
		action := model(messages)
		if action["type"] == "final" {
			content, _ := action["content"].(string)
			return content
		}
		name, _ := action["name"].(string)
		args := action["args"].(map[string]any)
		output := "error: unknown tool '" + name + "'"
		if tool, ok := tools[name]; ok {
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
