// Package loop is a loop that appends the tool's output but not the
// assistant's action before it.
package loop

import "agentloop.dev/agent/agenttest"

// RunAgent forgets the assistant's message.
func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {
	messages := []map[string]any{{"role": "user", "content": userMsg}}
	for range maxSteps {
		action := model(messages)
		if action["type"] == "final" {
			content, _ := action["content"].(string)
			return content
		}
		name, _ := action["name"].(string)
		args, ok := action["args"].(map[string]any)
		if !ok {
			args = map[string]any{}
		}
		output := "error: unknown tool '" + name + "'"
		if tool, ok := tools[name]; ok {
			out, err := tool(args)
			if err != nil {
				out = "error: " + err.Error()
			}
			output = out
		}
		messages = append(messages, map[string]any{"role": "tool", "name": name, "content": output})
	}
	return "Stopped: reached max steps."
}
