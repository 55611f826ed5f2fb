//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
)

// The Exercise grades Your loop on agenttest's cases: a correct loop passes
// them all, a wrong one is shown where it differs from the reference, a loop
// that is not the learner's own or does not compile passes nothing, and a
// runaway or stopped Check leaves the page usable.

func TestCasesJSONIsAgenttestCases(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("site", "cases.json"))
	if err != nil {
		unavailable(t, fmt.Errorf("web/site/cases.json is missing: run make build first"))
	}
	var got []agenttest.Case
	require.NoError(t, json.Unmarshal(data, &got), "cases.json is a JSON list of cases")
	assert.Equal(t, agenttest.Cases(), got, "the page grades on exactly agenttest.Cases(): run make build to refresh cases.json")
}

func TestPageExerciseCorrectLoopPassesEveryCase(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	assert.Equal(t, "Your loop", eval[string](p, `document.querySelector("#loop-editor").getAttribute("aria-label")`),
		"the editor's accessible name is Your loop")
	stub := p.value("#loop-editor")
	assert.Contains(t, stub, "function runAgent(model, tools, userMsg, maxSteps = 10) {", "Your loop starts from the stub")
	assert.Contains(t, stub, `"Stopped: reached max steps."`, "the stub states the rules")

	summary := p.check()
	assert.Regexp(t, fmt.Sprintf(`^0 of %d cases pass`, casesCount()), summary, "the stub passes no case")
	assert.Len(t, p.failures(), casesCount(), "every case the stub fails is listed")

	p.setEditor("loop-editor", correctLoop)
	summary = p.check()
	want := fmt.Sprintf("%d of %d cases pass", casesCount(), casesCount())
	assert.Contains(t, summary, want, "a correct loop passes every case")
	assert.Empty(t, p.failures(), "no case is listed as failing")
	p.saveScreenshot("exercise-all-pass.png")

	p.reload()
	assert.True(t, p.visible("#loop-editor"), "a reload stays in the Exercise")
	assert.Equal(t, correctLoop, p.value("#loop-editor"), "a reload keeps Your loop")
	assert.Contains(t, p.text("#exercise-summary"), want, "a reload keeps the last Check's count")
}

func TestPageExerciseStopTextWithoutThePeriodFails(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	p.setEditor("loop-editor", strings.Replace(correctLoop, `"Stopped: reached max steps."`, `"Stopped: reached max steps"`, 1))
	summary := p.check()
	assert.NotContains(t, summary, fmt.Sprintf("%d of %d", casesCount(), casesCount()), "a loop with the wrong stop text does not pass every case")

	fs := p.failures()
	require.NotEmpty(t, fs, "the failing cases are listed")
	first := fs[0]
	assert.Equal(t, "max steps 0 never calls the model", first.Case)
	assert.Equal(t, `case "max steps 0 never calls the model": the loop returned "Stopped: reached max steps"; the reference returned "Stopped: reached max steps."`, first.Diff,
		"the difference names the stop text the real loop returns")
	assert.Equal(t, `returned "Stopped: reached max steps"`, first.GotResult, "your loop's result is shown")
	assert.Equal(t, `returned "Stopped: reached max steps."`, first.WantResult, "beside the real loop's")
	for _, f := range fs {
		assert.Contains(t, f.Diff, `"Stopped: reached max steps."`, "case %q fails for the stop text alone", f.Case)
	}
	p.saveScreenshot("exercise-failure.png")
}

func TestPageExerciseShowsTheMessagesSideBySide(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	// The loop forgets to append the action before the tool's output.
	p.setEditor("loop-editor", strings.Replace(correctLoop, "messages.push(action, {", "messages.push({", 1))
	p.check()
	var f failure
	for _, x := range p.failures() {
		if x.Case == "one tool then final" {
			f = x
		}
	}
	require.NotEmpty(t, f.Case, "the case one tool then final fails")
	assert.Contains(t, f.Diff, "model call 2 saw 2 messages; the reference saw 3 (missing message 2 = ")
	assert.Contains(t, f.Got, `2. {"role":"tool","name":"add","content":"5"}`, "what the model saw from your loop")
	assert.Contains(t, f.Want, `2. {"role":"assistant","type":"tool","name":"add","args":{"a":2,"b":3}}`, "what it saw from the real loop")
	assert.True(t, eval[bool](p, `[...document.querySelectorAll("#exercise-failures li")].find((li) => li.dataset.case === "one tool then final")
		.querySelector(".case-inputs").textContent.includes("What is 2 + 3?")`), "the case's user message is shown")
}

// The sentence that names a difference and the table beside it tell the
// same story: a model call one loop made and the other did not shows on
// the side that made it, and the other side says it made none.
func TestPageExerciseFailureTableAgreesWithItsText(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()

	p.check() // the stub, as given: it returns undefined at once
	f := failureOf(t, p.failures(), "final at once")
	assert.Equal(t, `case "final at once": before any model call, the loop returned undefined, not a string; the reference made model call 1`, f.Diff)
	assert.Equal(t, "Model call 1 saw", f.At, "the table shows the model call the text names")
	assert.Equal(t, "(none: this loop made no model call)", f.Got, "your loop made no model call")
	assert.Contains(t, f.Want, `1. {"role":"user","content":"Hi!"}`, "the real loop's model call 1 is shown")
	assert.Equal(t, "returned undefined, not a string", f.GotResult)
	eval[bool](p, `(() => { [...document.querySelectorAll("#exercise-failures li")].find((li) => li.dataset.case === "final at once").scrollIntoView(); return true; })()`)
	p.saveScreenshot("exercise-table-agrees.png")

	// One step too many: the loop calls the model where the real loop never does.
	p.setEditor("loop-editor", strings.Replace(correctLoop, "step < maxSteps", "step <= maxSteps", 1))
	p.check()
	f = failureOf(t, p.failures(), "max steps 0 never calls the model")
	assert.Contains(t, f.Diff, "the loop made model call 1; the reference stopped before any model call")
	assert.Equal(t, "Model call 1 saw", f.At)
	assert.Contains(t, f.Got, `1. {"role":"user","content":`, "your loop's model call 1 is shown")
	assert.Equal(t, "(none: this loop made no model call)", f.Want, "the real loop made no model call")

	// Without ?? {}, a tool gets undefined for an action without args.
	p.setEditor("loop-editor", strings.Replace(correctLoop, "action.args ?? {}", "action.args", 1))
	p.check()
	f = failureOf(t, p.failures(), "missing args become {}")
	assert.Equal(t, `case "missing args become {}": after model call 1, the loop called clock(undefined); the reference called clock({})`, f.Diff,
		"the loop passed undefined, not null")
}

func TestPageExerciseRunawayLoopIsStoppedAndThePageStaysUsable(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setValue("#time-limit", "500")
	p.openExercise()
	workers := p.workers()
	p.setEditor("loop-editor", "function runAgent(model, tools, userMsg, maxSteps = 10) {\n  while (true) {}\n}")
	summary := p.check()
	assert.Contains(t, summary, fmt.Sprintf("0 of %d cases pass", casesCount()))
	p.answersQuickly(answerTimeout, "after a runaway Check")
	banner := waitFor[string](p, waitTimeout, "the banner to say the loop ran away",
		`document.querySelector("#exercise-banner").checkVisibility() && document.querySelector("#exercise-banner").textContent`)
	assert.Contains(t, banner, "ran away")
	assert.Contains(t, banner, `Case "final at once" did not finish within 500 ms`, "the banner names the case that ran away")
	assert.Equal(t, 1, strings.Count(banner, "ran away"), "the banner says it ran away once, in its title: %q", banner)
	p.assertWorkersBackTo(t, workers, "a runaway Check")

	p.setEditor("loop-editor", correctLoop)
	summary = p.check()
	assert.Contains(t, summary, fmt.Sprintf("%d of %d cases pass", casesCount(), casesCount()), "a later Check with a correct loop passes")
	assert.False(t, p.visible("#exercise-banner"), "the runaway banner is gone")
}

// A slow loop's Check can be stopped: the check ends at once with what it
// checked so far, says the learner stopped it, keeps the code, and the
// next Check runs.
func TestPageExerciseStopEndsACheckAndKeepsTheLoop(t *testing.T) {
	// Not parallel: it bounds how soon after Stop the check ends, on the wall
	// clock, which the load of other tests would stretch.
	p := openPage(t, "/")
	p.openExercise()
	slow := strings.Replace(correctLoop, "function runAgent(", "async function runAgent(", 1)
	slow = strings.Replace(slow, "    const action = model(messages);", "    await new Promise((resolve) => setTimeout(resolve, 400));\n    const action = model(messages);", 1)
	p.setEditor("loop-editor", slow)
	p.clickNamed("Check")
	waitFor[bool](p, waitTimeout, "Stop to be offered while the check runs",
		`document.querySelector("#check-stop").getAttribute("aria-disabled") === "false"`)
	start := time.Now()
	p.clickNamed("Stop")
	summary := p.waitChecked("Stop")
	took := time.Since(start)
	assert.Less(t, took, 3*time.Second, "the check ended %v after Stop", took)
	assert.Regexp(t, fmt.Sprintf(`the check stopped after \d+ of %d`, casesCount()), summary, "the summary says how far the check got")
	banner := p.text("#exercise-banner")
	assert.Contains(t, banner, "You stopped the check", "the banner says who stopped it")
	assert.NotContains(t, banner, "ran away", "a stopped check is not a runaway")
	assert.Equal(t, slow, p.value("#loop-editor"), "Stop changed Your loop")
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#check-stop").getAttribute("aria-disabled")`), "Stop is off once the check has ended")

	p.setEditor("loop-editor", correctLoop)
	assert.Contains(t, p.check(), fmt.Sprintf("%d of %d cases pass", casesCount(), casesCount()), "the Check after a stopped one runs")
}

func TestPageExerciseSyntaxErrorIsShownInYourLoop(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	p.setEditor("loop-editor", "function runAgent(model, tools, userMsg, maxSteps = 10) {\n  return 'x' +;\n}")
	p.clickNamed("Check")
	msg := waitFor[string](p, waitTimeout, "the loop's syntax error under the editor",
		`document.querySelector("#loop-error").checkVisibility() && document.querySelector("#loop-error").textContent`)
	assert.Contains(t, msg, "Line 2", "the error names the line in Your loop")
	assert.Contains(t, p.text("#exercise-summary"), "Your loop has an error")
}

func TestPageExerciseShowsTheTimeLimitThatJudgesARunaway(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setValue("#time-limit", "700")
	p.openExercise()
	field := "#exercise-time-limit"
	p.onScreen(t, field, "in the Exercise")
	assert.Equal(t, "700", p.value(field), "the Exercise shows the playground's time limit")
	assert.Equal(t, "Time limit per case (ms)", eval[string](p, accessibleNameJS+"("+must(field)+")"))
	assert.Contains(t, p.text(field+"-hint"), "Time limit", "the Exercise says the limit is the playground's too")

	// Changed in the Exercise, it judges the next Check, and it is the
	// playground's too.
	p.setValue(field, "600")
	p.setEditor("loop-editor", "function runAgent(model, tools, userMsg, maxSteps = 10) {\n  while (true) {}\n}")
	p.check()
	banner := waitFor[string](p, waitTimeout, "the banner to say the loop ran away",
		`document.querySelector("#exercise-banner").checkVisibility() && document.querySelector("#exercise-banner").textContent`)
	assert.Contains(t, banner, "did not finish within 600 ms", "the limit set in the Exercise judged the runaway")
	p.saveScreenshot("phone-exercise-time-limit.png")
	p.clickNamed("Playground")
	assert.Equal(t, "600", p.value("#time-limit"), "the playground's time limit is the one set in the Exercise")

	// One value: set in the playground, it shows in the Exercise, and a
	// reload in the Exercise brings it back.
	p.setValue("#time-limit", "900")
	p.openExercise()
	assert.Equal(t, "900", p.value(field), "the Exercise follows the playground's time limit")
	p.reload()
	require.True(t, p.visible("#loop-editor"), "the page reopens in the Exercise")
	assert.Equal(t, "900", p.value(field), "the Exercise shows the saved time limit after a reload")

	// A wrong value is explained beside the field, and Check waits for it.
	p.setValue(field, "10")
	p.onScreen(t, field+"-error", "after a wrong time limit")
	assert.Contains(t, p.text(field+"-error"), "from 50 to 600,000")
	before := p.text("#exercise-summary")
	p.clickNamed("Check")
	assert.Equal(t, before, p.text("#exercise-summary"), "Check does not run with a wrong time limit")
	assert.Equal(t, "exercise-time-limit", eval[string](p, `document.activeElement.id`), "Check puts the caret in the wrong field")
}

// The worker that grades Your loop also holds the real loop (the bridge's
// runAgent): a loop that defines no runAgent of its own, or hands the work
// to the real one, must not pass as if it were correct.
func TestPageExerciseGradesOnlyTheLearnersOwnLoop(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	allPass := fmt.Sprintf("%d of %d cases pass", casesCount(), casesCount())
	for _, c := range []struct{ name, loop, want string }{
		{"no runAgent at all", "// TODO: write my loop later\n", "Your loop gives nothing"},
		{"a runAgent misspelled", "const runagent = (model, tools, userMsg) => userMsg;\n", "Your loop gives nothing"},
		{"a runAgent that calls the real one", "function runAgent(model, tools, userMsg, maxSteps = 10) {\n  return globalThis.runAgent(model, tools, userMsg, maxSteps);\n}\n", "globalThis.runAgent is not a function"},
	} {
		p.setEditor("loop-editor", c.loop)
		p.clickNamed("Check")
		said := waitFor[string](p, waitTimeout, "Check to say what Your loop did",
			`(() => { if (document.querySelector("#check").getAttribute("aria-disabled") === "true") return "";
				const seen = [...document.querySelectorAll("#exercise-summary, #exercise-banner, #exercise-failures, #loop-error")].filter((el) => el.checkVisibility());
				return seen.map((el) => el.textContent).join(" | ").trim(); })()`)
		assert.NotContains(t, said, allPass, "%s: the Check does not pass it", c.name)
		assert.Contains(t, said, c.want, "%s: the Check says why", c.name)
	}
}

func TestPageExerciseLoopWithAnErrorListsNoOldFailures(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	stub := p.value("#loop-editor")
	require.Regexp(t, `^0 of \d+ cases pass`, p.check(), "the stub passes no case")
	require.NotEmpty(t, p.failures(), "the stub's failing cases are listed")

	p.setEditor("loop-editor", "function runAgent(model, tools, userMsg, maxSteps = 10) {\n  return 'x' +;\n}")
	p.clickNamed("Check")
	waitFor[bool](p, waitTimeout, "the summary to say Your loop has an error",
		`document.querySelector("#check").getAttribute("aria-disabled") !== "true" &&
			document.querySelector("#exercise-summary").textContent.includes("Your loop has an error")`)
	assert.Empty(t, p.failures(), "the failing cases of the loop as it was at the last Check are not listed under the error")
	assert.False(t, p.visible("#exercise-failures"), "the list of failing cases is hidden")

	p.setEditor("loop-editor", stub)
	require.Regexp(t, `^0 of \d+ cases pass`, p.check(), "the next Check of the stub")
	assert.NotEmpty(t, p.failures(), "the next Check lists the failing cases again")
}

// A failing case offers its two runs side by side: Compare the two runs
// opens the case in the playground and Compare runs shows the learner's
// loop beside the real loop, by model call, naming the first difference;
// nothing runs.
func TestPageExerciseComparesAFailingCasesTwoRuns(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.openExercise()
	// The loop forgets to append the action before the tool's output.
	p.setEditor("loop-editor", strings.Replace(correctLoop, "messages.push(action, {", "messages.push({", 1))
	p.check()
	failureOf(t, p.failures(), "one tool then final")
	eval[bool](p, `[...document.querySelectorAll("#exercise-failures li")]
		.find((li) => li.dataset.case === "one tool then final").querySelector("details").open = true`)
	p.click(`#exercise-failures li[data-case="one tool then final"] .compare-case`)
	waitFor[bool](p, waitTimeout, "Compare runs to show", `!!document.querySelector("#compare-runs") && !document.querySelector("#compare-runs").hidden`)
	assert.Equal(t, "playground", eval[string](p, `document.body.dataset.mode || "playground"`), "the case opens in the playground")
	assert.Equal(t, "What is 2 + 3?", p.value("#user-message"), "with the case's inputs")
	first := p.text("#compare-first")
	assert.Contains(t, first, "first difference at model call 1", "the first difference is named")
	assert.Contains(t, first, "(your loop vs the real loop)", "the two runs are the learner's and the real loop's")
	rows := eval[[]string](p, `[...document.querySelectorAll("#compare-rows > li > h3")].map((h) => h.textContent)`)
	// Your loop's transcript lacks the action of model call 1, so its
	// first answer shown is the final one, and both rows differ.
	assert.Equal(t, []string{"Model call 1 (differs)", "Model call 2 (differs)"}, rows, "the runs are aligned by model call")
	t.Log(first)
	p.saveScreenshot("exercise-compare-case.png")
	assert.False(t, eval[bool](p, `document.body.dataset.running === "true" || !!document.querySelector("#transcript li.msg")`), "nothing ran")
}
