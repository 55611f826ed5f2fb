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

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Time travel: being the model, forking a run at a model call, and saving a
// run to reopen it elsewhere.

// throwingModel is a model that fails the run if anything ever calls it.
const throwingModel = `function model() {
  throw new Error("the model was called");
}
`

// waitAsked waits until the Be-the-model form asks for model call n.
func (p *page) waitAsked(n int) {
	p.t.Helper()
	want := fmt.Sprintf("You are the model: call %d", n)
	waitFor[bool](p, waitTimeout, fmt.Sprintf("the page to ask the person for model call %d", n),
		fmt.Sprintf(`document.querySelector("#be-model-heading").textContent === %s && document.querySelector("#be-model-ask").checkVisibility()`, js(want)))
}

// answerTool answers the model call with a call of tool name with args.
func (p *page) answerTool(name, args string) {
	p.t.Helper()
	p.click("#be-model-kind-tool")
	p.setValue("#be-model-call-list .be-call-name", name)
	p.setValue("#be-model-call-list .be-call-args", args)
	p.click("#be-model-send")
}

// answerFinal answers the model call with a final answer.
func (p *page) answerFinal(text string) {
	p.t.Helper()
	p.click("#be-model-kind-final")
	p.setValue("#be-model-answer", text)
	p.click("#be-model-send")
}

// allowDownloads makes the tab save downloads into a new temporary folder,
// which it returns.
func (p *page) allowDownloads(t *testing.T) string {
	dir := t.TempDir()
	_, err := chromedp.CallBrowser(p.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior:         browser.SetDownloadBehaviorBehaviorAllow,
		BrowserContextID: chromedp.FromContext(p.ctx).BrowserContextID,
		DownloadPath:     dir,
	})
	require.NoError(t, err)
	return dir
}

// downloaded waits for the one .json file in dir and returns its contents.
func downloaded(t *testing.T, dir string) []byte {
	t.Helper()
	var file string
	require.Eventually(t, func() bool {
		names, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		if len(names) == 1 {
			file = names[0]
		}
		return file != ""
	}, waitTimeout, pollInterval, "Export JSON downloads a .json file")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	return data
}

// dropFile drops a file with the text onto the page, as dragging it from
// the desktop would.
func (p *page) dropFile(name, text string) {
	p.t.Helper()
	eval[chromedp.Void](p, fmt.Sprintf(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([%s], %s, {type: "application/json"}));
		document.body.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
		document.body.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`, js(text), js(name)))
}

// waitNotice waits for the notice bar to say something containing want.
func (p *page) waitNotice(want string) string {
	p.t.Helper()
	return waitFor[string](p, waitTimeout, fmt.Sprintf("a notice saying %q", want),
		fmt.Sprintf(`(() => { const t = document.querySelector("#notice-text").textContent; return document.querySelector("#notice").checkVisibility() && t.includes(%s) && t; })()`, js(want)))
}

func TestPageBeTheModelAnswersTheSeedAndUseAsScriptReplaysIt(t *testing.T) {
	p := newPage(t)
	p.open("/")
	userMsg := p.value("#user-message")
	// A short time limit: the person takes longer than it to answer, and
	// only tools and code are held to it.
	p.setValue("#time-limit", "1000")

	p.click("#be-model")
	p.waitAsked(1)
	assert.Equal(t, []string{"add"}, eval[[]string](p, `[...document.querySelectorAll("#be-model-tool-names option")].map(o => o.value)`),
		"the form offers the tools of the Tools editor")
	assert.Contains(t, p.text("#be-model-messages"), "What is 2 + 3?", "the form shows the messages the model receives")
	assert.Empty(t, p.axeSerious(t), "the Be-the-model form has no serious accessibility violations")

	p.answerTool("add", "{a: 2}")
	errText := waitFor[string](p, waitTimeout, "the form to explain the bad args",
		`(() => { const e = document.querySelector("#be-model-error"); return e.checkVisibility() && e.textContent; })()`)
	assert.Contains(t, errText, "args is not valid JSON", "the error names what is wrong")
	p.waitAsked(1)

	time.Sleep(2500 * time.Millisecond) // more than two time limits of thinking
	assert.Equal(t, "true", eval[string](p, `document.body.dataset.running`), "the run still waits for the person after the time limit")

	p.answerTool("add", `{"a": 2, "b": 3}`)
	p.waitAsked(2)
	got := p.view().Transcript
	require.Len(t, got, 3, "after the tool ran, the transcript shows the question, the call and its result: %v", got)
	assert.Equal(t, "5", got[2].Text, "the real tool ran on the person's call")

	p.answerFinal("The answer is 5.")
	done := p.waitBanner()
	beModel := done.Transcript
	assertAddTranscript(t, userMsg, done)
	p.saveScreenshot("be-the-model-done.png")

	p.click("#use-as-script")
	waitFor[bool](p, waitTimeout, "Use as script to fill the Model editor",
		`document.querySelector("#model-editor").value.includes('name: "add"')`)
	script := p.value("#model-editor")
	assert.Contains(t, script, `{ role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },`, "the script is formatted JavaScript, one action per entry")
	assert.Contains(t, script, `{ role: "assistant", type: "final", content: "The answer is 5." },`)

	p.setValue("#time-limit", "2000")
	again := p.run()
	assert.Equal(t, beModel, again.Transcript, "the script run gives the same transcript as the person did")
	assert.Equal(t, "final", again.Banner.Reason)
}

func TestPageBeTheModelStopsWhileWaiting(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.click("#be-model")
	p.waitAsked(1)
	p.click("#stop")
	b := p.waitBanner().Banner
	assert.Equal(t, "canceled", b.Reason, "Stop while the person thinks cancels the run; the banner said %q", b.Text)
	assert.False(t, p.visible("#be-model-ask"), "the form goes away once the run is stopped")
	p.assertStillWorks(t)
}

func TestPageForkFromHereChangesOneAnswerAndKeepsTheOriginal(t *testing.T) {
	p := newPage(t)
	p.open("/")
	userMsg := p.value("#user-message")
	original := p.run().Transcript

	p.click(`#transcript li.msg[data-role="assistant"] .fork-here`)
	waitFor[bool](p, waitTimeout, "the fork dialog to open", `document.querySelector("#fork-dialog").open`)
	assert.Equal(t, "Fork from model call 1", p.text("#fork-dialog-title"))
	assert.Empty(t, p.axeSerious(t), "the fork dialog has no serious accessibility violations")
	var prefilled map[string]any
	require.NoError(t, json.Unmarshal([]byte(p.value("#fork-action")), &prefilled), "the dialog holds the answer as JSON")
	assert.Equal(t, map[string]any{"role": "assistant", "type": "tool", "name": "add", "args": map[string]any{"a": 2.0, "b": 3.0}}, prefilled,
		"the dialog starts from what the model answered")

	p.setValue("#fork-action", `{"type": "tool", "name": "add", args: {}}`)
	p.click("#fork-run")
	assert.Contains(t, p.text("#fork-error"), "not valid JSON", "a broken edit is explained, and nothing runs")
	assert.True(t, eval[bool](p, `document.querySelector("#fork-dialog").open`), "the dialog stays open to fix the edit")

	p.setValue("#fork-action", `{"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 30}}`)
	p.click("#fork-run")
	fork := p.waitBanner()
	forked := fork.Transcript
	require.Len(t, forked, 4, "the fork runs to its end: %v", forked)
	assert.Equal(t, `{ "a": 2, "b": 30 }`, forked[1].ToolArgs[0], "the edited call is the one made")
	assert.Equal(t, "32", forked[2].Text, "the fork's tool result comes from the edited call")
	assert.Equal(t, "The answer is 5.", forked[3].Text, "after the fork, the script continues from its next entry")
	assert.Equal(t, "final", fork.Banner.Reason)
	assert.True(t, p.visible("#fork-bar"), "the page says the run shown is a fork")
	assert.Contains(t, p.text("#fork-bar"), "Forked at model call 1")
	assert.True(t, p.exists(`#transcript li.msg.forked[data-role="assistant"]`), "the forked answer is marked in the transcript")
	p.saveScreenshot("fork-from-here.png")

	p.click("#back-to-original")
	assert.Equal(t, "false", eval[string](p, `document.body.dataset.running`), "Back to original runs nothing")
	back := p.view()
	assertAddTranscript(t, userMsg, back)
	assert.Equal(t, original, back.Transcript, "Back to original shows the original run")
	assert.False(t, p.visible("#fork-bar"), "the fork bar goes with the fork")

	// The step view offers the same fork at a model call.
	p.click("#step")
	for i := 0; i < 10 && !p.visible("#fork-step"); i++ {
		p.click("#step")
	}
	require.True(t, p.visible("#fork-step"), "stepping reaches a model call, where the step view offers Fork from here")
	p.click("#fork-step")
	waitFor[bool](p, waitTimeout, "the fork dialog to open from the step view", `document.querySelector("#fork-dialog").open`)
	assert.Equal(t, "Fork from model call 1", p.text("#fork-dialog-title"))
	p.click("#fork-cancel")
	assert.False(t, eval[bool](p, `document.querySelector("#fork-dialog").open`), "Cancel closes the dialog")
}

func TestPageSavedRunReopensInAFreshBrowserWithoutRunning(t *testing.T) {
	a := newPage(t)
	dir := a.allowDownloads(t)
	a.open("/")
	a.run()
	want := a.stepThrough()
	a.click("#export-json")
	var file map[string]any
	require.NoError(t, json.Unmarshal(downloaded(t, dir), &file))

	// The reopened file's model throws if called: stepping it must not call it.
	file["inputs"].(map[string]any)["model"] = throwingModel
	data, err := json.Marshal(file)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "seed-run.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))

	b := newPage(t) // a browser context of its own: nothing of a's is there
	b.open("/")
	b.setEditor("model-editor", "// my own model\n[]\n")
	b.do("choosing the run file", chromedp.SetUploadFiles(chromedp.CSS("#open-run-file"), []string{path}))
	b.waitNotice("The run file seed-run.json replaced your code")
	assert.Equal(t, throwingModel, b.value("#model-editor"), "the editors get the file's code")
	assert.Equal(t, "What is 2 + 3?", b.value("#user-message"))
	assert.Len(t, b.view().Transcript, 4, "the whole saved run is shown")
	assert.Equal(t, "false", eval[string](b, `document.body.dataset.running`), "opening a run runs nothing")

	got := b.stepThrough()
	require.Len(t, got, len(want), "the reopened run has as many phases as the original")
	for i := range want {
		assert.Equal(t, want[i], got[i], "phase %d of the reopened run differs from the original", i+1)
	}
	assert.Equal(t, "final", b.view().Banner.Reason, "the run ends as it did; the throwing model was never called")
	b.saveScreenshot("reopened-run.png")

	// The user's own code is kept and can come back.
	assert.Equal(t, "Restore my code", b.text("#notice-action"))
	b.click("#notice-action")
	assert.Equal(t, "// my own model\n[]\n", b.value("#model-editor"), "Restore my code brings back the code the file replaced")
}

func TestPageDroppedRunFileOpensAndBrokenOnesChangeNothing(t *testing.T) {
	p := newPage(t)
	p.open("/")
	before := p.run().Transcript
	model := p.value("#model-editor")

	valid := helloRunFile
	for _, tc := range []struct {
		name, text, want string
	}{
		{"future.json", strings.Replace(valid, `"version": 1`, `"version": 2`, 1), "This run file is version 2; this page reads version 1."},
		{"no-kind.json", strings.Replace(valid, `{"kind": "message", "role": "assistant", "step": 1, "index": 1`, `{"role": "assistant", "step": 1, "index": 1`, 1), "events[3] has no kind."},
		{"notes.txt", "these are my notes", "it is not JSON"},
		{"other.json", `{"name": "a package"}`, `it has no "format"`},
	} {
		p.dropFile(tc.name, tc.text)
		msg := p.waitNotice(tc.want)
		assert.Contains(t, msg, tc.name, "the message names the file")
		assert.Equal(t, model, p.value("#model-editor"), "%s changes no editor", tc.name)
		assert.Equal(t, before, p.view().Transcript, "%s changes no transcript", tc.name)
	}

	p.dropFile("hello.json", valid)
	p.waitNotice("Opened hello.json")
	assert.Equal(t, "[]", p.value("#model-editor"))
	got := p.view().Transcript
	require.Len(t, got, 2, "the dropped run is shown: %v", got)
	assert.Equal(t, "Hello.", got[1].Text)
}

// helloRunFile is a small valid run file: the model answers "Hello." at once.
const helloRunFile = `{"format": "agentloop-run", "version": 1,
	  "inputs": {"model": "[]", "tools": "{}", "userMsg": "Hi", "maxSteps": 3, "timeLimit": 2000},
	  "events": [
	    {"kind": "message", "role": "user", "step": 0, "index": 0, "message": {"role": "user", "content": "Hi"}},
	    {"kind": "model_start", "step": 1},
	    {"kind": "model_end", "step": 1, "ms": 1},
	    {"kind": "message", "role": "assistant", "step": 1, "index": 1, "message": {"role": "assistant", "type": "final", "content": "Hello."}},
	    {"kind": "done", "step": 1, "reason": "final", "text": "Hello.", "steps": 1, "ms": 2, "stepMs": [2]}
	  ]}`
