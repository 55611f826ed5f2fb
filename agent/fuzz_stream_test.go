package agent_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// FuzzStreamAssembly streams text and the arguments of two calls, cut
// wherever cuts says and interleaved, through a run. Whatever the pieces,
// the run never panics or hangs; arguments that are a JSON object arrive
// as the object they encode, however they were cut; any others stop the
// run with a *StreamError that names their call and a byte within them.
func FuzzStreamAssembly(f *testing.F) {
	f.Add("Hi", `{"a": 2, "b": 3}`, `{"text": "} \" {"}`, []byte{1, 5, 2, 9})
	f.Add("", `{"a": [1, {"b": "]"}]}`, `{}`, []byte{0, 0, 3})
	f.Add("x", `{"a": 2, "b`, `{"c": 1}`, []byte{4})
	f.Add("", `{"a" 2}`, `[1]`, []byte{})
	f.Add("é", `{"s": "\u00e9\\"}`, `null`, []byte{7, 1})
	f.Fuzz(func(t *testing.T, text, args0, args1 string, cuts []byte) {
		deltas := []agent.Delta{}
		if text != "" {
			deltas = append(deltas, agent.TextDelta(text))
		}
		parts := [2][]string{cut(args0, cuts), cut(args1, reversed(cuts))}
		names := [2]string{"first", "second"}
		for k := 0; k < len(parts[0]) || k < len(parts[1]); k++ {
			for i, p := range parts {
				if k < len(p) {
					name := ""
					if k == 0 {
						name = names[i]
					}
					deltas = append(deltas, agent.CallDelta(i, name, p[k]))
				}
			}
		}
		rec := &recorder{}
		res, err := agent.Run(context.Background(), agent.Script(agent.Streamed(deltas...), agent.Final("ok")),
			agent.Tools{"first": echo, "second": echo}, "go", agent.OnEvent(rec.observe))
		checkRun(t, res, err, rec.events)

		var wantErrAt = -1
		for i, args := range []string{args0, args1} {
			if args != "" && !isObject(args) {
				wantErrAt = i
				break
			}
		}
		if wantErrAt < 0 {
			require.NoError(t, err, "arguments that are JSON objects assemble")
			calls, cerr := res.Messages[1].Action.AppendCalls(nil)
			require.NoError(t, cerr)
			require.Len(t, calls, 2)
			for i, args := range []string{args0, args1} {
				want := map[string]any{}
				if args != "" {
					require.NoError(t, json.Unmarshal([]byte(args), &want))
				}
				assert.Equal(t, want, calls[i].Args, "call %d's arguments", i)
			}
			content, _ := res.Messages[1].Action.(agent.Map)["content"].(string)
			assert.Equal(t, text, content, "the text beside the calls")
			return
		}
		var streamErr *agent.StreamError
		require.ErrorAs(t, err, &streamErr, "arguments %q are not an object", []string{args0, args1}[wantErrAt])
		assert.Equal(t, wantErrAt, streamErr.Call, "the error names the call: %v", err)
		args := []string{args0, args1}[wantErrAt]
		assert.LessOrEqual(t, streamErr.Offset, len(args), "the error's byte is within the arguments: %v", err)
		assert.Contains(t, err.Error(), "call "+string(rune('0'+wantErrAt)))
	})
}

// isObject reports whether s is the JSON text of an object.
func isObject(s string) bool {
	var m map[string]any
	return json.Valid([]byte(s)) && strings.HasPrefix(strings.TrimLeft(s, " \t\r\n"), "{") && json.Unmarshal([]byte(s), &m) == nil
}

// cut splits s at the offsets cuts gives, each one byte counting from the
// last cut (0 cuts an empty piece).
func cut(s string, cuts []byte) []string {
	var out []string
	for _, c := range cuts {
		n := min(int(c), len(s))
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}

func reversed(b []byte) []byte {
	r := make([]byte, len(b))
	for i, x := range b {
		r[len(b)-1-i] = x
	}
	return r
}
