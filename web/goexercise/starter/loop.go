package loop

import "agentloop.dev/agent/agenttest"

func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {
	// TODO
}
