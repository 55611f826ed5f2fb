//go:build !(js && wasm)

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
