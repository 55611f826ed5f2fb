//go:build !(js && wasm)

package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/web/internal/static"
)

// The playground embedded in a tutorial's page (?embed=1): it tells its host
// its height and follows &theme=, &readonly= and &autorun=; Run and its
// result fit the frame without scrolling the host, the Exercise's parts are
// within reach of the wheel, and a locked embed offers nothing that replaces
// its author's code.

func TestPageEmbedTellsItsHostItsHeight(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/testdata/", http.StripPrefix("/testdata/", http.FileServer(http.Dir("testdata"))))
	mux.Handle("/", static.Handler("site"))
	host := httptest.NewServer(mux)
	defer host.Close()

	p := newPage(t)
	p.do("opening the tutorial page", chromedp.EmulateViewport(900, 900), chromedp.Navigate(host.URL+"/testdata/embed-host.html"))
	const doc = `document.querySelector("#frame").contentDocument`
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load", engineReadyJS(doc))
	waitFor[bool](p, waitTimeout, "the embed to post its height to the host", `heightMessages.length > 0`)
	waitFor[bool](p, waitTimeout, "the embed to load what it loads after the engine", lazyLoadedJS(`document.querySelector("#frame").contentWindow`))

	type message struct {
		Type   string  `json:"type"`
		Height float64 `json:"height"`
		Keys   int     `json:"keys"`
	}
	got := eval[[]message](p, `heightMessages.map((m) => ({...m, keys: Object.keys(m).length}))`)
	require.NotEmpty(t, got)
	last := got[len(got)-1]
	assert.Equal(t, "agentloop:height", last.Type)
	assert.Equal(t, 2, last.Keys, "the message carries its type and the height, nothing else")
	want := eval[float64](p, `Math.ceil(`+doc+`.documentElement.getBoundingClientRect().height)`)
	assert.Equal(t, want, last.Height, "the height posted is the embedded document's height")
	assert.Equal(t, want, eval[float64](p, `document.querySelector("#frame").clientHeight`),
		"the iframe is as tall as the embed's document")
	assert.Equal(t, fmt.Sprintf("%vpx", last.Height), eval[string](p, `document.querySelector("#frame").style.height`),
		"the README's host script sized the iframe from the message")
}

// A small frame (360x300) asks its host for the height its content needs,
// not the frame's own, and with the README's host script the reader then
// sees Run's whole result without scrolling inside the frame.
func TestPageSmallEmbedAsksForTheHeightItNeedsAndShowsTheAnswer(t *testing.T) {
	t.Parallel()
	script, err := os.ReadFile("testdata/embed-host.js")
	require.NoError(t, err)
	host := serveHostPage(t, "/small-host.html", `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A tutorial with a small frame</title><link rel="icon" href="data:,"></head><body>
<iframe id="frame" src="/?embed=1#example=add" title="agentloop playground: the add example" width="360" height="300"></iframe>
<script>`+string(script)+`</script></body></html>`)
	p := newPage(t)
	p.do("opening the tutorial page", chromedp.EmulateViewport(900, 2400), chromedp.Navigate(host))
	const doc = `document.querySelector("#frame").contentDocument`
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load", engineReadyJS(doc))
	waitFor[bool](p, waitTimeout, "the embed to ask for more than its 300 px", `heightMessages.some((m) => m.height > 300)`)

	eval[chromedp.Void](p, doc+`.querySelector("#run").click()`)
	waitFor[bool](p, waitTimeout, "the run's final answer in the frame", `!!`+doc+`.querySelector(`+js(finalAnswerSel)+`)`)
	waitFor[bool](p, waitTimeout, "the frame to settle at the height its content needs",
		`(() => { const f = document.querySelector("#frame"); const last = heightMessages.at(-1); return !!last && f.clientHeight === last.height; })()`)
	type seen struct {
		Frame  float64 `json:"frame"`
		Answer rect    `json:"answer"`
		Banner rect    `json:"banner"`
		Scroll rect    `json:"scroll"`
	}
	got := eval[seen](p, `(() => { const d = `+doc+`; const r = `+rectJS+`;
		return {frame: document.querySelector("#frame").clientHeight, answer: r(d.querySelector(`+js(finalAnswerSel)+`)),
			banner: r(d.querySelector("#stop-banner")), scroll: r(d.querySelector("#transcript-scroll"))}; })()`)
	assert.Greater(t, got.Frame, 300.0, "the host grew the frame from the embed's report")
	for name, r := range map[string]rect{"the final answer": got.Answer, "the stop banner": got.Banner} {
		assert.True(t, r.Top >= 0 && r.Bottom <= got.Frame+0.5, "%s (y %.0f–%.0f) is inside the %.0f px frame", name, r.Top, r.Bottom, got.Frame)
	}
	assert.True(t, got.Answer.Bottom <= got.Scroll.Bottom+0.5, "the final answer (bottom %.0f) is not hidden below the transcript's edge (%.0f)", got.Answer.Bottom, got.Scroll.Bottom)
	p.saveScreenshot("embed-small-frame-grown.png")
}

func TestPageThemeOptionOverridesTheSystemScheme(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ system, theme, want string }{
		{"light", "dark", "rgb(13, 16, 20)"},
		{"dark", "light", "rgb(243, 245, 248)"},
		{"light", "", "rgb(243, 245, 248)"},
		{"dark", "", "rgb(13, 16, 20)"},
	} {
		t.Run(tc.system+" system, theme="+tc.theme, func(t *testing.T) {
			t.Parallel()
			p := newPage(t)
			p.do("emulating the "+tc.system+" scheme", colorScheme(tc.system))
			p.open("/?embed=1&theme=" + tc.theme + "#example=add")
			assert.Equal(t, tc.want, eval[string](p, `getComputedStyle(document.body).backgroundColor`),
				"the page's background in a %s-scheme browser with &theme=%s", tc.system, tc.theme)
			editor := eval[string](p, `getComputedStyle(document.querySelector("#model-box .cm-editor")).backgroundColor`)
			dark := tc.theme == "dark" || (tc.theme == "" && tc.system == "dark")
			assert.Equal(t, dark, editor == "rgb(15, 20, 26)", "the code editor follows the page's scheme (its background is %s)", editor)
			p.do("back to the light scheme", colorScheme("light"))
		})
	}
}

func TestPageEmbedModes(t *testing.T) {
	t.Parallel()
	t.Run("embed=1 is compact and editable", func(t *testing.T) {
		t.Parallel()
		p := openPage(t, "/?embed=1#example=chain")
		assert.True(t, eval[bool](p, `document.body.classList.contains("embed")`), "?embed=1 gives the compact layout (body.embed)")
		assert.Equal(t, "chain", p.value("#example-select"), "#example=chain picks the chain example")
		assert.False(t, eval[bool](p, `[...document.querySelectorAll("#model-editor, #tools-editor")].some((e) => e.getAttribute("aria-readonly") === "true")`),
			"without readonly=1 the editors can be edited")
		assert.True(t, p.staysIdle(idleWindow), "without autorun=1 nothing runs by itself")
	})
	t.Run("readonly=1 locks the editors", func(t *testing.T) {
		t.Parallel()
		p := openPage(t, "/?embed=1&readonly=1#example=add")
		assert.True(t, eval[bool](p, `[...document.querySelectorAll("#model-editor, #tools-editor")].every((e) => e.getAttribute("aria-readonly") === "true")`),
			"readonly=1 makes both editors read-only, and says so to screen readers")
		before := p.value("#model-editor")
		p.do("typing into the locked Model editor", chromedp.SendKeys(chromedp.CSS("#model-editor"), "typed"))
		assert.Equal(t, before, p.value("#model-editor"), "typing does not change a locked editor")
		assertAddTranscript(t, p.value("#user-message"), p.run())
	})
	t.Run("readonly=1 ignores a state link in the hash, but follows an example link", func(t *testing.T) {
		t.Parallel()
		p := openPage(t, "/?embed=1&readonly=1#example=add")
		locked := p.value("#model-editor")
		link := encodeStateLink(t, map[string]string{"model": `[{type: "final", content: "replaced"}]`, "tools": "{}"})
		eval[string](p, fmt.Sprintf(`location.hash = %s`, js("state="+link)))
		time.Sleep(idleWindow)
		assert.Equal(t, locked, p.value("#model-editor"), "a #state= link must not replace the code of a locked embed")
		assert.Equal(t, "add", p.value("#example-select"), "the locked embed still shows its example")

		eval[string](p, `location.hash = "example=chain"`)
		waitFor[bool](p, waitTimeout, "#example=chain to switch the embed's example", `document.querySelector("#example-select").value === "chain"`)
		assert.NotEqual(t, locked, p.value("#model-editor"), "an example link switches a locked embed's example")
	})
	t.Run("autorun=1 runs a shipped example", func(t *testing.T) {
		t.Parallel()
		p := openPage(t, "/?embed=1&autorun=1#example=add")
		assertAddTranscript(t, p.value("#user-message"), p.waitBanner())
	})
}

func TestPageEmbedLockOffersNothingThatReplacesTheAuthorsCode(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.do("emulating the frame", chromedp.EmulateViewport(700, 640))
	p.open("/?embed=1&readonly=1#example=add")
	model, tools := p.value("#model-editor"), p.value("#tools-editor")
	kept := func(after string) {
		t.Helper()
		assert.Equal(t, model, p.value("#model-editor"), "the Model editor keeps the author's code %s", after)
		assert.Equal(t, tools, p.value("#tools-editor"), "the Tools editor keeps the author's code %s", after)
	}

	// The Exercise has its own editor, which a locked embed would lock
	// too: it is not offered.
	assert.False(t, p.visible("#mode-exercise"), "a locked embed offers no Exercise")
	assert.True(t, p.visible("#run"), "the playground is shown")

	// Be the model still works; its answers cannot become the script.
	p.click("#be-model")
	p.waitAsked(1)
	b := p.playTheSeedsModel(`{"a": 2, "b": 3}`, "The answer is 5.").Banner
	require.Equal(t, "final", b.Reason, "the person's answers end the run; the banner says %q", b.Text)
	waitFor[bool](p, waitTimeout, "the Be-the-model panel to say the run is over", `document.querySelector("#be-model-done").checkVisibility()`)
	assert.False(t, p.visible("#use-as-script"), "Use as script is not offered in a locked embed")
	assert.Contains(t, p.text("#be-model-summary"), "locked", "the panel says why the answers cannot become the script")
	p.saveScreenshot("embed-lock-be-model.png")
	kept("after Be the model")

	// Open run is not offered, and a run file dropped on the frame is
	// refused with a notice.
	assert.False(t, p.visible("#open-run"), "Open run is not offered in a locked embed")
	p.dropFile("hello.json", helloRunFile)
	p.waitNotice("locked")
	kept("after a run file is dropped")
	assert.NotEqual(t, "Hello.", p.view().Banner.Text, "the dropped run is not shown")
}

// hostPage is a tutorial's page: a ~720 px column with the playground in
// an iframe, as the README suggests embedding it.
const hostPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A tutorial</title>
<link rel="icon" href="data:,"><style>body{margin:0 auto;max-width:720px;font:16px system-ui}h1{margin:8px 0}</style></head>
<body><h1>Build an agent loop</h1><p>Press Run below.</p>
<iframe id="frame" src="/?embed=1#example=add" title="agentloop playground: the add example" width="100%" height="640"></iframe>
<p>More of the tutorial.</p></body></html>`

func TestPageInAnEmbedShowsRunAndTheResultWithoutScrollingTheHost(t *testing.T) {
	t.Parallel()
	url := serveHostPage(t, "/host.html", hostPage)
	p := newPage(t)
	p.do("opening the tutorial page", chromedp.EmulateViewport(760, 900), chromedp.Navigate(url))
	const doc = `document.querySelector("#frame").contentDocument`
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load", engineReadyJS(doc))
	waitFor[bool](p, waitTimeout, "the embed to load what it loads after the engine", lazyLoadedJS(`document.querySelector("#frame").contentWindow`))
	caption := eval[string](p, doc+`.querySelector("#embed-caption").textContent`)
	assert.Equal(t, "Add two numbers (the seed example)", caption, "the embed is captioned with its example's title")

	eval[chromedp.Void](p, doc+`.querySelector("#run").click()`)
	waitFor[bool](p, waitTimeout, "the embedded run to end with its final answer",
		doc+`.querySelector("#stop-banner").dataset.reason === "final" && `+doc+`.querySelector(`+js(finalAnswerSel)+`) !== null`)
	type box struct {
		Frame   rect    `json:"frame"`
		Run     rect    `json:"run"`
		Answer  rect    `json:"answer"`
		Banner  rect    `json:"banner"`
		Inner   float64 `json:"inner"`
		Host    float64 `json:"host"`
		ScrollY float64 `json:"scrollY"`
	}
	got := eval[box](p, `(() => { const d = `+doc+`; const r = `+rectJS+`;
		return {frame: r(document.querySelector("#frame")), run: r(d.querySelector("#run")),
			answer: r(d.querySelector(`+js(finalAnswerSel)+`)), banner: r(d.querySelector("#stop-banner")),
			inner: d.defaultView.innerHeight, host: innerHeight, scrollY: scrollY}; })()`)
	assert.Equal(t, 0.0, got.ScrollY, "the host page did not scroll")
	assert.True(t, eval[bool](p, seenJS(doc, finalAnswerSel)), "the final answer is not covered or scrolled out of its panel")
	assert.True(t, eval[bool](p, seenJS(doc, "#run")), "Run is not covered")
	for name, r := range map[string]rect{"Run": got.Run, "the final answer": got.Answer, "the stop banner": got.Banner} {
		assert.GreaterOrEqual(t, r.Top, 0.0, "%s is inside the 640 px frame (top %v)", name, r.Top)
		assert.LessOrEqual(t, r.Bottom, got.Inner, "%s is inside the 640 px frame without scrolling (bottom %v)", name, r.Bottom)
		assert.LessOrEqual(t, got.Frame.Top+r.Bottom, got.Host, "%s is on the host's screen", name)
	}
	p.saveScreenshot("learner-embed-720.png")
}

func TestPageEmbedExerciseKeepsYourLoopCheckAndCasesWithinReach(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name          string
		width, height int64
		notice        bool
	}{
		{"360x640", 360, 640, false},
		{"700x640", 700, 640, false},
		{"700x640 with a notice", 700, 640, true},
		{"1000x640", 1000, 640, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := newPage(t)
			p.do("emulating the frame", chromedp.EmulateViewport(tc.width, tc.height))
			p.open("/?embed=1#example=add")
			p.openExercise()
			where := "in the Exercise of a " + tc.name + " embed"
			if tc.notice {
				// A link that replaces the reader's loop offers it back,
				// in the notice bar, until the reader answers.
				p.setEditor("loop-editor", "function runAgent() { return 'mine'; }")
				link := encodeStateLink(t, map[string]string{"loop": "function runAgent() { return 'linked'; }", "mode": "exercise"})
				eval[string](p, fmt.Sprintf(`location.hash = %s`, js("state="+link)))
				waitFor[bool](p, waitTimeout, "the notice bar to show", `document.querySelector("#notice").checkVisibility()`)
			}
			p.settle()
			assert.Zero(t, eval[float64](p, `document.scrollingElement.scrollTop`), "the frame's page is not scrolled %s", where)
			x := float64(tc.width) / 2
			y := p.rectOf("#exercise").Top + 40
			if tc.notice {
				p.onScreen(t, "#notice-text", where)
			}

			// Each part is reached with the wheel over the Exercise, and
			// once reached it is on screen and covered by nothing: not
			// the Cases panel, not the link to the full playground.
			for _, sel := range []string{"#loop-box", "#exercise-time-limit", "#exercise-time-limit-hint", "#check", "#check-stop", "#show-hint"} {
				p.wheelTo(sel, x, y)
				p.onScreen(t, sel, where)
			}
			p.onScreen(t, "#open-full", where)
			p.wheelTo("#check", x, y)
			p.saveScreenshot("embed-exercise-" + strings.ReplaceAll(tc.name, " ", "-") + ".png")

			// A click where Check shows runs the Check, and its result
			// is within reach too.
			p.clickAt("#check")
			summary := p.waitChecked("a click on Check")
			assert.Contains(t, summary, fmt.Sprintf("of %d cases pass", casesCount()), "Check graded the loop %s", where)
			p.wheelTo("#exercise-summary", x, y)
			p.onScreen(t, "#exercise-summary", "after Check "+where)
			p.wheelTo("#exercise-failures li summary", x, y)
			p.onScreen(t, "#exercise-failures li summary", "after Check "+where)
			assert.Zero(t, eval[float64](p, `document.scrollingElement.scrollTop`), "the frame's page is still not scrolled %s", where)
			p.saveScreenshot("embed-exercise-" + strings.ReplaceAll(tc.name, " ", "-") + "-cases.png")
		})
	}
}

// While it loads, the embed asks its host for nothing (its height flipped
// 1184 ↔ 640 as the editors and views took their places): it asks once
// when ready. Stepping then grows it only as the transcript grows, and
// never to the bound (the Loop panel's source asked for 2400 px), so the
// host's text below the frame stays where the reader's pointer is.
func TestPageEmbedAsksForOneHeightWhenReadyAndGrowsOnlyWithItsContent(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/testdata/", http.StripPrefix("/testdata/", http.FileServer(http.Dir("testdata"))))
	mux.Handle("/", static.Handler("site"))
	host := httptest.NewServer(mux)
	defer host.Close()

	p := newPage(t)
	p.do("opening the tutorial page", chromedp.EmulateViewport(900, 900), chromedp.Navigate(host.URL+"/testdata/embed-host.html"))
	const doc = `document.querySelector("#frame").contentDocument`
	waitFor[bool](p, readyTimeout, "the embedded playground's engine to load", engineReadyJS(doc))
	waitFor[bool](p, waitTimeout, "the embed to load what it loads after the engine", lazyLoadedJS(`document.querySelector("#frame").contentWindow`))
	p.settle()
	heights := func() []float64 { return eval[[]float64](p, `heightMessages.map((m) => m.height)`) }
	ready := heights()
	require.NotEmpty(t, ready, "the embed asks for a height once ready")
	assert.Len(t, ready, 1, "the embed asks for one height while it loads and gets ready: %v", ready)

	for i := 1; i <= 8; i++ {
		eval[chromedp.Void](p, doc+`.querySelector("#step").click()`)
		waitFor[bool](p, waitTimeout, fmt.Sprintf("Step press %d", i),
			fmt.Sprintf(`/^Phase %d of/.test(%s.querySelector("#step-position").textContent.replace(/\s+/g, " ").trim())`, i, doc))
		p.settle()
	}
	all := heights()
	for i := 1; i < len(all); i++ {
		assert.Greater(t, all[i], all[i-1], "each height asked for is more than the one before: %v", all)
	}
	transcript := eval[float64](p, `Math.ceil(`+doc+`.querySelector(".transcript-scroll").scrollHeight)`)
	assert.LessOrEqual(t, all[len(all)-1], ready[0]+transcript, "Step grew the frame more than its transcript holds: %v", all)
	assert.Less(t, all[len(all)-1], 2400.0, "Step grew the frame to the bound: %v", all)
}
