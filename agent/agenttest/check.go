package agenttest

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestLoop runs loop on every case as a subtest and reports, for the first
// difference from the reference, the case, the model call and the message.
//
// A panic in loop fails the case it happened in. A loop that calls the
// model more than a few times past the reference is stopped by a panic
// from the model, which TestLoop recovers; a loop that spins without
// calling the model is stopped only by the test's timeout.
func TestLoop(t *testing.T, loop Loop) {
	t.Helper()
	if loop == nil {
		t.Fatal("agenttest: TestLoop got a nil Loop")
	}
	for _, c := range Cases() {
		t.Run(c.Name, func(t *testing.T) {
			t.Helper()
			if err := c.Check(loop); err != nil {
				t.Error(err)
			}
		})
	}
}

// extraCalls is how many model calls past the reference's a loop may make
// before the model stops it.
const extraCalls = 5

// errTooManyCalls is the panic with which a model stops a loop that calls
// it too often.
var errTooManyCalls = errors.New("agenttest: the loop called the model too many times")

// exhausted is the action a model returns past the end of its script.
func exhausted() map[string]any {
	return map[string]any{"role": "assistant", "type": "final", "content": "(script exhausted)"}
}

// check runs loop on c and returns the first difference from the
// reference, or nil.
func check(c Case, loop Loop) error {
	return describe(c.Name, run(c, loop), expected(c))
}

// describe returns the first difference between what a loop did on the
// case called name and what the reference did, as an error, or nil.
func describe(name string, got, want []event) error {
	diff, atEnd := firstDiff(got, want)
	end := got[len(got)-1]
	switch {
	case end.panicked && !atEnd:
		diff = fmt.Sprintf("%s, the loop %s; before that, %s", after(end.call), ended(end), diff)
	case end.aborted:
		diff += fmt.Sprintf(" (the loop was stopped at model call %d)", end.call)
	}
	if diff == "" {
		return nil
	}
	return fmt.Errorf("case %q: %s", name, diff)
}

// An event is one thing a loop did, in a form to compare.
type event struct {
	kind eventKind
	call int // the model calls made so far, this one included

	msgs []string // modelEvent: the messages seen, as canonical JSON

	name, args string // toolEvent: the tool and its args as canonical JSON

	// foreign says the call got a context that is not the loop's ctx nor
	// made from it (FollowUpLoop).
	foreign bool
	// apart is how many other calls of its action a barrier call waited
	// for in vain (toolEvent of FollowUpLoop).
	apart int

	result   string // endEvent: the string returned,
	failed   bool   // with an error (FollowUpLoop),
	err      string
	panicked bool // or else the panic
	value    any
	aborted  bool // the model stopped the loop

	// endEvent of FollowUpLoop: the usage returned, and the transcript,
	// which is compared when checkTranscript is set on the reference's.
	inputTokens, outputTokens int
	transcript                []string
	checkTranscript           bool
}

type eventKind int

const (
	modelEvent eventKind = iota
	toolEvent
	endEvent
)

// run runs loop on c and returns what it did, ending with an endEvent.
func run(c Case, loop Loop) []event {
	var (
		mu    sync.Mutex // in case the loop calls from several goroutines
		trace []event
		calls int
		ended bool // the loop returned: the model and tools refuse calls
	)
	limit := callLimit(c.CallLimit, len(c.Expect.ModelCalls))
	model := func(messages []map[string]any) map[string]any {
		mu.Lock()
		defer mu.Unlock()
		if ended {
			panic(staleCall(c.Name, "model"))
		}
		calls++
		seen := make([]string, len(messages))
		for i, m := range messages {
			seen[i] = canonical(m)
		}
		trace = append(trace, event{kind: modelEvent, call: calls, msgs: seen})
		switch {
		case calls > limit:
			panic(errTooManyCalls)
		case calls > len(c.Script):
			return exhausted()
		}
		return clone(c.Script[calls-1])
	}
	tools := make(map[string]Tool, len(c.Tools))
	for name, spec := range c.Tools {
		tools[name] = func(args map[string]any) (string, error) {
			mu.Lock()
			if ended {
				mu.Unlock()
				panic(staleCall(c.Name, "tool "+name))
			}
			trace = append(trace, event{kind: toolEvent, call: calls, name: name, args: canonical(args)})
			mu.Unlock()
			if spec.Fails != "" {
				return "", errors.New(spec.Fails)
			}
			return spec.Returns, nil
		}
	}
	end := event{kind: endEvent}
	func() {
		defer func() {
			if v := recover(); v != nil {
				if err, ok := v.(error); ok && errors.Is(err, errTooManyCalls) {
					end.aborted = true
				} else {
					end.panicked, end.value = true, v
				}
			}
		}()
		end.result = loop(model, tools, c.UserMsg, c.MaxSteps)
	}()
	mu.Lock()
	defer mu.Unlock()
	ended = true
	end.call = calls
	return append(trace, end)
}

// staleCall is the refusal of a case's model or tool (what) called after
// its case ended (the panic of a Loop's, the error of a FollowUpLoop's):
// a loop that kept them and calls them in a later case fails that case
// saying why, and is never graded on calls that no case records.
func staleCall(caseName, what string) error {
	return fmt.Errorf("the %s of case %q was called after that case ended", what, caseName)
}

// expected returns what the reference did with c, as run returns it.
func expected(c Case) []event {
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
	return append(trace, event{kind: endEvent, call: len(c.Expect.ModelCalls), result: c.Expect.Result})
}

// firstDiff describes the first difference between what a loop did and
// what the reference did, or returns "". Both end with an endEvent. atEnd
// reports whether the difference is in how the loop ended.
func firstDiff(got, want []event) (diff string, atEnd bool) {
	for i := 0; ; i++ {
		g, w := got[i], want[i]
		switch {
		case g.kind == modelEvent && w.kind == modelEvent:
			if g.foreign {
				return fmt.Sprintf("model call %d got a context that is not the loop's ctx nor made from it; the reference passes ctx on", g.call), false
			}
			if d := diffMessages(g.call, g.msgs, w.msgs); d != "" {
				return d, false
			}
		case g.kind == toolEvent && w.kind == toolEvent:
			switch {
			case g.name != w.name || g.args != w.args:
				return fmt.Sprintf("%s, the loop called %s; the reference called %s",
					after(g.call), showCall(g), showCall(w)), false
			case g.foreign:
				return fmt.Sprintf("%s, the loop called %s with a context that is not the loop's ctx nor made from it; the reference passes ctx on to every tool",
					after(g.call), showCall(g)), false
			case g.apart > 0:
				return fmt.Sprintf("%s, the calls did not run at the same time: %s waited %v for the action's %s to start; the reference runs them all at once",
					after(g.call), showCall(g), BarrierWait, countOthers(g.apart)), false
			}
		case g.kind == endEvent && w.kind == endEvent:
			return endDiff(g, w)
		case g.kind == modelEvent && w.kind == toolEvent:
			return fmt.Sprintf("%s, the loop made model call %d without calling %s as the reference did",
				after(w.call), g.call, showCall(w)), false
		case g.kind == modelEvent && w.kind == endEvent:
			return fmt.Sprintf("the loop made model call %d; the reference stopped %s and %s",
				g.call, after(w.call), ended(w)), false
		case g.kind == toolEvent && w.kind == modelEvent:
			return fmt.Sprintf("%s, the loop called %s; the reference called no tool there and went on to model call %d",
				after(g.call), showCall(g), w.call), false
		case g.kind == toolEvent && w.kind == endEvent:
			return fmt.Sprintf("%s, the loop called %s; the reference called no tool there and %s",
				after(g.call), showCall(g), ended(w)), false
		case g.kind == endEvent && w.kind == modelEvent:
			return fmt.Sprintf("%s, the loop %s; the reference made model call %d",
				after(g.call), ended(g), w.call), true
		case g.kind == endEvent && w.kind == toolEvent:
			return fmt.Sprintf("%s, the loop called no tool there and %s; the reference called %s",
				after(g.call), ended(g), showCall(w)), true
		}
	}
}

// endDiff describes the first difference in how a loop ended, g, from
// how the reference did, w: what it returned, then (FollowUpLoop) the
// usage and the transcript.
func endDiff(g, w event) (diff string, atEnd bool) {
	switch {
	case g.panicked || g.aborted || g.failed != w.failed || g.failed && g.err != w.err || !g.failed && g.result != w.result:
		return fmt.Sprintf("the loop %s; the reference %s", ended(g), ended(w)), true
	case g.inputTokens != w.inputTokens || g.outputTokens != w.outputTokens:
		return fmt.Sprintf("the loop returned a usage of %d input and %d output tokens; the reference summed %d input and %d output tokens",
			g.inputTokens, g.outputTokens, w.inputTokens, w.outputTokens), true
	case w.checkTranscript:
		return diffList(transcriptWords, g.transcript, w.transcript), true
	}
	return "", false
}

// listWords word a difference between two lists of messages: who saw (or
// returned) them, and how.
type listWords struct {
	subject string // "model call 2"
	verb    string // "saw"
	again   string // "the call saw"
}

// transcriptWords word a difference in the transcript a FollowUpLoop
// returned.
var transcriptWords = listWords{subject: "the loop", verb: "returned", again: "the loop returned"}

// diffMessages describes the first difference between the messages model
// call k saw and those the reference's saw, or returns "".
func diffMessages(k int, got, want []string) string {
	return diffList(listWords{subject: fmt.Sprintf("model call %d", k), verb: "saw", again: "the call saw"}, got, want)
}

// diffList describes the first difference between two lists of messages,
// or returns "".
func diffList(words listWords, got, want []string) string {
	missing := func(i int) string {
		return fmt.Sprintf("%s %s %s; the reference %s %d (missing message %d = %s)",
			words.subject, words.verb, countMessages(len(got)), words.verb, len(want), i+1, show(want[i]))
	}
	extra := func(i int) string {
		return fmt.Sprintf("%s %s %s; the reference %s %d (extra message %d = %s)",
			words.subject, words.verb, countMessages(len(got)), words.verb, len(want), i+1, show(got[i]))
	}
	for i := range min(len(got), len(want)) {
		if got[i] == want[i] {
			continue
		}
		switch {
		case len(got)+1 == len(want) && slices.Equal(got[i:], want[i+1:]):
			return missing(i)
		case len(got) == len(want)+1 && slices.Equal(got[i+1:], want[i:]):
			return extra(i)
		}
		d := fmt.Sprintf("%s %s message %d = %s; the reference has %s", words.subject, words.verb, i+1, show(got[i]), show(want[i]))
		if len(got) != len(want) {
			d += fmt.Sprintf(" (and %s %s; the reference %s %d)", words.again, countMessages(len(got)), words.verb, len(want))
		}
		return d
	}
	switch n := min(len(got), len(want)); {
	case len(got) < len(want):
		return missing(n)
	case len(got) > len(want):
		return extra(n)
	}
	return ""
}

// countMessages counts n messages in words: "1 message", "2 messages".
func countMessages(n int) string {
	if n == 1 {
		return "1 message"
	}
	return fmt.Sprintf("%d messages", n)
}

// countOthers counts n other calls in words: "1 other call", "2 other
// calls".
func countOthers(n int) string {
	if n == 1 {
		return "1 other call"
	}
	return fmt.Sprintf("%d other calls", n)
}

// after says when something happened, by the model calls made before it.
// Sentences start with it, so that how a loop ended, which may carry its
// own commas (a panic's message), comes last.
func after(calls int) string {
	if calls == 0 {
		return "before any model call"
	}
	return fmt.Sprintf("after model call %d", calls)
}

// ended says how a loop ended.
func ended(e event) string {
	switch {
	case e.panicked:
		return fmt.Sprintf("panicked (%v)", e.value)
	case e.aborted:
		return "was stopped for calling the model too often"
	case e.failed:
		return fmt.Sprintf("returned the error %q", e.err)
	}
	return fmt.Sprintf("returned %q", e.result)
}

// showCall shows a tool call as name(args).
func showCall(e event) string { return e.name + "(" + e.args + ")" }

// canonical encodes v as JSON with sorted keys, so that equal values have
// equal encodings whatever their Go types (an int and a float64 2 are
// both 2). A value JSON cannot encode is shown with %#v.
func canonical(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// keyOrder ranks the keys of a message for showing it: the ones a reader
// looks for first, then the rest in sorted order.
var keyOrder = map[string]int{"role": 1, "type": 2, "name": 3, "args": 4, "content": 5}

// show returns a message's canonical JSON with its keys in a readable
// order: "role", "type", "name", "args", "content", then the others.
func show(msg string) string {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(msg), &fields); err != nil || fields == nil {
		return msg
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		ra, rb := keyOrder[a], keyOrder[b]
		if ra == 0 {
			ra = len(keyOrder) + 1
		}
		if rb == 0 {
			rb = len(keyOrder) + 1
		}
		return cmp.Or(cmp.Compare(ra, rb), strings.Compare(a, b))
	})
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(canonical(k))
		b.WriteByte(':')
		b.Write(fields[k])
	}
	b.WriteByte('}')
	return b.String()
}
