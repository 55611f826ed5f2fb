//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// The Step button stays under the pointer while the learner steps: at no
// width does a press, or a notice that comes and goes meanwhile ("Link
// copied", which goes by itself), move it. On a phone the first press may
// scroll the page to bring Step and the Loop panel together; from then on
// Step stays put there too.
func TestStepStaysPutWhileTheLearnerSteps(t *testing.T) {
	t.Parallel()
	for _, width := range []int64{1366, 1280, 1100, 900, 375} {
		t.Run(fmt.Sprintf("%dpx", width), func(t *testing.T) {
			t.Parallel()
			p := newPage(t)
			p.do("sizing the window", chromedp.EmulateViewport(width, 800))
			p.open("/")
			before := p.rectOf("#step")
			p.share()
			waitFor[bool](p, waitTimeout, "Share's notice", `!document.querySelector("#notice").hidden`)
			p.settle()
			assert.Equal(t, before, p.rectOf("#step"), "at %d px the notice moved Step", width)
			p.click("#step")
			total := p.waitFirstPhase("the first Step")
			p.settle()
			first := p.rectOf("#step")
			if width >= 900 {
				assert.Equal(t, before, first, "at %d px the first press of Step moved it", width)
			}
			p.clickAndWaitPosition("#step", fmt.Sprintf("Phase 2 of %d", total))
			assert.Equal(t, first, p.rectOf("#step"), "at %d px Step moved at phase 2", width)
			waitFor[bool](p, 2*waitTimeout, "the notice to go by itself", `document.querySelector("#notice").hidden`)
			p.settle()
			assert.Equal(t, first, p.rectOf("#step"), "at %d px Step moved when the notice went", width)
			p.clickAndWaitPosition("#step", fmt.Sprintf("Phase 3 of %d", total))
			assert.Equal(t, first, p.rectOf("#step"), "at %d px Step moved at phase 3", width)
		})
	}
}
