//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestZZProbeLearn(t *testing.T) {
	p := newPage(t)
	p.do("size", chromedp.EmulateViewport(1366, 768))
	p.open("/#lesson=1")
	p.waitLesson(1)
	for n := 1; n <= 12; n++ {
		if n > 1 {
			p.click(".lesson-next")
			p.waitLesson(n)
			p.settle()
		}
		notice := eval[string](p, `document.querySelector("#notice").checkVisibility() ? document.querySelector("#notice").textContent : ""`)
		geo := eval[[]float64](p, `(() => { const f = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.top, r.bottom]; }; return [...f(".lesson-predict"), ...f("#run"), scrollY]; })()`)
		p.choose(eval[string](p, `document.querySelector("#lesson .lesson-choice").textContent.trim()`))
		p.run()
		p.settle()
		out := eval[[]float64](p, `(() => { const r = document.querySelector("#lesson-outcome").getBoundingClientRect(); const b = document.querySelector("#stop-banner").getBoundingClientRect(); return [r.top, r.bottom, b.top, scrollY]; })()`)
		t.Logf("lesson %d: notice %q predict/run/scroll %v outcome/banner %v", n, notice, geo, out)
		writeScreenshot(t, fmt.Sprintf("probe-lesson-%d.png", n), p.capture())
	}
}
