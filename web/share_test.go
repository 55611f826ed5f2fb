//go:build !(js && wasm)

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What the user takes elsewhere: a share link that restores every field and
// runs nothing, and the transcript copied as Markdown.

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

func TestPageShareLinkRestoresTheEditorsWithoutRunning(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.fill(sharedFields)
	link := p.share()
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

func TestPageCopiesTheTranscriptAsMarkdown(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.run()
	p.holdClipboard()
	eval[bool](p, `navigator.clipboard.writeText("").then(() => true)`)
	p.click("#copy-markdown")
	md := waitFor[string](p, waitTimeout, "Copy Markdown to put the transcript on the clipboard",
		`navigator.clipboard.readText()`)
	for _, want := range []string{"What is 2 + 3?", "add", `"a": 2`, "5", "The answer is 5."} {
		assert.Contains(t, md, want, "the Markdown has %q", want)
	}
	assert.True(t, strings.Index(md, "What is 2 + 3?") < strings.Index(md, "The answer is 5."), "the messages are in order")
}

// Share's message and an offer already on the bar are two sentences from
// two sources: the message has a line of its own above the offer and its
// button, so the two never read as one.
func TestPageShareMessageAndAnOfferAreTwoLines(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.setEditor("model-editor", ownModel)
	p.pickInMenu("chain")
	p.waitNotice("replaced your code")
	p.share()
	p.waitNotice("Link copied")
	type line struct {
		Text        string
		Top, Bottom float64
		Shown       bool
	}
	read := func(sel string) line {
		return eval[line](p, fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e) return {Text: "", Top: 0, Bottom: 0, Shown: false};
			const r = e.getBoundingClientRect(); return {Text: e.textContent, Top: r.top, Bottom: r.bottom, Shown: e.checkVisibility() && r.height > 0}; })()`, js(sel)))
	}
	msg, offer := read("#notice-message"), read("#notice-offer")
	require.True(t, msg.Shown, "Share's message is shown: the bar says %q", p.text("#notice"))
	require.True(t, offer.Shown, "the offer stays: the bar says %q", p.text("#notice"))
	assert.Contains(t, msg.Text, "Link copied.")
	assert.NotContains(t, msg.Text, "replaced your code", "the message holds only Share's words")
	assert.Contains(t, offer.Text, "replaced your code")
	assert.LessOrEqual(t, msg.Bottom, offer.Top+1, "the message ends above the offer's line (message %v, offer %v)", msg, offer)
	assert.True(t, p.visible("#notice-action"), "the offer keeps its button")
}
