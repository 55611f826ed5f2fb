package grade_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
	"agentloop.dev/web/goexercise/grade"
	panics "agentloop.dev/web/goexercise/internal/loops/panics"
	correct "agentloop.dev/web/goexercise/loop"
)

// reports plays loop natively on every case and returns the lines
// grade.Run wrote, each decoded as JSON.
func reports(t *testing.T, loop agenttest.Loop, learnerPkg string) []map[string]any {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, grade.Run(&buf, loop, agenttest.Cases(), learnerPkg))
	return decodeReports(t, &buf)
}

// decodeReports decodes the JSON lines a grading wrote.
func decodeReports(t *testing.T, written *bytes.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	dec := json.NewDecoder(written)
	for dec.More() {
		var r map[string]any
		require.NoError(t, dec.Decode(&r))
		out = append(out, r)
	}
	return out
}

// ends returns the case_end reports.
func ends(rs []map[string]any) []map[string]any {
	var out []map[string]any
	for _, r := range rs {
		if r["type"] == "case_end" {
			out = append(out, r)
		}
	}
	return out
}

// observedEnd returns how a case_end report says the loop ended.
func observedEnd(t *testing.T, r map[string]any) map[string]any {
	t.Helper()
	observed, ok := r["observed"].(map[string]any)
	require.True(t, ok, "case_end %v has no observation", r["index"])
	return observed["end"].(map[string]any)
}

func TestReportsSayWhatTheLoopDidAndJudgeNothing(t *testing.T) {
	rs := reports(t, correct.RunAgent, "agentloop.dev/web/goexercise/loop")
	cases := agenttest.Cases()
	n := len(cases)
	require.Len(t, rs, 2*n+1, "a start and an end per case, then the summary")
	assert.Equal(t, map[string]any{"type": "done", "total": float64(n)}, rs[len(rs)-1], "the summary counts passes")
	assert.Equal(t, map[string]any{"type": "case_start", "index": float64(0), "name": cases[0].Name}, rs[0],
		"the watchdog names a case from its case_start")
	for i, r := range ends(rs) {
		assert.NotContains(t, r, "passed", "the program judged case %d", i)
		assert.NotContains(t, r, "difference", "the program judged case %d", i)
		assert.Equal(t, cases[i].Expect.Result, observedEnd(t, r)["result"], "case %q: the observation is not what the loop returned", cases[i].Name)
		trace := r["observed"].(map[string]any)["trace"].([]any)
		var calls []any
		for _, e := range trace {
			if e.(map[string]any)["kind"] == "model" {
				calls = append(calls, e.(map[string]any)["messages"])
			}
		}
		want, err := json.Marshal(cases[i].Expect.ModelCalls)
		require.NoError(t, err)
		got, err := json.Marshal(calls)
		require.NoError(t, err)
		if len(calls) > 0 {
			assert.JSONEq(t, string(want), string(got), "case %q: the observation is not what the model saw", cases[i].Name)
		}
	}
}

func TestPanicNamesTheLearnersLine(t *testing.T) {
	var panicked []map[string]any
	for _, r := range ends(reports(t, panics.RunAgent, "agentloop.dev/web/goexercise/internal/loops/panics")) {
		if _, ok := observedEnd(t, r)["panicked"]; ok {
			panicked = append(panicked, r)
		}
	}
	require.NotEmpty(t, panicked, "a loop that panics was not seen to")
	for _, r := range panicked {
		assert.Contains(t, observedEnd(t, r)["panicked"], "interface conversion")
		assert.Equal(t, "loop.go:17", r["panicAt"], "the learner is not shown the line that panicked")
	}
}

func TestModelStoppingALoopIsNoPanicOfTheLearners(t *testing.T) {
	endless := func(model agenttest.Model, _ map[string]agenttest.Tool, userMsg string, _ int) string {
		for {
			model([]map[string]any{{"role": "user", "content": userMsg}})
		}
	}
	first := ends(reports(t, endless, "agentloop.dev/web/goexercise/grade_test"))[0]
	assert.Equal(t, true, observedEnd(t, first)["aborted"], "the model did not stop the loop")
	assert.NotContains(t, first, "panicAt", "the model's stop was shown as the learner's panic")
}

// TestACaseWithoutItsExpectStopsTheLoopAtItsCallLimit is the page's path:
// the program gets the cases without what the reference did, and their
// callLimit in its place.
func TestACaseWithoutItsExpectStopsTheLoopAtItsCallLimit(t *testing.T) {
	c := agenttest.Cases()[0]
	c.Expect, c.CallLimit = agenttest.Expect{}, 3
	calls := 0
	endless := func(model agenttest.Model, _ map[string]agenttest.Tool, userMsg string, _ int) string {
		for {
			calls++
			model([]map[string]any{{"role": "user", "content": userMsg}})
		}
	}
	var buf bytes.Buffer
	require.NoError(t, grade.Run(&buf, endless, []agenttest.Case{c}, "agentloop.dev/web/goexercise/grade_test"))
	assert.Equal(t, true, observedEnd(t, ends(decodeReports(t, &buf))[0])["aborted"])
	assert.Equal(t, 4, calls, "the model answers callLimit calls and stops the next")
}

// judgedNatively is what the page's judge should make of the reports a
// grading wrote (rs, with their case_start and case_end reports in order)
// when agenttest's own Check gave the verdicts diffs, one per case (nil
// for a pass): case_start and case_end with the verdict, then the summary.
func judgedNatively(rs []map[string]any, diffs []error) []map[string]any {
	var out []map[string]any
	passed, k := 0, 0
	for _, r := range rs {
		switch r["type"] {
		case "case_start":
			out = append(out, r)
		case "case_end":
			j := map[string]any{"type": "case_end", "index": r["index"], "name": r["name"], "passed": diffs[k] == nil}
			if f, ok := r["followUp"]; ok {
				j["followUp"] = f
			}
			if diffs[k] != nil {
				j["difference"] = diffs[k].Error()
				if at, ok := r["panicAt"]; ok {
					j["panicAt"] = at
				}
			} else {
				passed++
			}
			out = append(out, j)
			k++
		}
	}
	return append(out, map[string]any{"type": "done", "passedCount": float64(passed), "total": float64(len(diffs))})
}

// verdicts returns agenttest's Check of loop on each case.
func verdicts(loop agenttest.Loop, cases []agenttest.Case) []error {
	out := make([]error, len(cases))
	for i, c := range cases {
		out[i] = c.Check(loop)
	}
	return out
}
