//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// The one reader of what the page shows about a run: the transcript, the
// stop banner, the Loop panel's lit line and the step position, read in a
// single evaluation so that they all describe the same moment.

// msg is one transcript entry as the user sees it.
type msg struct {
	Role      string   `json:"role"`
	Type      string   `json:"type"`
	Failed    bool     `json:"failed"`
	Text      string   `json:"text"`
	Extra     string   `json:"extra"` // the header's detail: a result's tool name, "final answer", ...
	ToolNames []string `json:"toolNames"`
	ToolArgs  []string `json:"toolArgs"`
}

func (m msg) String() string {
	s := m.Role
	if m.Type != "" {
		s += "/" + m.Type
	}
	if m.Failed {
		s += "/failed"
	}
	if len(m.ToolNames) > 0 {
		s += fmt.Sprintf(" %v %v", m.ToolNames, m.ToolArgs)
	}
	return s + fmt.Sprintf(" %q", m.Text)
}

// transcript is the transcript's entries in order.
type transcript []msg

// String shows the first and last entries, enough to see what went wrong
// without drowning the log.
func (ms transcript) String() string {
	parts := make([]string, 0, 13)
	for i, m := range ms {
		if len(ms) > 12 && i == 6 {
			parts = append(parts, fmt.Sprintf("... %d more ...", len(ms)-12))
		}
		if len(ms) <= 12 || i < 6 || i >= len(ms)-6 {
			parts = append(parts, m.String())
		}
	}
	return fmt.Sprintf("%d messages: [%s]", len(ms), strings.Join(parts, ", "))
}

// banner is the stop banner as shown.
type banner struct {
	Visible bool   `json:"visible"`
	Reason  string `json:"reason"`
	Text    string `json:"text"`
}

// litLine is a highlighted line of the Loop panel.
type litLine struct {
	Number      int    `json:"number"` // its line in agent/loop.go
	Phase       string `json:"phase"`  // the phase it marks
	Text        string `json:"text"`
	AriaCurrent string `json:"ariaCurrent"`
}

// pageView is what the page shows about a run at one moment.
type pageView struct {
	Transcript transcript `json:"transcript"`
	HTML       string     `json:"html"` // #transcript's markup, to compare two views exactly
	Banner     banner     `json:"banner"`
	Lit        []litLine  `json:"lit"`
	Position   string     `json:"position"` // "Phase 3 of 11" while stepping
	Detail     string     `json:"detail"`   // the page's words for the current phase
	Running    bool       `json:"running"`
	Engine     string     `json:"engine"`
	Errors     []string   `json:"errors"` // errors shown next to the editors and fields
}

// LitPhase returns the phase of the one lit line of the Loop panel, "" when
// none is lit, and a list when several are (which is a bug).
func (v pageView) LitPhase() string {
	phases := make([]string, len(v.Lit))
	for i, l := range v.Lit {
		phases[i] = l.Phase
	}
	if len(phases) > 1 {
		return fmt.Sprintf("several lines: %v", phases)
	}
	return strings.Join(phases, "")
}

// String is the view in short, for failure messages.
func (v pageView) String() string {
	b := "hidden"
	if v.Banner.Visible {
		b = fmt.Sprintf("%q", v.Banner.Reason+": "+v.Banner.Text)
	}
	s := fmt.Sprintf("engine=%s, running=%v, banner=%s, lit=%q, position=%q, detail=%q", v.Engine, v.Running, b, v.LitPhase(), v.Position, v.Detail)
	if len(v.Errors) > 0 {
		s += ", errors: " + strings.Join(v.Errors, "; ")
	}
	return s + ", transcript: " + v.Transcript.String()
}

const viewJS = `(() => {
	const q = (s) => document.querySelector(s);
	const t = (e) => e ? e.textContent.replace(/\s+/g, " ").trim() : "";
	const b = q("#stop-banner");
	const lit = [...document.querySelectorAll("#loop-source .loop-line.current")];
	return {
		transcript: [...document.querySelectorAll("#transcript li.msg")].map(li => ({
			role: li.dataset.role || "",
			type: li.dataset.type || "",
			failed: li.dataset.failed === "true",
			text: t(li.querySelector(".msg-content")),
			extra: t(li.querySelector(".msg-extra")),
			toolNames: [...li.querySelectorAll(".tool-name")].map(t),
			toolArgs: [...li.querySelectorAll(".tool-args")].map(t),
		})),
		html: (q("#transcript") || {innerHTML: ""}).innerHTML,
		banner: b && b.checkVisibility()
			? {visible: true, reason: b.dataset.reason || "", text: t(b)}
			: {visible: false, reason: "", text: ""},
		lit: lit.map(li => ({number: Number(li.getAttribute("value")), phase: li.dataset.phase || "",
			text: li.textContent, ariaCurrent: li.getAttribute("aria-current") || ""})),
		position: t(q("#step-position")),
		detail: t(q("#phase-detail")),
		running: document.body.dataset.running === "true",
		engine: document.body.dataset.engine || "",
		errors: ["#model-error", "#tools-error", "#max-steps-error", "#time-limit-error"].map(s => q(s))
			.filter(e => e && t(e)).map(e => "#" + e.id + ": " + t(e)),
	};
})()`

// view returns what the page shows now.
func (p *page) view() pageView {
	p.t.Helper()
	return eval[pageView](p, viewJS)
}

// summary describes what the page shows, for failure messages; it never
// fails the test itself.
func (p *page) summary() string {
	ctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[pageView](viewJS))
	if err != nil {
		return fmt.Sprintf("(the page did not answer: %v)", err)
	}
	return v.String()
}

// waitBanner waits until a run has ended: the stop banner is shown with a
// reason and the page no longer says it is running.
func (p *page) waitBanner() pageView {
	p.t.Helper()
	return p.waitBannerWithin(waitTimeout)
}

func (p *page) waitBannerWithin(timeout time.Duration) pageView {
	p.t.Helper()
	waitFor[bool](p, timeout, "the run to end with a stop banner",
		`(() => { const b = document.querySelector("#stop-banner");
			return !!b && b.checkVisibility() && !!b.dataset.reason && document.body.dataset.running !== "true"; })()`)
	return p.view()
}

// run clicks Run and returns the view once the run has ended.
func (p *page) run() pageView {
	p.t.Helper()
	p.click("#run")
	return p.waitBanner()
}

// count returns how many entries of the transcript f accepts.
func (ms transcript) count(f func(msg) bool) int {
	n := 0
	for _, m := range ms {
		if f(m) {
			n++
		}
	}
	return n
}
