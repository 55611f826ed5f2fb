//go:build !(js && wasm)

package main

import (
	"context"
	_ "embed"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// tokensJS opens the Tokens view on a finished run and times it
// (tokens.js).
//
//go:embed tokens.js
var tokensJS string

// tokenSteps is the length of row 12's long run, whose Tokens view counts
// every call's whole request.
const tokenSteps = 100

// tokenTimes is what tokens.js reports.
type tokenTimes struct {
	FirstMs float64   `json:"firstMs"`
	OpenMs  []float64 `json:"openMs"`
	Calls   int       `json:"calls"`
	Total   string    `json:"total"`
}

// setEditorsJS fills the Model and Tools editors and Max steps as a paste
// would, clears the Context budget, and resolves once the page has taken them in.
const setEditorsJS = `new Promise((resolve) => {
	const set = (sel, v) => {
		const e = document.querySelector(sel);
		e.value = v;
		e.dispatchEvent(new Event("input", {bubbles: true}));
		e.dispatchEvent(new Event("change", {bubbles: true}));
	};
	set("#model-editor", %s);
	set("#tools-editor", %s);
	set("#max-steps", %s);
	set("#context-budget", ""); // the page keeps the last example's
	setTimeout(() => resolve(true), 300);
})`

// benchTokens measures row 12: on a warm playground, the Tokens view of
// What the model sees opening on a finished run, from the click to the
// run's counts by gpt-tokenizer on screen and painted: the first time
// (which loads the tokenizer), then after that first load, on the example
// "A long run within a context budget" (9 calls, trimmed) and on a
// 100-call run without a budget (whose requests grow to 199 messages).
func benchTokens(ctx context.Context, chromium, baseURL string, repeats int) section {
	s := section{Title: "12. Tokens view: a click on Tokens → the run's counts on screen (gpt-tokenizer, o200k)"}
	fail := func(err error) section {
		s.Rows = append(s.Rows, failed("tokens view", err))
		return s
	}
	b, err := newBrowser(ctx, chromium)
	if err != nil {
		return fail(err)
	}
	defer b.Close()
	// A laptop's screen, where the page shows its views in two columns.
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(1366, 900)); err != nil {
		return fail(err)
	}
	measure := func(url string, setup string) (tokenTimes, error) {
		if err := navigate(b.ctx, url); err != nil {
			return tokenTimes{}, fmt.Errorf("opening the playground: %w", err)
		}
		if _, err := evaluate[coldStart](b.ctx, time.Minute, readyJS); err != nil {
			return tokenTimes{}, err
		}
		if setup != "" {
			if _, err := evaluate[bool](b.ctx, time.Minute, setup); err != nil {
				return tokenTimes{}, fmt.Errorf("filling the editors: %w", err)
			}
		}
		return evaluate[tokenTimes](b.ctx, 5*time.Minute, fmt.Sprintf("(%s)(%d)", tokensJS, repeats))
	}
	example, err := measure(baseURL+"/index.html#example=context-budget", "")
	if err != nil {
		return fail(fmt.Errorf("the context budget example: %w", err))
	}
	if example.Calls != 9 {
		return fail(fmt.Errorf("the context budget example: the chart has %d calls, want 9 (%s)", example.Calls, example.Total))
	}
	long, err := measure(baseURL+"/index.html", fmt.Sprintf(setEditorsJS, jsString(renderModel(tokenSteps)), jsString(renderTools), jsString(fmt.Sprint(tokenSteps))))
	if err != nil {
		return fail(fmt.Errorf("the %d-call run: %w", tokenSteps, err))
	}
	if long.Calls != tokenSteps {
		return fail(fmt.Errorf("the %d-call run: the chart has %d calls (%s)", tokenSteps, long.Calls, long.Total))
	}
	s.Rows = append(s.Rows,
		row{Measure: "first open, loading gpt-tokenizer (context budget example, 9 calls)", Value: example.FirstMs, Unit: "ms"},
		row{Measure: "open after its first load: context budget example, 9 calls", Value: median(example.OpenMs), Unit: "ms", Budget: atMost(150)},
		row{Measure: fmt.Sprintf("open after its first load: a %d-call run, no budget", tokenSteps), Value: median(long.OpenMs), Unit: "ms", Budget: atMost(150)},
	)
	s.Raw = map[string]any{"first_ms": example.FirstMs, "example_open_ms": example.OpenMs, "long_first_ms": long.FirstMs, "long_open_ms": long.OpenMs}
	return s
}
