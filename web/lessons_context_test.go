//go:build !(js && wasm)

package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The context window's lesson: its budget reaches the Context field, and
// the prediction of what the model is sent at step 8 is told from the
// loop's context event.
func TestPageContextLessonPredictsWhatTheModelIsSentAtStep8(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/#lesson=1")
	p.waitLesson(1)
	n := 0
	for i, l := range p.shippedLessons() {
		if l.ID == "context-window" {
			n = i + 1
		}
	}
	require.NotZero(t, n, "the tour has the context window lesson")
	p.openLesson(n)
	assert.Equal(t, "300", p.value("#context-budget"), "the lesson sets the Context field")
	assert.Equal(t, "exchanges", p.value("#trim"), "and what goes first when over")
	assert.Contains(t, p.text("#lesson .lesson-predict legend"), "At step 8", "the question")

	p.choose("Pages 5, 6 and 7")
	v := p.run()
	require.Equal(t, "final", v.Banner.Reason)
	assert.Contains(t, v.Banner.Text, "I still see pages 6, 7, 8.")
	o := p.lessonOutcome()
	assert.True(t, strings.HasPrefix(o.Predict, "Predict: Right: Pages 5, 6 and 7."), "the prediction is told right: %q", o.Predict)
	assert.Contains(t, o.Predict, "left out 8 messages (messages 1 to 8), the oldest whole exchanges", "explained from the context event")
	assert.False(t, o.Passed, "the setup does not pass the task")

	p.setValue("#context-budget", "700")
	p.run()
	assert.True(t, p.lessonOutcome().Passed, "a budget the run fits in passes the task: %q", p.lessonOutcome().Task)

	// Another lesson clears the budget this one set.
	p.openLesson(1)
	assert.Empty(t, p.value("#context-budget"), "lesson 1 has no context budget")
}
