//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Screenshots for review, saved in web/testdata/screenshots/, with checks
// that every part fits the screen each is taken at.

func TestPageScreenshotsForReview(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
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
