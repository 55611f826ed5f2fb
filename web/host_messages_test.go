//go:build !(js && wasm)

package main

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// hostWithFrame serves a tutorial page that frames src, and opens it.
func hostWithFrame(t *testing.T, src string) *page {
	t.Helper()
	host := serveHostPage(t, "/host.html", `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A tutorial that steers its embed</title><link rel="icon" href="data:,"></head><body>
<iframe id="frame" src="`+src+`" title="agentloop playground" width="720" height="640"></iframe>
<script>window.ask = (data) => document.querySelector("#frame").contentWindow.postMessage(data, "*");
window.replies = [];
addEventListener("message", (e) => { if (e.data && e.data.type === "agentloop:reply") replies.push(e.data); });</script></body></html>`)
	p := newPage(t)
	p.do("opening the tutorial page", chromedp.EmulateViewport(900, 900), chromedp.Navigate(host))
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load", frameDoc+` && `+frameDoc+`.body && `+frameDoc+`.body.dataset.engine === "ready"`)
	return p
}

const frameDoc = `document.querySelector("#frame").contentDocument`

// A tutorial's page steers its embed with the documented messages: show
// an example, open its run at a phase, run it.
func TestPageEmbedFollowsTheHostsDocumentedRequests(t *testing.T) {
	t.Parallel()
	p := hostWithFrame(t, "/?embed=1#example=add")
	eval[chromedp.Void](p, `ask({type: "agentloop:example", example: "chain"})`)
	waitFor[bool](p, waitTimeout, "the frame to show the chain example", frameDoc+`.querySelector("#user-message").value.includes("apples")`)

	eval[chromedp.Void](p, `ask({type: "agentloop:phase", phase: 3})`)
	waitFor[bool](p, waitTimeout, "the frame's step view at phase 3",
		`/^Phase 3 of \d+$/.test(`+frameDoc+`.querySelector("#step-position").textContent.replace(/\s+/g, " ").trim())`)

	eval[chromedp.Void](p, `ask({type: "agentloop:run", example: "add"})`)
	waitFor[bool](p, waitTimeout, "the frame to run the add example to its answer",
		`(() => { const b = `+frameDoc+`.querySelector("#stop-banner"); return !!b && !b.hidden && b.textContent.includes("The answer is 5."); })()`)
}

// A host cannot make an embed run code that came by a link: a run request
// over a #state= link's code runs nothing, and the frame says why.
func TestPageEmbedRunsNoLinksCodeAtTheHostsRequest(t *testing.T) {
	t.Parallel()
	link := encodeStateLink(t, map[string]string{"model": `[{type: "final", content: "from the link"}]`, "tools": "{}", "userMessage": "Hi"})
	p := hostWithFrame(t, "/?embed=1#state="+link)
	eval[chromedp.Void](p, `ask({type: "agentloop:run"})`)
	eval[chromedp.Void](p, `ask({type: "agentloop:phase", phase: 2})`)
	p.do("giving the frame time to act on the requests", chromedp.Sleep(1500*1e6))
	assert.True(t, eval[bool](p, `(() => { const b = `+frameDoc+`.querySelector("#stop-banner"); return !b || b.hidden; })()`),
		"the link's code did not run at the host's request")
	assert.Zero(t, eval[int](p, frameDoc+`.querySelectorAll("#transcript li.msg").length`), "the transcript shows no run")
}

// A host that floods its embed, or sends a field of megabytes, gets a
// reply to each request saying what became of it, and the frame keeps
// answering: of 1,000 run requests it runs the first and the latest, and
// shows that last run; an 8 MB example name is refused by its length.
func TestPageEmbedBoundsTheHostsMessages(t *testing.T) {
	t.Parallel()
	p := hostWithFrame(t, "/?embed=1#example=add")
	eval[chromedp.Void](p, `ask({type: "agentloop:example", example: "x".repeat(8 * 1024 * 1024), id: "huge"})`)
	refused := waitFor[map[string]any](p, waitTimeout, "the reply to the huge example name", `replies.find((r) => r.id === "huge")`)
	assert.Equal(t, "refused", refused["outcome"])
	assert.Equal(t, "example is a string of 8,388,608 characters; an example's id is at most 64 characters.", refused["reason"])

	eval[chromedp.Void](p, `for (let i = 0; i < 1000; i++) ask({type: "agentloop:run", example: i % 2 ? "add" : "chain", id: i})`)
	waitFor[bool](p, waitTimeout, "a reply to every run request", `replies.filter((r) => r.request === "agentloop:run").length === 1000`)
	done := eval[[]float64](p, `replies.filter((r) => r.request === "agentloop:run" && r.outcome === "done").map((r) => r.id)`)
	assert.Equal(t, []float64{0, 999}, done, "the first request and the latest are acted on")
	assert.Equal(t, 998, eval[int](p, `replies.filter((r) => r.outcome === "replaced").length`), "the others are replaced, and told so")
	waitFor[bool](p, waitTimeout, "the frame to show the last request's run to its answer",
		`(() => { const d = `+frameDoc+`; const b = d.querySelector("#stop-banner"); return d.body.dataset.running === "false" && !!b && !b.hidden && b.textContent.includes("The answer is 5."); })()`)
	assert.Contains(t, eval[string](p, frameDoc+`.querySelector("#user-message").value`), "2 + 3", "the frame shows the add example, the last asked for")
}
