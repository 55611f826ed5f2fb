//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Loop panel never cuts a line off: a line too long for the panel
// wraps, so the lit line and its "// phase:" mark are readable at every
// width, on a laptop and on a phone.
func TestPageLoopPanelWrapsLongLinesInsteadOfCuttingThem(t *testing.T) {
	for _, size := range []struct{ width, height int64 }{{1366, 768}, {375, 800}} {
		t.Run(fmt.Sprintf("%dx%d", size.width, size.height), func(t *testing.T) {
			p := newPage(t)
			p.do("sizing the window", chromedp.EmulateViewport(size.width, size.height))
			p.open("/")
			p.run()
			// Below two columns the Loop panel is behind its tab.
			eval[chromedp.Void](p, `(() => { const panel = document.querySelector("#loop-source").closest('[role="tabpanel"]');
				if (panel) document.querySelector('[role="tab"][aria-controls="' + panel.id + '"]').click(); })()`)
			require.True(t, p.visible("#loop-source .loop-line.current"), "the run's last phase is lit in the Loop panel")
			type overflow struct {
				Line  string  `json:"line"`
				Right float64 `json:"right"`
				Panel float64 `json:"panel"`
			}
			cut := eval[[]overflow](p, `(() => {
				const panel = document.querySelector("#loop-scroll").getBoundingClientRect().right;
				const out = [];
				for (const li of document.querySelectorAll("#loop-source .loop-line")) {
					const r = document.createRange();
					r.selectNodeContents(li);
					const right = Math.max(0, ...[...r.getClientRects()].map((c) => c.right));
					if (right > panel + 0.5) out.push({line: li.textContent.trim(), right, panel});
				}
				return out;
			})()`)
			assert.Empty(t, cut, "at %d px these lines of the loop run past the Loop panel's right edge", size.width)
			lit := eval[string](p, `document.querySelector("#loop-source .loop-line.current").textContent`)
			assert.Contains(t, lit, "// phase: final", "the lit line shows its phase mark")
			p.saveScreenshot(fmt.Sprintf("loop-lines-%dx%d.png", size.width, size.height))
		})
	}
}
