//go:build js && wasm

package main

import (
	"runtime"
	"syscall/js"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The benchmark workload of the performance issue: a trivial synchronous
// model that always calls a trivial tool, until maxSteps runs out.
const (
	loopModel = `(messages) => ({type: "tool", name: "inc", args: {n: messages.length}})`
	loopTools = `({inc: ({n}) => n + 1})`
)

func TestTenThousandStepsRunToMaxSteps(t *testing.T) {
	const steps = 10000
	keep := js.Global().Get("Object").New()
	model := jsEval(t, `(keep) => (messages) => { keep.m = messages; return {type: "tool", name: "inc", args: {n: messages.length}}; }`).Invoke(keep)
	start := time.Now()
	got := resolves(t, model, jsEval(t, loopTools), "Count.", steps)
	took := time.Since(start)
	assert.Equal(t, "Stopped: reached max steps.", got)
	require.Equal(t, 1+2*steps, keep.Get("m").Length(), "messages after %d steps: the user's, then an action and a tool message per step", steps)
	last := keep.Get("m").Index(2 * steps)
	assert.Equal(t, "tool", last.Get("role").String())
	assert.Equal(t, "20000", last.Get("content").String(), "the last tool message reads the last step's output")
	t.Logf("%d steps in %v: %.2f µs/step under Node (see BenchmarkRunAgent for the figure)", steps, took, float64(took.Microseconds())/steps)
}

// BenchmarkRunAgent reports µs/step of a 10,000-step run, with and without
// an onEvent callback.
func BenchmarkRunAgent(b *testing.B) {
	const steps = 10000
	model, tools := jsEval(b, loopModel), jsEval(b, loopTools)
	for _, bc := range []struct {
		name string
		opts js.Value
	}{
		{"10k_steps", js.ValueOf(steps)},
		{"10k_steps_onEvent", jsEval(b, `{maxSteps: 10000, onEvent: (e) => {}}`)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			for b.Loop() {
				s := await(b, js.Global().Call("runAgent", model, tools, "Count.", bc.opts))
				if s.rejected || s.value.String() != "Stopped: reached max steps." {
					b.Fatalf("the run settled with %s", s.value.String())
				}
			}
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(took.Microseconds())/float64(b.N*steps), "µs/step")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N*steps), "allocs/step")
		})
	}
}
