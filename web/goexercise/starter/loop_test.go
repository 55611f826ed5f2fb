package loop

import (
	"testing"

	"agentloop.dev/agent/agenttest"
)

// TestRunAgent runs RunAgent on every case of agenttest.Cases, the ones the
// playground's Go Exercise grades, and reports the first difference from
// the reference loop: go test -run TestRunAgent/NAME reruns one case.
func TestRunAgent(t *testing.T) {
	agenttest.TestLoop(t, RunAgent)
}
