//go:build js && wasm

package main

import (
	_ "embed" // the engine's JavaScript
	"strconv"
	"strings"

	"agentloop.dev/agent"
)

// The protocol between Go and the engine (engine.js).
//
// Go calls the engine with an op and two arguments written into a shared
// Float64Array, [n, op, a, b, queued ops...], n being the number of floats
// in use; each call first applies the queued ops, which report the
// messages and events of the loop. The engine answers with a number.
//
// The names below are the protocol's single source: prelude writes each
// name of the protocol table as a JavaScript constant ahead of the engine's
// source, and TestEngineUsesExactlyTheProtocolNames checks that the
// JavaScript uses every name of the table and no other.

// The engine's JavaScript, compiled once when the bridge starts.
var (
	//go:embed shape.js
	shapeJS string
	//go:embed check.js
	checkJS string
	//go:embed engine.js
	engineJS string
	//go:embed run-agent.js
	runAgentJS string
	//go:embed stream.js
	streamJS string
)

// engineFiles names the embedded files, in the order they are compiled.
var engineFiles = []struct{ name, source string }{
	{"shape.js", shapeJS}, {"check.js", checkJS}, {"engine.js", engineJS}, {"run-agent.js", runAgentJS},
	{"stream.js", streamJS},
}

// opHeader is the number of floats before the queued ops: n, op, a, b.
const opHeader = 4

// Ops: what the engine does at a call.
const (
	opModel     = 1  // call the model (or take the script's next action) → action code | -promise
	opTakeModel = 2  // (k) the model's promise k settled → action code
	opTool      = 3  // (tool, call) call a tool with a call's args → outcome | -promise
	opTakeTool  = 4  // (k, call) tool promise k settled → outcome
	opString    = 5  // (what, call) encode a string into the buffer → its length
	opNumber    = 6  // (what, call) → a number
	opBuffer    = 7  // → the byte buffer (after it grew)
	opDrop      = 8  // (k) forget promise k: Go stopped waiting for it
	opStepTimes = 9  // (n) → a Uint8Array over a new Float64Array(n) for stepMs
	opFinish    = 10 // settle the run's promise as the queued done op said
	opFlush     = 11 // only apply the queued ops
	opApprove   = 12 // (call, step) ask options.approve about a call → decision code | -promise
	opTakeVote  = 13 // (k, call) approval promise k settled → decision code

	// A streamed answer (kindStream), read one delta per call.
	opDelta       = 14 // read the next delta → delta code | -promise
	opTakeDelta   = 15 // (k) the delta promise k settled → delta code
	opAssembled   = 16 // (n) build the action of the assembled answer: text, then name, id, args of n calls → action code
	opCloseStream = 17 // Go stopped reading the stream: end it
	opCount       = 18 // (message, step) count a message's tokens (-1: the placeholder of a replaced output) → tokens
)

// Queued ops: one message pushed or one event emitted, in the order the
// loop produced them. Each is followed by its arguments, phase and step
// first; queuedArgs holds how many.
const (
	qUser       = 1  // (phase, step, index) push {role: "user", content: userMsg}
	qAction     = 2  // (phase, step, index) push the action the model returned
	qTool       = 3  // (phase, step, index, call) push the tool message the engine built
	qToolFailed = 4  // (phase, step, index, call) + content: push a failed call's tool message
	qModelStart = 5  // (phase, step)
	qModelEnd   = 6  // (phase, step, ms, hasError) + error if hasError
	qToolStart  = 7  // (phase, step, call)
	qToolEnd    = 8  // (phase, step, call, ms, failed) + content if failed
	qDone       = 9  // (phase, step, steps, ms, in, out, settleAs) + reason, text, error unless rejectNone
	qAsked      = 10 // (phase, step, call): the call waits for options.approve
	qDecided    = 11 // (phase, step, call, ms, decided) + reason if decidedDenied
	qDelta      = 12 // (phase, step, index, hasOpen) + open if hasOpen: the latest delta, which Go accepted
	qDropped    = 13 // (phase, step, index) the next request leaves message index out
	qReplaced   = 14 // (phase, step, index) the next request replaces tool message index's output
	qContext    = 15 // (phase, step, tokens, sent, budget) the next request is chosen: report it
)

// queuedArgs is the number of arguments of each queued op.
var queuedArgs = [...]int{
	qUser: 3, qAction: 3, qTool: 4, qToolFailed: 4, qModelStart: 2, qModelEnd: 4, qToolStart: 3, qToolEnd: 5, qDone: 7,
	qAsked: 3, qDecided: 5,
	qDelta:   4,
	qDropped: 3, qReplaced: 3, qContext: 5,
}

// What a call's decision was (decided of qDecided): the approval event's
// kind.
const (
	decidedApproved = 0 // "approved"
	decidedEdited   = 1 // "edited"
	decidedDenied   = 2 // "denied"
)

// Decision codes, as opApprove and opTakeVote return them: the decision
// in the low two bits, and for a denial or a failure the byte length of
// its reason (or message), in the buffer, from bit 2 on.
const (
	decisionApprove = 0 // run the call as the model made it
	decisionEdit    = 1 // run it with the args options.approve gave, which the engine keeps
	decisionDeny    = 2 // deny it, for the reason in the buffer
	decisionFailed  = 3 // options.approve threw or answered no decision; the message is in the buffer
	decisionMask    = 3
	decisionShift   = 2
	decisionUnit    = 1 << decisionShift
)

// Action codes, as opModel and opTakeModel return them: the kind in the
// low four bits, flagUsage, and a payload from bit 5 on.
const (
	kindNone         = 0  // undefined or null: no action
	kindNotObject    = 1  // a primitive, a function or an array
	kindNoType       = 2  // "type" is missing or not a string
	kindOtherType    = 3  // "type" is a string other than "final" and "tool"
	kindFinal        = 4  // a final action; its content was read
	kindTool         = 5  // a single call; payload: its call code
	kindCalls        = 6  // a "calls" list; payload: its length
	kindBadCalls     = 7  // "calls" is not a list
	kindThrew        = 8  // the model threw or rejected
	kindExhausted    = 9  // a scripted model ran out of actions
	kindUnreadable   = 10 // reading the action failed (strUnreadable says how)
	kindTooManyCalls = 11 // "calls" is longer than agent.MaxCalls; payload: its length
	kindOverBudget   = 12 // the transcript outgrew maxTranscriptBytes: the model was not called
	kindBroken       = 13 // a message could not be pushed (strBroken, numBrokenStep): the model was not called
	kindStream       = 14 // the model's answer is a stream: read it with opDelta

	kindMask     = 15
	flagUsage    = 16 // the action has a "usage" field
	payloadShift = 5
	payloadUnit  = 1 << payloadShift
)

// Call codes: how a call's "name" reads in the low two bits, then flags,
// and for a known tool its index from bit 5 on.
const (
	entryKnown      = 0 // "name" names one of the tools
	entryUnknown    = 1 // "name" is a string but no tool's name
	entryNoName     = 2 // "name" is missing or not a string
	entryNotObject  = 3 // the entry of "calls" is not an object
	entryNameMask   = 3
	entryBadArgs    = 4  // "args" is neither absent nor an object
	entryHasID      = 8  // the call has an "id"
	entryUnreadable = 16 // reading the call failed (strUnreadable says how)
	entryToolShift  = 5
	entryToolUnit   = 1 << entryToolShift
)

// Delta codes, as opDelta and opTakeDelta return them: the kind in the
// low three bits, flags, and the byte length of the delta's fragment (its
// text or args, encoded in the buffer) from bit 5 on.
const (
	deltaEnd        = 0  // the stream ended
	deltaText       = 1  // a piece of text
	deltaCall       = 2  // a piece of a call: numDeltaCall, and strDeltaName, strDeltaID when flagged
	deltaBad        = 3  // not a delta (strDeltaProblem says why)
	deltaThrew      = 4  // the stream threw or rejected (strThrown)
	deltaKindMask   = 7  // masks the kind of a delta code
	deltaHasName    = 8  // the call's piece names its tool
	deltaHasID      = 16 // the call's piece gives its id
	deltaLengthUnit = 32
)

// Tool outcomes, as opTool and opTakeTool return them.
const (
	outcomeOK     = 0 // the tool returned; the engine keeps its output
	outcomeFailed = 1 // plus the byte length of the failure's message, in the buffer
)

// What opString encodes.
const (
	strType       = 1 // the action's "type"
	strContent    = 2 // a final action's content, as text
	strName       = 3 // a call's "name"
	strID         = 4 // a call's "id", as String() gives it
	strDescribe   = 5 // what the model returned instead of an action object
	strThrown     = 6 // the message of what the model threw
	strUnreadable = 7 // what failed reading the action (call -1) or a call
	strBroken     = 8 // why a message could not be pushed

	strDeltaName    = 9  // the latest delta's "name"
	strDeltaID      = 10 // the latest delta's "id", as String() gives it
	strDeltaProblem = 11 // why the latest delta is not one
)

// What opNumber reads.
const (
	numInputTokens  = 1 // the action's usage.input_tokens
	numOutputTokens = 2 // the action's usage.output_tokens
	numEntry        = 3 // the call code of calls[call]
	numBrokenStep   = 4 // the step of the message that could not be pushed
	numDeltaCall    = 5 // the latest delta's call index
)

// How the run's promise settles (settleAs of qDone).
const (
	rejectNone   = 0 // it resolves
	rejectPlain  = 1 // an Error
	rejectAbort  = 2 // an AbortError: the signal fired
	rejectThrown = 3 // an Error whose cause is what the model threw
)

// protocol lists the names the engine uses, with their values.
var protocol = []struct {
	name  string
	value int
}{
	{"opHeader", opHeader},
	{"opModel", opModel}, {"opTakeModel", opTakeModel}, {"opTool", opTool}, {"opTakeTool", opTakeTool},
	{"opString", opString}, {"opNumber", opNumber}, {"opBuffer", opBuffer}, {"opDrop", opDrop},
	{"opStepTimes", opStepTimes}, {"opFinish", opFinish}, {"opFlush", opFlush},
	{"opApprove", opApprove}, {"opTakeVote", opTakeVote},
	{"opDelta", opDelta}, {"opTakeDelta", opTakeDelta}, {"opAssembled", opAssembled}, {"opCloseStream", opCloseStream},
	{"opCount", opCount},

	{"qUser", qUser}, {"qAction", qAction}, {"qTool", qTool}, {"qToolFailed", qToolFailed},
	{"qModelStart", qModelStart}, {"qModelEnd", qModelEnd}, {"qToolStart", qToolStart},
	{"qToolEnd", qToolEnd}, {"qDone", qDone},
	{"qUserArgs", queuedArgs[qUser]}, {"qActionArgs", queuedArgs[qAction]}, {"qToolArgs", queuedArgs[qTool]},
	{"qToolFailedArgs", queuedArgs[qToolFailed]}, {"qModelStartArgs", queuedArgs[qModelStart]},
	{"qModelEndArgs", queuedArgs[qModelEnd]}, {"qToolStartArgs", queuedArgs[qToolStart]},
	{"qToolEndArgs", queuedArgs[qToolEnd]}, {"qDoneArgs", queuedArgs[qDone]},
	{"qAsked", qAsked}, {"qDecided", qDecided},
	{"qAskedArgs", queuedArgs[qAsked]}, {"qDecidedArgs", queuedArgs[qDecided]},
	{"decidedApproved", decidedApproved}, {"decidedEdited", decidedEdited}, {"decidedDenied", decidedDenied},
	{"decisionApprove", decisionApprove}, {"decisionEdit", decisionEdit}, {"decisionDeny", decisionDeny},
	{"decisionFailed", decisionFailed}, {"decisionUnit", decisionUnit},
	{"qDelta", qDelta}, {"qDeltaArgs", queuedArgs[qDelta]},
	{"qDropped", qDropped}, {"qReplaced", qReplaced}, {"qContext", qContext},
	{"qDroppedArgs", queuedArgs[qDropped]}, {"qReplacedArgs", queuedArgs[qReplaced]}, {"qContextArgs", queuedArgs[qContext]},

	{"kindNone", kindNone}, {"kindNotObject", kindNotObject}, {"kindNoType", kindNoType},
	{"kindOtherType", kindOtherType}, {"kindFinal", kindFinal}, {"kindTool", kindTool},
	{"kindCalls", kindCalls}, {"kindBadCalls", kindBadCalls}, {"kindThrew", kindThrew},
	{"kindExhausted", kindExhausted}, {"kindUnreadable", kindUnreadable},
	{"kindTooManyCalls", kindTooManyCalls}, {"kindOverBudget", kindOverBudget}, {"kindBroken", kindBroken},
	{"kindStream", kindStream},
	{"flagUsage", flagUsage}, {"payloadUnit", payloadUnit},

	{"entryUnknown", entryUnknown}, {"entryNoName", entryNoName}, {"entryNotObject", entryNotObject},
	{"entryBadArgs", entryBadArgs}, {"entryHasID", entryHasID}, {"entryUnreadable", entryUnreadable},
	{"entryToolUnit", entryToolUnit},

	{"deltaEnd", deltaEnd}, {"deltaText", deltaText}, {"deltaCall", deltaCall}, {"deltaBad", deltaBad},
	{"deltaThrew", deltaThrew}, {"deltaHasName", deltaHasName}, {"deltaHasID", deltaHasID},
	{"deltaLengthUnit", deltaLengthUnit},

	{"outcomeOK", outcomeOK}, {"outcomeFailed", outcomeFailed},

	{"strType", strType}, {"strContent", strContent}, {"strName", strName}, {"strID", strID},
	{"strDescribe", strDescribe}, {"strThrown", strThrown}, {"strUnreadable", strUnreadable},
	{"strBroken", strBroken}, {"strDeltaName", strDeltaName}, {"strDeltaID", strDeltaID},
	{"strDeltaProblem", strDeltaProblem},

	{"numInputTokens", numInputTokens}, {"numOutputTokens", numOutputTokens}, {"numEntry", numEntry},
	{"numBrokenStep", numBrokenStep}, {"numDeltaCall", numDeltaCall},

	{"rejectNone", rejectNone}, {"rejectAbort", rejectAbort}, {"rejectThrown", rejectThrown},

	{"maxCallsPerAction", agent.MaxCalls},
}

// phaseCode numbers the loop's phases for the engine, which names them
// with phaseNames (the same list, in the same order).
var phaseCode = func() map[agent.Phase]float64 {
	m := make(map[agent.Phase]float64)
	for i, p := range agent.Phases() {
		m[p] = float64(i)
	}
	return m
}()

// prelude declares the protocol's names as JavaScript constants;
// phaseNames, the names of the loop's phases by code; trimNames, the
// strategies of a context budget; and trimmedOutput, the placeholder of a
// replaced output.
func prelude() string {
	var b strings.Builder
	b.WriteString("\"use strict\";\nconst ")
	for i, c := range protocol {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.name + " = " + strconv.Itoa(c.value))
	}
	b.WriteString(";\nconst phaseNames = [")
	for i, p := range agent.Phases() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(string(p))) // a phase is a lowercase word: Go's quoting is JavaScript's
	}
	b.WriteString("];\nconst trimNames = [")
	for i, t := range agent.Trims() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(string(t))) // lowercase words too
	}
	b.WriteString("];\nconst trimmedOutput = " + strconv.Quote(agent.TrimmedOutput) + ";\n") // printable ASCII
	return b.String()
}

// engineSource is the body of the function that defines the engine: the
// prelude, then the files, which set the properties of its parameter
// exports.
func engineSource() string {
	var b strings.Builder
	b.WriteString(prelude())
	for _, f := range engineFiles {
		b.WriteString("\n// " + f.name + "\n" + f.source)
	}
	return b.String()
}
