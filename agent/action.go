package agent

import (
	"fmt"
	"math"
	"strconv"
)

// Action types understood by the loop.
const (
	TypeFinal = "final"
	TypeTool  = "tool"
)

// An Action is what a model returns at each step: a final answer, or one or
// more tool calls. The loop stores it in the transcript as it is, so an
// implementation may wrap any value (a Go map, a JavaScript object) and keep
// fields the package does not know.
type Action interface {
	// Type returns the action's "type" field; ok is false when the field is
	// missing or is not a string.
	Type() (typ string, ok bool)
	// Content returns the answer of a final action.
	Content() string
	// AppendCalls appends the calls of a tool action to calls and returns the
	// extended slice: the single call given by "name" and "args", or one per
	// entry of "calls". A call without args gets an empty object. An action
	// the loop cannot act on yields a *MalformedError.
	AppendCalls(calls []Call) ([]Call, error)
	// Usage returns the token usage the action carries, zero when none.
	Usage() Usage
}

// A Call is one tool call requested by a tool action.
type Call struct {
	Name string // the tool to call
	Args any    // handed to the tool untouched
	ID   string // the call's id, when the action gives one; empty otherwise

	// Set by Approve's decision, for callTool: the output of a denied
	// call, and whether Args are the caller's edit.
	denied string
	edited bool
}

// Usage counts the tokens a model reports for one action, or a whole run.
type Usage struct {
	InputTokens  int
	OutputTokens int
}

// Map is an Action held as a JSON-like Go map, in the shape the model
// returns it:
//
//	{"type": "final", "content": "The answer is 5."}
//	{"type": "tool", "name": "add", "args": map[string]any{"a": 2, "b": 3}}
//	{"type": "tool", "calls": []any{map[string]any{"name": "add", "args": ..., "id": "c1"}, ...}}
//
// Missing args are an empty object. A call's "id" (of the action, for a
// single call) is carried to its tool message; a number is formatted as
// text. An action may also carry "usage": map[string]any{"input_tokens": n,
// "output_tokens": m}, and any other field, which the loop keeps.
type Map map[string]any

// Final returns a final action that ends the run with content.
func Final(content string) Map {
	return Map{"type": TypeFinal, "content": content}
}

// ToolCall returns a tool action that calls the named tool with args.
func ToolCall(name string, args map[string]any) Map {
	return Map{"type": TypeTool, "name": name, "args": args}
}

// ParallelCalls returns a tool action whose calls run concurrently.
func ParallelCalls(calls ...Call) Map {
	list := make([]any, len(calls))
	for i, c := range calls {
		call := map[string]any{"name": c.Name, "args": c.Args}
		if c.ID != "" {
			call["id"] = c.ID
		}
		list[i] = call
	}
	return Map{"type": TypeTool, "calls": list}
}

// Type implements Action.
func (m Map) Type() (string, bool) {
	t, ok := m["type"].(string)
	return t, ok
}

// Content implements Action. A content that is not a string is formatted
// with fmt's %v.
func (m Map) Content() string {
	switch c := m["content"].(type) {
	case string:
		return c
	case nil:
		return ""
	default:
		return fmt.Sprint(c)
	}
}

// AppendCalls implements Action. "calls" may be a []any, []map[string]any
// or []Map; a list that is empty or longer than MaxCalls, or an entry that
// is not an object, is malformed.
func (m Map) AppendCalls(calls []Call) ([]Call, error) {
	list, ok := m["calls"]
	if !ok {
		call, err := mapCall(m, -1)
		if err != nil {
			return calls, err
		}
		return append(calls, call), nil
	}
	var entries []any
	switch l := list.(type) {
	case []any:
		entries = l
	case []map[string]any:
		entries = make([]any, len(l))
		for i, e := range l {
			entries[i] = e
		}
	case []Map:
		entries = make([]any, len(l))
		for i, e := range l {
			entries[i] = e
		}
	default:
		return calls, Malformed(ProblemCallsNotList, "")
	}
	switch {
	case len(entries) == 0:
		return calls, Malformed(ProblemCallsEmpty, "")
	case len(entries) > MaxCalls:
		return calls, Malformed(ProblemTooManyCalls, strconv.Itoa(len(entries)))
	}
	n := len(calls)
	for i, e := range entries {
		entry, ok := asObject(e)
		if !ok {
			return calls[:n], &MalformedError{Problem: ProblemCallNotObject, Call: i}
		}
		call, err := mapCall(entry, i)
		if err != nil {
			return calls[:n], err
		}
		calls = append(calls, call)
	}
	return calls, nil
}

// mapCall reads one call's name, args and id; i is the call's index in
// "calls", or -1 for a single call.
func mapCall(m map[string]any, i int) (Call, error) {
	name, ok := m["name"].(string)
	if !ok {
		return Call{}, &MalformedError{Problem: ProblemNoName, Call: i}
	}
	call := Call{Name: name}
	switch args := m["args"].(type) {
	case nil:
		call.Args = map[string]any{}
	default:
		obj, ok := asObject(args)
		if !ok {
			return Call{}, &MalformedError{Problem: ProblemArgsNotObject, Call: i, Tool: name}
		}
		if obj == nil { // a nil map, as ToolCall(name, nil) gives: no args
			obj = map[string]any{}
		}
		call.Args = obj
	}
	switch id := m["id"].(type) {
	case nil:
	case string:
		call.ID = id
	default:
		call.ID = fmt.Sprint(id)
	}
	return call, nil
}

func asObject(v any) (map[string]any, bool) {
	switch o := v.(type) {
	case map[string]any:
		return o, true
	case Map:
		return o, true
	}
	return nil, false
}

// Usage implements Action. The counts may be int, int64 or float64 (as
// JSON numbers decode); any other value counts as zero.
func (m Map) Usage() Usage {
	u, ok := asObject(m["usage"])
	if !ok {
		return Usage{}
	}
	return Usage{InputTokens: toInt(u["input_tokens"]), OutputTokens: toInt(u["output_tokens"])}
}

func toInt(v any) int {
	switch n := v.(type) {
	case int:
		return n
	case int64:
		return int(n)
	case float64:
		return ClampCount(n)
	}
	return 0
}

// ClampCount turns a token count given as a float into an int: NaN is 0,
// and a count beyond what an int holds is the largest (or smallest) int.
func ClampCount(f float64) int {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt:
		return math.MaxInt
	case f <= math.MinInt:
		return math.MinInt
	}
	return int(f)
}
