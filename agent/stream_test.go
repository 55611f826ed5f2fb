package agent_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// named returns a call's piece with an id.
func named(call int, name, id, args string) agent.Delta {
	d := agent.CallDelta(call, name, args)
	d.ID = id
	return d
}

// streamRun runs a model that streams deltas, then answers "done", with
// the tool "echo" and a tool "add" that returns its args as JSON.
func streamRun(t *testing.T, deltas ...agent.Delta) (*agent.Result, error, *recorder) {
	t.Helper()
	rec := &recorder{}
	tools := agent.Tools{"echo": echo, "add": func(_ context.Context, args any) (string, error) {
		b, err := json.Marshal(args)
		return string(b), err
	}}
	res, err := agent.Run(context.Background(), agent.Script(agent.Streamed(deltas...), agent.Final("done")), tools, "go", agent.OnEvent(rec.observe))
	checkRun(t, res, err, rec.events)
	return res, err, rec
}

func TestStreamAssemblesTheActionAModelThatDoesNotStreamReturns(t *testing.T) {
	tests := []struct {
		name   string
		deltas []agent.Delta
		want   agent.Map
	}{
		{"text only", []agent.Delta{agent.TextDelta("The ans"), agent.TextDelta("wer is "), agent.TextDelta("5.")},
			agent.Map{"role": "assistant", "type": "final", "content": "The answer is 5."}},
		{"no delta at all", nil, agent.Map{"role": "assistant", "type": "final", "content": ""}},
		{"one call in pieces", []agent.Delta{agent.CallDelta(0, "add", `{"a":`), agent.CallDelta(0, "", ` 2, "b"`), agent.CallDelta(0, "", `: 3}`)},
			agent.Map{"role": "assistant", "type": "tool", "name": "add", "args": map[string]any{"a": 2.0, "b": 3.0}}},
		{"a call without arguments", []agent.Delta{agent.CallDelta(0, "echo", "")},
			agent.Map{"role": "assistant", "type": "tool", "name": "echo"}},
		{"the name repeated", []agent.Delta{agent.CallDelta(0, "add", `{"a":1`), agent.CallDelta(0, "add", `}`)},
			agent.Map{"role": "assistant", "type": "tool", "name": "add", "args": map[string]any{"a": 1.0}}},
		{"an id, given late", []agent.Delta{agent.CallDelta(0, "add", `{`), named(0, "", "c1", `}`)},
			agent.Map{"role": "assistant", "type": "tool", "name": "add", "id": "c1", "args": map[string]any{}}},
		{"two calls interleaved", []agent.Delta{
			named(0, "add", "c1", `{"a"`), named(1, "echo", "c2", `{"te`), agent.CallDelta(0, "", `: 1}`), agent.CallDelta(1, "", `xt": "hi"}`)},
			agent.Map{"role": "assistant", "type": "tool", "calls": []any{
				map[string]any{"name": "add", "id": "c1", "args": map[string]any{"a": 1.0}},
				map[string]any{"name": "echo", "id": "c2", "args": map[string]any{"text": "hi"}},
			}}},
		{"braces and quotes inside a string", []agent.Delta{agent.CallDelta(0, "echo", `{"text": "a } and \"`), agent.CallDelta(0, "", `{ \\\" ]"}`)},
			agent.Map{"role": "assistant", "type": "tool", "name": "echo", "args": map[string]any{"text": `a } and "{ \" ]`}}},
		{"text and a call in one answer", []agent.Delta{agent.TextDelta("Let me add. "), agent.CallDelta(0, "add", `{}`)},
			agent.Map{"role": "assistant", "type": "tool", "name": "add", "args": map[string]any{}, "content": "Let me add. "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err, _ := streamRun(t, tt.deltas...)
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(res.Messages), 2)
			assert.Equal(t, tt.want, res.Messages[1].Action, "the transcript keeps the assembled action, not the stream")
		})
	}
}

func TestMalformedStreamNamesStepCallAndWhereItBroke(t *testing.T) {
	tests := []struct {
		name   string
		deltas []agent.Delta
		want   string
	}{
		{"the stream ends inside an argument", []agent.Delta{agent.CallDelta(0, "add", `{"a": 2, "b`)},
			`step 1: malformed stream: the stream ended at byte 11 of the arguments of call 0 ("add"), inside a string in an object`},
		{"the stream ends inside a nested list", []agent.Delta{agent.CallDelta(0, "add", `{"xs": [1, {"y": [`)},
			`step 1: malformed stream: the stream ended at byte 18 of the arguments of call 0 ("add"), inside an array in an object in an array in an object`},
		{"the stream ends after an escape", []agent.Delta{agent.CallDelta(0, "echo", `{"text": "a\`)},
			`step 1: malformed stream: the stream ended at byte 12 of the arguments of call 0 ("echo"), inside a string in an object`},
		{"a fragment for an index never opened", []agent.Delta{agent.CallDelta(0, "add", `{}`), agent.CallDelta(1, "", `{"a"`)},
			`step 1: malformed stream: delta 1 continues call 1, which no delta opened (a call opens with its tool's name)`},
		{"a call opened out of order", []agent.Delta{agent.CallDelta(0, "add", `{}`), agent.CallDelta(2, "echo", `{}`)},
			`step 1: malformed stream: delta 1 opens call 2 before call 1 (calls open in order, from 0)`},
		{"a name changing mid-call", []agent.Delta{agent.CallDelta(0, "add", `{"a":`), agent.CallDelta(0, "mul", `1}`)},
			`step 1: malformed stream: delta 1 renames call 0 from "add" to "mul"`},
		{"an index reused after its call finished", []agent.Delta{agent.CallDelta(0, "add", `{"a": 1}`), agent.CallDelta(0, "add", `{"b": 2}`)},
			`step 1: malformed stream: the arguments of call 0 ("add") do not parse at byte 9: invalid character '{' after top-level value`},
		{"arguments that do not parse", []agent.Delta{agent.CallDelta(0, "add", `{"a" 2}`)},
			`step 1: malformed stream: the arguments of call 0 ("add") do not parse at byte 6: invalid character '2' after object key`},
		{"a closer that closes nothing", []agent.Delta{agent.CallDelta(0, "add", `{"a": 2]}`)},
			`step 1: malformed stream: the arguments of call 0 ("add") do not parse at byte 8: invalid character ']' after object key:value pair`},
		{"arguments that are not an object", []agent.Delta{agent.CallDelta(0, "add", `[1, 2]`)},
			`step 1: malformed stream: the arguments of call 0 ("add") are not a JSON object`},
		{"arguments that are null", []agent.Delta{agent.CallDelta(0, "add", `null`)},
			`step 1: malformed stream: the arguments of call 0 ("add") are not a JSON object`},
		{"a second id", []agent.Delta{named(0, "add", "c1", `{`), named(0, "", "c2", `}`)},
			`step 1: malformed stream: delta 1 gives call 0 ("add") a second id, "c2"`},
		{"a negative index", []agent.Delta{agent.CallDelta(-1, "add", `{}`)},
			`step 1: malformed stream: delta 0: call index -1 is negative`},
		{"a delta of no kind", []agent.Delta{agent.TextDelta("hi"), {}},
			`step 1: malformed stream: delta 1 is neither text nor a piece of a call: kind 0`},
		{"the second call cut, the first whole", []agent.Delta{agent.CallDelta(0, "add", `{}`), agent.CallDelta(1, "echo", `{"text": "x"`)},
			`step 1: malformed stream: the stream ended at byte 12 of the arguments of call 1 ("echo"), inside an object`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err, rec := streamRun(t, tt.deltas...)
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
			assert.ErrorIs(t, err, agent.ErrMalformed, "a malformed stream is malformed output")
			var streamErr *agent.StreamError
			assert.ErrorAs(t, err, &streamErr)
			assert.Equal(t, agent.StopModelError, res.Reason)
			assert.Len(t, res.Messages, 1, "nothing of a malformed stream reaches the transcript")
			done := rec.events[len(rec.events)-1]
			assert.Equal(t, agent.PhaseErrorModel, done.Phase)
		})
	}
}

func TestStreamReportsEachDeltaWithWhatArrivedSoFar(t *testing.T) {
	_, err, rec := streamRun(t, agent.TextDelta("Adding "), agent.CallDelta(0, "add", `{"a": "x`), agent.TextDelta("now."), agent.CallDelta(0, "", `"}`))
	require.NoError(t, err)
	var deltas []agent.Event
	var kinds []string
	for _, e := range rec.events {
		if e.Step == 1 {
			kinds = append(kinds, string(e.Kind))
		}
		if e.Kind == agent.EventDelta {
			deltas = append(deltas, e)
		}
	}
	assert.Equal(t, []string{"model_start", "delta", "delta", "delta", "delta", "model_end", "message", "tool_start", "tool_end", "message"}, kinds,
		"the deltas arrive during the model call, before the action is appended")
	type seen struct {
		Index, Call       int
		Tool, SoFar, Open string
	}
	var got []seen
	for _, e := range deltas {
		assert.Equal(t, agent.PhaseModel, e.Phase, "a delta lights the model call's line")
		got = append(got, seen{e.Index, e.Call, e.Tool, e.SoFar, e.Open})
	}
	assert.Equal(t, []seen{
		{0, -1, "", "Adding ", ""},
		{1, 0, "add", `{"a": "x`, `"}`},
		{2, -1, "", "Adding now.", ""},
		{3, 0, "add", `{"a": "x"}`, ""},
	}, got)
	assert.Equal(t, `"}`, deltas[3].Delta.Args, "the event carries the fragment as the stream gave it")
}

// endless yields pieces of text until its consumer stops, calling each
// before it yields piece i.
func endless(each func(i int)) *agent.Stream {
	return &agent.Stream{Deltas: func(yield func(agent.Delta, error) bool) {
		for i := 0; ; i++ {
			each(i)
			if !yield(agent.TextDelta("la "), nil) {
				return
			}
		}
	}}
}

func TestCancelMidStreamStopsAtOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := &recorder{}
	pulled := 0
	model := agent.Script(endless(func(i int) {
		pulled = i + 1
		if i == 2 {
			cancel()
		}
	}))
	res, err := agent.Run(ctx, model, nil, "sing", agent.OnEvent(rec.observe))
	checkRun(t, res, err, rec.events)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, agent.StopCanceled, res.Reason)
	assert.Equal(t, 3, pulled, "the loop asks for no delta after the cancel")
	assert.Equal(t, "step 1: context canceled", err.Error())
}

func TestCancelWhileAStreamWaitsEndsTheWait(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	model := func(ctx context.Context, _ []agent.Message) (agent.Action, error) {
		return &agent.Stream{Deltas: func(yield func(agent.Delta, error) bool) {
			if !yield(agent.TextDelta("wait"), nil) {
				return
			}
			cancel()
			<-ctx.Done() // a network read that watches the model's context
			yield(agent.Delta{}, ctx.Err())
		}}, nil
	}
	res, err := agent.Run(ctx, model, nil, "go")
	checkRun(t, res, err, nil)
	assert.Equal(t, agent.StopCanceled, res.Reason)
	assert.ErrorIs(t, err, context.Canceled)
}

func TestAStreamThatFailsFailsTheModelCall(t *testing.T) {
	stream := &agent.Stream{Deltas: func(yield func(agent.Delta, error) bool) {
		if yield(agent.TextDelta("half"), nil) {
			yield(agent.Delta{}, errBoom)
		}
	}}
	res, err := agent.Run(context.Background(), agent.Script(stream), nil, "go")
	checkRun(t, res, err, nil)
	assert.Equal(t, "step 1: model: boom", err.Error())
	assert.ErrorIs(t, err, errBoom)
	assert.Equal(t, agent.StopModelError, res.Reason)
}

func TestStreamsKeepMaxStepsAndErrorsAsResults(t *testing.T) {
	call := func() agent.Action {
		return agent.Streamed(agent.CallDelta(0, "nope", `{"x":`), agent.CallDelta(0, "", `1}`))
	}
	res, err := agent.Run(context.Background(), agent.Script(call(), call()), nil, "go", agent.MaxSteps(2))
	checkRun(t, res, err, nil)
	require.NoError(t, err)
	assert.Equal(t, agent.MaxStepsText, res.Text)
	assert.Equal(t, []string{"user: go", "assistant tool: nope", "tool nope: error: unknown tool 'nope'", "assistant tool: nope", "tool nope: error: unknown tool 'nope'"}, transcript(res))
}

func TestStreamReadOutsideARunIsItsAction(t *testing.T) {
	s := agent.Streamed(agent.TextDelta("5"), agent.TextDelta("!"))
	typ, ok := s.Type()
	assert.True(t, ok)
	assert.Equal(t, agent.TypeFinal, typ)
	assert.Equal(t, "5!", s.Content())
	assert.NoError(t, s.Err())

	bad := agent.Streamed(agent.CallDelta(0, "add", `{`))
	_, ok = bad.Type()
	assert.False(t, ok, "a malformed stream has no type")
	assert.ErrorIs(t, bad.Err(), agent.ErrMalformed)
	_, err := bad.AppendCalls(nil)
	assert.ErrorIs(t, err, agent.ErrMalformed)
}

func TestStreamBuildMakesTheCallersOwnAction(t *testing.T) {
	var built agent.Answer
	s := agent.Streamed(agent.TextDelta("hi"))
	s.Build = func(a agent.Answer) (agent.Action, error) {
		built = a
		return agent.Final("built: " + a.Text), nil
	}
	res, err := agent.Run(context.Background(), agent.Script(s), nil, "go")
	require.NoError(t, err)
	assert.Equal(t, "built: hi", res.Text)
	assert.Equal(t, agent.Answer{Text: "hi", Calls: []agent.AnswerCall{}}, built)
}

// pieces splits s into pieces of at most n bytes.
func pieces(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}

// streamOf streams action in pieces of n bytes, the calls' pieces
// interleaved, if it is an action a stream can give: ok is false for
// one with fields no delta carries.
func streamOf(action map[string]any, n int) (stream *agent.Stream, ok bool) {
	var deltas []agent.Delta
	if content, isText := action["content"].(string); isText {
		for _, p := range pieces(content, n) {
			deltas = append(deltas, agent.TextDelta(p))
		}
	}
	var calls []any
	switch action["type"] {
	case agent.TypeFinal:
	case agent.TypeTool:
		if list, isList := action["calls"].([]any); isList {
			calls = list
		} else {
			calls = []any{action}
		}
	default:
		return nil, false
	}
	var parts [][]agent.Delta
	for i, c := range calls {
		call, isCall := c.(map[string]any)
		if !isCall {
			return nil, false
		}
		name, _ := call["name"].(string)
		id, _ := call["id"].(string)
		var frags []string
		if args, has := call["args"]; has {
			b, err := json.Marshal(args)
			if err != nil {
				return nil, false
			}
			frags = pieces(string(b), n)
		} else {
			frags = []string{""}
		}
		var ds []agent.Delta
		for k, f := range frags {
			d := agent.CallDelta(i, "", f)
			if k == 0 {
				d.Name, d.ID = name, id
			}
			ds = append(ds, d)
		}
		parts = append(parts, ds)
	}
	for k := 0; ; k++ { // round robin: the calls' fragments interleave
		more := false
		for _, ds := range parts {
			if k < len(ds) {
				deltas = append(deltas, ds[k])
				more = true
			}
		}
		if !more {
			break
		}
	}
	if !sameJSON(assembled(deltas), action) {
		return nil, false
	}
	return agent.Streamed(deltas...), true
}

// assembled returns the Map that deltas assemble into, nil when they do
// not.
func assembled(deltas []agent.Delta) agent.Map {
	var m agent.Map
	s := agent.Streamed(deltas...)
	s.Build = func(a agent.Answer) (agent.Action, error) {
		var err error
		m, err = a.Map()
		return m, err
	}
	if s.Err() != nil {
		return nil
	}
	return m
}

// sameJSON reports whether a and b encode to the same JSON.
func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}
