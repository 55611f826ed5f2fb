//go:build !(js && wasm)

package main

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The shipped examples: each runs to the end it declares, and the recovery
// and timeout examples react to an edited message.

// Every example the menu offers runs to the end it declares, with the line
// of the loop that ended it lit; a new example is tested the day it is added.
func TestPageEveryExampleRunsToItsExpectedEnd(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	examples := p.shippedExamples()
	require.GreaterOrEqual(t, len(examples), 11, "the menu offers the shipped examples")
	descriptions := map[string]string{}
	for _, ex := range examples {
		t.Run(ex.ID, func(t *testing.T) {
			p.use(t)
			want := ex.Expect
			require.NotEmpty(t, want.Reason, "example %s declares how it ends (expect.reason)", ex.ID)
			p.chooseExample(ex.ID)
			desc := p.text("#example-description")
			assert.NotEmpty(t, desc, "the example has a one-line explanation")
			for other, d := range descriptions {
				assert.NotEqual(t, d, desc, "examples %s and %s share an explanation", other, ex.ID)
			}
			descriptions[ex.ID] = desc

			// An example whose tools need approval pauses at each call
			// of theirs for the person's decision.
			v := p.runDeciding(ex.Decide)
			require.NotEmpty(t, v.Transcript, "the transcript shows the run")
			assert.Equal(t, "user", v.Transcript[0].Role, "the transcript starts with the user's message")
			assert.Equal(t, p.value("#user-message"), v.Transcript[0].Text, "the user's message is shown as typed")
			assert.Equal(t, want.Reason, v.Banner.Reason, "the run's stop reason; the banner said %q", v.Banner.Text)
			assert.Equal(t, want.Phase, v.LitPhase(), "the Loop panel lights the line that ended the run; the page showed %s", v)
			if want.Text != nil {
				assert.Contains(t, v.Banner.Text, *want.Text, "the banner shows the result")
			}
			if want.Error != "" {
				assert.Regexp(t, regexp.MustCompile(want.Error), bannerCause(t, p), "the banner names the cause")
			}
			if want.Reason == "final" {
				last := v.Transcript[len(v.Transcript)-1]
				assert.Equal(t, []string{"assistant", "final"}, []string{last.Role, last.Type}, "the run ends with the final answer: %v", v.Transcript)
				assert.Equal(t, *want.Text, last.Text, "the final answer shown")
			}
			failed := []string{}
			for _, m := range v.Transcript {
				if m.Role == "tool" && m.Failed {
					failed = append(failed, resultIDRE.ReplaceAllString(m.Extra, ""))
				}
			}
			assert.ElementsMatch(t, want.Failed, failed, "the tool results shown as errors; the transcript showed %v", v.Transcript)
		})
	}
}

// An example that says it follows the user's message answers an edited
// message, not the one it shipped with.
func TestPageExamplesThatReadTheMessageAnswerAnEditedOne(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	reacting := 0
	for _, ex := range p.shippedExamples() {
		if ex.Reacts == nil {
			continue
		}
		reacting++
		t.Run(ex.ID, func(t *testing.T) {
			p.use(t)
			p.chooseExample(ex.ID)
			p.setValue("#user-message", ex.Reacts.UserMessage)
			v := p.run()
			require.Equal(t, "final", v.Banner.Reason, "asked %q, the run ended: %q", ex.Reacts.UserMessage, v.Banner.Text)
			assert.Contains(t, v.Banner.Text, ex.Reacts.Text, "asked %q, the example answered", ex.Reacts.UserMessage)
		})
	}
	assert.GreaterOrEqual(t, reacting, 5, "the chain, unknown-tool, throwing-tool, async-tool and parallel examples follow the message")
}

// resultIDRE is the call's id a tool result's header shows after its name.
var resultIDRE = regexp.MustCompile(` \(id .*\)$`)

func TestPageRecoveryAndTimeoutExamplesReactToTheMessage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id, want, edited, wantEdited, result string
	}{
		{"unknown-tool", "2 + 30 = 32.", "What is 7 + 5?", "7 + 5 = 12.", "error: unknown tool 'calculator'"},
		{"throwing-tool", "1 cannot be divided by 0 (the tool said: error: division by zero).", "What is 1 divided by 4?", "1 divided by 4 is 0.25.", "error: division by zero"},
		{"tool-timeout", "Oslo: snow, -3 °C (from the cache: the live weather timed out).", "What's the weather in Rome?", "Rome: sunny, 18 °C (from the cache: the live weather timed out).", "error: tool 'weather' timed out after"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			t.Parallel()
			p := openPage(t, "/")
			p.chooseExample(tc.id)
			b := p.run()
			assert.Equal(t, "final", b.Banner.Reason, "the %s example ends with a final answer; the banner says %q", tc.id, b.Banner.Text)
			assert.Contains(t, b.Banner.Text, tc.want)
			var failed []string
			for _, m := range p.view().Transcript {
				if m.Failed {
					failed = append(failed, m.Text)
				}
			}
			require.Len(t, failed, 1, "one tool result is an error the model sees: %v", p.view().Transcript)
			assert.Contains(t, failed[0], tc.result)

			title := p.text("#example-select option:checked")
			p.setValue("#user-message", tc.edited)
			assert.Equal(t, title+" (edited)", p.text("#example-select option:checked"), "the example keeps its title, marked edited")
			assert.Contains(t, p.text("#example-description"), "(edited)", "the explanation stays while the example is edited")
			b = p.run()
			assert.Equal(t, "final", b.Banner.Reason)
			assert.Contains(t, b.Banner.Text, tc.wantEdited, "the model reacts to the edited message")
		})
	}
}

// The parallel example's action names how many calls it asks for, in
// words that agree with the count.
func TestPageParallelCallsHeaderCountsTheCalls(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("parallel")
	for _, tc := range []struct{ question, want string }{
		{"What's the weather in Rome?", "1 tool call at once"},
		{"What's the weather in Rome and Oslo?", "2 tool calls at once"},
	} {
		p.setValue("#user-message", tc.question)
		v := p.run()
		require.Equal(t, "final", v.Banner.Reason, "asked %q, the run ended: %q", tc.question, v.Banner.Text)
		require.GreaterOrEqual(t, len(v.Transcript), 2, "asked %q: %v", tc.question, v.Transcript)
		assert.Equal(t, tc.want, v.Transcript[1].Extra, "asked %q, the action's header says", tc.question)
	}
}
