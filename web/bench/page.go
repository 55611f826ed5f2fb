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
		row{Measure: "navigation to runAgent-ready mark", Value: median(ready), Unit: "ms", Budget: atMost(80)},
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

// renderSteps is the length of the rendering row's run: the model calls a
// tool renderSteps-1 times and then answers.
const renderSteps = 10000

// renderModel and renderTools are what the rendering row types into the
// editors.
var (
	renderModel = `function model(messages) {
  // ` + strconv.Itoa(renderSteps-1) + ` tool calls, then a final answer.
  if (messages.length < ` + strconv.Itoa(2*(renderSteps-1)+1) + `) {
    return { type: "tool", name: "add", args: { a: 2, b: 3 } };
  }
  return { type: "final", content: "Done after " + (messages.length - 1) / 2 + " tool calls." };
}
`
	renderTools = `{
  add: ({ a, b }) => a + b,
}
`
)

// rendering is what one run through the page's UI reports.
type rendering struct {
	TotalMs    float64   `json:"totalMs"`
	LongestMs  float64   `json:"longestMs"`
	LongTasks  []float64 `json:"longTasks"`
	Reason     string    `json:"reason"`
	Banner     string    `json:"banner"`
	DOMEntries int       `json:"domEntries"`
}

// runUIJS fills the editors, clicks Run and resolves when the stop banner
// shows, with every long main-thread task seen from the click on.
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
	const tasks = [];
	const po = new PerformanceObserver((list) => {
		for (const e of list.getEntries()) tasks.push({start: e.startTime, ms: e.duration});
	});
	po.observe({type: "longtask", buffered: true});
	let t0;
	const shown = () => !banner.hidden && !!banner.dataset.reason && banner.checkVisibility();
	const finish = () => {
		const t1 = performance.now();
		mo.disconnect();
		// The task that shows the banner is still running; give the
		// observer time to report it.
		setTimeout(() => {
			for (const e of po.takeRecords()) tasks.push({start: e.startTime, ms: e.duration});
			po.disconnect();
			const during = tasks.filter((t) => t.start + t.ms >= t0).map((t) => t.ms);
			resolve({totalMs: t1 - t0, longestMs: Math.max(0, ...during), longTasks: during,
				reason: banner.dataset.reason, banner: banner.textContent.replace(/\s+/g, " ").trim(),
				domEntries: document.querySelectorAll("#transcript li.msg").length});
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
		t0 = performance.now();
		q("#run").click();
	}, 300);
})`

// benchRendering measures row 6: a 10,000-step run through the
// playground's UI, from the click on Run to the stop banner, and the
// longest main-thread task meanwhile.
func benchRendering(ctx context.Context, chromium, baseURL string, repeats int) section {
	s := section{Title: "6. Rendering: a 10,000-step run through the playground's UI (model: 9,999 tool calls, then final)"}
	fail := func(err error) section {
		s.Rows = append(s.Rows, failed("rendering", err))
		return s
	}
	b, err := newBrowser(ctx, chromium)
	if err != nil {
		return fail(err)
	}
	defer b.Close()
	expr := renderExpr()
	var total, longest []float64
	var runs []rendering
	for i := 0; i < repeats; i++ {
		if err := navigate(b.ctx, baseURL+"/index.html"); err != nil {
			return fail(fmt.Errorf("opening the playground: %w", err))
		}
		if _, err := evaluate[coldStart](b.ctx, time.Minute, readyJS); err != nil {
			return fail(err)
		}
		r, err := evaluate[rendering](b.ctx, runTimeout, expr)
		if err != nil {
			return fail(fmt.Errorf("running %d steps through the UI: %w", renderSteps, err))
		}
		if r.Reason != "final" {
			return fail(fmt.Errorf("the run ended with reason %q, want final: %s", r.Reason, r.Banner))
		}
		total = append(total, r.TotalMs)
		longest = append(longest, r.LongestMs)
		runs = append(runs, r)
	}
	s.Rows = append(s.Rows,
		row{Measure: "click on Run to stop banner", Value: median(total), Unit: "ms"},
		row{Measure: "longest main-thread task (longtask)", Value: median(longest), Unit: "ms", Budget: atMost(50)},
		row{Measure: "transcript entries in the DOM after the run", Value: float64(runs[len(runs)-1].DOMEntries), Unit: ""},
	)
	s.Raw = map[string]any{"total_ms": total, "longest_task_ms": longest, "runs": runs}
	return s
}

// renderExpr is the script that runs the rendering row's run in the page.
func renderExpr() string {
	return fmt.Sprintf(runUIJS, jsString(renderModel), jsString(renderTools), jsString(strconv.Itoa(renderSteps)))
}

// jsString quotes s as a JavaScript string literal (JSON's quoting is a
// subset of JavaScript's).
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
