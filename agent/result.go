package agent

import (
	"strconv"
	"time"
)

// MaxStepsText is the result text of a run that used all its steps.
const MaxStepsText = "Stopped: reached max steps."

// StopReason says why a run ended.
type StopReason string

// The reasons a run ends.
const (
	StopFinal      StopReason = "final"       // the model gave a final answer
	StopMaxSteps   StopReason = "max_steps"   // the steps ran out
	StopModelError StopReason = "model_error" // the model failed or returned malformed output
	StopCanceled   StopReason = "canceled"    // the context was canceled
)

// Message roles.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
)

// A Message is one entry of a run's transcript.
type Message struct {
	Role    string // RoleUser, RoleAssistant or RoleTool
	Content string // the user's text, or the tool's output
	Name    string // the tool's name (RoleTool)
	ID      string // the call's id, when the action gave one (RoleTool)
	Action  Action // the action exactly as the model returned it (RoleAssistant)
	// Failed says the call failed (RoleTool): the tool is unknown, or it
	// returned an error, panicked or timed out. The loop sets it where it
	// knows, never from the text: a tool may return "error: ..." itself.
	Failed bool
	// Args are the args the tool ran with when an Approver edited them
	// (RoleTool); nil otherwise. The action keeps the model's own.
	Args any
}

// errorPrefix starts the output of a tool call that failed.
const errorPrefix = "error: "

// A Result is what a run produced. Every run returns one, however it ended,
// with the transcript so far.
type Result struct {
	// Text is the final answer, or MaxStepsText; empty when the run failed.
	Text string
	// Reason says why the run ended.
	Reason StopReason
	// Messages is the whole transcript, starting with the user's message.
	Messages []Message
	// Steps is the number of model calls made.
	Steps int
	// StepDurations holds how long each step took, from the model call to
	// the last tool output: one per step, the last one cut short when the
	// run ended within its step.
	StepDurations []time.Duration
	// Duration is how long the whole run took.
	Duration time.Duration
	// Usage sums the usage of every action that reported one.
	Usage Usage
}

// A StepError is the error of a run that ended early: it names the 1-based
// step at which it happened and wraps the cause (ErrMalformed, the model's
// error, or the context's).
type StepError struct {
	Step int   // the 1-based step
	Err  error // the cause
}

// Error returns "step N: " followed by the cause's text.
func (e *StepError) Error() string { return "step " + strconv.Itoa(e.Step) + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *StepError) Unwrap() error { return e.Err }
