package grade_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
	"agentloop.dev/web/goexercise/grade"
	nilargs "agentloop.dev/web/goexercise/internal/loops/nilargs"
	noappend "agentloop.dev/web/goexercise/internal/loops/noappend"
	offbyone "agentloop.dev/web/goexercise/internal/loops/offbyone"
	panics "agentloop.dev/web/goexercise/internal/loops/panics"
	correct "agentloop.dev/web/goexercise/loop"
)

// reports grades loop natively and returns the lines grade.Run wrote, each
// decoded as JSON.
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

// failures returns the failed case_end reports.
func failures(rs []map[string]any) []map[string]any {
	var out []map[string]any
	for _, r := range rs {
		if r["type"] == "case_end" && r["passed"] != true {
			out = append(out, r)
		}
	}
	return out
}

func TestCorrectLoopPassesEveryCaseAndSaysSo(t *testing.T) {
	rs := reports(t, correct.RunAgent, "agentloop.dev/web/goexercise/loop")
	n := len(agenttest.Cases())
	require.Len(t, rs, 2*n+1, "a start and an end per case, then the summary")
	assert.Empty(t, failures(rs), "a correct loop was marked wrong")
	assert.Equal(t, map[string]any{"type": "done", "passedCount": float64(n), "total": float64(n)}, rs[len(rs)-1])
	assert.Equal(t, map[string]any{"type": "case_start", "index": float64(0), "name": agenttest.Cases()[0].Name}, rs[0],
		"the watchdog names a case from its case_start")
}

func TestWrongLoopsFailWithAgenttestsOwnFirstDifference(t *testing.T) {
	tests := []struct {
		name string
		loop agenttest.Loop
		want string // in the first failure's difference
	}{
		{"no assistant append", noappend.RunAgent, "(missing message 2 = {\"role\":\"assistant\""},
		{"nil args", nilargs.RunAgent, "the loop called clock(null); the reference called clock({})"},
		{"off by one", offbyone.RunAgent, "the reference made model call"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			failed := failures(reports(t, tt.loop, "agentloop.dev/web/goexercise/internal/loops"))
			require.NotEmpty(t, failed, "a wrong loop passed every case")
			first := failed[0]
			var c agenttest.Case
			for _, c = range agenttest.Cases() {
				if c.Name == first["name"] {
					break
				}
			}
			err := c.Check(tt.loop)
			require.Error(t, err)
			assert.Equal(t, err.Error(), first["difference"], "the Exercise words a difference unlike agenttest")
			assert.Contains(t, first["difference"], tt.want)
			assert.NotContains(t, first, "panicAt", "a loop that did not panic was said to")
		})
	}
}

func TestPanicNamesTheLearnersLine(t *testing.T) {
	failed := failures(reports(t, panics.RunAgent, "agentloop.dev/web/goexercise/internal/loops/panics"))
	require.NotEmpty(t, failed, "a loop that panics passed")
	for _, f := range failed {
		assert.Contains(t, f["difference"], "panicked (interface conversion")
		assert.Equal(t, "loop.go:17", f["panicAt"], "the learner is not shown the line that panicked")
	}
}

func TestModelStoppingALoopIsNoPanicOfTheLearners(t *testing.T) {
	endless := func(model agenttest.Model, _ map[string]agenttest.Tool, userMsg string, _ int) string {
		for {
			model([]map[string]any{{"role": "user", "content": userMsg}})
		}
	}
	failed := failures(reports(t, endless, "agentloop.dev/web/goexercise/grade_test"))
	require.NotEmpty(t, failed)
	assert.Contains(t, failed[0]["difference"], "the loop was stopped at model call")
	assert.NotContains(t, failed[0], "panicAt", "the model's stop was shown as the learner's panic")
}
