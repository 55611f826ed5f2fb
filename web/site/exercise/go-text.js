// The Go Exercise's words: the stub Your loop starts from, the same
// loop.go as the Go starter's (web/goexercise/starter/loop.go; a browser
// test holds the two alike).

export const GO_STUB = `package loop

import "agentloop.dev/agent/agenttest"

func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {
	// TODO
}
`;
