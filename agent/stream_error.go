package agent

import (
	"strconv"
	"strings"
)

// A StreamProblem says what is wrong with a malformed stream.
type StreamProblem int

// The ways a stream can be malformed.
const (
	StreamNotDelta      StreamProblem = iota + 1 // a delta is neither text nor a piece of a call
	StreamBadIndex                               // a piece's call index is negative
	StreamUnopened                               // a piece continues a call that no piece opened
	StreamSkipped                                // a piece opens a call before the calls ahead of it
	StreamRenamed                                // a piece names another tool than its call's
	StreamNewID                                  // a piece gives its call another id
	StreamTooManyCalls                           // a piece opens a call past MaxCalls
	StreamCut                                    // the stream ended inside a call's arguments
	StreamBadArgs                                // a call's arguments do not parse
	StreamArgsNotObject                          // a call's arguments parse, but not to an object
)

// A StreamError describes a stream whose deltas assemble into no action.
// It wraps ErrMalformed: errors.Is(err, ErrMalformed) holds, and a run
// stops with it as with any malformed output, at the step that streamed.
type StreamError struct {
	Problem StreamProblem
	// Delta is the index, from 0, of the delta at fault; -1 for a problem
	// found when the stream ended.
	Delta int
	// Call is the index of the call at fault, -1 for none; Tool its name.
	Call int
	Tool string
	// Offset is the byte of the call's arguments where their JSON broke
	// (StreamCut: their length, StreamBadArgs: where the parser stopped),
	// or the index of the next call to open (StreamSkipped).
	Offset int
	// Detail completes the problem: the new name (StreamRenamed) or id
	// (StreamNewID), what is still open (StreamCut: the closers, as
	// jsonShape gives them), the parser's words (StreamBadArgs), or what
	// the delta was (StreamNotDelta).
	Detail string
}

// Error returns "malformed stream: " and the problem in words, such as
// `malformed stream: the stream ended at byte 9 of the arguments of call 1 ("add"), inside a string in an object`.
func (e *StreamError) Error() string { return "malformed stream: " + e.problem() }

func (e *StreamError) problem() string {
	delta := "delta " + strconv.Itoa(e.Delta)
	call := "call " + strconv.Itoa(e.Call)
	named := call + " (" + strconv.Quote(e.Tool) + ")"
	switch e.Problem {
	case StreamNotDelta:
		return delta + " is neither text nor a piece of a call: " + e.Detail
	case StreamBadIndex:
		return delta + ": call index " + strconv.Itoa(e.Call) + " is negative"
	case StreamUnopened:
		return delta + " continues " + call + ", which no delta opened (a call opens with its tool's name)"
	case StreamSkipped:
		return delta + " opens " + call + " before call " + strconv.Itoa(e.Offset) + " (calls open in order, from 0)"
	case StreamRenamed:
		return delta + " renames " + call + " from " + strconv.Quote(e.Tool) + " to " + strconv.Quote(e.Detail)
	case StreamNewID:
		return delta + " gives " + named + " a second id, " + strconv.Quote(e.Detail)
	case StreamTooManyCalls:
		return delta + " opens " + call + ", past the " + strconv.Itoa(MaxCalls) + " calls one action may make"
	case StreamCut:
		return "the stream ended at byte " + strconv.Itoa(e.Offset) + " of the arguments of " + named + ", inside " + openWords(e.Detail)
	case StreamBadArgs:
		return "the arguments of " + named + " do not parse at byte " + strconv.Itoa(e.Offset) + ": " + e.Detail
	case StreamArgsNotObject:
		return "the arguments of " + named + " are not a JSON object"
	}
	return "problem " + strconv.Itoa(int(e.Problem))
}

// openWords says what the closers close, innermost first: `"}` is "a
// string in an object".
func openWords(closers string) string {
	words := make([]string, 0, len(closers))
	for i := 0; i < len(closers); i++ {
		switch closers[i] {
		case '"':
			if i == 0 || closers[i-1] != '"' { // an escape's quote and the closing one: one string
				words = append(words, "a string")
			}
		case '}':
			words = append(words, "an object")
		case ']':
			words = append(words, "an array")
		}
	}
	return strings.Join(words, " in ")
}

// Is reports whether target is ErrMalformed.
func (e *StreamError) Is(target error) bool { return target == ErrMalformed }
