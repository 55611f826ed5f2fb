//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// agentloop.d.ts's Phase union is the loop's phases, agent.Phases(): an
// editor that types a tutorial page's onEvent knows every
// phase an event may carry, and none that it never carries. A phase added
// to agent/phase.go goes into the union too.
func TestTypesPhaseUnionIsTheLoopsPhases(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("site", "agentloop.d.ts"))
	require.NoError(t, err)
	union := regexp.MustCompile(`export type Phase =((?:\s*\|\s*"[a-z_]+")+);`).FindSubmatch(src)
	require.NotNil(t, union, `agentloop.d.ts has no "export type Phase = | "..." | ...;" union`)
	var typed []agent.Phase
	for _, m := range regexp.MustCompile(`"([a-z_]+)"`).FindAllSubmatch(union[1], -1) {
		typed = append(typed, agent.Phase(m[1]))
	}
	assert.ElementsMatch(t, agent.Phases(), typed, "agentloop.d.ts's Phase union is not agent.Phases(): make it list agent/phase.go's phases, each once")
}
