package agent

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"strconv"
	"strings"
	"sync"
)

// A Stream is a model's answer that arrives in pieces, as real models send
// it: text token by token, and each tool call's name first, then its
// arguments as fragments of JSON text that only parse at the end.
//
// A model streams by returning a *Stream as its action. Run reads the
// deltas as they come, reports each one (EventDelta), and assembles them
// into the action a model that does not stream would have returned (see
// Answer.Map): that action, never the Stream, is what the transcript keeps
// and the loop acts on, so every rule of the loop holds unchanged. A
// stream whose deltas do not assemble into an action is malformed output:
// the run stops with a *StreamError that names the call and where its
// JSON broke.
//
// Run checks its context between deltas and stops at once when it is
// done; an iterator that waits for its next delta should watch the
// model's context too, so that the wait ends with it.
type Stream struct {
	// Deltas yields the answer's pieces in order. An error ends the stream
	// and fails the model call with it.
	Deltas iter.Seq2[Delta, error]
	// Build makes the action from the assembled answer, for a caller that
	// keeps its own values (a bridge to another runtime). Nil makes the
	// Map that Answer.Map returns.
	Build func(Answer) (Action, error)

	once    sync.Once
	read    Action // the action, when the stream is read outside a run
	readErr error
}

// Streamed returns a scripted stream that yields deltas in order.
func Streamed(deltas ...Delta) *Stream {
	return &Stream{Deltas: func(yield func(Delta, error) bool) {
		for _, d := range deltas {
			if !yield(d, nil) {
				return
			}
		}
	}}
}

// A DeltaKind says what a Delta carries.
type DeltaKind int

// The kinds of delta.
const (
	DeltaText DeltaKind = iota + 1 // a piece of the answer's text
	DeltaCall                      // a piece of a tool call
)

// A Delta is one piece of a streamed answer.
type Delta struct {
	Kind DeltaKind
	// Text is a piece of the answer's text (DeltaText).
	Text string
	// Call is the index of the tool call the piece belongs to (DeltaCall).
	// Calls open in order, from 0: the first piece of a call carries its
	// tool's Name, and the pieces of several calls may interleave.
	Call int
	// Name is the call's tool. It opens the call; a later piece may repeat
	// it but not change it.
	Name string
	// ID is the call's id, if it has one; like Name, it may not change.
	ID string
	// Args is a fragment of the call's arguments, as JSON text. Together
	// the fragments make a JSON object (no fragment at all: no arguments).
	Args string
}

// TextDelta returns a piece of the answer's text.
func TextDelta(text string) Delta { return Delta{Kind: DeltaText, Text: text} }

// CallDelta returns a piece of call index: its tool's name (to open the
// call, or "" to continue it) and a fragment of its arguments.
func CallDelta(call int, name, args string) Delta {
	return Delta{Kind: DeltaCall, Call: call, Name: name, Args: args}
}

// An Answer is what a stream's deltas assemble into.
type Answer struct {
	Text  string       // the text pieces, joined
	Calls []AnswerCall // the calls, by index
}

// An AnswerCall is one tool call of an Answer.
type AnswerCall struct {
	Name string
	ID   string
	Args string // the JSON text of its arguments: an object, or "" for none
}

// Map returns the action the answer is, in the shapes a model that does
// not stream returns, with "role": "assistant": {"type": "final",
// "content": Text} when it has no calls; for one call its "name", "args"
// and "id", and for several a "calls" list of those; and the text beside
// calls as "content". A call that streamed no arguments has no "args"
// (the loop gives it an empty object), and one without an id no "id".
// Arguments are decoded as encoding/json decodes into any (numbers are
// float64); arguments that are not a JSON object are a *StreamError.
func (a Answer) Map() (Map, error) {
	if len(a.Calls) == 0 {
		return Map{"role": RoleAssistant, "type": TypeFinal, "content": a.Text}, nil
	}
	calls := make([]map[string]any, len(a.Calls))
	for i, c := range a.Calls {
		call := map[string]any{"name": c.Name}
		if c.Args != "" {
			var args map[string]any
			if err := json.Unmarshal([]byte(c.Args), &args); err != nil {
				return nil, argsError(i, c, err)
			}
			if args == nil { // the JSON null
				return nil, &StreamError{Problem: StreamArgsNotObject, Delta: -1, Call: i, Tool: c.Name}
			}
			call["args"] = args
		}
		if c.ID != "" {
			call["id"] = c.ID
		}
		calls[i] = call
	}
	var m Map
	if len(calls) == 1 {
		m = Map(calls[0])
	} else {
		list := make([]any, len(calls))
		for i, c := range calls {
			list[i] = c
		}
		m = Map{"calls": list}
	}
	m["role"], m["type"] = RoleAssistant, TypeTool
	if a.Text != "" {
		m["content"] = a.Text
	}
	return m, nil
}

// action reads the whole stream without a run, for the Action methods.
func (s *Stream) action() Action {
	s.once.Do(func() {
		var asm assembler
		for d, err := range s.deltas() {
			if err != nil {
				s.readErr = err
				return
			}
			if s.readErr = asm.add(d); s.readErr != nil {
				return
			}
		}
		s.read, s.readErr = s.build(asm.answer())
	})
	return s.read
}

// deltas returns the stream's deltas; none when Deltas is nil.
func (s *Stream) deltas() iter.Seq2[Delta, error] {
	if s.Deltas == nil {
		return func(func(Delta, error) bool) {}
	}
	return s.Deltas
}

func (s *Stream) build(a Answer, err error) (Action, error) {
	if err != nil {
		return nil, err
	}
	if s.Build != nil {
		return s.Build(a)
	}
	return a.Map()
}

// Type implements Action. A Stream is an Action so that a model can
// return it; Run never keeps it. Read outside a run, its methods read the
// action its deltas assemble into, once: a stream that fails or is
// malformed has no type, and Err says why.
func (s *Stream) Type() (string, bool) {
	if a := s.action(); a != nil {
		return a.Type()
	}
	return "", false
}

// Content implements Action (see Type).
func (s *Stream) Content() string {
	if a := s.action(); a != nil {
		return a.Content()
	}
	return ""
}

// AppendCalls implements Action (see Type).
func (s *Stream) AppendCalls(calls []Call) ([]Call, error) {
	if a := s.action(); a != nil {
		return a.AppendCalls(calls)
	}
	return calls, s.readErr
}

// Usage implements Action (see Type).
func (s *Stream) Usage() Usage {
	if a := s.action(); a != nil {
		return a.Usage()
	}
	return Usage{}
}

// Err returns why the stream, read outside a run, assembles into no
// action: its own error or a *StreamError.
func (s *Stream) Err() error {
	s.action()
	return s.readErr
}

// receive reads a streamed answer, reporting each delta, and returns the
// action it assembles into.
func (r *run) receive(ctx context.Context, s *Stream) (Action, error) {
	var asm assembler
	i := 0
	for d, err := range s.deltas() {
		if err != nil {
			return nil, err
		}
		if err := asm.add(d); err != nil {
			return nil, err
		}
		if r.observed() {
			r.emit(asm.event(r.step, i, d))
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		i++
	}
	return s.build(asm.answer())
}

// An assembler joins a stream's deltas into an Answer, checking each.
type assembler struct {
	n     int // deltas added
	text  strings.Builder
	calls []*callPieces
}

// callPieces is one call being assembled.
type callPieces struct {
	name, id string
	args     strings.Builder
	shape    jsonShape
}

func (a *assembler) add(d Delta) error {
	at := a.n
	a.n++
	switch d.Kind {
	case DeltaText:
		a.text.WriteString(d.Text)
		return nil
	case DeltaCall:
	default:
		return &StreamError{Problem: StreamNotDelta, Delta: at, Call: -1, Detail: "kind " + strconv.Itoa(int(d.Kind))}
	}
	switch {
	case d.Call < 0:
		return &StreamError{Problem: StreamBadIndex, Delta: at, Call: d.Call}
	case d.Call < len(a.calls):
		c := a.calls[d.Call]
		if d.Name != "" && d.Name != c.name {
			return &StreamError{Problem: StreamRenamed, Delta: at, Call: d.Call, Tool: c.name, Detail: d.Name}
		}
		if d.ID != "" && c.id != "" && d.ID != c.id {
			return &StreamError{Problem: StreamNewID, Delta: at, Call: d.Call, Tool: c.name, Detail: d.ID}
		}
		if c.id == "" {
			c.id = d.ID
		}
		c.add(d.Args)
		return nil
	case d.Name == "":
		return &StreamError{Problem: StreamUnopened, Delta: at, Call: d.Call}
	case d.Call > len(a.calls):
		return &StreamError{Problem: StreamSkipped, Delta: at, Call: d.Call, Offset: len(a.calls)}
	case d.Call >= MaxCalls:
		return &StreamError{Problem: StreamTooManyCalls, Delta: at, Call: d.Call}
	}
	c := &callPieces{name: d.Name, id: d.ID}
	c.add(d.Args)
	a.calls = append(a.calls, c)
	return nil
}

func (c *callPieces) add(fragment string) {
	c.args.WriteString(fragment)
	c.shape.feed(fragment)
}

// answer returns the assembled answer, once the stream has ended, or why
// the calls' arguments make no action.
func (a *assembler) answer() (Answer, error) {
	ans := Answer{Text: a.text.String(), Calls: make([]AnswerCall, len(a.calls))}
	for i, c := range a.calls {
		call := AnswerCall{Name: c.name, ID: c.id, Args: c.args.String()}
		if err := checkArgs(i, call, c.shape); err != nil {
			return Answer{}, err
		}
		ans.Calls[i] = call
	}
	return ans, nil
}

// checkArgs checks that a call's arguments, once the stream has ended,
// are a JSON object (or absent).
func checkArgs(i int, c AnswerCall, shape jsonShape) error {
	if c.Args == "" {
		return nil
	}
	if json.Valid([]byte(c.Args)) {
		if first := strings.TrimLeft(c.Args, " \t\r\n"); first[0] != '{' { // null, a list, a number...
			return &StreamError{Problem: StreamArgsNotObject, Delta: -1, Call: i, Tool: c.Name}
		}
		return nil
	}
	if open := shape.open(); open != "" && !shape.broken {
		return &StreamError{Problem: StreamCut, Delta: -1, Call: i, Tool: c.Name, Offset: len(c.Args), Detail: open}
	}
	return argsError(i, c, json.Unmarshal([]byte(c.Args), new(any)))
}

func argsError(i int, c AnswerCall, err error) error {
	e := &StreamError{Problem: StreamBadArgs, Delta: -1, Call: i, Tool: c.Name, Detail: err.Error()}
	if syntax, ok := errors.AsType[*json.SyntaxError](err); ok {
		e.Offset = int(syntax.Offset)
		e.Detail = syntax.Error()
	} else if _, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		e.Problem = StreamArgsNotObject
	}
	return e
}

// event reports delta number i, just added.
func (a *assembler) event(step, i int, d Delta) Event {
	e := Event{Kind: EventDelta, Phase: PhaseModel, Step: step, Index: i, Delta: d, Call: -1}
	if d.Kind == DeltaText {
		e.SoFar = a.text.String()
		return e
	}
	c := a.calls[d.Call]
	e.Call, e.Tool, e.ID = d.Call, c.name, c.id
	e.SoFar, e.Open = c.args.String(), c.shape.open()
	return e
}

// A jsonShape follows the nesting of JSON text fed to it in pieces: which
// strings, objects and arrays are open at its end. It does not check the
// syntax (encoding/json does, once the text is whole); it says what the
// text so far still needs to close.
type jsonShape struct {
	closers  []byte // '}' or ']' for each open object or array, innermost last
	inString bool
	escaped  bool // the previous byte, in a string, was a backslash
	broken   bool // a closer that closes nothing: no closing mends it
}

func (s *jsonShape) feed(text string) {
	for i := 0; i < len(text); i++ {
		b := text[i]
		if s.inString {
			switch {
			case s.escaped:
				s.escaped = false
			case b == '\\':
				s.escaped = true
			case b == '"':
				s.inString = false
			}
			continue
		}
		switch b {
		case '"':
			s.inString = true
		case '{':
			s.closers = append(s.closers, '}')
		case '[':
			s.closers = append(s.closers, ']')
		case '}', ']':
			if n := len(s.closers); n > 0 && s.closers[n-1] == b {
				s.closers = s.closers[:n-1]
			} else {
				s.broken = true
			}
		}
	}
}

// open returns what closes the text so far: a quote for an open string,
// then a brace or bracket for each open object or array, innermost first.
func (s *jsonShape) open() string {
	if !s.inString && len(s.closers) == 0 {
		return ""
	}
	b := make([]byte, 0, len(s.closers)+2)
	if s.inString {
		if s.escaped {
			b = append(b, '"') // the escape takes a quote; a second one closes
		}
		b = append(b, '"')
	}
	for i := len(s.closers) - 1; i >= 0; i-- {
		b = append(b, s.closers[i])
	}
	return string(b)
}
