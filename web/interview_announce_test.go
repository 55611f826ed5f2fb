//go:build !(js && wasm)

package main

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// The "Time left" status changes every second and is not read out; the
// last 5 minutes and the last minute are announced to screen readers, once.
func TestPageInterviewAnnouncesTheLastFiveMinutesToScreenReaders(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.startInterview("30")
	assert.Equal(t, "off", eval[string](p, `document.querySelector('[aria-label="Time left"]').getAttribute("aria-live")`), "the ticking clock itself is not read out")
	// The tab comes back 30 s before the 5-minute mark.
	eval[chromedp.Void](p, `(() => { const k = "agentloop:v1:interview"; const s = JSON.parse(localStorage.getItem(k));
		const shift = s.startedAt + s.durationMs - Date.now() - (5 * 60000 + 30000);
		s.startedAt -= shift; s.stages[0].startedAt -= shift; localStorage.setItem(k, JSON.stringify(s)); })()`)
	p.reload()
	p.openExerciseIfHidden()
	live := `document.querySelector('#interview-time-announcement[role="status"][aria-live="polite"]')`
	assert.Equal(t, "", eval[string](p, `(`+live+` || {textContent: "missing"}).textContent`), "nothing is announced before the mark")
	said := waitFor[string](p, 60*time.Second, "the 5-minute announcement", `(() => { const e = `+live+`; return e ? e.textContent : ""; })()`)
	assert.Equal(t, "5 minutes left in the interview.", said)
}
