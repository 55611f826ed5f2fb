//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"time"
)

// streamDeltas is the length of row 11's streamed answer.
const streamDeltas = 10000

// firstDeltaJS clicks Run on the example streaming-live (an async
// function* model that yields a word every 60 ms) and resolves to the
// milliseconds until the first delta is on screen: the streamed answer's
// entry shows in the transcript.
const firstDeltaJS = `new Promise((resolve, reject) => {
	const entry = document.querySelector("#transcript-stream");
	const t0 = performance.now();
	const check = () => {
		if (!entry.hidden && entry.querySelector(".stream-text")) {
			mo.disconnect();
			clearTimeout(giveUp);
			resolve(performance.now() - t0);
		}
	};
	const mo = new MutationObserver(check);
	const giveUp = setTimeout(() => { mo.disconnect(); reject(new Error("no delta on screen 10 s after the click")); }, 10000);
	mo.observe(document.body, {childList: true, subtree: true, attributes: true, characterData: true});
	document.querySelector("#run").click();
	check();
})`

// benchStream measures row 11: a 10,000-delta streamed answer through the
// bridge (scripted, and from an async function*), with onEvent hearing each
// delta, per delta; and on a warm playground, a click on Run to the first
// delta of a streaming model on screen.
func benchStream(ctx context.Context, chromium, baseURL string, repeats int) section {
	s := section{Title: "11. Streaming: a 10,000-delta answer through the bridge, and click → first delta on screen"}
	fail := func(err error) section {
		s.Rows = append(s.Rows, failed("streaming", err))
		return s
	}
	b, err := newBrowser(ctx, chromium)
	if err != nil {
		return fail(err)
	}
	defer b.Close()
	if err := navigate(b.ctx, baseURL+"/bench/index.html"); err != nil {
		return fail(fmt.Errorf("opening the bench page: %w", err))
	}
	if _, err := evaluate[bool](b.ctx, time.Minute, "bench.ready"); err != nil {
		return fail(fmt.Errorf("loading the bridge in the bench page: %w", err))
	}
	samples := map[string][]float64{}
	for i := 0; i < repeats+1; i++ { // the first of each warms up
		for _, kind := range []string{"stream", "streamGenerator"} {
			ms, err := evaluate[float64](b.ctx, runTimeout, fmt.Sprintf("bench.%s(%d)", kind, streamDeltas))
			if err != nil {
				return fail(fmt.Errorf("%s: %w", kind, err))
			}
			if i > 0 {
				samples[kind] = append(samples[kind], ms*1000/streamDeltas)
			}
		}
	}
	s.Rows = append(s.Rows,
		row{Measure: "scripted {stream}, with onEvent", Value: median(samples["stream"]), Unit: "µs/delta"},
		row{Measure: "async function* model, with onEvent", Value: median(samples["streamGenerator"]), Unit: "µs/delta"},
	)

	if err := navigate(b.ctx, baseURL+"/index.html#example=streaming-live"); err != nil {
		return fail(fmt.Errorf("opening the playground: %w", err))
	}
	if _, err := evaluate[coldStart](b.ctx, time.Minute, readyJS); err != nil {
		return fail(err)
	}
	var first []float64
	for i := 0; i < repeats; i++ {
		time.Sleep(8 * time.Second) // the last run is over (its 18 words take about 1.1 s), the next worker warm
		ms, err := evaluate[float64](b.ctx, time.Minute, firstDeltaJS)
		if err != nil {
			return fail(err)
		}
		first = append(first, ms)
	}
	s.Rows = append(s.Rows, row{Measure: "click → first delta on screen (the model waits 60 ms before it)", Value: median(first), Unit: "ms"})
	s.Raw = map[string]any{"stream_us_per_delta": samples["stream"], "generator_us_per_delta": samples["streamGenerator"], "first_delta_ms": first}
	return s
}
