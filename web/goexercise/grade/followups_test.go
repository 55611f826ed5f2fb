package grade_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
	"agentloop.dev/web/goexercise/grade"
	noids "agentloop.dev/web/goexercise/internal/loops2/noids"
	nousage "agentloop.dev/web/goexercise/internal/loops2/nousage"
	sequential "agentloop.dev/web/goexercise/internal/loops2/sequential"
	correct2 "agentloop.dev/web/goexercise/loop2"
)

// followUpReports grades a level-2 loop natively and returns the lines
// grade.RunFollowUps wrote, each decoded as JSON.
func followUpReports(t *testing.T, loop agenttest.FollowUpLoop, followUps []agenttest.FollowUp) []map[string]any {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, grade.RunFollowUps(&buf, loop, followUps, "agentloop.dev/web/goexercise/loop2"))
	return decodeReports(t, &buf)
}

func TestFollowUpReportsNameTheirFollowUpAndJudgeNothing(t *testing.T) {
	followUps := agenttest.FollowUps()
	rs := followUpReports(t, correct2.RunAgent, followUps)
	n := 0
	for _, f := range followUps {
		n += len(f.Cases)
	}
	require.Len(t, rs, 2*n+1, "a start and an end per case, then the summary")
	assert.Equal(t, map[string]any{"type": "done", "total": float64(n)}, rs[len(rs)-1])
	assert.Equal(t, map[string]any{"type": "case_start", "index": float64(0), "name": followUps[0].Cases[0].Name, "followUp": followUps[0].Name}, rs[0])
	last := followUps[len(followUps)-1]
	assert.Equal(t, last.Name, rs[len(rs)-2]["followUp"], "the last case is not laid at the last follow-up")
	for _, r := range ends(rs) {
		assert.NotContains(t, r, "passed", "the program judged a case")
		end := observedEnd(t, r)
		assert.Contains(t, end, "transcript", "a level-2 observation has no transcript")
		assert.Contains(t, end, "inputTokens")
	}
}

func TestSequentialLoopIsSeenWaitingApartOnParallelCalls(t *testing.T) {
	apart := map[string]bool{}
	for _, r := range ends(followUpReports(t, sequential.RunAgent, agenttest.FollowUps())) {
		for _, e := range r["observed"].(map[string]any)["trace"].([]any) {
			if e.(map[string]any)["apart"] != nil {
				apart[r["followUp"].(string)] = true
			}
		}
	}
	assert.Equal(t, map[string]bool{"parallel calls": true}, apart, "only the parallel follow-up's barrier calls wait in vain")
}

// TestReadCasesPlaysTheCasesItIsGiven is the page's path: a harness given
// a file plays its cases, not agenttest's, with no Expect but their
// callLimit.
func TestReadCasesPlaysTheCasesItIsGiven(t *testing.T) {
	followUps := agenttest.FollowUps()[:1]
	followUps[0].Cases = followUps[0].Cases[:2]
	followUps[0].Cases[1].UserMsg = "something no case says"
	for i := range followUps[0].Cases {
		followUps[0].Cases[i].Expect, followUps[0].Cases[i].CallLimit = agenttest.FollowUpExpect{}, 6
	}
	b, err := json.Marshal(followUps)
	require.NoError(t, err)
	path := t.TempDir() + "/cases.json"
	require.NoError(t, os.WriteFile(path, b, 0o644))
	read, err := grade.ReadCases[[]agenttest.FollowUp](path)
	require.NoError(t, err)
	rs := followUpReports(t, correct2.RunAgent, read)
	require.Len(t, rs, 5)
	first := ends(rs)[1]["observed"].(map[string]any)["trace"].([]any)[0].(map[string]any)
	assert.Equal(t, "something no case says", first["messages"].([]any)[0].(map[string]any)["content"], "the changed input was not the one played")

	_, err = grade.ReadCases[[]agenttest.Case](t.TempDir() + "/none.json")
	assert.ErrorContains(t, err, "grade: reading the cases")
}

func TestBrowserEngineGradesFollowUpsAsGoDoes(t *testing.T) {
	loops := []struct {
		file string
		loop agenttest.FollowUpLoop
	}{
		{"../loop2/loop.go", correct2.RunAgent},
		{"../internal/loops2/sequential/loop.go", sequential.RunAgent},
		{"../internal/loops2/nousage/loop.go", nousage.RunAgent},
		{"../internal/loops2/noids/loop.go", noids.RunAgent},
	}
	const levelOne = "../loop/loop.go"
	files := []string{levelOne}
	for _, l := range loops {
		files = append(files, l.file)
	}
	got := checkInBrowserEngineAt(t, 2, files...)
	for _, l := range loops {
		t.Run(l.file, func(t *testing.T) {
			ms := got[l.file].Messages
			require.Empty(t, ofType(ms, "compile_error", "crashed"), "a loop that compiles with go build did not run in the browser")
			native := judgedNatively(followUpReports(t, l.loop, agenttest.FollowUps()), followUpVerdicts(l.loop))
			// Natively each wrong loop is its own package: a panic's
			// frames would name it, but none of these loops panics.
			browser := ofType(ms, "case_start", "case_end")
			assert.Equal(t, native[:len(native)-1], browser, "the page's verdicts on the browser's reports differ from go test's")
			done := ofType(ms, "done")[0]
			assert.Equal(t, native[len(native)-1]["passedCount"], done["passedCount"])
			assert.Equal(t, native[len(native)-1]["total"], done["total"])
		})
	}
	t.Run("a level-1 loop at level 2 is told the signature level 2 wants", func(t *testing.T) {
		assert.Empty(t, ofType(got[levelOne].Messages, "case_start"), "a loop of the wrong signature was graded")
		errs := ofType(got[levelOne].Messages, "compile_error")
		require.Len(t, errs, 1)
		first := errs[0]["errors"].([]any)[0].(map[string]any)
		msg := first["message"].(string)
		assert.True(t, strings.HasPrefix(msg, "loop.go must define func RunAgent(ctx context.Context, model agenttest.FollowUpModel"), msg)
	})
}

func keysOf(m map[string][]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// followUpVerdicts returns agenttest's Check of loop on each follow-up
// case, in order.
func followUpVerdicts(loop agenttest.FollowUpLoop) []error {
	var out []error
	for _, f := range agenttest.FollowUps() {
		for _, c := range f.Cases {
			out = append(out, c.Check(loop))
		}
	}
	return out
}
