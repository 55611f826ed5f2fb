//go:build !(js && wasm)

package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

// openURL loads a full address, such as a share link, and waits for the
// engine.
func (p *page) openURL(u string) {
	p.t.Helper()
	p.do("loading "+u, chromedp.Navigate(u))
	p.waitReady()
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

func (p *page) fill(f fields) {
	p.t.Helper()
	p.setEditor("model-editor", f.Model)
	p.setEditor("tools-editor", f.Tools)
	p.setValue("#user-message", f.UserMessage)
	p.setValue("#max-steps", f.MaxSteps)
	p.setValue("#time-limit", f.TimeLimit)
}

var sharedFields = fields{
	Model: `[
  // shared: ünïcode ✓ and a long line ` + strings.Repeat("x", 300) + `
  {type: "tool", name: "greet", args: {who: "Ada"}},
  {type: "final", content: "shared ok"}
]`,
	Tools: `{
  greet: ({who}) => "hello " + who,
}`,
	UserMessage: "Say hello — to Ada, please ✓",
	MaxSteps:    "7",
	TimeLimit:   "2000",
}

// decodeState decodes a #state= share link's payload:
// base64url(deflate-raw(JSON)).
func decodeState(t *testing.T, link string) map[string]any {
	t.Helper()
	u, err := url.Parse(link)
	require.NoError(t, err)
	enc, ok := strings.CutPrefix(u.Fragment, "state=")
	require.True(t, ok, "the share link's hash starts with #state=; it is %q", u.Fragment)
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(enc, "="))
	require.NoError(t, err, "the state is base64url")
	js, err := io.ReadAll(flate.NewReader(bytes.NewReader(raw)))
	require.NoError(t, err, "the state is deflate-raw compressed")
	var state map[string]any
	require.NoError(t, json.Unmarshal(js, &state), "the state is JSON: %s", js)
	return state
}

// encodeStateLink returns a share link's #state= payload for state:
// base64url(deflate-raw(JSON)), as the page writes it.
func encodeStateLink(t *testing.T, state map[string]string) string {
	t.Helper()
	data, err := json.Marshal(state)
	require.NoError(t, err)
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	require.NoError(t, err)
	_, err = w.Write(data)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func TestPageShareLinkRestoresTheEditorsWithoutRunning(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.fill(sharedFields)
	p.click("#share")
	link := waitFor[string](p, waitTimeout, "Share to put the state in the address (#state=...)",
		`location.hash.startsWith("#state=") && location.href`)
	copied := eval[string](p, `navigator.clipboard.readText()`)
	assert.Equal(t, link, copied, "Share copies the link that is in the address bar")

	state := decodeState(t, link)
	var values []string
	for _, v := range state {
		values = append(values, fmt.Sprint(v))
	}
	for _, want := range []string{sharedFields.Model, sharedFields.Tools, sharedFields.UserMessage, sharedFields.MaxSteps} {
		assert.Contains(t, values, want, "the shared state holds %q", want)
	}

	for _, tc := range []struct{ name, link string }{
		{"as shared", link},
		{"with autorun=1, which never runs code from a hash", strings.Replace(link, "/#", "/?autorun=1#", 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A fresh browser context: nothing in localStorage, so what the
			// editors show can only come from the link.
			q := newPage(t)
			q.openURL(tc.link)
			assert.Equal(t, sharedFields.Model, q.value("#model-editor"), "the link fills the Model editor")
			assert.Equal(t, sharedFields.Tools, q.value("#tools-editor"), "the link fills the Tools editor")
			assert.Equal(t, sharedFields.UserMessage, q.value("#user-message"), "the link fills the user message")
			assert.Equal(t, sharedFields.MaxSteps, q.value("#max-steps"), "the link sets max steps")
			assert.True(t, q.staysIdle(idleWindow), "opening a share link runs nothing until Run is clicked; the page showed: %s", q.summary())

			b := q.run().Banner
			assert.Equal(t, "final", b.Reason, "the shared code runs when the user clicks Run; the banner said %q", b.Text)
			got := q.view().Transcript
			if assert.Len(t, got, 4, "%v", got) {
				assert.Equal(t, "hello Ada", got[2].Text)
				assert.Equal(t, "shared ok", got[3].Text)
			}
		})
	}
}

func TestPageReloadKeepsEdits(t *testing.T) {
	p := newPage(t)
	p.open("/")
	edited := fields{
		Model:       "[\n  {type: \"final\", content: \"kept\"}\n]",
		Tools:       "{\n  // nothing here, ✓\n}",
		UserMessage: "Do you remember me?",
		MaxSteps:    "4",
		TimeLimit:   "750",
	}
	p.fill(edited)
	p.reload()
	assert.Equal(t, edited, p.fields(), "a reload shows everything as the user left it")

	stored := eval[string](p, `localStorage.getItem("agentloop:v1") || ""`)
	var saved struct {
		Model       string `json:"model"`
		Tools       string `json:"tools"`
		UserMessage string `json:"userMessage"`
		MaxSteps    any    `json:"maxSteps"`
		TimeLimit   any    `json:"timeLimit"`
	}
	if assert.NoError(t, json.Unmarshal([]byte(stored), &saved), "localStorage agentloop:v1 holds JSON: %q", stored) {
		assert.Equal(t, edited.Model, saved.Model)
		assert.Equal(t, edited.Tools, saved.Tools)
		assert.Equal(t, edited.UserMessage, saved.UserMessage)
		assert.Equal(t, edited.MaxSteps, fmt.Sprint(saved.MaxSteps))
		assert.Equal(t, edited.TimeLimit, fmt.Sprint(saved.TimeLimit))
	}
	b := p.run().Banner
	assert.Equal(t, "final", b.Reason)
	assert.Contains(t, b.Text, "kept", "the reloaded code is what runs")
}

func TestPageEmbedModes(t *testing.T) {
	t.Run("embed=1 is compact and editable", func(t *testing.T) {
		p := newPage(t)
		p.open("/?embed=1#example=chain")
		assert.True(t, eval[bool](p, `document.body.classList.contains("embed")`), "?embed=1 gives the compact layout (body.embed)")
		assert.Equal(t, "chain", p.value("#example-select"), "#example=chain picks the chain example")
		assert.False(t, eval[bool](p, `[...document.querySelectorAll("#model-editor, #tools-editor")].some((e) => e.getAttribute("aria-readonly") === "true")`),
			"without readonly=1 the editors can be edited")
		assert.True(t, p.staysIdle(idleWindow), "without autorun=1 nothing runs by itself")
	})
	t.Run("readonly=1 locks the editors", func(t *testing.T) {
		p := newPage(t)
		p.open("/?embed=1&readonly=1#example=add")
		assert.True(t, eval[bool](p, `[...document.querySelectorAll("#model-editor, #tools-editor")].every((e) => e.getAttribute("aria-readonly") === "true")`),
			"readonly=1 makes both editors read-only, and says so to screen readers")
		before := p.value("#model-editor")
		p.do("typing into the locked Model editor", chromedp.SendKeys(chromedp.CSS("#model-editor"), "typed"))
		assert.Equal(t, before, p.value("#model-editor"), "typing does not change a locked editor")
		assertAddTranscript(t, p.value("#user-message"), p.run())
	})
	t.Run("readonly=1 ignores a state link in the hash, but follows an example link", func(t *testing.T) {
		p := newPage(t)
		p.open("/?embed=1&readonly=1#example=add")
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
		p := newPage(t)
		p.open("/?embed=1&autorun=1#example=add")
		assertAddTranscript(t, p.value("#user-message"), p.waitBanner())
	})
}
