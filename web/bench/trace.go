//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// The bench's scripts mark the span a trace measures with these
// performance marks: from the click (markFrom) to markTo.
const (
	markFrom = "bench-from"
	markTo   = "bench-to"
)

// traceEvent is the part of a Chrome trace event the bench reads.
type traceEvent struct {
	Name string  `json:"name"`
	Cat  string  `json:"cat"`
	Ph   string  `json:"ph"`
	Ts   float64 `json:"ts"`   // µs
	Dur  float64 `json:"dur"`  // µs, for complete ("X") events
	TDur float64 `json:"tdur"` // µs of the thread's CPU time, when recorded
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
}

// tasks are the main thread's tasks in a trace: their wall times and
// their CPU times (ms), each longest first. On a loaded machine the wall
// time of a task includes the time its thread waited for a core; the CPU
// time does not.
type tasks struct {
	Wall []float64 `json:"wall"`
	CPU  []float64 `json:"cpu"`
}

// tracedEvaluate records a trace of the browser while the tab evaluates
// expr (awaiting it), and returns expr's value with the tasks that ran on
// the main thread of the renderer that marked markFrom, from markFrom to
// markTo. Unlike a longtask
// observer, which reports only tasks of 50 ms or more, the trace holds
// every task.
func tracedEvaluate[T any](ctx context.Context, timeout time.Duration, expr string) (T, tasks, error) {
	var zero T
	var mu sync.Mutex
	var events []traceEvent
	complete := make(chan struct{})
	var once sync.Once
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			defer mu.Unlock()
			for _, raw := range ev.Value {
				var e traceEvent
				if json.Unmarshal(raw, &e) == nil && (e.Name == "RunTask" || e.Name == "ThreadControllerImpl::RunTask" || e.Name == markFrom || e.Name == markTo) {
					events = append(events, e)
				}
			}
		case *tracing.EventTracingComplete:
			once.Do(func() { close(complete) })
		}
	})
	if err != nil {
		return zero, tasks{}, err
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	value, err := chromedp.Run(cctx, func(ctx context.Context, t *chromedp.Target) (T, error) {
		_, err := cdp.Call(ctx, t, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"toplevel", "blink.user_timing"}},
		})
		if err != nil {
			return zero, fmt.Errorf("starting a trace: %w", err)
		}
		v, err := chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise)(ctx, t)
		if _, endErr := cdp.Call(ctx, t, tracing.End, cdp.Empty{}); endErr != nil && err == nil {
			err = fmt.Errorf("ending the trace: %w", endErr)
		}
		return v, err
	})
	if err != nil {
		return value, tasks{}, err
	}
	select {
	case <-complete:
	case <-cctx.Done():
		return value, tasks{}, errors.New("the trace did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	t, err := mainThreadTasks(events)
	return value, t, err
}

// mainThreadTasks returns the tasks on the thread that marked markFrom,
// between its markFrom and markTo marks. A task counts when any of it
// falls between the marks.
func mainThreadTasks(events []traceEvent) (tasks, error) {
	var from, to *traceEvent
	for i := range events {
		switch e := &events[i]; e.Name {
		case markFrom:
			from = e
		case markTo:
			to = e
		}
	}
	if from == nil || to == nil {
		return tasks{}, fmt.Errorf("the trace holds no %q and %q marks", markFrom, markTo)
	}
	var t tasks
	for _, e := range events {
		if e.Ph != "X" || e.Pid != from.Pid || e.Tid != from.Tid || e.Name == markFrom || e.Name == markTo {
			continue
		}
		if e.Ts+e.Dur >= from.Ts && e.Ts <= to.Ts {
			t.Wall = append(t.Wall, e.Dur/1000)
			t.CPU = append(t.CPU, e.TDur/1000)
		}
	}
	if len(t.Wall) == 0 {
		return t, errors.New("the trace holds no task of the page's main thread between the marks")
	}
	for _, xs := range [][]float64{t.Wall, t.CPU} {
		slices.Sort(xs)
		slices.Reverse(xs)
	}
	return t, nil
}

// throttle slows the tab's renderer down rate times (1: full speed), as
// a slow phone's CPU would be.
func throttle(ctx context.Context, rate float64) error {
	_, err := chromedp.Run(ctx, func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate})
		return chromedp.Void{}, err
	})
	return err
}

// heapMB collects the tab's garbage and returns its JavaScript heap in
// use, in MB (10^6 bytes).
func heapMB(ctx context.Context) (float64, error) {
	return chromedp.Run(ctx, func(ctx context.Context, t *chromedp.Target) (float64, error) {
		if _, err := cdp.Call(ctx, t, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
			return 0, err
		}
		res, err := cdp.Call(ctx, t, runtime.GetHeapUsage, cdp.Empty{})
		if err != nil {
			return 0, err
		}
		return res.UsedSize / 1e6, nil
	})
}
