//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Level 2 with the learner's level-1 code still in Your loop: the code
// stays (the stub with the rules used to be the only place they were),
// the rules of level 2 are in the Rules panel beside the editor, and Use
// the level-2 starter puts the stub in while keeping the learner's code
// to bring back. In JavaScript and in Go.
func TestPageLevel2KeepsTheLearnersCodeAndItsRulesReachable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		language, editor, own, rule, stub string
	}{
		{"javascript", "loop-editor", "// mine\nfunction runAgent(model, tools, userMsg, maxSteps = 10) {\n  return \"mine\";\n}\n",
			"cancellation: check signal.aborted", "async function runAgent(model, tools, userMsg, { maxSteps = 10, toolTimeoutMs = 0, signal } = {}) {"},
		{"go", "go-loop-editor", "package loop\n\n// mine\n",
			"cancellation: check ctx before each model call", "func RunAgent(ctx context.Context, model agenttest.FollowUpModel"},
	} {
		t.Run(tc.language, func(t *testing.T) {
			t.Parallel()
			p := newPage(t)
			p.open("/")
			p.openExercise()
			if tc.language == "go" {
				p.chooseGo()
			}
			p.setEditor(tc.editor, tc.own)
			p.chooseLevel("2 · Follow-ups")
			assert.Equal(t, tc.own, p.value("#"+tc.editor), "level 2 keeps the learner's code in the editor")

			require.True(t, p.visible("#level-rules"), "the Rules panel is beside the editor")
			assert.Equal(t, "The rules of level 2", p.text("#level-rules-summary"))
			p.click("#level-rules-summary")
			assert.True(t, p.visible("#level-rules-text"), "the rules open")
			assert.Contains(t, p.text("#level-rules-text"), tc.rule, "the Rules panel has level 2's rules in the language shown")

			require.True(t, p.visible("#use-level-starter"), "the level-2 starter is offered")
			assert.Equal(t, "Use the level-2 starter", p.text("#use-level-starter"))
			p.click("#use-level-starter")
			assert.Contains(t, p.value("#"+tc.editor), tc.stub, "Use the level-2 starter puts level 2's stub in Your loop")
			assert.False(t, p.visible("#use-level-starter"), "with the starter in, nothing more is offered")
			p.waitNotice("replaced your loop")
			p.click("#notice-action")
			waitFor[bool](p, waitTimeout, "the learner's code to come back", `document.querySelector("#`+tc.editor+`").value === `+js(tc.own))
		})
	}
}
