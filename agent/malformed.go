package agent

import (
	"errors"
	"strconv"
)

// ErrMalformed is wrapped by the errors for model output that the loop
// cannot act on: every such error is a *MalformedError, and
// errors.Is(err, ErrMalformed) holds for it.
var ErrMalformed = errors.New("malformed action")

// A Problem says what is wrong with a malformed action.
type Problem int

// The ways an action can be malformed.
const (
	ProblemNoAction      Problem = iota + 1 // the model returned nothing
	ProblemNotObject                        // the model returned something other than an object
	ProblemNoType                           // "type" is missing or not a string
	ProblemUnknownType                      // "type" is neither "final" nor "tool"
	ProblemNoName                           // a call has no string "name"
	ProblemArgsNotObject                    // a call's "args" is neither absent nor an object
	ProblemCallsNotList                     // "calls" is not a list
	ProblemCallsEmpty                       // "calls" is an empty list
	ProblemCallNotObject                    // an entry of "calls" is not an object
	ProblemTooManyCalls                     // "calls" has more than MaxCalls entries
	ProblemUnreadable                       // reading a field failed (a getter threw, say)
)

// MaxCalls is the most calls one tool action may make. A longer "calls"
// list is malformed, and is rejected before any of it is read.
const MaxCalls = 1000

// A MalformedError describes model output the loop cannot act on. It is
// the one place the words for each problem are written: the Go actions
// of this package and the bridge to JavaScript both return it.
type MalformedError struct {
	Problem Problem
	// Call is the index of the entry of "calls" at fault, or -1 when the
	// problem is not in an entry (a single call, or the action itself).
	Call int
	// Tool is the call's tool name, when the problem is its args.
	Tool string
	// Detail completes the problem: the unknown type
	// (ProblemUnknownType), what the model returned (ProblemNotObject),
	// the list's length (ProblemTooManyCalls), what failed
	// (ProblemUnreadable).
	Detail string
}

// Malformed returns a *MalformedError for problem p, not in a calls entry.
func Malformed(p Problem, detail string) *MalformedError {
	return &MalformedError{Problem: p, Call: -1, Detail: detail}
}

// Error returns "malformed action: " and the problem in words, such as
// `malformed action: calls[1]: "args" of tool "add" is not an object`.
func (e *MalformedError) Error() string {
	where := ""
	if e.Call >= 0 {
		where = "calls[" + strconv.Itoa(e.Call) + "]"
		if e.Problem != ProblemCallNotObject {
			where += ": "
		}
	}
	return ErrMalformed.Error() + ": " + where + e.problem()
}

func (e *MalformedError) problem() string {
	switch e.Problem {
	case ProblemNoAction:
		return "the model returned no action"
	case ProblemNotObject:
		return "the model returned " + e.Detail + ", not an action object"
	case ProblemNoType:
		return `"type" is missing or not a string`
	case ProblemUnknownType:
		return "type " + strconv.Quote(e.Detail) + ` is neither "final" nor "tool"`
	case ProblemNoName:
		return `tool action has no string "name"`
	case ProblemArgsNotObject:
		return `"args" of tool ` + strconv.Quote(e.Tool) + " is not an object"
	case ProblemCallsNotList:
		return `"calls" is not a list`
	case ProblemCallsEmpty:
		return `"calls" is empty`
	case ProblemCallNotObject:
		return " is not an object"
	case ProblemTooManyCalls:
		return `"calls" has ` + e.Detail + " entries, more than the " + strconv.Itoa(MaxCalls) + " one action may make"
	case ProblemUnreadable:
		return e.Detail
	}
	return "problem " + strconv.Itoa(int(e.Problem))
}

// Is reports whether target is ErrMalformed.
func (e *MalformedError) Is(target error) bool { return target == ErrMalformed }
