//go:build !(js && wasm)

package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
)

// Accessibility as assistive technology and keyboard users meet the page:
// axe-core finds no serious violation in either scheme, on a phone or in an
// embed, and every control works from the keyboard.

func TestPageHasNoSeriousAccessibilityViolations(t *testing.T) {
	t.Parallel()
	// One page, checked as each kind of user sees it: emulation changes
	// apply to the page as it is, so there is no need to load it again.
	p := openPage(t, "/")
	// Check the page with everything shown: a transcript with a failed
	// tool result, and the stop banner.
	p.chooseExample("throwing-tool")
	p.run()
	for _, tc := range []struct {
		name  string
		setup []chromedp.Action[chromedp.Void]
	}{
		{"light", []chromedp.Action[chromedp.Void]{colorScheme("light")}},
		{"dark", []chromedp.Action[chromedp.Void]{colorScheme("dark")}},
		{"mobile", []chromedp.Action[chromedp.Void]{colorScheme("light"), mobile()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p.use(t)
			p.do("emulating "+tc.name, tc.setup...)
			p.assertAccessible(t, "in the "+tc.name+" view")
		})
	}
	t.Run("embed", func(t *testing.T) {
		t.Parallel()
		p := openPage(t, "/?embed=1&readonly=1#example=throwing-tool")
		p.run()
		p.assertAccessible(t, "in a locked embed")
	})
}

func TestPageControlsWorkFromTheKeyboard(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")

	// Tab indents inside an editor instead of leaving it.
	p.do("pressing Ctrl+End in the Model editor",
		chromedp.Focus(chromedp.CSS("#model-editor")),
		chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(chromedp.ModifierCtrl)),
	)
	before := p.value("#model-editor")
	p.do("pressing Tab", chromedp.KeyEvent("\t"))
	after := p.value("#model-editor")
	assert.Equal(t, "model-editor", eval[string](p, `document.activeElement.id`), "Tab keeps the focus in the editor")
	assert.True(t, len(after) > len(before) && strings.Join(strings.Fields(after), " ") == strings.Join(strings.Fields(before), " "),
		"Tab inserts indentation; the editor went from %q to %q", before, after)

	// Esc, then Tab, leaves the editor (it says so beside the editors).
	p.do("pressing Esc, then Tab", chromedp.KeyEvent("\x1b"), chromedp.KeyEvent("\t"))
	assert.NotEqual(t, "model-editor", eval[string](p, `document.activeElement.id`), "Esc, then Tab, moves the focus out of the editor")
	assert.Equal(t, after, p.value("#model-editor"), "Esc, then Tab, leaves the editor's text alone")

	// Every button is labelled and focusable; Enter on the focused Run
	// button runs.
	unlabelled := eval[[]string](p, `[...document.querySelectorAll("button, input, select, textarea")]
		.filter((e) => e.checkVisibility() && !(e.labels && e.labels.length) && !e.getAttribute("aria-label") && !e.getAttribute("aria-labelledby") && !e.textContent.trim())
		.map((e) => e.outerHTML.slice(0, 80))`)
	assert.Empty(t, unlabelled, "every visible control has a label")
	p.setEditor("model-editor", before)
	p.do("focusing Run from the keyboard", chromedp.Focus(chromedp.CSS("#run")))
	ring := eval[string](p, `(() => { const s = getComputedStyle(document.activeElement);
		return s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0 ? "outline " + s.outlineWidth :
			s.boxShadow !== "none" ? "shadow " + s.boxShadow : ""; })()`)
	assert.NotEmpty(t, ring, "the focused Run button shows a visible focus ring")
	p.do("pressing Enter on Run", chromedp.KeyEvent("\r"))
	b := p.waitBanner().Banner
	assert.Equal(t, "final", b.Reason, "Enter on the focused Run button runs")
}
