//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// coldStart is what the playground reports about one first load.
type coldStart struct {
	ReadyMs    float64 `json:"readyMs"`    // performance.mark("runAgent-ready")
	DCLMs      float64 `json:"dclMs"`      // DOMContentLoaded: the page's modules have run
	EditorMs   float64 `json:"editorMs"`   // when the bench saw #model-editor editable
	CompiledMs float64 `json:"compiledMs"` // the page's "wasm-compiled" mark, -1 without one
	Detail     any     `json:"detail"`     // the ready mark's detail: the page's own timings
}

// readyJS waits for the page's runAgent-ready mark and reports it beside
// DOMContentLoaded, from the same time origin (the navigation's start).
const readyJS = `new Promise((resolve, reject) => {
	const t0 = Date.now();
	const check = () => {
		const mark = performance.getEntriesByName("runAgent-ready")[0];
		if (mark) {
			const nav = performance.getEntriesByType("navigation")[0];
			const compiled = performance.getEntriesByName("wasm-compiled")[0];
			resolve({readyMs: mark.startTime, dclMs: nav ? nav.domContentLoadedEventStart : -1,
				editorMs: globalThis.__benchEditorMs ?? -1, compiledMs: compiled ? compiled.startTime : -1,
				detail: mark.detail ?? null});
		} else if (document.body && document.body.dataset.engine === "failed") {
			reject(new Error("the page says the engine failed to load (body[data-engine=failed])"));
		} else if (Date.now() - t0 > 30000) {
			reject(new Error("no runAgent-ready mark 30 s after load (body[data-engine=" +
				(document.body && document.body.dataset.engine) + "])"));
		} else {
			setTimeout(check, 5);
		}
	};
	check();
})`

// editorProbeJS runs before the page's own scripts and notes when the
// model editor first exists and is editable, to show that the editors do
// not wait for the wasm.
const editorProbeJS = `(() => {
	const probe = () => {
		const e = document.querySelector("#model-editor");
		if (e && !e.disabled && !e.readOnly) {
			globalThis.__benchEditorMs = performance.now();
			return true;
		}
		return false;
	};
	const mo = new MutationObserver(() => { if (probe()) mo.disconnect(); });
	mo.observe(document, {childList: true, subtree: true, attributes: true});
})()`

// benchColdStart measures row 5: a first load of the playground in a new
// browser with a fresh profile each time, from navigation start to the
// page's runAgent-ready mark.
func benchColdStart(ctx context.Context, chromium, baseURL string, repeats int) section {
	s := section{Title: "5. Cold start: web/index.html to runAgent ready (fresh browser and profile each load)"}
	var ready, dcl, editor, compiled, floor []float64
	var details []any
	for i := 0; i < repeats; i++ {
		// The floor: the same first load of a page with nothing to load
		// but an inline script, so the table shows what the browser's own
		// start costs on this machine.
		blank, err := coldLoad(ctx, chromium, baseURL+"/bench/blank.html")
		if err != nil {
			s.Rows = append(s.Rows, failed("blank page", err))
			return s
		}
		floor = append(floor, blank.ReadyMs)
		r, err := coldLoad(ctx, chromium, baseURL+"/index.html")
		if err != nil {
			s.Rows = append(s.Rows, failed("runAgent ready", err))
			return s
		}
		ready = append(ready, r.ReadyMs)
		dcl = append(dcl, r.DCLMs)
		if r.EditorMs >= 0 {
			editor = append(editor, r.EditorMs)
		}
		if r.CompiledMs >= 0 {
			compiled = append(compiled, r.CompiledMs)
		}
		details = append(details, r.Detail)
	}
	s.Rows = append(s.Rows,
		row{Measure: "navigation to runAgent-ready mark (budget retired, see row 8)", Value: median(ready), Unit: "ms"},
		row{Measure: "navigation to DOMContentLoaded", Value: median(dcl), Unit: "ms"},
		row{Measure: "floor: navigation to a blank page's inline script", Value: median(floor), Unit: "ms"},
	)
	if len(editor) == repeats {
		s.Rows = append(s.Rows, row{Measure: "navigation to model editor editable", Value: median(editor), Unit: "ms"})
	}
	if len(compiled) == repeats {
		s.Rows = append(s.Rows, row{Measure: "navigation to main.wasm compiled (page's mark)", Value: median(compiled), Unit: "ms"})
	}
	s.Raw = map[string]any{"floor_ms": floor, "ready_ms": ready, "dcl_ms": dcl, "editor_ms": editor, "compiled_ms": compiled, "ready_detail": details}
	return s
}

// coldLoad loads url in a new browser with a fresh profile and waits for
// its runAgent-ready mark.
func coldLoad(ctx context.Context, chromium, url string) (coldStart, error) {
	b, err := newBrowser(ctx, chromium)
	if err != nil {
		return coldStart{}, err
	}
	defer b.Close()
	if err := addScriptOnLoad(b.ctx, editorProbeJS); err != nil {
		return coldStart{}, err
	}
	if err := navigate(b.ctx, url); err != nil {
		return coldStart{}, fmt.Errorf("opening %s: %w", url, err)
	}
	return evaluate[coldStart](b.ctx, time.Minute, readyJS)
}

// renderSteps is the length of the rendering row's run, and longSteps of
// its long one.
const (
	renderSteps = 10000
	longSteps   = 100000
)

// renderModel returns what the rendering row types into the Model
// editor: a model that calls a tool steps-1 times and then answers.
func renderModel(steps int) string {
	return `function model(messages) {
  // ` + strconv.Itoa(steps-1) + ` tool calls, then a final answer.
  if (messages.length < ` + strconv.Itoa(2*(steps-1)+1) + `) {
    return { type: "tool", name: "add", args: { a: 2, b: 3 } };
  }
  return { type: "final", content: "Done after " + (messages.length - 1) / 2 + " tool calls." };
}
`
}

// renderTools is what the rendering row types into the Tools editor.
const renderTools = `{
  add: ({ a, b }) => a + b,
}
`

// rendering is what one run through the page's UI reports; Tasks (the
// main thread's, from the click to half a second after the banner,
// longest first) come from the browser's trace.
type rendering struct {
	TotalMs    float64 `json:"totalMs"`
	Reason     string  `json:"reason"`
	Banner     string  `json:"banner"`
	DOMEntries int     `json:"domEntries"`
	LastShown  bool    `json:"lastShown"`
	Tasks      tasks   `json:"tasks"`
}

// runUIJS fills the editors, clicks Run and resolves when the stop banner
// shows. It marks the click (markFrom) and, half a second after the
// banner, markTo, so that the trace holds what the page did after the
// banner too (the transcript's last messages).
const runUIJS = `new Promise((resolve, reject) => {
	const q = (sel) => {
		const e = document.querySelector(sel);
		if (!e) throw new Error("the page has no " + sel);
		return e;
	};
	const set = (sel, v) => {
		const e = q(sel);
		e.value = v;
		e.dispatchEvent(new Event("input", {bubbles: true}));
		e.dispatchEvent(new Event("change", {bubbles: true}));
	};
	set("#model-editor", %s);
	set("#tools-editor", %s);
	set("#max-steps", %s);
	const banner = q("#stop-banner");
	let t0;
	const shown = () => !banner.hidden && !!banner.dataset.reason && banner.checkVisibility();
	const finish = () => {
		const t1 = performance.now();
		mo.disconnect();
		setTimeout(() => {
			performance.mark(%s);
			const last = [...document.querySelectorAll("#transcript li.msg")].pop();
			resolve({totalMs: t1 - t0, reason: banner.dataset.reason, banner: banner.textContent.replace(/\s+/g, " ").trim(),
				domEntries: document.querySelectorAll("#transcript li.msg").length,
				lastShown: !!last && /Done after/.test(last.textContent)});
		}, 500);
	};
	const mo = new MutationObserver(() => { if (shown()) finish(); });
	// Let the page validate the editors (it may debounce) before running.
	setTimeout(() => {
		for (const id of ["#model-error", "#tools-error", "#max-steps-error"]) {
			const e = document.querySelector(id);
			if (e && e.textContent.trim() && e.checkVisibility()) {
				reject(new Error(id + " says: " + e.textContent.trim()));
				return;
			}
		}
		mo.observe(banner, {attributes: true, childList: true, subtree: true, characterData: true});
		performance.mark(%s);
		t0 = performance.now();
		q("#run").click();
	}, 300);
})`

// runThroughUI opens the playground in the browser's tab, runs a
// steps-long run through its UI under a trace, and reports it.
func runThroughUI(ctx context.Context, baseURL string, steps int) (rendering, error) {
	if err := navigate(ctx, baseURL+"/index.html"); err != nil {
		return rendering{}, fmt.Errorf("opening the playground: %w", err)
	}
	if _, err := evaluate[coldStart](ctx, time.Minute, readyJS); err != nil {
		return rendering{}, err
	}
	r, t, err := tracedEvaluate[rendering](ctx, runTimeout, renderExpr(steps))
	if err != nil {
		return r, fmt.Errorf("running %d steps through the UI: %w", steps, err)
	}
	if r.Reason != "final" {
		return r, fmt.Errorf("the %d-step run ended with reason %q, want final: %s", steps, r.Reason, r.Banner)
	}
	if !r.LastShown {
		return r, fmt.Errorf("after the %d-step run the transcript does not end with the final answer", steps)
	}
	r.Tasks = t
	return r, nil
}

// benchRendering measures row 6: a 10,000-step run through the
// playground's UI, from the click on Run to the stop banner, and the
// longest main-thread task meanwhile (from a trace); then a 100,000-step
// run, and the page's heap after it.
func benchRendering(ctx context.Context, chromium, baseURL string, repeats int) section {
	s := section{Title: "6. Rendering: long runs through the playground's UI (model: N-1 tool calls, then final)"}
	fail := func(err error) section {
		s.Rows = append(s.Rows, failed("rendering", err))
		return s
	}
	b, err := newBrowser(ctx, chromium)
	if err != nil {
		return fail(err)
	}
	defer b.Close()
	var total, longest, longestCPU, longTotal, longLongest, longLongestCPU, heap []float64
	var runs []rendering
	for i := 0; i < repeats; i++ {
		r, err := runThroughUI(b.ctx, baseURL, renderSteps)
		if err != nil {
			return fail(err)
		}
		total = append(total, r.TotalMs)
		longest = append(longest, r.Tasks.Wall[0])
		longestCPU = append(longestCPU, r.Tasks.CPU[0])
		runs = append(runs, r)
	}
	s.Rows = append(s.Rows,
		row{Measure: "10,000 steps: click on Run to stop banner", Value: median(total), Unit: "ms", Budget: atMost(200)},
		row{Measure: "10,000 steps: longest main-thread task (trace)", Value: median(longest), Unit: "ms", Budget: atMost(30)},
		row{Measure: "10,000 steps: the most CPU time of one main-thread task (trace)", Value: median(longestCPU), Unit: "ms"},
		row{Measure: "10,000 steps: transcript entries in the DOM after the run", Value: float64(runs[len(runs)-1].DOMEntries), Unit: ""},
	)
	for i := 0; i < repeats; i++ {
		r, err := runThroughUI(b.ctx, baseURL, longSteps)
		if err != nil {
			return fail(err)
		}
		mb, err := heapMB(b.ctx)
		if err != nil {
			return fail(fmt.Errorf("reading the heap: %w", err))
		}
		longTotal = append(longTotal, r.TotalMs)
		longLongest = append(longLongest, r.Tasks.Wall[0])
		longLongestCPU = append(longLongestCPU, r.Tasks.CPU[0])
		heap = append(heap, mb)
		runs = append(runs, r)
	}
	s.Rows = append(s.Rows,
		row{Measure: "100,000 steps: click on Run to stop banner", Value: median(longTotal), Unit: "ms", Budget: atMost(2000)},
		row{Measure: "100,000 steps: longest main-thread task (trace)", Value: median(longLongest), Unit: "ms"},
		row{Measure: "100,000 steps: the most CPU time of one main-thread task (trace)", Value: median(longLongestCPU), Unit: "ms"},
		row{Measure: "100,000 steps: the page's JS heap after the run (after GC)", Value: median(heap), Unit: "MB", Budget: atMost(heapBudgetMB)},
	)
	for i := range runs {
		t := &runs[i].Tasks
		t.Wall, t.CPU = t.Wall[:min(len(t.Wall), 10)], t.CPU[:min(len(t.CPU), 10)]
	}
	s.Raw = map[string]any{"total_ms": total, "longest_task_ms": longest, "longest_task_cpu_ms": longestCPU, "long_total_ms": longTotal, "long_longest_task_ms": longLongest, "long_longest_task_cpu_ms": longLongestCPU, "heap_mb": heap, "runs": runs}
	return s
}

// heapBudgetMB bounds the page's heap after a 100,000-step run: the trace
// keeps every event (600,001 of them) for Step, Back and export, so the
// heap grows with the run, but by a bounded amount per event.
const heapBudgetMB = 256

// renderExpr is the script that runs a steps-long run in the page.
func renderExpr(steps int) string {
	return fmt.Sprintf(runUIJS, jsString(renderModel(steps)), jsString(renderTools), jsString(strconv.Itoa(steps)), jsString(markTo), jsString(markFrom))
}

// jsString quotes s as a JavaScript string literal (JSON's quoting is a
// subset of JavaScript's).
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
