// Package loop is a loop that calls each tool in a goroutine of its own,
// which panics when the tool is unknown: the panic ends the program.
package loop

import (
	"sync"

	"agentloop.dev/agent/agenttest"
)

// RunAgent calls tools in goroutines and panics in one at an unknown tool.
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
		var output string
		var wg sync.WaitGroup
		wg.Go(func() {
			tool, ok := tools[name]
			if !ok {
				panic("no tool named " + name)
			}
			out, err := tool(args)
			if err != nil {
				out = "error: " + err.Error()
			}
			output = out
		})
		wg.Wait()
		messages = append(messages, action, map[string]any{"role": "tool", "name": name, "content": output})
	}
	return "Stopped: reached max steps."
}
