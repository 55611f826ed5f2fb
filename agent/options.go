package agent

import "time"

// DefaultMaxSteps is the number of model calls a run may make unless the
// MaxSteps option says otherwise.
const DefaultMaxSteps = 10

// An Option configures a run.
type Option func(*config)

type config struct {
	maxSteps    int
	observe     func(Event)
	toolTimeout time.Duration
	approve     Approver
	budget      int               // ContextBudget's tokens; 0 for none
	trim        Trim              // ContextBudget's strategy
	count       func(Message) int // CountTokens; nil for EstimateTokens
}

// MaxSteps sets how many model calls a run may make. Zero is valid: the
// model is never called and the run stops with MaxStepsText. A negative
// value is treated as zero.
func MaxSteps(n int) Option {
	return func(c *config) { c.maxSteps = max(n, 0) }
}

// OnEvent sets a function that observes the run as it goes: every appended
// message, every model and tool call (start and end) and the run's end. It
// is called from one goroutine at a time, in the order things happen, and
// should return quickly. Unlike a tool's, a panic in observe is not
// recovered: it is the caller's own code, and reaches the caller of Run.
func OnEvent(observe func(Event)) Option {
	return func(c *config) { c.observe = observe }
}

// ToolTimeout limits how long a single tool call may take. A call that
// takes longer gets the output "error: tool 'NAME' timed out after D", and
// the loop goes on without waiting for it; its context is canceled. Zero,
// the default, means no limit.
func ToolTimeout(d time.Duration) Option {
	return func(c *config) { c.toolTimeout = d }
}
