//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
)

// loopSource reads one of the JavaScript loops of web/test/loops.
func loopSource(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("test", "loops", name))
	require.NoError(t, err, "the test's loop %s", name)
	return string(b)
}

// followUpsCount is how many cases level 2 grades: agenttest's follow-ups'.
func followUpsCount() int {
	n := 0
	for _, f := range agenttest.FollowUps() {
		n += len(f.Cases)
	}
	return n
}

// chooseLevel picks the option labelled label in the Level control.
func (p *page) chooseLevel(label string) {
	p.t.Helper()
	sel := `document.querySelector("#exercise-level")`
	require.Equal(p.t, "Level", eval[string](p, `(() => { const s = `+sel+`; return s.labels[0] ? s.labels[0].textContent.trim() : ""; })()`),
		"the level control's accessible name is Level")
	value := eval[string](p, fmt.Sprintf(`([...%s.options].find((o) => o.textContent === %s) || {value: ""}).value`, sel, js(label)))
	require.NotEmpty(p.t, value, "the Level control offers %q", label)
	p.setValue("#exercise-level", value)
}

// followUp is one follow-up as level 2 shows it after a Check.
type followUp struct {
	Name, Status, Words, Diff string
}

func (p *page) followUps() []followUp {
	p.t.Helper()
	return eval[[]followUp](p, `[...document.querySelectorAll("#exercise-follow-ups li.follow-up")].map((li) => {
		const t = (s) => { const e = li.querySelector(s); return e ? e.textContent : ""; };
		return {Name: t(".follow-up-name"), Status: li.dataset.status, Words: t(".follow-up-status"), Diff: t(".follow-up-diff")};
	})`)
}

func followUpNamed(t *testing.T, fs []followUp, name string) followUp {
	t.Helper()
	for _, f := range fs {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("the page shows no follow-up %q; it shows %v", name, fs)
	return followUp{}
}

func TestPageExerciseLevelControlOffersTheFollowUps(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	options := eval[[]string](p, `[...document.querySelector("#exercise-level").options].map((o) => o.textContent)`)
	assert.Equal(t, []string{"1 · The loop", "2 · Follow-ups"}, options, "the Level control offers the classic loop and the follow-ups")
	p.chooseLevel("2 · Follow-ups")
	stub := p.value("#loop-editor")
	assert.Contains(t, stub, "async function runAgent(model, tools, userMsg, { maxSteps = 10, toolTimeoutMs = 0, signal } = {}) {",
		"an untouched Your loop becomes level 2's stub, with its signature")
	assert.True(t, p.visible("#exercise-statement-2"), "level 2's statement is shown")
	p.clickNamed("Show a hint")
	assert.Contains(t, p.text("#hints"), "await it", "level 2 has hints of its own")

	p.reload()
	assert.Equal(t, "2", p.value("#exercise-level"), "a reload keeps the level")
	assert.Equal(t, 1, eval[int](p, `document.querySelectorAll("#hints li").length`), "a reload keeps level 2's hint shown")
	p.chooseLevel("1 · The loop")
	assert.Zero(t, eval[int](p, `document.querySelectorAll("#hints li").length`), "level 1 counts its hints apart")
}

func TestPageExerciseNeverAwaitingLoopFailsTheAsyncFollowUp(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.chooseLevel("2 · Follow-ups")
	p.setEditor("loop-editor", loopSource(t, "never-awaits.js"))
	summary := p.check()
	assert.Regexp(t, fmt.Sprintf(` of %d cases pass`, followUpsCount()), summary, "level 2 checks every follow-up's case")
	async := followUpNamed(t, p.followUps(), "async")
	assert.Equal(t, "fail", async.Status, "a loop that never awaits fails the async follow-up")
	assert.Contains(t, async.Diff, `case "model and tool get the loop's ctx": `, "the async follow-up names its first failing case")
	assert.Empty(t, p.failures(), "level 2 lists follow-ups, not level 1's failing cases")
}

func TestPageExerciseSequentialLoopFailsParallelCallsAndIsToldWhy(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.chooseLevel("2 · Follow-ups")
	correct := loopSource(t, "follow-ups.js")
	parallel := "const results = await Promise.all(calls.map(run));"
	require.Contains(t, correct, parallel)
	sequential := strings.Replace(correct, parallel, "const results = [];\n    for (const call of calls) results.push(await run(call));", 1)
	p.setEditor("loop-editor", sequential)
	p.check()
	fs := p.followUps()
	calls := followUpNamed(t, fs, "parallel calls")
	assert.Equal(t, "fail", calls.Status, "a loop that runs calls one at a time fails the parallel calls follow-up")
	assert.Contains(t, calls.Diff, "the calls did not run at the same time: weather({\"city\":\"Paris\"}) waited 1s for the action's 1 other call to start; the reference runs them all at once",
		"the learner is told that the calls did not run at the same time, and why")
	assert.Equal(t, "pass", followUpNamed(t, fs, "token accounting").Status, "the other follow-ups pass or fail on their own")
}

func TestPageExerciseCorrectLevel2LoopPassesEveryFollowUp(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.chooseLevel("2 · Follow-ups")
	p.setEditor("loop-editor", loopSource(t, "follow-ups.js"))
	summary := p.check()
	assert.Contains(t, summary, fmt.Sprintf("%d of %d cases pass", followUpsCount(), followUpsCount()), "a correct level-2 loop passes every case")
	fs := p.followUps()
	require.Len(t, fs, len(agenttest.FollowUps()), "every follow-up is shown")
	for _, f := range fs {
		assert.Equal(t, "pass", f.Status, "follow-up %q: %s %s", f.Name, f.Words, f.Diff)
	}
	p.saveScreenshot("exercise-level-2-all-pass.png")

	p.clickNamed("Compare with the reference")
	assert.Contains(t, p.text("#reference-compare .compare-reference"), "Promise.all", "level 2's reference runs the calls at once")
	assert.Equal(t, loopSource(t, "follow-ups.js"), eval[string](p, `document.querySelector("#reference-compare .compare-yours").textContent`), "Your loop is shown beside it")
	assert.Contains(t, p.text("#reference-compare .compare-notes"), "step N: ", "the differences that matter are called out")
}

func TestPageExerciseCompareWithTheReferenceOnceALevelPasses(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.setEditor("loop-editor", strings.Replace(correctLoop, `"Stopped: reached max steps."`, `"Stopped: reached max steps"`, 1))
	p.check()
	assert.False(t, p.visible("#exercise-compare"), "no reference is offered before the level passes")
	p.setEditor("loop-editor", correctLoop)
	p.check()
	p.clickNamed("Compare with the reference")
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#exercise-compare button").getAttribute("aria-expanded")`), "the button says the comparison is open")
	assert.Equal(t, correctLoop, eval[string](p, `document.querySelector("#reference-compare .compare-yours").textContent`), "Your loop is shown as written")
	assert.Contains(t, p.text("#reference-compare .compare-reference"), "messages.push(action, { role: \"tool\", name, content: output });", "the reference appends the action itself, then the tool message")
	assert.Contains(t, p.text("#reference-compare .compare-notes"), "exactly as the model returned it", "where the real loop appends is called out")
	p.clickNamed("Compare with the reference")
	assert.False(t, p.visible("#reference-compare"), "the same button closes it")
}

// hostileComment ends the correct loop in the interview's tests: the
// exported report must show it as code, never run or parse it.
const hostileComment = "\n// </pre><script>document.title = 'ran'</script><img src=x onerror=\"document.title='ran'\">"

func TestPageInterviewStartedReloadedAndEndedReportsItsStages(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.setValue("#interview-minutes", "30")
	p.clickNamed("Start interview")
	timeLeft := `document.querySelector('[role="status"][aria-label="Time left"]').textContent`
	waitFor[bool](p, waitTimeout, "the timer to count down from 30 minutes", `/^(30:00|29:\d\d)$/.test(`+timeLeft+`)`)
	assert.False(t, p.visible("#show-hint"), "an interview hides the hints")
	assert.Contains(t, p.text("#interview-stage"), "Stage 1 of", "the interview starts at the classic loop")

	code := correctLoop + hostileComment
	p.setEditor("loop-editor", code)
	summary := p.check()
	assert.Contains(t, summary, fmt.Sprintf("%d of %d cases pass", casesCount(), casesCount()), "the correct loop passes the drawn cases, whose expectations the real loop computed")
	assert.Contains(t, summary, "hidden until the interview ends", "the cases stay hidden")
	assert.Empty(t, p.failures(), "no case is shown during an interview")
	waitFor[bool](p, waitTimeout, "the first follow-up to be revealed", `/Stage 2 of \d+: async/.test(document.querySelector("#interview-stage").textContent)`)

	p.setEditor("loop-editor", loopSource(t, "never-awaits.js"))
	summary = p.check()
	assert.NotContains(t, summary, "0 of 0", "level 2's Check grades the revealed follow-up")
	assert.Empty(t, p.followUps(), "the follow-ups' verdicts stay hidden during an interview")

	startedAt := `JSON.parse(localStorage.getItem("agentloop:v1:interview")).startedAt`
	before := eval[float64](p, startedAt)
	leftBefore := eval[string](p, timeLeft)
	p.reload()
	p.openExerciseIfHidden()
	assert.Contains(t, p.text("#interview-stage"), "Stage 2 of", "a reload resumes the interview at its stage")
	assert.False(t, p.visible("#show-hint"), "hints stay hidden after a reload")
	assert.Equal(t, before, eval[float64](p, startedAt), "a reload resumes the interview, never starts another")
	left := eval[string](p, timeLeft)
	assert.Regexp(t, `^(30:00|29:\d\d|28:\d\d)$`, left, "the timer counts from the interview's start")
	assert.LessOrEqual(t, left, leftBefore, "the timer goes on from where it was, not from the full time")

	p.clickNamed("End interview")
	waitFor[bool](p, waitTimeout, "the Interview report", `document.querySelector('section[aria-labelledby="interview-report-heading"]').checkVisibility()`)
	report := p.text("#interview-report")
	assert.Contains(t, report, "Interview report")
	stages := eval[[][]string](p, `[...document.querySelectorAll("#interview-report .report-stages tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent))`)
	require.GreaterOrEqual(t, len(stages), 2, "the report lists the stages")
	assert.Equal(t, []string{"The loop", "1", "passed"}, []string{stages[0][0], stages[0][2], stages[0][3]}, "the classic loop took one Check and passed")
	assert.Regexp(t, `^\d+:\d\d$`, stages[0][1], "the report says how long the classic loop took")
	assert.Equal(t, []string{"async", "1", "not passed"}, []string{stages[1][0], stages[1][2], stages[1][3]}, "the async follow-up took one Check and did not pass")
	assert.Contains(t, report, "Check 2 (async", "the failed Check's first difference is in the report")
	assert.Contains(t, p.text("#interview-report .report-code"), "function runAgent(model, tools, userMsg, { maxSteps = 10 } = {})", "the report keeps the final code")
	assert.Contains(t, p.text("#interview-report .report-revealed"), "model and tool get the loop's ctx", "the report reveals the cases")
	assert.True(t, p.visible("#show-hint"), "the hints come back once the interview ends")
	for _, v := range p.axeSerious(t) {
		t.Errorf("axe-core with the Interview report: %s", v)
	}

	p.reload()
	p.openExerciseIfHidden()
	assert.True(t, p.visible("#interview-report"), "the report survives a reload")
}

func TestPageInterviewReportExportsAsAFileThatOpensOnItsOwn(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.clickNamed("Start interview")
	p.setEditor("loop-editor", "function runAgent() { return 'no'; }"+hostileComment)
	p.check()
	p.clickNamed("End interview")
	p.clickNamed("Export report")
	href := waitFor[string](p, waitTimeout, "the report's file", `(() => { const a = document.querySelector("#interview-report a.report-download"); return a && a.href.startsWith("blob:") && a.getAttribute("download") && a.href; })()`)

	// The file opens as a page of its own: no script of it runs, and the
	// user's code shows as they wrote it.
	p.do("opening the exported report", chromedp.Navigate(href))
	waitFor[bool](p, waitTimeout, "the report to open on its own", `document.querySelector("h1") !== null && document.querySelector("h1").textContent === "Interview report"`)
	assert.Equal(t, "Interview report", eval[string](p, `document.title`), "the file's own page, not a script, titles it")
	assert.Zero(t, eval[int](p, `document.querySelectorAll("script, img").length`), "the file holds no script and no element of the user's code")
	assert.Contains(t, eval[string](p, `document.querySelector("pre").textContent`), "</pre><script>", "the code shows as the user wrote it")
	assert.Contains(t, eval[string](p, `document.documentElement.outerHTML`), "&lt;/pre&gt;&lt;script&gt;", "the file escapes the user's code")
	assert.Contains(t, eval[string](p, `document.querySelector("table").textContent`), "The loop", "the file lists the stages")
}

// openExerciseIfHidden opens the Exercise unless a reload already shows it.
func (p *page) openExerciseIfHidden() {
	p.t.Helper()
	if !p.visible("#loop-editor") {
		p.openExercise()
	}
}

func TestPageInterviewRevealsEachFollowUpAsThePreviousPassesUntilAllPass(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.clickNamed("Start interview")
	p.setEditor("loop-editor", correctLoop)
	p.check()
	stages := []string{}
	for _, f := range agenttest.FollowUps() {
		stages = append(stages, f.Name)
	}
	p.setEditor("loop-editor", loopSource(t, "follow-ups.js"))
	for i, name := range stages {
		stage := p.text("#interview-stage")
		require.Contains(t, stage, fmt.Sprintf("Stage %d of %d: %s.", i+2, len(stages)+1, name), "the follow-ups are revealed in order, one at a time")
		summary := p.check()
		n := 0
		for _, f := range agenttest.FollowUps()[:i+1] {
			n += len(f.Cases)
		}
		require.Contains(t, summary, fmt.Sprintf("%d of %d cases pass", n, n),
			"a correct level-2 loop passes the drawn cases of every follow-up revealed so far, as the real loop played them")
	}
	waitFor[bool](p, waitTimeout, "the Interview report", `document.querySelector("#interview-report").checkVisibility()`)
	assert.Contains(t, p.text("#interview-report .report-summary"), "because every stage passed", "the interview ends once every stage passes")
}

func TestPageExerciseLevel2GradeCannotBeRewrittenByPrototypeSetters(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.chooseLevel("2 · Follow-ups")
	// A loop that answers at once without calling the model: it passes no
	// follow-up's case, however its record is tampered with.
	p.setEditor("loop-editor", renamingPrelude+`async function runAgent(model, tools, userMsg) {
  return { text: "", usage: { input_tokens: 0, output_tokens: 0 }, messages: [] };
}`)
	summary := p.check()
	assert.Regexp(t, fmt.Sprintf(`^0 of %d cases pass`, followUpsCount()), summary,
		"setters on Array.prototype must not turn a level-2 record into a pass")
	for _, f := range p.followUps() {
		assert.Equal(t, "fail", f.Status, "follow-up %q", f.Name)
	}
	for _, v := range p.axeSerious(t) {
		t.Errorf("axe-core at level 2: %s", v)
	}
}

func TestPageInterviewEndsWhenTheTimeIsUp(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.startInterview("5")
	// Six minutes pass while the tab is closed.
	eval[chromedp.Void](p, `(() => { const k = "agentloop:v1:interview"; const s = JSON.parse(localStorage.getItem(k));
		s.startedAt -= 6 * 60000; s.stages[0].startedAt -= 6 * 60000; localStorage.setItem(k, JSON.stringify(s)); })()`)
	p.reload()
	p.openExerciseIfHidden()
	waitFor[bool](p, waitTimeout, "the Interview report", `document.querySelector("#interview-report").checkVisibility()`)
	assert.Contains(t, p.text("#interview-report .report-summary"), "because time is up", "a reload after the time ran out ends the interview")
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#interview-end").getAttribute("aria-disabled")`), "End interview is unavailable once it has ended")
}
