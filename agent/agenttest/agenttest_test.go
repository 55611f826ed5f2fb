package agenttest

import (
	"testing"

	"agentloop.dev/agent"
)

// referenceLoop is agent.RunAgent in the shape of a Loop.
func referenceLoop(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
	fns := make(map[string]func(map[string]any) (string, error), len(tools))
	for name, tool := range tools {
		fns[name] = tool
	}
	return agent.RunAgent(func(messages []agent.Message) agent.Action {
		seen := make([]map[string]any, len(messages))
		for i, m := range messages {
			seen[i] = plain(m)
		}
		return agent.Map(model(seen))
	}, fns, userMsg, maxSteps)
}

// classicLoop is the classic exercise's run_agent, as a learner writes it.
func classicLoop(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
	messages := []map[string]any{{"role": "user", "content": userMsg}}
	for step := 0; step < maxSteps; step++ {
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
		if tool, ok := tools[name]; !ok {
			output = "error: unknown tool '" + name + "'"
		} else if out, err := tool(args); err != nil {
			output = "error: " + err.Error()
		} else {
			output = out
		}
		messages = append(messages, action, map[string]any{"role": "tool", "name": name, "content": output})
	}
	return "Stopped: reached max steps."
}

func TestReferenceLoopPasses(t *testing.T) { TestLoop(t, referenceLoop) }

func TestClassicLoopPasses(t *testing.T) { TestLoop(t, classicLoop) }

