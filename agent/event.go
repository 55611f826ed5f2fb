package agent

import "time"

// EventKind says what an Event reports. Each kind is a phase of the loop;
// the phases are marked in loop.go's source with "phase:" comments.
type EventKind string

// The kinds of event, in the order a step produces them.
const (
	EventModelStart EventKind = "model_start" // the model is called
	EventModelEnd   EventKind = "model_end"   // the model returned (or failed)
	EventDelta      EventKind = "delta"       // a piece of a streamed answer arrived
	EventMessage    EventKind = "message"     // a message was appended
	EventToolStart  EventKind = "tool_start"  // a tool call begins
	EventToolEnd    EventKind = "tool_end"    // a tool call ended
	EventDone       EventKind = "done"        // the run is over

	// With Approve: a call waits for a decision, and the decision made.
	EventApprovalAsked EventKind = "approval_asked" // a call waits for the Approver
	EventApproved      EventKind = "approved"       // the call runs as the model made it
	EventEdited        EventKind = "edited"         // the call runs with the Approver's args
	EventDenied        EventKind = "denied"         // the call does not run

	// With ContextBudget: what a model call is sent.
	EventContext EventKind = "context" // what a model call is sent, and what it leaves out
)

// An Event reports one thing that happened during a run. Which fields are
// set depends on Kind; the others are zero.
type Event struct {
	// Kind says what happened, and which of the other fields are set.
	Kind EventKind
	// Phase names the line of the loop that emitted the event (see
	// Phase): a view highlights it without inferring anything.
	Phase Phase
	// Step is the 1-based number of the model call the event belongs to;
	// 0 for the user's message, and the steps used for EventDone.
	Step int
	// Index is the position of the appended message (EventMessage), or
	// of the delta in its stream, from 0 (EventDelta).
	Index int
	// Message is the appended message (EventMessage).
	Message Message
	// Call is the position of the call in its action's calls, and Tool and
	// ID its name and id (EventToolStart, EventToolEnd, the approval
	// events, and EventDelta of a call's piece; Call is -1 for a piece of
	// text).
	Call int
	Tool string
	ID   string
	// Content is the tool's output (EventToolEnd), and Failed says the
	// call failed (EventToolEnd, and EventMessage of a tool message).
	Content string
	Failed  bool
	// Args are the call's args as the model made them
	// (EventApprovalAsked), or as the Approver edited them (EventEdited).
	Args any
	// Reason is why a call was denied (EventDenied).
	Reason string
	// Duration is how long the call took (EventModelEnd, EventToolEnd),
	// the whole run (EventDone), or how long a call waited for its
	// decision (EventApproved, EventEdited, EventDenied).
	Duration time.Duration
	// Delta is the piece as the stream gave it (EventDelta). SoFar is the
	// answer's text so far (a piece of text) or the call's arguments so
	// far (a call's piece), and Open what those arguments still need to
	// close, innermost first: a quote for a string, a brace or bracket for
	// each object or array ("" when nothing is open).
	Delta Delta
	SoFar string
	Open  string
	// Window says what the model call of the step is sent (EventContext).
	Window *Window
	// Result is the run's result (EventDone), and Err its error, if any;
	// for EventDenied, the Approver's error or the context's, if any.
	Result *Result
	Err    error
}
