package agenttest

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestFollowUps runs loop on every case of [FollowUps], each follow-up a
// subtest with a subtest per case, and reports for each case the first
// difference from the reference, in the words of TestLoop.
//
// A panic in loop fails the case it happened in. A loop that calls the
// model more than a few times past the reference is stopped: the model
// cancels ctx and ends the goroutine that called it (runtime.Goexit). A
// loop that spins without calling the model is stopped only by the
// test's timeout.
func TestFollowUps(t *testing.T, loop FollowUpLoop) {
	t.Helper()
	if loop == nil {
		t.Fatal("agenttest: TestFollowUps got a nil FollowUpLoop")
	}
	for _, f := range FollowUps() {
		t.Run(f.Name, func(t *testing.T) {
			t.Helper()
			for _, c := range f.Cases {
				t.Run(c.Name, func(t *testing.T) {
					t.Helper()
					if err := c.Check(loop); err != nil {
						t.Error(err)
					}
				})
			}
		})
	}
}

// CheckFollowUps runs loop on every case of every follow-up, in order, and
// returns one Verdict per case. It is TestFollowUps without package
// testing.
func CheckFollowUps(loop FollowUpLoop) []Verdict {
	var verdicts []Verdict
	for _, f := range FollowUps() {
		for _, c := range f.Cases {
			v := Verdict{FollowUp: f.Name, Case: c.Name}
			if err := c.Check(loop); err != nil {
				v.Diff = err.Error()
			}
			verdicts = append(verdicts, v)
		}
	}
	return verdicts
}

// Check runs loop on c and returns the first difference from the
// reference as an error (`case "NAME": ...`), or nil when there is none.
func (c FollowUpCase) Check(loop FollowUpLoop) error {
	if loop == nil {
		return fmt.Errorf("case %q: the FollowUpLoop is nil", c.Name)
	}
	return describe(c.Name, play(c, loop, callLimit(c.CallLimit, len(c.Expect.ModelCalls))), expectedFollowUp(c))
}

// runKey is the key of the value play puts in the loop's context, to tell
// the loop's ctx (and contexts made from it) from any other.
type runKey struct{}

// play runs loop on c with a scripted model and tools that record what
// it does, and returns the record, ending with an endEvent. The model
// stops the loop at its call limit+1.
func play(c FollowUpCase, loop FollowUpLoop, limit int) []event {
	token := &c // unique to this run
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), runKey{}, token))
	defer cancel()
	if c.Canceled {
		cancel()
	}
	ours := func(ctx context.Context) bool { return ctx != nil && ctx.Value(runKey{}) == token }

	var (
		mu      sync.Mutex // the loop calls from several goroutines
		trace   []event
		calls   int
		over    bool
		done    bool                      // the loop returned: later calls are not recorded
		started = map[int]int{}           // barrier calls started, by step
		all     = map[int]chan struct{}{} // closed once every barrier call of the step started
		apart   bool                      // a barrier ran out: no later call waits
	)
	model := func(mctx context.Context, messages []map[string]any) (any, error) {
		mu.Lock()
		if done {
			mu.Unlock()
			return nil, staleCall(c.Name, "model")
		}
		calls++
		k := calls
		seen := make([]string, len(messages))
		for i, m := range messages {
			seen[i] = canonical(m)
		}
		trace = append(trace, event{kind: modelEvent, call: k, msgs: seen, foreign: !ours(mctx)})
		if k > limit {
			over = true
			mu.Unlock()
			cancel()
			runtime.Goexit()
		}
		mu.Unlock()
		if k > len(c.Script) {
			return exhausted(), nil
		}
		if r := c.Script[k-1]; r.Fails != "" {
			return nil, errors.New(r.Fails)
		}
		return clone(c.Script[k-1].Action), nil
	}
	tools := make(map[string]FollowUpTool, len(c.Tools))
	for name, spec := range c.Tools {
		tools[name] = func(tctx context.Context, args map[string]any) (string, error) {
			mu.Lock()
			if done {
				// A call the loop left to a goroutine may come late, so it
				// fails rather than panics.
				mu.Unlock()
				return "", staleCall(c.Name, "tool "+name)
			}
			step := calls
			trace = append(trace, event{kind: toolEvent, call: step, name: name, args: canonical(args), foreign: !ours(tctx)})
			at := len(trace) - 1
			var wait chan struct{}
			need := c.barrierCalls(step)
			if spec.Barrier && !apart {
				if all[step] == nil {
					all[step] = make(chan struct{})
				}
				started[step]++
				if started[step] == need {
					close(all[step])
				} else if started[step] < need {
					wait = all[step]
				}
			}
			mu.Unlock()
			if spec.Cancels {
				cancel()
			}
			if wait != nil {
				timer := time.NewTimer(BarrierWait)
				select {
				case <-wait:
				case <-timer.C:
					mu.Lock()
					if !done {
						trace[at].apart = need - 1
					}
					apart = true
					mu.Unlock()
				}
				timer.Stop()
			}
			if spec.DelayMs > 0 {
				var ctxDone <-chan struct{}
				if tctx != nil {
					ctxDone = tctx.Done()
				}
				timer := time.NewTimer(time.Duration(spec.DelayMs) * time.Millisecond)
				defer timer.Stop()
				select {
				case <-timer.C:
				case <-ctxDone:
					return "", tctx.Err()
				}
			}
			if spec.Fails != "" {
				return "", errors.New(spec.Fails)
			}
			return spec.Returns, nil
		}
	}

	end := event{kind: endEvent}
	opts := Options{MaxSteps: c.MaxSteps, ToolTimeout: time.Duration(c.ToolTimeoutMs) * time.Millisecond}
	finished := make(chan struct{})
	exited := false
	go func() {
		defer close(finished)
		returned := false
		defer func() {
			if returned {
				return
			}
			// A panic, or runtime.Goexit (the model's at the limit, or the
			// loop's own).
			if v := recover(); v != nil {
				end.panicked, end.value = true, v
			} else {
				exited = true
			}
		}()
		ans, err := loop(ctx, model, tools, c.UserMsg, opts)
		returned = true
		end.result = ans.Text
		if err != nil {
			end.failed, end.err = true, err.Error()
		}
		end.inputTokens, end.outputTokens = ans.Usage.InputTokens, ans.Usage.OutputTokens
		end.transcript = make([]string, len(ans.Messages))
		for i, m := range ans.Messages {
			end.transcript[i] = canonical(m)
		}
	}()
	<-finished
	cancel() // tools the loop left running return now
	mu.Lock()
	defer mu.Unlock()
	done = true
	end.call, end.aborted = calls, over
	if exited && !over {
		end.panicked, end.value = true, "its goroutine exited without returning"
	}
	return append(sortCalls(trace), end)
}

// barrierCalls counts the calls of the reply to model call step that name
// a barrier tool.
func (c FollowUpCase) barrierCalls(step int) int {
	if step < 1 || step > len(c.Script) {
		return 0
	}
	action, _ := c.Script[step-1].Action.(map[string]any)
	var calls []any
	switch list := action["calls"].(type) {
	case []any:
		calls = list
	case nil:
		calls = []any{action}
	}
	n := 0
	for _, call := range calls {
		if entry, ok := call.(map[string]any); ok {
			if name, ok := entry["name"].(string); ok && c.Tools[name].Barrier {
				n++
			}
		}
	}
	return n
}

// sortCalls sorts the tool calls of each step by name, then args: they
// run at the same time, in no order.
func sortCalls(trace []event) []event {
	for i := 0; i < len(trace); {
		j := i
		for j < len(trace) && trace[j].kind == toolEvent && trace[j].call == trace[i].call {
			j++
		}
		if j == i {
			i++
			continue
		}
		slices.SortStableFunc(trace[i:j], func(a, b event) int {
			return cmp.Or(cmp.Compare(a.name, b.name), cmp.Compare(a.args, b.args))
		})
		i = j
	}
	return trace
}

// expectedFollowUp returns what the reference did with c, as play returns
// it.
func expectedFollowUp(c FollowUpCase) []event {
	var trace []event
	toolCalls := c.Expect.ToolCalls
	for i, messages := range c.Expect.ModelCalls {
		seen := make([]string, len(messages))
		for j, m := range messages {
			seen[j] = canonical(m)
		}
		trace = append(trace, event{kind: modelEvent, call: i + 1, msgs: seen})
		for len(toolCalls) > 0 && toolCalls[0].Step == i+1 {
			tc := toolCalls[0]
			trace = append(trace, event{kind: toolEvent, call: i + 1, name: tc.Name, args: canonical(tc.Args)})
			toolCalls = toolCalls[1:]
		}
	}
	end := event{kind: endEvent, call: len(c.Expect.ModelCalls), result: c.Expect.Result,
		failed: c.Expect.Error != "", err: c.Expect.Error,
		inputTokens: c.Expect.InputTokens, outputTokens: c.Expect.OutputTokens}
	if c.Expect.Messages != nil {
		end.checkTranscript = true
		for _, m := range c.Expect.Messages {
			end.transcript = append(end.transcript, canonical(m))
		}
	}
	return append(trace, end)
}
