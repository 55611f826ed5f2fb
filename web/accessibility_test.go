//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// axePath is axe-core as make's tools-axe target installs it.
const axePath = "node_modules/axe-core/axe.min.js"

// colorScheme emulates prefers-color-scheme (light or dark).
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}

// mobile emulates a 375x812 phone.
func mobile() chromedp.Action[chromedp.Void] {
	return chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))
}

type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

func (v axeViolation) String() string {
	return fmt.Sprintf("%s (%s): %s, at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "; "))
}

// axeSerious runs axe-core on the page and returns its serious and critical
// violations.
func (p *page) axeSerious(t *testing.T) []axeViolation {
	t.Helper()
	src, err := os.ReadFile(axePath)
	if err != nil {
		unavailable(t, fmt.Errorf("the accessibility check needs axe-core at web/%s: run make tools-axe (npm ci --prefix web) first", axePath))
	}
	if !eval[bool](p, `typeof window.axe === "object"`) {
		eval[chromedp.Void](p, string(src)+"\n;undefined")
	}
	return eval[[]axeViolation](p, `axe.run(document, {resultTypes: ["violations"]}).then((r) => r.violations
		.filter((v) => v.impact === "serious" || v.impact === "critical")
		.map((v) => ({id: v.id, impact: v.impact, help: v.help,
			nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + " " + (n.failureSummary || "").replace(/\s+/g, " "))})))`)
}

func TestPageHasNoSeriousAccessibilityViolations(t *testing.T) {
	// One page, checked as each kind of user sees it: emulation changes
	// apply to the page as it is, so there is no need to load it again.
	p := newPage(t)
	p.open("/")
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
			for _, v := range p.axeSerious(t) {
				t.Errorf("axe-core: %s", v)
			}
		})
	}
	t.Run("embed", func(t *testing.T) {
		p := newPage(t)
		p.open("/?embed=1&readonly=1#example=throwing-tool")
		p.run()
		for _, v := range p.axeSerious(t) {
			t.Errorf("axe-core: %s", v)
		}
	})
}

func TestPageScreenshotsForReview(t *testing.T) {
	p := newPage(t)
	p.open("/")
	b := p.run().Banner
	require.Equal(t, "final", b.Reason)
	backgrounds := map[string]string{}
	for _, tc := range []struct {
		file  string
		setup []chromedp.Action[chromedp.Void]
		width int
	}{
		{"desktop.png", []chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(1280, 900), colorScheme("light")}, 1280},
		{"dark.png", []chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(1280, 900), colorScheme("dark")}, 1280},
		{"mobile.png", []chromedp.Action[chromedp.Void]{mobile(), colorScheme("light")}, 375},
	} {
		t.Run(strings.TrimSuffix(tc.file, ".png"), func(t *testing.T) {
			p.use(t)
			p.do("emulating the screen", tc.setup...)
			assert.Equal(t, tc.width, eval[int](p, `window.innerWidth`), "the emulated width")
			assert.LessOrEqual(t, eval[int](p, `document.documentElement.scrollWidth`), tc.width,
				"the page fits %d px without scrolling sideways", tc.width)
			for _, sel := range []string{"#model-editor", "#tools-editor", "#user-message", "#run", "#step", "#stop", "#share", "#transcript", "#stop-banner", "#loop-source"} {
				// Below two columns, each view is behind its tab.
				eval[chromedp.Void](p, fmt.Sprintf(`(() => { const panel = document.querySelector(%s).closest('[role="tabpanel"]');
					if (panel) document.querySelector('[role="tab"][aria-controls="' + panel.id + '"]').click(); })()`, js(sel)))
				assert.True(t, p.visible(sel), "%s is shown at %d px", sel, tc.width)
				if sel == "#loop-source" {
					continue // wide source lines scroll inside the Loop panel
				}
				assert.LessOrEqual(t, eval[float64](p, must(sel)+`.getBoundingClientRect().right`), float64(tc.width)+0.5,
					"%s fits within %d px", sel, tc.width)
			}
			backgrounds[tc.file] = eval[string](p, `getComputedStyle(document.body).backgroundColor`)
			ctx, cancel := context.WithTimeout(p.ctx, waitTimeout)
			defer cancel()
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			require.NoError(t, err)
			require.NotEmpty(t, writeScreenshot(t, tc.file, png), "the screenshot is saved")
		})
	}
	assert.NotEqual(t, backgrounds["desktop.png"], backgrounds["dark.png"], "prefers-color-scheme: dark changes the page's colors")
}

func TestPageControlsWorkFromTheKeyboard(t *testing.T) {
	p := newPage(t)
	p.open("/")

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
