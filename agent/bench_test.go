package agent_test

import (
	"context"
	"runtime"
	"strconv"
	"testing"

	"agentloop.dev/agent"
)

// BenchmarkRun measures the loop itself: the model returns the same tool
// action every step and the tool returns a constant, so what is left is
// the loop's own work per step (one model call, one tool call and two
// messages). It reports ns/step and allocs/step; the allocations include
// the growth of the message list.
func BenchmarkRun(b *testing.B) {
	for _, steps := range []int{10, 1000, 100000} {
		b.Run("steps="+strconv.Itoa(steps), func(b *testing.B) { benchRun(b, steps) })
	}
}

// BenchmarkRunObserved is BenchmarkRun with an observer that does nothing,
// as the bridge always has one: the loop then also times each model and
// tool call and builds every event.
func BenchmarkRunObserved(b *testing.B) {
	b.Run("steps=1000", func(b *testing.B) { benchRun(b, 1000, agent.OnEvent(func(agent.Event) {})) })
}

func benchRun(b *testing.B, steps int, opts ...agent.Option) {
	action := agent.ToolCall("noop", map[string]any{"n": 1})
	model := func(context.Context, []agent.Message) (agent.Action, error) { return action, nil }
	tools := agent.Tools{"noop": func(context.Context, any) (string, error) { return "ok", nil }}
	opts = append(opts, agent.MaxSteps(steps))
	ctx := context.Background()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for b.Loop() {
		res, err := agent.Run(ctx, model, tools, "Go.", opts...)
		if err != nil || res.Steps != steps {
			b.Fatalf("run ended after %d steps: %v", res.Steps, err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	total := float64(b.N) * float64(steps)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/total, "ns/step")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/total, "allocs/step")
}
