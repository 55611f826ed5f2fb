//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tool approval: a run pauses at each call of a tool the Tools editor
// marks needsApproval; the person decides it with the keyboard, the
// decisions are the run's events, and Fork decides again from its call.

// waitApproval waits for the approval panel and returns what it says.
func (p *page) waitApproval() (call, args string) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, "the approval panel to show a call", `document.querySelector("#approval-panel").checkVisibility()`)
	return p.text("#approval-call"), p.text("#approval-args")
}

func (p *page) focusedID() string {
	return eval[string](p, `document.activeElement ? document.activeElement.id : ""`)
}

func TestPageApprovalPausesTheRunAndTheKeyboardDecides(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("approval")
	// A short time limit: waiting for the person must not count as a
	// call that ran away.
	p.setValue("#time-limit", "1500")
	p.click("#run")

	call, args := p.waitApproval()
	assert.Contains(t, call, "Step 2: the model calls tool 'delete'", "the panel names the step and the tool")
	assert.JSONEq(t, `{"path": "photos/"}`, args, "the panel shows the call's arguments")
	assert.Equal(t, "approval-approve", p.focusedID(), "the focus is on Approve, for the keyboard")
	assert.Contains(t, p.text("#approval-status"), "Tool 'delete' waits for your approval", "screen readers hear that a call waits")
	assert.False(t, p.exists(`#transcript li.msg[data-role="tool"][data-index="4"]`), "the call has not run")
	p.assertAccessible(t, "with the approval panel open")

	// Longer than the time limit: the run still waits.
	time.Sleep(2 * time.Second)
	assert.True(t, p.visible("#approval-panel"), "the watchdog ended a run that waited for a person")
	assert.Equal(t, "true", eval[string](p, `document.body.dataset.running`), "the run goes on waiting")

	// Deny with the keyboard: Tab to Deny, Enter, type the reason, Enter.
	p.do("pressing Tab, then Enter on Deny", chromedp.KeyEvent("\t"), chromedp.KeyEvent("\r"))
	require.Equal(t, "approval-reason", p.focusedID(), "Deny opens the reason, with the focus in it")
	p.do("typing the reason, then Enter", chromedp.KeyEvent("not my photos"), chromedp.KeyEvent("\r"))

	// The model reads the denial and recovers: the next delete waits.
	call, args = p.waitApproval()
	assert.Contains(t, call, "Step 3: the model calls tool 'delete'")
	assert.JSONEq(t, `{"path": "cache/"}`, args)
	p.do("pressing Enter on Approve", chromedp.KeyEvent("\r"))

	v := p.waitBanner()
	assert.Equal(t, "final", v.Banner.Reason)
	last := v.Transcript[len(v.Transcript)-1]
	assert.Equal(t, "Done: deleted cache/. I left photos/ alone (not my photos).", last.Text, "the model recovered from the denial")
	var denied *msg
	for i := range v.Transcript {
		if m := v.Transcript[i]; m.Role == "tool" && m.Text == "error: denied: not my photos" {
			denied = &v.Transcript[i]
		}
	}
	require.NotNil(t, denied, "the denied call has its tool message: %v", v.Transcript)
	assert.True(t, denied.Failed, "the denial is shown as the call's error")
	assert.False(t, p.visible("#approval-panel"), "the panel goes once the calls are decided")
	assert.Contains(t, p.text("#approval-status"), "Approved 'delete'", "screen readers hear the decision")
}

func TestPageApprovalEditsArgumentsAndForkDecidesAgain(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("approval")
	p.click("#run")
	p.waitApproval()
	p.click("#approval-edit")
	assert.Equal(t, "approval-edit-args", p.focusedID(), "Edit arguments puts the focus in the arguments")
	p.setValue("#approval-edit-args", `{"path": photos}`)
	p.click("#approval-edit-send")
	assert.Contains(t, p.text("#approval-error"), "The arguments are not JSON", "a broken edit is explained, and nothing runs")
	p.setValue("#approval-edit-args", `{"path": "photos/old/"}`)
	p.click("#approval-edit-send")
	v := p.waitBanner()
	assert.Equal(t, "Done: deleted photos/old/.", v.Transcript[len(v.Transcript)-1].Text, "the tool ran with the edited arguments")
	assert.Contains(t, p.text(`#transcript li.msg[data-role="tool"][data-index="4"]`), "Ran with edited arguments:", "the transcript shows the arguments the call ran with")

	// Fork at model call 2 with the same answer: the call before it keeps
	// its decision, and this one is decided again.
	p.click(`#transcript li.msg[data-role="assistant"][data-index="3"] .fork-here`)
	waitFor[bool](p, waitTimeout, "the fork dialog to open", `document.querySelector("#fork-dialog").open`)
	p.click("#fork-run")
	call, _ := p.waitApproval()
	assert.Contains(t, call, "Step 2", "the fork asks again about the call it forked at")
	p.decide(approvalDecision{Decision: "deny", Reason: "keep them"})
	p.decide(approvalDecision{Decision: "approve"})
	fork := p.waitBanner()
	assert.Equal(t, "Done: deleted cache/. I left photos/ alone (keep them).", fork.Transcript[len(fork.Transcript)-1].Text, "the fork took the other road")
}

// The approval panel on a laptop and on a phone, for the review.
func TestPageApprovalPanelScreenshots(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name          string
		width, height int64
		phone         bool
	}{{"laptop", 1366, 768, false}, {"phone", 390, 844, true}} {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			p := newPage(t)
			opts := []chromedp.EmulateViewportOption{}
			if size.phone {
				opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))
			}
			p.do(fmt.Sprintf("emulating a %dx%d %s", size.width, size.height, size.name), chromedp.EmulateViewport(size.width, size.height, opts...))
			p.open("/")
			p.chooseExample("approval")
			p.click("#run")
			p.waitApproval()
			p.do("showing the panel", chromedp.ScrollIntoView("#approval-panel"))
			p.settle()
			where := "with the approval panel open on a " + size.name
			p.onScreen(t, "#approval-approve", where)
			p.onScreen(t, "#approval-deny", where)
			p.onScreen(t, "#approval-edit", where)
			p.saveScreenshot("approval-panel-" + size.name + ".png")
		})
	}
}

func TestPageStopEndsAWaitForApprovalAndTheCallKeepsItsResult(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("approval")
	p.click("#run")
	p.waitApproval()
	v := p.waitBannerAfter(func() { p.click("#stop") })
	assert.Equal(t, "canceled", v.Banner.Reason, "Stop cancels the run that waits for a decision")
	assert.Equal(t, "canceled_after_tools", v.LitPhase(), "the loop's own line ended it, not the watchdog")
	assert.False(t, p.visible("#approval-panel"), "the panel goes with the run")
	last := v.Transcript[len(v.Transcript)-1]
	assert.Equal(t, []string{"tool", "error: denied: canceled"}, []string{last.Role, last.Text}, "the waiting call keeps its result")
	assert.True(t, last.Failed)
}

func TestPageShareLinkCarriesTheApprovalDecisionsAndRunMakesThemAgain(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("approval")
	p.click("#run")
	p.decide(approvalDecision{Decision: "deny", Reason: "not my photos"})
	p.decide(approvalDecision{Decision: "approve"})
	want := p.waitBanner().Transcript
	link := p.share()

	// A fresh browser context: the decisions can only come from the link.
	q := newPage(t)
	q.openURL(link)
	assert.True(t, q.staysIdle(idleWindow), "opening a share link runs nothing until Run is clicked; the page showed: %s", q.summary())
	v := q.run()
	assert.Equal(t, "final", v.Banner.Reason)
	assert.False(t, q.visible("#approval-panel"), "the reader is not asked again about what the author decided")
	require.Equal(t, len(want), len(v.Transcript), "%v", v.Transcript)
	for i := range want {
		assert.Equal(t, want[i].Text, v.Transcript[i].Text, "message %d is the author's", i)
	}

	// Other code makes another run, which nobody decided: it asks.
	q.setValue("#user-message", "Clean up my folder, please")
	q.click("#run")
	call, _ := q.waitApproval()
	assert.Contains(t, call, "Step 2: the model calls tool 'delete'", "a run of edited code asks again")
}
