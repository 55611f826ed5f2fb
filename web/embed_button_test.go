//go:build !(js && wasm)

package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/web/internal/static"
)

// The Embed button: it writes the snippet a tutorial's author pastes into
// their page (the iframe for what the page shows, and the script that sizes
// it); pasted, the snippet shows a shipped example at the phase that was on
// screen, and the author's own code without running it.

// tutorialSite serves the site and, at /tutorial.html, whatever page the
// test writes later: the snippet pasted into a tutorial, on the origin the
// playground was opened from, so that the test can look into the frame.
type tutorialSite struct {
	URL  string
	mu   sync.Mutex
	html string
}

func newTutorialSite(t *testing.T) *tutorialSite {
	s := &tutorialSite{}
	mux := http.NewServeMux()
	mux.HandleFunc("/tutorial.html", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(s.html))
	})
	mux.Handle("/", static.Handler("site"))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// paste makes /tutorial.html a page with snippet in its text, and returns
// its address.
func (s *tutorialSite) paste(snippet string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A tutorial</title><link rel="icon" href="data:,"></head>
<body><h1>A tutorial</h1><p>Try it:</p>
` + snippet + `
<p>More of the tutorial.</p></body></html>`
	return s.URL + "/tutorial.html"
}

// grantClipboard lets the site's pages copy and read back the clipboard,
// as newPage does for the shared server's.
func (s *tutorialSite) grantClipboard(p *page) {
	p.t.Helper()
	c := chromedp.FromContext(p.ctx)
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		_, err := chromedp.CallBrowser(p.ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission:       &browser.PermissionDescriptor{Name: name},
			Setting:          browser.PermissionSettingGranted,
			Origin:           s.URL,
			BrowserContextID: c.BrowserContextID,
		})
		require.NoError(p.t, err, "granting %s", name)
	}
}

// embedSnippet presses Embed and returns the snippet its dialog shows.
func (p *page) embedSnippet() string {
	p.t.Helper()
	p.clickNamed("Embed")
	waitFor[bool](p, waitTimeout, "the Embed dialog to open", `document.querySelector("#embed-dialog").open`)
	return p.value("#embed-dialog-text")
}

// pastedFrame is the pasted snippet's frame's document, seen from the
// tutorial.
const pastedFrame = `document.querySelector("iframe").contentDocument`

func TestPageEmbedButtonWritesASnippetThatShowsTheExampleAtItsPhase(t *testing.T) {
	t.Parallel()
	site := newTutorialSite(t)
	p := newPage(t)
	p.openURL(site.URL + "/#example=chain&phase=3")
	p.waitPosition(fmt.Sprintf("Phase 3 of %d", eval[int](p, `document.querySelector("#step-position").textContent.match(/of (\d+)/)?.[1] * 1 || 0`)))
	title := eval[string](p, `import("./page/examples.js").then((m) => m.exampleById("chain").title)`)
	require.NotEmpty(t, title)

	snippet := p.embedSnippet()
	p.saveScreenshot("embed-dialog.png")
	assert.Contains(t, snippet, `<iframe src="`+site.URL+`/?embed=1#example=chain&amp;phase=3"`,
		"the frame opens the example at the phase on screen, its & written as &amp;")
	assert.Contains(t, snippet, `title="agentloop playground: `+title+`"`, "the frame's title names the example")
	assert.Contains(t, snippet, `e.data?.type === "agentloop:height"`, "the snippet brings the host script that sizes the frame")
	assert.NotContains(t, snippet, "autorun", "the snippet never asks to run at once")
	assert.Contains(t, p.text("#embed-dialog-about"), `"`+title+`"`, "the dialog says what the frame shows")
	assert.Contains(t, p.text("#embed-dialog-about"), "phase 3")
	p.assertAccessible(t, "with the Embed dialog open")

	p.holdClipboard()
	site.grantClipboard(p)
	p.click("#embed-dialog-copy")
	waitFor[bool](p, waitTimeout, "Copy to say it copied", `document.querySelector("#embed-dialog-status").textContent.startsWith("Copied")`)
	assert.Equal(t, snippet, eval[string](p, `navigator.clipboard.readText()`), "Copy puts the snippet on the clipboard")
	p.press(kb.Escape)
	waitFor[bool](p, waitTimeout, "Escape to close the dialog", `!document.querySelector("#embed-dialog").open`)

	// Pasted into a tutorial, the snippet shows the example at phase 3,
	// and its script sizes the frame to what the embed reports.
	p.do("opening the tutorial", chromedp.Navigate(site.paste(snippet)))
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load", engineReadyJS(pastedFrame))
	waitFor[bool](p, waitTimeout, "the frame to open the example's run at phase 3",
		`/^Phase 3 of \d+$/.test(`+pastedFrame+`.querySelector("#step-position").textContent.trim())`)
	assert.Equal(t, title, eval[string](p, pastedFrame+`.querySelector("#embed-caption").textContent`), "the frame's caption names the example")
	waitFor[bool](p, waitTimeout, "the host script to size the frame", `/^\d+px$/.test(document.querySelector("iframe").style.height)`)
	p.saveScreenshot("embed-snippet-pasted.png")
}

func TestPageEmbedButtonCarriesYourCodeWhichRunsOnlyOnRun(t *testing.T) {
	t.Parallel()
	site := newTutorialSite(t)
	p := newPage(t)
	p.openURL(site.URL + "/")
	const model = `[{type: "final", content: "Embedded <b>own</b> code & more."}]`
	p.setEditor("model-editor", model)
	// A phase of this code's run on screen: the snippet must still not
	// ask the frame to run it.
	p.click("#step")
	p.waitFirstPhase("Step")

	snippet := p.embedSnippet()
	assert.Contains(t, snippet, `<iframe src="`+site.URL+`/?embed=1#state=`, "your code travels as a share link")
	for _, asks := range []string{"phase=", "autorun", "example="} {
		assert.NotContains(t, snippet, asks, "the snippet of your code asks for no %s", asks)
	}
	assert.Contains(t, snippet, `title="agentloop playground: your code"`)
	assert.Contains(t, p.text("#embed-dialog-about"), "runs only when a reader presses Run")
	p.press(kb.Escape)

	p.do("opening the tutorial", chromedp.Navigate(site.paste(snippet)))
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load", engineReadyJS(pastedFrame))
	waitFor[bool](p, waitTimeout, "the frame's Model editor to hold your code",
		pastedFrame+`.querySelector("#model-editor").value === `+js(model))
	ran := `(() => { const d = ` + pastedFrame + `; return d.body.dataset.running === "true" || !!d.querySelector("#transcript li.msg") || d.querySelector("#stop-banner").checkVisibility(); })()`
	assert.False(t, eval[bool](p, `new Promise((resolve) => setTimeout(() => resolve(`+ran+`), `+fmt.Sprint(idleWindow.Milliseconds())+`))`),
		"the frame runs nothing by itself")

	eval[chromedp.Void](p, pastedFrame+`.querySelector("#run").click()`)
	answer := waitFor[string](p, waitTimeout, "the frame's run to give your code's answer",
		`(() => { const a = `+pastedFrame+`.querySelector(`+js(finalAnswerSel)+`); return a ? a.textContent : ""; })()`)
	assert.Contains(t, answer, "Embedded <b>own</b> code & more.", "the frame runs your code when its reader presses Run")
}

// The dialog's Read-only box writes a snippet whose frame locks its
// editors: the reader runs and steps the author's code but cannot change it.
func TestPageEmbedButtonOffersAReadOnlyFrame(t *testing.T) {
	t.Parallel()
	site := newTutorialSite(t)
	p := newPage(t)
	p.openURL(site.URL + "/#example=chain")
	snippet := p.embedSnippet()
	assert.NotContains(t, snippet, "readonly", "the frame is editable unless asked")
	p.click("#embed-dialog-readonly")
	locked := p.value("#embed-dialog-text")
	assert.Contains(t, locked, `<iframe src="`+site.URL+`/?embed=1&amp;readonly=1#example=chain"`, "Read-only asks the frame to lock its editors")
	assert.NotContains(t, locked, "autorun")
	p.assertAccessible(t, "with the Embed dialog's Read-only box checked")
	p.press(kb.Escape)

	p.do("opening the tutorial", chromedp.Navigate(site.paste(locked)))
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load", engineReadyJS(pastedFrame))
	waitFor[bool](p, waitTimeout, "the frame's editors to be locked",
		`["#model-editor", "#tools-editor"].every((id) => { const e = `+pastedFrame+`.querySelector(id); return e && e.getAttribute("contenteditable") === "false"; })`)
}

func TestPageEmbedButtonSitsBeforeShareAtEveryWidth(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	for _, width := range []int64{320, 375, 500, 640, 768, 1000, 1200, 1280} {
		p.do("emulating the screen", chromedp.EmulateViewport(width, 900))
		p.settle()
		where := fmt.Sprintf("at %d px", width)
		p.onScreen(t, "#embed-button", where)
		embed, share := p.rectOf("#embed-button"), p.rectOf("#share")
		assert.True(t, sameRow(share, embed) && embed.Right <= share.Left, "Embed (x %.0f–%.0f) is just before Share (x %.0f–%.0f) on its row %s",
			embed.Left, embed.Right, share.Left, share.Right, where)
		if width >= 768 {
			assert.True(t, eval[bool](p, `(() => { const s = document.querySelector("#engine-status"); return s.scrollWidth <= s.clientWidth; })()`),
				"the engine's status %q is not cut beside Embed and Share %s", strings.TrimSpace(p.text("#engine-status")), where)
		}
	}
	p.open("/?embed=1#example=add")
	assert.False(t, p.visible("#embed-button"), "an embed, already a frame, offers no Embed")
}
