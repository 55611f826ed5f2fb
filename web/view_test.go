//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The readers of what the page shows. view reads a run's transcript, stop
// banner, lit line and step position in a single evaluation, so that they
// all describe the same moment; the others each read one part (a notice, the
// Exercise's failures, a box on screen, the engine status) or wait for it to
// show.

// Fields and elements, one at a time.

// text returns the element's textContent with runs of white space folded.
func (p *page) text(sel string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`%s.textContent.replace(/\s+/g, " ").trim()`, must(sel)))
}

// value returns the value of an input, select or textarea, or the text of
// a code editor (its text box, e.g. #model-editor, reads like a field).
func (p *page) value(sel string) string {
	p.t.Helper()
	return eval[string](p, must(sel)+`.value`)
}

// exists reports whether the page has an element matching sel.
func (p *page) exists(sel string) bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`document.querySelector(%s) !== null`, js(sel)))
}

// visible reports whether sel exists and is rendered (not hidden, not
// display:none, not in a hidden ancestor).
func (p *page) visible(sel string) bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%s); return !!e && e.checkVisibility(); })()`, js(sel)))
}

// fields is what the user typed, as the page's inputs hold it.
type fields struct {
	Model, Tools, UserMessage, MaxSteps, TimeLimit string
}

func (p *page) fields() fields {
	p.t.Helper()
	return fields{
		Model:       p.value("#model-editor"),
		Tools:       p.value("#tools-editor"),
		UserMessage: p.value("#user-message"),
		MaxSteps:    p.value("#max-steps"),
		TimeLimit:   p.value("#time-limit"),
	}
}

// A run: what the page shows about it at one moment, and waits for its end.

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
	Stream     streamView `json:"stream"` // the answer arriving, while a model call streams
}

// streamView is the entry of a streamed answer as it arrives: its head,
// the text so far (New: the latest fragment, marked), each call's
// arguments so far, and the latest piece.
type streamView struct {
	Visible bool             `json:"visible"`
	Head    string           `json:"head"`
	Text    string           `json:"text"`
	New     []string         `json:"new"`
	Calls   []streamCallView `json:"calls"`
	Piece   string           `json:"piece"`
	Error   string           `json:"error"`
}

type streamCallView struct {
	Name   string `json:"name"`
	Args   string `json:"args"` // the arguments so far and, after them, what is still open
	Open   string `json:"open"`
	Status string `json:"status"`
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
		stream: (() => {
			const s = q("#transcript-stream");
			if (!s || s.hidden) return {visible: false, head: "", text: "", new: [], calls: [], piece: "", error: ""};
			return {visible: true, head: t(s.querySelector(".msg-head")), text: (s.querySelector(".stream-text") || {textContent: ""}).textContent,
				new: [...s.querySelectorAll(".stream-new")].map(e => e.textContent),
				calls: [...s.querySelectorAll(".stream-calls > li")].map(li => ({name: t(li.querySelector(".tool-name")),
					args: li.querySelector(".stream-args").textContent, open: t(li.querySelector(".json-open")), status: t(li.querySelector(".stream-status"))})),
				piece: t(s.querySelector(".stream-piece")), error: t(s.querySelector(".stream-error"))};
		})(),
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

// run clicks Run and returns the view once the run has ended.
func (p *page) run() pageView {
	p.t.Helper()
	p.click("#run")
	return p.waitBanner()
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

// waitBannerAfter runs act and waits for the banner with a generous limit.
func (p *page) waitBannerAfter(act func()) pageView {
	p.t.Helper()
	act()
	return p.waitBannerWithin(3 * waitTimeout)
}

// waitToolCallShown waits until the page says a run is in flight and the
// assistant's tool call is on screen.
func (p *page) waitToolCallShown() {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, "the run to start and show the assistant's tool call",
		`document.body.dataset.running === "true" &&
			!!document.querySelector('#transcript li.msg[data-role="assistant"][data-type="tool"]')`)
}

// assertAddTranscript checks the seed's example as the user sees it: the
// question, the call add {a: 2, b: 3}, its result 5 and the answer.
func assertAddTranscript(t *testing.T, userMsg string, v pageView) {
	t.Helper()
	got, b := v.Transcript, v.Banner
	require.Len(t, got, 4, "the transcript should show the question, the tool call, its result and the answer; it showed %v", got)
	assert.Equal(t, "user", got[0].Role, "first entry: %v", got[0])
	assert.Equal(t, userMsg, got[0].Text, "the user's message is shown as typed")

	assert.Equal(t, []string{"assistant", "tool"}, []string{got[1].Role, got[1].Type}, "second entry is the assistant's tool call: %v", got[1])
	assert.Equal(t, []string{"add"}, got[1].ToolNames, "the tool call names the tool add")
	if assert.Len(t, got[1].ToolArgs, 1, "the tool call shows its args") {
		var args map[string]any
		if assert.NoError(t, json.Unmarshal([]byte(got[1].ToolArgs[0]), &args), "the args are shown as JSON: %q", got[1].ToolArgs[0]) {
			assert.Equal(t, map[string]any{"a": 2.0, "b": 3.0}, args, "the args shown")
		}
	}

	assert.Equal(t, "tool", got[2].Role, "third entry is the tool result: %v", got[2])
	assert.Equal(t, "5", got[2].Text, "the tool result shown")
	assert.False(t, got[2].Failed, "the tool result 5 is not styled as an error")

	assert.Equal(t, []string{"assistant", "final"}, []string{got[3].Role, got[3].Type}, "last entry is the final answer: %v", got[3])
	assert.Equal(t, "The answer is 5.", got[3].Text, "the final answer shown")

	assert.True(t, b.Visible, "the stop banner is shown")
	assert.Equal(t, "final", b.Reason, "the stop banner's reason; it said %q", b.Text)
	assert.Contains(t, b.Text, "The answer is 5.", "the stop banner shows the result")
}

// bannerCause returns the stop banner's line about the cause.
func bannerCause(t *testing.T, p *page) string {
	t.Helper()
	return p.text("#stop-banner .banner-cause")
}

// idleWindow is how long a page is watched to see that it runs nothing by
// itself. A run would start at once, so a short window is enough; it is an
// observation, not a wait for something to happen.
const idleWindow = 700 * time.Millisecond

// staysIdle reports whether, for d, the page starts no run and shows no
// transcript or stop banner.
func (p *page) staysIdle(d time.Duration) bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`new Promise((resolve) => {
		const ran = () => document.body.dataset.running === "true" ||
			document.querySelector("#transcript li.msg") !== null ||
			(document.querySelector("#stop-banner") || {checkVisibility: () => false}).checkVisibility();
		if (ran()) return resolve(false);
		const obs = new MutationObserver(() => { if (ran()) { obs.disconnect(); resolve(false); } });
		obs.observe(document.body, {subtree: true, childList: true, attributes: true});
		setTimeout(() => { obs.disconnect(); resolve(!ran()); }, %d);
	})`, d.Milliseconds()))
}

// Where the page is: the step position, the notices, the editors' marks,
// the Exercise's results and the examples it offers.

// position returns what #step-position says.
func (p *page) position() string {
	p.t.Helper()
	return p.text("#step-position")
}

func (p *page) waitPosition(want string) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, fmt.Sprintf("#step-position to say %q", want),
		fmt.Sprintf(`document.querySelector("#step-position").textContent.trim() === %s`, js(want)))
}

// waitFirstPhase waits until #step-position says "Phase 1 of N", after
// what (a Step, a key), and returns N.
func (p *page) waitFirstPhase(what string) int {
	p.t.Helper()
	pos := waitFor[string](p, waitTimeout, what+" to show \"Phase 1 of N\"",
		`(() => { const t = document.querySelector("#step-position").textContent.replace(/\s+/g, " ").trim(); return /^Phase 1 of \d+$/.test(t) && t; })()`)
	var total int
	fmt.Sscan(positionRE.FindStringSubmatch(pos)[2], &total)
	return total
}

// waitAsked waits until the Be-the-model form asks for model call n.
func (p *page) waitAsked(n int) {
	p.t.Helper()
	want := fmt.Sprintf("You are the model: call %d", n)
	waitFor[bool](p, waitTimeout, fmt.Sprintf("the page to ask the person for model call %d", n),
		fmt.Sprintf(`document.querySelector("#be-model-heading").textContent === %s && document.querySelector("#be-model-ask").checkVisibility()`, js(want)))
}

// noticeText returns what the notice bar says, or "" when it is hidden.
func (p *page) noticeText() string {
	p.t.Helper()
	return eval[string](p, `document.querySelector("#notice").checkVisibility() ? document.querySelector("#notice-text").textContent : ""`)
}

// noticeButton returns the name of the notice's action button, or "" when
// it shows none.
func (p *page) noticeButton() string {
	p.t.Helper()
	return eval[string](p, `document.querySelector("#notice-action").checkVisibility() ? document.querySelector("#notice-action").textContent : ""`)
}

// waitNotice waits for the notice bar to say something containing want.
//
// A notice that is only a message goes away by itself after some seconds,
// and a test that first waits for something slow (the engine, on a busy
// machine) may look after it has gone; so it also counts a notice the
// page showed since the document loaded (noticeRecorderJS) that no
// earlier wait has counted yet.
func (p *page) waitNotice(want string) string {
	p.t.Helper()
	return waitFor[string](p, waitTimeout, fmt.Sprintf("a notice saying %q", want),
		fmt.Sprintf(`(() => { const want = %s; const log = window.agentloopTestNotices || [];
			const t = document.querySelector("#notice-text").textContent;
			if (document.querySelector("#notice").checkVisibility() && t.includes(want)) {
				for (const n of log) if (n.text.includes(want)) n.counted = true;
				return t;
			}
			const n = log.find((n) => !n.counted && n.text.includes(want));
			if (!n) return false;
			n.counted = true;
			return n.text; })()`, js(want)))
}

// noticeRecorderJS runs in every new document of a tab, before its own
// scripts: from when the document is parsed it records, in
// window.agentloopTestNotices, each text the notice bar shows.
const noticeRecorderJS = `(() => {
	const shown = [];
	window.agentloopTestNotices = shown;
	let last = "";
	const record = () => {
		const bar = document.getElementById("notice"), text = document.getElementById("notice-text");
		const now = bar && text && bar.checkVisibility() ? text.textContent : "";
		if (now === last) return;
		last = now;
		if (now) shown.push({text: now, counted: false});
	};
	document.addEventListener("DOMContentLoaded", () => {
		const bar = document.getElementById("notice");
		if (!bar) return;
		record();
		new MutationObserver(record).observe(bar, {subtree: true, childList: true, characterData: true, attributes: true});
	});
})()`

// waitModel waits until the Model editor holds src, naming what should
// have brought it.
func (p *page) waitModel(src, what string) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, what, fmt.Sprintf(`document.querySelector("#model-editor").value === %s`, js(src)))
}

// embedCaption waits until the embed's caption says want.
func (p *page) embedCaption(want string) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, fmt.Sprintf("the embed's caption to say %q", want),
		fmt.Sprintf(`document.querySelector("#embed-caption").textContent === %s`, js(want)))
}

// waitFieldError waits until the error of the field sel (#max-steps-error,
// say) shows an explanation.
func (p *page) waitFieldError(sel string) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, sel+" to explain the bad value",
		fmt.Sprintf(`(() => { const e = document.querySelector(%s); return !!e && e.checkVisibility() && e.textContent.trim() !== ""; })()`, js(sel)))
}

// lintOnLine returns the lint marks on line (1-based) of the editor whose
// text box is id: the squiggled ranges' severities ("error", "warning").
func (p *page) lintOnLine(id string, line int) []string {
	p.t.Helper()
	return eval[[]string](p, fmt.Sprintf(`[...%s.querySelectorAll(".cm-line")][%d - 1]
		? [...[...%[1]s.querySelectorAll(".cm-line")][%[2]d - 1].querySelectorAll("[class*=cm-lintRange-]")]
			.map((e) => (/cm-lintRange-(\w+)/.exec(e.className) || [])[1] || "")
		: []`, must("#"+id), line))
}

// gutterMarkLines returns the line numbers the editor's lint gutter marks.
func (p *page) gutterMarkLines(id string) []int {
	p.t.Helper()
	return eval[[]int](p, fmt.Sprintf(`(() => {
		const editor = %s.closest(".cm-editor");
		const numbers = [...editor.querySelectorAll(".cm-lineNumbers .cm-gutterElement")].filter((e) => /^\d+$/.test(e.textContent));
		return [...editor.querySelectorAll(".cm-lint-marker")].map((m) => {
			const top = m.closest(".cm-gutterElement").getBoundingClientRect().top;
			const n = numbers.find((e) => Math.abs(e.getBoundingClientRect().top - top) < 2);
			return n ? Number(n.textContent) : -1;
		});
	})()`, must("#"+id)))
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

// waitChecked waits until a Check has ended, after what (pressing Check,
// Stop), and returns the summary, which says how many cases pass.
func (p *page) waitChecked(what string) string {
	p.t.Helper()
	return waitFor[string](p, waitTimeout+5*time.Second, "the check to end after "+what+" and say how many cases pass",
		`(() => { const s = document.querySelector("#exercise-summary").textContent;
			return document.querySelector("#check").getAttribute("aria-disabled") !== "true" && / cases pass/.test(s) && s; })()`)
}

// shippedExample is an example of the menu with the end it declares
// next to its code (web/site/page/examples.js).
type shippedExample struct {
	ID     string `json:"id"`
	Expect struct {
		Reason string   `json:"reason"`
		Phase  string   `json:"phase"`
		Text   *string  `json:"text"`
		Error  string   `json:"error"`  // a pattern, as JavaScript wrote it
		Failed []string `json:"failed"` // the tools whose results are errors
	} `json:"expect"`
	// Reacts is another user message and a part of the answer it gets, for
	// an example that says it follows the user's message.
	Reacts *struct {
		UserMessage string `json:"userMsg"`
		Text        string `json:"text"`
	} `json:"reacts"`
	// Decide is what the person decides at each call that waits for
	// approval, in order.
	Decide []approvalDecision `json:"decide"`
}

// shippedExamples returns the examples the page's menu offers, with what
// each declares, in the menu's order.
func (p *page) shippedExamples() []shippedExample {
	p.t.Helper()
	return eval[[]shippedExample](p, `import("./page/examples.js").then(({EXAMPLES}) => {
		const offered = [...document.querySelectorAll("#example-select option")].map(o => o.value).filter(Boolean);
		return offered.map(id => {
			const ex = EXAMPLES.find(e => e.id === id);
			if (!ex) throw new Error("the menu offers " + id + ", which examples.js does not have");
			const x = ex.expect || {};
			return {id, expect: {reason: x.reason || "", phase: x.phase || "", text: x.text ?? null,
				error: x.error ? x.error.source : "", failed: x.failed || []}, reacts: ex.reacts ?? null, decide: ex.decide ?? []};
		});
	})`)
}

// Boxes on screen: where an element is, and whether a user sees it.

// rect is an element's box in its own document's viewport.
type rect struct {
	Top    float64 `json:"top"`
	Bottom float64 `json:"bottom"`
	Left   float64 `json:"left"`
	Right  float64 `json:"right"`
}

const rectJS = `((e) => { if (!e) return null; const r = e.getBoundingClientRect();
	return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })`

func (p *page) rectOf(sel string) rect {
	p.t.Helper()
	return eval[rect](p, fmt.Sprintf(`%s(%s)`, rectJS, must(sel)))
}

// seenJS is a JavaScript expression that is true when the element sel of
// the document doc is what a user sees at its centre: not scrolled out
// of its panel, not covered by another box.
func seenJS(doc, sel string) string {
	return fmt.Sprintf(`(() => { const d = %s; const e = d.querySelector(%s); if (!e) return false;
		const r = e.getBoundingClientRect(); const at = d.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
		return !!at && (e === at || e.contains(at)); })()`, doc, js(sel))
}

// finalAnswerSel finds the transcript's final answer.
const finalAnswerSel = `#transcript li.msg[data-type="final"]`

// accessibleNameJS is the name a screen reader gives the element e: its
// labels, aria-label, aria-labelledby or its text.
const accessibleNameJS = `((e) => ((e.labels && e.labels.length ? [...e.labels].map((l) => l.textContent).join(" ") : "") ||
	e.getAttribute("aria-label") || (e.getAttribute("aria-labelledby") || "").split(" ").map((id) => {
		const l = document.getElementById(id); return l ? l.textContent : ""; }).join(" ") || e.textContent).replace(/\s+/g, " ").trim())`

// onScreen asserts that the element sel is shown, not covered, and
// inside the viewport, so that a user sees it without scrolling.
func (p *page) onScreen(t *testing.T, sel, where string) {
	t.Helper()
	if !p.visible(sel) {
		t.Errorf("%s is hidden %s", sel, where)
		return
	}
	r := p.rectOf(sel)
	w, h := eval[float64](p, `innerWidth`), eval[float64](p, `innerHeight`)
	assert.True(t, r.Left >= -0.5 && r.Right <= w+0.5 && r.Top >= -0.5 && r.Bottom <= h+0.5,
		"%s (x %.0f–%.0f, y %.0f–%.0f) is inside the %.0fx%.0f screen %s", sel, r.Left, r.Right, r.Top, r.Bottom, w, h, where)
	assert.True(t, eval[bool](p, seenJS("document", sel)), "%s is not covered by anything %s", sel, where)
}

// engineReadyJS is true once the document doc, a frame's say, exists and
// its engine is ready.
func engineReadyJS(doc string) string {
	return doc + ` && ` + doc + `.body && ` + doc + `.body.dataset.engine === "ready"`
}

// The engine's status, as assistive technology hears it.

// statusRegion is a live status region of the page whose texts are being
// recorded.
type statusRegion struct {
	p   *page
	log runtime.RemoteObjectID // the texts it showed, in order
	el  runtime.RemoteObjectID
}

// engineStatus finds the engine's status as assistive technology does:
// among the status regions the accessibility tree exposes, the one that
// speaks of the engine. It records every text the region shows from now
// on, each change as it happens, so that a state shown for a few
// milliseconds is not missed between two polls.
func (p *page) engineStatus() *statusRegion {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, answerTimeout)
	defer cancel()
	doc, err := chromedp.Run(ctx, chromedp.Evaluate[*runtime.RemoteObject](`document`))
	require.NoError(p.t, err, "reading the document")
	res, err := chromedp.Call(ctx, accessibility.QueryAXTree, accessibility.QueryAXTreeParams{ObjectID: doc.ObjectID, Role: "status"})
	require.NoError(p.t, err, "querying the accessibility tree for status regions")
	var seen []string
	for _, n := range res.Nodes {
		if n.Ignored {
			continue
		}
		node, err := chromedp.Call(ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: n.BackendDOMNodeID})
		require.NoError(p.t, err, "resolving a status region")
		r := &statusRegion{p: p, el: node.Object.ObjectID}
		text := r.now()
		seen = append(seen, text)
		if !strings.Contains(text, "engine") {
			continue
		}
		assert.Equal(p.t, "polite", axProperty(n, accessibility.PropertyNameLive), "the engine status is announced politely as it changes")
		r.log = callOn[*runtime.RemoteObject](p, r.el, `function () {
			const text = () => this.textContent.replace(/\s+/g, " ").trim();
			const log = [text()];
			new MutationObserver(() => {
				if (text() !== log[log.length - 1]) log.push(text());
			}).observe(this, {childList: true, characterData: true, subtree: true});
			return log;
		}`).ObjectID
		return r
	}
	p.t.Fatalf("the page exposes no status region that speaks of the engine; its status regions say %q", seen)
	return nil
}

// axProperty returns n's property name when it is a string, "" otherwise.
func axProperty(n *accessibility.Node, name accessibility.PropertyName) string {
	for _, prop := range n.Properties {
		var v string
		if prop.Name == name && prop.Value != nil && json.Unmarshal(prop.Value.Value, &v) == nil {
			return v
		}
	}
	return ""
}

// now returns the region's text.
func (r *statusRegion) now() string {
	r.p.t.Helper()
	return callOn[string](r.p, r.el, `function () { return this.textContent.replace(/\s+/g, " ").trim(); }`)
}

// shown returns the texts the region showed since engineStatus, in order.
func (r *statusRegion) shown() []string {
	r.p.t.Helper()
	return callOn[[]string](r.p, r.log, `function () { return this.slice(); }`)
}

// waitUntil polls the texts shown until done accepts them and returns
// them; it fails the test, naming what, when timeout passes first.
func (r *statusRegion) waitUntil(what string, timeout time.Duration, done func([]string) bool) []string {
	r.p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		texts := r.shown()
		if done(texts) {
			return texts
		}
		if time.Now().After(deadline) {
			r.p.t.Fatalf("waited %v for %s, in vain; the status showed in turn: %q", timeout, what, texts)
		}
		time.Sleep(pollInterval)
	}
}
