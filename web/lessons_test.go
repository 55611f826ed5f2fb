//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Learn mode: lessons beside the editors (web/site/learn/), each with a
// prediction asked before Run and a task checked from the run's events.

// lessonFields are the fields of the editors a lesson sets.
type lessonFields struct {
	Model         string `json:"model"`
	Tools         string `json:"tools"`
	UserMessage   string `json:"userMsg"`
	MaxSteps      string `json:"maxSteps"`
	ToolTimeoutMs string `json:"toolTimeoutMs"`
	ContextBudget string `json:"contextBudget"`
	Trim          string `json:"trim"`
}

// shippedLesson is a lesson as learn/lessons.js declares it.
type shippedLesson struct {
	ID       string       `json:"id"`
	Title    string       `json:"title"`
	Phases   []string     `json:"phases"`
	Setup    lessonFields `json:"setup"`
	Solution lessonFields `json:"solution"`
	Expect   struct {
		Reason string   `json:"reason"`
		Phase  string   `json:"phase"`
		Text   *string  `json:"text"`
		Failed []string `json:"failed"`
	} `json:"expect"`
	// Decide is what the person decides at each call that waits for
	// approval, in order (learn/lessons-beyond.js).
	Decide []approvalDecision `json:"decide"`
}

// shippedLessons returns the lessons the page offers, in order.
func (p *page) shippedLessons() []shippedLesson {
	p.t.Helper()
	return eval[[]shippedLesson](p, `import("./learn/lessons.js").then(({LESSONS, setupState, solutionState}) =>
		LESSONS.map((l) => ({id: l.id, title: l.title, phases: l.phases, setup: setupState(l), solution: solutionState(l),
			expect: {reason: l.expect.reason, phase: l.expect.phase, text: l.expect.text ?? null, failed: l.expect.failed || []}, decide: l.decide || []})))`)
}

// openLesson follows a #lesson=N link on the page already open, as a
// tutorial's link or the Lessons list does, and waits until it is shown.
func (p *page) openLesson(n int) {
	p.t.Helper()
	eval[chromedp.Void](p, fmt.Sprintf(`location.hash = "#lesson=%d"`, n))
	p.waitLesson(n)
}

func (p *page) waitLesson(n int) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, fmt.Sprintf("lesson %d to be shown", n), fmt.Sprintf(
		`document.body.dataset.mode === "learn" && document.querySelector("#lesson-heading").textContent.startsWith("Lesson %d of")`, n))
}

// fillLesson sets the editors and fields to f, as a learner typing would,
// changing only those that differ.
func (p *page) fillLesson(f lessonFields) {
	p.t.Helper()
	for id, v := range map[string]string{"model-editor": f.Model, "tools-editor": f.Tools} {
		if p.value("#"+id) != v {
			p.setEditor(id, v)
		}
	}
	for sel, v := range map[string]string{"#user-message": f.UserMessage, "#max-steps": f.MaxSteps, "#tool-timeout": f.ToolTimeoutMs,
		"#context-budget": f.ContextBudget, "#trim": f.Trim} {
		if p.value(sel) != v {
			p.setValue(sel, v)
		}
	}
}

// lessonOutcome is what the lesson says after a run, under the banner.
type lessonOutcome struct {
	Visible bool   `json:"visible"`
	Predict string `json:"predict"`
	Task    string `json:"task"`
	Passed  bool   `json:"passed"`
}

func (p *page) lessonOutcome() lessonOutcome {
	p.t.Helper()
	return eval[lessonOutcome](p, `(() => { const o = document.querySelector("#lesson-outcome");
		const t = (s) => o.querySelector(s).textContent.replace(/\s+/g, " ").trim();
		return {visible: o.checkVisibility(), predict: t(".lesson-outcome-predict"), task: t(".lesson-outcome-task"),
			passed: o.querySelector(".lesson-outcome-task").dataset.passed === "true"}; })()`)
}

// lessonLinks returns the Lessons navigation's links as read aloud.
func (p *page) lessonLinks() []string {
	p.t.Helper()
	return eval[[]string](p, `[...document.querySelectorAll('nav[aria-label="Lessons"] a.lesson-link')].map((a) => a.textContent.replace(/\s+/g, " ").trim())`)
}

// choose picks the prediction whose label is label.
func (p *page) choose(label string) {
	p.t.Helper()
	i := eval[int](p, fmt.Sprintf(`[...document.querySelectorAll("#lesson .lesson-choice")].findIndex((l) => l.textContent.trim() === %s)`, js(label)))
	require.GreaterOrEqual(p.t, i, 0, "the lesson offers the prediction %q", label)
	p.click(fmt.Sprintf(`#lesson input[name="lesson-predict"][value="%d"]`, i))
}

func TestPageLessonLinkOpensTheLessonBesideTheEditors(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/#lesson=1")
	p.waitLesson(1)
	lessons := p.shippedLessons()
	require.GreaterOrEqual(t, len(lessons), 10, "the tour has at least ten lessons")

	links := p.lessonLinks()
	assert.Len(t, links, len(lessons), "the Lessons navigation lists every lesson")
	assert.Equal(t, "1. "+lessons[0].Title, links[0], "the first lesson's link")
	assert.Equal(t, "page", eval[string](p, `document.querySelector('nav[aria-label="Lessons"] a[href="#lesson=1"]').getAttribute("aria-current")`),
		"the list marks the lesson shown")
	assert.True(t, p.visible("#lesson-heading"), "the lesson is shown")
	assert.True(t, p.visible("#model-editor") && p.visible("#run"), "beside the editors and Run")
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#mode-learn").getAttribute("aria-pressed")`), "the mode switch says Learn")

	setup := lessons[0].Setup
	assert.Equal(t, setup.Model, p.value("#model-editor"), "the lesson's model is in the Model editor")
	assert.Equal(t, setup.Tools, p.value("#tools-editor"), "the lesson's tools are in the Tools editor")
	assert.Equal(t, setup.UserMessage, p.value("#user-message"), "the lesson's user message is in its field")
	assert.Empty(t, p.view().Transcript, "the lesson's code does not run before Run")
	assert.ElementsMatch(t, lessons[0].Phases, eval[[]string](p, `[...document.querySelectorAll("#loop-source .loop-line.taught")].map((l) => l.dataset.phase)`),
		"the Loop panel marks the lines the lesson teaches")
	assert.Empty(t, p.view().Lit, "no line is lit as current before a run")
}

func TestPageLessonAsksAPredictionBeforeRunAndExplainsItAfter(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/#lesson=3")
	p.waitLesson(3)
	assert.True(t, p.visible("#lesson .lesson-predict"), "the prediction is asked before Run")
	assert.Contains(t, p.text("#lesson .lesson-predict legend"), "How many times is the model called?", "the question")
	assert.False(t, p.visible("#lesson-outcome"), "nothing is explained before the run")

	p.choose("once")
	v := p.run()
	require.Equal(t, "final", v.Banner.Reason)
	o := p.lessonOutcome()
	assert.True(t, o.Visible, "after the run the prediction is explained")
	assert.True(t, strings.HasPrefix(o.Predict, "Predict: Not quite: the answer is twice."), "a wrong prediction is told so; it said %q", o.Predict)
	assert.Contains(t, o.Predict, "The loop called the model 2 times: call 1 got back a call of add and call 2 got back a final answer", "explained from the run's events")

	p.choose("twice")
	p.run()
	assert.True(t, strings.HasPrefix(p.lessonOutcome().Predict, "Predict: Right: twice."), "the right prediction is told so; it said %q", p.lessonOutcome().Predict)
}

func TestPageLessonTaskPassesFromAnEditNotFromTheSetupAndStaysDone(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/#lesson=5")
	p.waitLesson(5)
	lesson := p.shippedLessons()[4]
	p.run()
	o := p.lessonOutcome()
	assert.False(t, o.Passed, "the untouched setup does not pass the task: %q", o.Task)
	assert.Contains(t, o.Task, "not yet", "the lesson says the task is not done")
	assert.NotContains(t, p.lessonLinks()[4], "done", "the list does not mark the lesson done")

	p.click("#lesson-show-hint")
	assert.True(t, p.visible("#lesson-hint"), "Show a hint shows the hint")
	p.fillLesson(lesson.Solution)
	p.run()
	o = p.lessonOutcome()
	assert.True(t, o.Passed, "the edit passes the task: %q", o.Task)
	assert.Equal(t, "5. "+lesson.Title+" ✓ (done)", p.lessonLinks()[4], "the list marks the lesson done, in words too")

	p.reload()
	p.waitLesson(5)
	assert.Equal(t, "5. "+lesson.Title+" ✓ (done)", p.lessonLinks()[4], "the lesson is still done after a reload")
	assert.NotContains(t, p.lessonLinks()[3], "done", "a lesson not passed is not marked")
	assert.Equal(t, lesson.Solution.Tools, p.value("#tools-editor"), "the learner's edit is still there after the reload")
}

func TestPageLessonKeepsTheLearnersOwnCode(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	const own = `[{ type: "final", content: "mine" }]`
	p.setEditor("model-editor", own)
	p.click("#mode-learn")
	p.waitLesson(1)
	assert.NotEqual(t, own, p.value("#model-editor"), "the lesson's code is in the editors")
	assert.Contains(t, p.text("#notice"), "Lesson 1 replaced your code", "the page says the learner's code is kept")
	p.click("#notice-action")
	waitFor[bool](p, waitTimeout, "the learner's code to come back", fmt.Sprintf(`document.querySelector("#model-editor").value === %s`, js(own)))
}

func TestPageLessonsWorkFromTheKeyboard(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/#lesson=1")
	p.waitLesson(1)
	p.do("pressing Enter on Next lesson", chromedp.Focus(chromedp.CSS("#lesson .lesson-next")), chromedp.KeyEvent(kb.Enter))
	p.waitLesson(2)
	assert.Equal(t, "lesson-heading", eval[string](p, `document.activeElement.id`), "the focus moves to the lesson opened")
	p.do("choosing a prediction with the keyboard", chromedp.Focus(chromedp.CSS(`#lesson input[name="lesson-predict"][value="0"]`)), chromedp.KeyEvent(" "))
	assert.True(t, eval[bool](p, `document.querySelector('#lesson input[name="lesson-predict"][value="0"]').checked`), "Space chooses a prediction")
	p.do("pressing Ctrl+Enter", chromedp.KeyEvent("\r", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.waitBanner()
	assert.True(t, strings.HasPrefix(p.lessonOutcome().Predict, "Predict: Right: \"Paris.\""), "the keyboard's prediction is explained: %q", p.lessonOutcome().Predict)
}

// Every lesson's setup ends as the lesson declares, with the loop's line
// that ended it lit, and fails its task; its reference answer passes it.
func TestPageEveryLessonRunsToItsDeclaredOutcome(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/#lesson=1")
	p.waitLesson(1)
	for i, l := range p.shippedLessons() {
		t.Run(l.ID, func(t *testing.T) {
			p.use(t)
			p.openLesson(i + 1)
			v := p.runDeciding(l.Decide)
			assert.Equal(t, l.Expect.Reason, v.Banner.Reason, "the setup's stop reason; the banner said %q", v.Banner.Text)
			assert.Equal(t, l.Expect.Phase, v.LitPhase(), "the Loop panel lights the line that ended the setup's run")
			if l.Expect.Text != nil {
				assert.Contains(t, v.Banner.Text, *l.Expect.Text, "the banner shows the result")
			}
			failed := []string{}
			for _, m := range v.Transcript {
				if m.Role == "tool" && m.Failed {
					failed = append(failed, resultIDRE.ReplaceAllString(m.Extra, ""))
				}
			}
			assert.ElementsMatch(t, l.Expect.Failed, failed, "the tool results shown as errors")
			o := p.lessonOutcome()
			assert.True(t, strings.HasPrefix(o.Predict, "Predict: You did not predict. The answer: "), "the prediction is answered by one of its choices: %q", o.Predict)
			assert.False(t, o.Passed, "the untouched setup does not pass the task: %q", o.Task)

			p.fillLesson(l.Solution)
			p.runDeciding(l.Decide)
			assert.True(t, p.lessonOutcome().Passed, "the reference answer passes the task: %q", p.lessonOutcome().Task)
		})
	}
}

func TestPageLessonEmbedShowsRunAndTheResultInAFrame(t *testing.T) {
	t.Parallel()
	host := serveHostPage(t, "/tutorial.html", `<!doctype html><title>A tutorial</title><link rel="icon" href="data:,">
<h1>The agent loop, lesson 5</h1>
<iframe id="frame" src="/?embed=1#lesson=5" title="agentloop lesson" width="720" height="640" style="border: 0"></iframe>`)
	p := newPage(t)
	p.do("opening the tutorial", chromedp.EmulateViewport(1000, 900), chromedp.Navigate(host))
	const doc = `document.querySelector("#frame").contentDocument`
	waitFor[bool](p, readyTimeout, "the embedded lesson's engine to load", doc+` && `+doc+`.body && `+doc+`.body.dataset.engine === "ready"`)
	waitFor[bool](p, waitTimeout, "lesson 5 in the frame", doc+`.querySelector("#lesson-heading").textContent.startsWith("Lesson 5 of")`)
	waitFor[bool](p, waitTimeout, "the frame to load what it loads after the engine", lazyLoadedJS(`document.querySelector("#frame").contentWindow`))
	inView := func(sel string) bool {
		return eval[bool](p, fmt.Sprintf(`(() => { const e = %s.querySelector(%s); if (!e || !e.checkVisibility()) return false;
			const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= 640 && r.left >= 0 && r.right <= 720; })()`, doc, js(sel)))
	}
	assert.True(t, inView("#run"), "Run is in the 720×640 frame")
	assert.True(t, inView("#lesson-heading"), "the lesson is in the frame")
	eval[chromedp.Void](p, doc+`.querySelector("#run").click()`)
	waitFor[bool](p, waitTimeout, "the run to end in the frame", doc+`.querySelector("#stop-banner").dataset.reason === "final" && `+doc+`.body.dataset.running === "false"`)
	waitFor[bool](p, waitTimeout, "the lesson's words after the run", doc+`.querySelector("#lesson-outcome").checkVisibility()`)
	assert.True(t, inView("#run"), "Run stays in the frame after the run")
	assert.True(t, inView("#stop-banner"), "the result (the stop banner) is in the frame")
	assert.True(t, inView("#lesson-outcome"), "what the lesson says about the run is in the frame")
	writeScreenshot(t, "lesson-embed-720x640.png", p.capture())
}

// capture returns a screenshot of the tab's viewport.
func (p *page) capture() []byte {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitTimeout)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(p.t, err)
	return png
}

func TestPageLessonsHaveNoSeriousAccessibilityViolations(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/#lesson=6")
	p.waitLesson(6)
	p.run()
	p.click("#lesson-show-hint")
	eval[chromedp.Void](p, `document.querySelector(".lesson-list").open = true`)
	for _, tc := range []struct {
		name  string
		setup []chromedp.Action[chromedp.Void]
	}{
		{"light", []chromedp.Action[chromedp.Void]{colorScheme("light")}},
		{"dark", []chromedp.Action[chromedp.Void]{colorScheme("dark")}},
		{"phone", []chromedp.Action[chromedp.Void]{colorScheme("light"), chromedp.EmulateViewport(375, 800, chromedp.EmulateMobile, chromedp.EmulateTouch)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p.use(t)
			p.do("emulating "+tc.name, tc.setup...)
			for _, v := range p.axeSerious(t) {
				t.Errorf("axe-core: %s", v)
			}
			assert.LessOrEqual(t, eval[int](p, `document.documentElement.scrollWidth`), eval[int](p, `window.innerWidth`), "the lesson fits the width")
		})
	}
	t.Run("embed", func(t *testing.T) {
		p := newPage(t)
		p.do("a frame's size", chromedp.EmulateViewport(720, 640))
		p.open("/?embed=1#lesson=5")
		p.waitLesson(5)
		p.run()
		for _, v := range p.axeSerious(t) {
			t.Errorf("axe-core: %s", v)
		}
	})
}

func TestPageLessonScreenshotsForReview(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/#lesson=1")
	p.waitLesson(1)
	for _, n := range []int{1, 5, 9} {
		p.openLesson(n)
		p.choose(eval[string](p, `document.querySelector("#lesson .lesson-choice").textContent.trim()`))
		p.run()
		for _, size := range []struct {
			name          string
			width, height int64
			mobile        bool
		}{{"1366x768", 1366, 768, false}, {"375x800", 375, 800, true}} {
			t.Run(fmt.Sprintf("lesson-%d-%s", n, size.name), func(t *testing.T) {
				p.use(t)
				opts := []chromedp.EmulateViewportOption{}
				if size.mobile {
					opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
				}
				p.do("emulating the screen", chromedp.EmulateViewport(size.width, size.height, opts...))
				assert.LessOrEqual(t, eval[int64](p, `document.documentElement.scrollWidth`), size.width, "the lesson fits %d px", size.width)
				// On a phone the lesson is on the Code tab, and the run's
				// result on the Transcript tab: one screenshot of each.
				for _, tab := range []string{"code", "transcript"} {
					if !size.mobile && tab == "code" {
						continue
					}
					eval[chromedp.Void](p, fmt.Sprintf(`document.querySelector("#tab-%s").click()`, tab))
					eval[chromedp.Void](p, `window.scrollTo(0, 0)`)
					p.settle()
					name := fmt.Sprintf("lesson-%d-%s.png", n, size.name)
					if size.mobile {
						name = fmt.Sprintf("lesson-%d-%s-%s.png", n, size.name, tab)
					}
					require.NotEmpty(t, writeScreenshot(t, name, p.capture()))
				}
			})
		}
		p.do("back to the desktop", chromedp.EmulateViewport(1280, 900))
	}
	p.do("dark, at 1366×768", chromedp.EmulateViewport(1366, 768), colorScheme("dark"))
	eval[chromedp.Void](p, `window.scrollTo(0, 0)`)
	p.settle()
	require.NotEmpty(t, writeScreenshot(t, "lesson-9-1366x768-dark.png", p.capture()))
	p.do("back to the light scheme", colorScheme("light"))
}

// On a phone, Run leaves the result on screen, and what the lesson says
// about it beside the result.
func TestPageLessonResultStaysOnScreenOnAPhone(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.do("emulating a phone", chromedp.EmulateViewport(375, 800, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.open("/#lesson=9")
	p.waitLesson(9)
	assert.True(t, p.visible("#lesson-heading"), "the lesson is on the Code tab")
	p.choose(eval[string](p, `document.querySelector("#lesson .lesson-choice").textContent.trim()`))
	p.run()
	waitFor[bool](p, waitTimeout, "the lesson's words after the run", `document.querySelector("#lesson-outcome").checkVisibility()`)
	p.settle()
	for _, sel := range []string{"#stop-banner", "#lesson-outcome"} {
		r := eval[[]float64](p, fmt.Sprintf(`(() => { const r = %s.getBoundingClientRect(); return [r.top, r.bottom]; })()`, must(sel)))
		assert.True(t, r[0] >= 0 && r[1] <= 800, "%s is on the phone's screen after Run (top %.0f, bottom %.0f of 800)", sel, r[0], r[1])
	}
	writeScreenshot(t, "lesson-9-375x800-after-run.png", p.capture())
}

// An embed keeps the reader's code of each lesson apart, as it keeps each
// example's: a reload, or going to another lesson and back, brings it back.
func TestPageLessonEmbedKeepsTheReadersCodeOfEachLesson(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/?embed=1#lesson=5")
	p.waitLesson(5)
	lessons := p.shippedLessons()
	const edit = "{\n  search: () => \"edited in the frame\",\n}\n"
	p.setEditor("tools-editor", edit)
	p.reload()
	p.waitLesson(5)
	assert.Equal(t, edit, p.value("#tools-editor"), "the reader's code of lesson 5 is back after a reload")
	assert.False(t, p.visible("#notice"), "nothing was replaced, so nothing is offered back")

	p.openLesson(6)
	assert.Equal(t, lessons[5].Setup.Tools, p.value("#tools-editor"), "lesson 6 shows its own code")
	p.openLesson(5)
	assert.Equal(t, edit, p.value("#tools-editor"), "back on lesson 5, the reader's code of it is there")
}

func TestPageLessonLinkToNoLessonSaysSo(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/#lesson=99")
	waitFor[bool](p, waitTimeout, "the notice about the link", `document.querySelector("#notice").checkVisibility()`)
	assert.Contains(t, p.text("#notice-text"), `There is no lesson "99": the lessons are numbered 1 to`, "the page says what is wrong with the link")
	assert.NotEqual(t, "learn", eval[string](p, `document.body.dataset.mode || "playground"`), "no lesson is opened")
	assert.Equal(t, p.value("#user-message"), "What is 2 + 3?", "the page shows what it showed before: the seed example")
}

// A read-only embed of a lesson says what its reader can do there (the
// Try it task edits code, which the frame does not allow), and an
// editable embed does not.
func TestPageReadOnlyLessonEmbedSaysWhatTheReaderCanDo(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/?embed=1&readonly=1#lesson=3")
	p.waitLesson(3)
	require.True(t, p.visible("#lesson-locked"), "the read-only lesson explains itself")
	said := p.text("#lesson-locked")
	assert.Contains(t, said, "read-only", "it says the code cannot be edited")
	assert.Contains(t, said, "Run or Step", "it says what the reader can do")
	assert.Contains(t, said, "Open in the full playground", "and where the task can be tried")
	assert.False(t, p.visible(".lesson-reload"), "no button offers to reload code that cannot have changed")
	p.saveScreenshot("lesson-readonly-embed.png")

	p.reopen("/?embed=1#lesson=3")
	p.waitLesson(3)
	assert.False(t, p.visible("#lesson-locked"), "an editable embed has nothing to explain")
}

// Moving from lesson to lesson sets nothing of the learner's aside, so the
// page says nothing: the offer of the Playground's code, shown when Learn
// replaced it, does not follow the learner from lesson to lesson.
func TestPageLessonChangeShowsNoNotice(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.setEditor("model-editor", `[{ type: "final", content: "mine" }]`)
	p.click("#mode-learn")
	p.waitLesson(1)
	p.waitNotice("Lesson 1 replaced your code")
	for n := 2; n <= 4; n++ {
		p.click("#lesson .lesson-next")
		p.waitLesson(n)
		p.settle()
		assert.False(t, p.visible("#notice"), "lesson %d opened with a notice: %q", n, p.text("#notice"))
	}
}

// The prediction is about the lesson's own code: a run of the learner's
// edit does not grade it (lesson 6's edit stops no run, yet "it stops the
// run with an error" was told Right), and the outcome says which run it
// judged.
func TestPageLessonOutcomeSaysWhichRunItJudges(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/#lesson=6")
	p.waitLesson(6)
	lesson := p.shippedLessons()[5]
	p.choose("it stops the run with an error")
	p.fillLesson(lesson.Solution)
	p.run()
	o := p.lessonOutcome()
	assert.Equal(t, "The run of your edit", p.text("#lesson-outcome-heading"), "the outcome names the run it speaks of")
	assert.NotContains(t, o.Predict, "Right", "a run of an edit does not grade the prediction: %q", o.Predict)
	assert.Contains(t, o.Predict, "not judged on this run, which is of your edit", "the outcome says which run it judges: %q", o.Predict)
	assert.True(t, o.Passed, "the edit passes the task: %q", o.Task)

	p.click("#lesson .lesson-reload")
	p.run()
	o = p.lessonOutcome()
	assert.Equal(t, "The run of the lesson's code", p.text("#lesson-outcome-heading"))
	assert.True(t, strings.HasPrefix(o.Predict, "Predict: Not quite: the answer is it calls the model again"), "the lesson's code judges the prediction: %q", o.Predict)

	p.fillLesson(lesson.Solution)
	p.run()
	o = p.lessonOutcome()
	assert.Contains(t, o.Predict, "On your last run of the lesson's code: Not quite", "after an edit, the verdict is the lesson's code's: %q", o.Predict)
}

// On a laptop's screen (1366×768) a reader who goes from lesson to lesson
// by Next lesson, at the lesson's foot, and reads down to the question
// has Run on screen beside it (the run bar's Run was above the fold in
// every lesson), and after Run the whole of what the lesson says about the
// run is on screen (it was cut off in 4 of 12).
func TestPageLessonPredictRunAndOutcomeOnALaptopScreen(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.do("a laptop's screen", chromedp.EmulateViewport(1366, 768))
	p.open("/#lesson=1")
	p.waitLesson(1)
	lessons := p.shippedLessons()
	for n := 1; n <= len(lessons); n++ {
		where := fmt.Sprintf("in lesson %d at 1366x768", n)
		if n > 1 {
			p.click("#lesson .lesson-next")
			p.waitLesson(n)
		}
		eval[chromedp.Void](p, `document.querySelector("#lesson .lesson-predict").scrollIntoView({block: "nearest"})`)
		p.settle()
		p.onScreen(t, "#lesson .lesson-predict", where)
		// The Run on screen with the question, whichever it is.
		run := eval[string](p, `(() => { const b = [...document.querySelectorAll("#run, #lesson button")].find((b) => {
			const r = b.getBoundingClientRect();
			return b.textContent.trim() === "Run" && b.checkVisibility() && r.top >= 0 && r.bottom <= innerHeight; });
			return b ? (b.id ? "#" + b.id : "#lesson .lesson-run") : ""; })()`)
		if !assert.NotEmpty(t, run, "no Run on screen with the question %s", where) {
			p.saveScreenshot(fmt.Sprintf("lesson-%d-predict-1366x768.png", n))
			run = "#run" // the run bar's, off screen: its outcome is checked all the same
		}
		p.choose(eval[string](p, `document.querySelector("#lesson .lesson-choice").textContent.trim()`))
		eval[chromedp.Void](p, fmt.Sprintf(`document.querySelector(%s).click()`, js(run)))
		p.decideUntilEnd(lessons[n-1].Decide)
		waitFor[bool](p, waitTimeout, "the lesson's words after the run", `document.querySelector("#lesson-outcome").checkVisibility()`)
		p.settle()
		p.onScreen(t, "#stop-banner", where+", after Run")
		p.onScreen(t, "#lesson-outcome", where+", after Run")
		if t.Failed() {
			p.saveScreenshot(fmt.Sprintf("lesson-%d-after-run-1366x768.png", n))
		}
	}
}
