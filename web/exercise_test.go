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

// correctLoop is the classic exercise's loop, written as a learner would.
const correctLoop = `function runAgent(model, tools, userMsg, maxSteps = 10) {
  const messages = [{ role: "user", content: userMsg }];
  for (let step = 0; step < maxSteps; step++) {
    const action = model(messages);
    if (action.type === "final") return action.content;
    const name = action.name;
    let output;
    if (!Object.hasOwn(tools, name)) {
      output = "error: unknown tool '" + name + "'";
    } else {
      try {
        output = tools[name](action.args ?? {});
      } catch (err) {
        output = "error: " + err.message;
      }
    }
    messages.push(action, { role: "tool", name, content: output });
  }
  return "Stopped: reached max steps.";
}`

// casesCount is how many cases the page should grade: agenttest's.
func casesCount() int { return len(agenttest.Cases()) }

// clickNamed clicks the visible button whose accessible name (its text or
// aria-label) is name, as a user picking it by its label would.
func (p *page) clickNamed(name string) {
	p.t.Helper()
	found := eval[bool](p, fmt.Sprintf(`(() => {
		for (const b of document.querySelectorAll("[data-test-click]")) delete b.dataset.testClick;
		const b = [...document.querySelectorAll("button")].find((b) =>
			b.checkVisibility() && (b.getAttribute("aria-label") || b.textContent).trim() === %s);
		if (b) b.dataset.testClick = "";
		return !!b;
	})()`, js(name)))
	if !found {
		p.t.Fatalf("the page shows no button named %q; it shows: %s", name, p.summary())
	}
	p.click("[data-test-click]")
}

// openExercise switches to the Exercise and waits for Your loop.
func (p *page) openExercise() {
	p.t.Helper()
	p.clickNamed("Exercise")
	waitFor[bool](p, waitTimeout, "the Exercise to show Your loop", `document.querySelector("#loop-editor").checkVisibility()`)
}

// check presses Check and waits until the page says how many cases pass.
func (p *page) check() string {
	p.t.Helper()
	p.clickNamed("Check")
	return waitFor[string](p, waitTimeout+5e9, "Check to say how many cases pass",
		`(() => { const s = document.querySelector("#exercise-summary").textContent;
			return document.querySelector("#check").getAttribute("aria-disabled") !== "true" && / cases pass/.test(s) && s; })()`)
}

// failure is one failing case as the page shows it: At is the heading of
// the row that shows what the model saw from each loop.
type failure struct {
	Case, Diff, At, GotResult, WantResult, Got, Want string
}

func (p *page) failures() []failure {
	p.t.Helper()
	return eval[[]failure](p, `[...document.querySelectorAll("#exercise-failures li.case-failure")].map((li) => {
		const t = (s) => { const e = li.querySelector(s); return e ? e.textContent.replace(/\s+/g, " ").trim() : ""; };
		const cells = li.querySelectorAll(".case-compare tbody td");
		return {Case: t(".case-name"), Diff: t(".case-diff"), At: t(".case-compare tbody th"),
			Got: cells[0] ? cells[0].textContent : "", Want: cells[1] ? cells[1].textContent : "",
			GotResult: cells[2] ? cells[2].textContent : "", WantResult: cells[3] ? cells[3].textContent : ""};
	})`)
}

func TestCasesJSONIsAgenttestCases(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("site", "cases.json"))
	if err != nil {
		unavailable(t, fmt.Errorf("web/site/cases.json is missing: run make build first"))
	}
	var got []agenttest.Case
	require.NoError(t, json.Unmarshal(data, &got), "cases.json is a JSON list of cases")
	assert.Equal(t, agenttest.Cases(), got, "the page grades on exactly agenttest.Cases(): run make build to refresh cases.json")
}

func TestPageExerciseCorrectLoopPassesEveryCase(t *testing.T) {
	p := newPage(t)
	p.open("/")
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
	p := newPage(t)
	p.open("/")
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
	p := newPage(t)
	p.open("/")
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

// failureOf returns the failing case named name, as the page shows it.
func failureOf(t *testing.T, fs []failure, name string) failure {
	t.Helper()
	for _, f := range fs {
		if f.Case == name {
			return f
		}
	}
	t.Fatalf("the case %q is not listed as failing; the failing cases are %v", name, fs)
	return failure{}
}

// The sentence that names a difference and the table beside it tell the
// same story: a model call one loop made and the other did not shows on
// the side that made it, and the other side says it made none.
func TestPageExerciseFailureTableAgreesWithItsText(t *testing.T) {
	p := newPage(t)
	p.open("/")
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
	p := newPage(t)
	p.open("/")
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
	p := newPage(t)
	p.open("/")
	p.openExercise()
	slow := strings.Replace(correctLoop, "function runAgent(", "async function runAgent(", 1)
	slow = strings.Replace(slow, "    const action = model(messages);", "    await new Promise((resolve) => setTimeout(resolve, 400));\n    const action = model(messages);", 1)
	p.setEditor("loop-editor", slow)
	p.clickNamed("Check")
	waitFor[bool](p, waitTimeout, "Stop to be offered while the check runs",
		`document.querySelector("#check-stop").getAttribute("aria-disabled") === "false"`)
	start := time.Now()
	p.clickNamed("Stop")
	summary := waitFor[string](p, waitTimeout, "the check to end after Stop",
		`(() => { const s = document.querySelector("#exercise-summary").textContent;
			return document.querySelector("#check").getAttribute("aria-disabled") !== "true" && / cases pass/.test(s) && s; })()`)
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
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.setEditor("loop-editor", "function runAgent(model, tools, userMsg, maxSteps = 10) {\n  return 'x' +;\n}")
	p.clickNamed("Check")
	msg := waitFor[string](p, waitTimeout, "the loop's syntax error under the editor",
		`document.querySelector("#loop-error").checkVisibility() && document.querySelector("#loop-error").textContent`)
	assert.Contains(t, msg, "Line 2", "the error names the line in Your loop")
	assert.Contains(t, p.text("#exercise-summary"), "Your loop has an error")
}

func TestPageExerciseOpenInPlaygroundShowsTheCase(t *testing.T) {
	p := newPage(t)
	p.open("/")
	own := fields{Model: `[{type: "final", content: "mine"}]`, Tools: "{}", UserMessage: "my own", MaxSteps: "3", TimeLimit: "2000"}
	p.fill(own)
	p.openExercise()
	p.setEditor("loop-editor", strings.Replace(correctLoop, `?? {}`, ``, 1))
	p.check()
	id := eval[string](p, `(() => { const li = [...document.querySelectorAll("#exercise-failures li")].find((li) => li.dataset.case === "missing args become {}");
		const b = li.querySelector("button"); b.id = "open-this-case"; li.querySelector("details").open = true; return b.textContent; })()`)
	require.Equal(t, "Open in playground", id)
	p.click("#open-this-case")
	waitFor[bool](p, waitTimeout, "the playground to show", `document.querySelector("#model-editor").checkVisibility()`)
	assert.Equal(t, "What time is it?", p.value("#user-message"), "the case's user message")
	assert.Equal(t, "3", p.value("#max-steps"), "the case's max steps")
	assert.Contains(t, p.value("#model-editor"), `{"role":"assistant","type":"tool","name":"clock"}`, "the case's script is the Model editor's array")
	assert.Contains(t, p.value("#tools-editor"), `"clock": () =>`, "the case's tools are the Tools object")
	assert.True(t, p.staysIdle(idleWindow), "opening a case runs nothing")

	v := p.run()
	assert.Equal(t, "final", v.Banner.Reason, "the real loop runs the case to its final answer; the page showed %s", v)

	p.clickNamed("Restore my code")
	assert.Equal(t, own.Model, p.value("#model-editor"), "Restore my code brings back the playground's code")
	assert.Equal(t, own.UserMessage, p.value("#user-message"))
	assert.True(t, p.visible("#model-editor"), "restoring stays in the playground")
}

func TestPageExerciseHintsUnlockOneByOneAndSurviveAReload(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.openExercise()
	hints := func() int { return eval[int](p, `document.querySelectorAll("#hints li").length`) }
	assert.Equal(t, 0, hints(), "no hint is shown before the learner asks")
	p.clickNamed("Show a hint")
	assert.Equal(t, 1, hints(), "one hint per click")
	p.clickNamed("Show a hint")
	p.reload()
	assert.Equal(t, 2, hints(), "a reload keeps the hints shown")
	for range 5 {
		p.clickNamed("Show a hint")
	}
	assert.Equal(t, 5, hints(), "there are five hints")
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#show-hint").getAttribute("aria-disabled")`), "with every hint shown, Show a hint is unavailable")
	assert.Contains(t, p.text("#hints"), "messages.push(action, { role: \"tool\", name, content: output });", "the last hint nearly gives the answer")
	for _, v := range p.axeSerious(t) {
		t.Errorf("axe-core: %s", v)
	}
}

func TestPageExerciseShareLinkCarriesYourLoopWithoutChecking(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.setEditor("loop-editor", correctLoop)
	p.clickNamed("Share")
	link := waitFor[string](p, waitTimeout, "Share to put the loop in the address", `location.hash.startsWith("#state=") && location.href`)
	state := decodeState(t, link)
	assert.Equal(t, correctLoop, state["loop"], "the link carries Your loop")
	assert.NotContains(t, state, "model", "an Exercise link carries the loop alone")

	q := newPage(t)
	q.openURL(link)
	assert.True(t, q.visible("#loop-editor"), "the link opens the Exercise")
	assert.Equal(t, correctLoop, q.value("#loop-editor"), "the link fills Your loop")
	assert.NotContains(t, q.text("#exercise-summary"), "cases pass", "nothing is checked until Check is pressed")
	assert.Empty(t, q.failures())
}
