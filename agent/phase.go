package agent

// A Phase names a line of the loop: each "// phase: NAME" comment in
// loop.go marks one, and every Event carries the phase of the line that
// emitted it, so that a view can point at the line without guessing.
type Phase string

// The phases: the loop's own, in the order its source shows them, then
// those of options added later.
const (
	PhaseUser                Phase = "user"                  // the user's message starts the transcript
	PhaseCanceledBeforeModel Phase = "canceled_before_model" // the context was done before a model call
	PhaseModel               Phase = "model"                 // the model is called with the messages
	PhaseErrorModel          Phase = "error_model"           // the model failed (or the context ended during the call)
	PhaseAction              Phase = "action"                // the model's action is appended as returned
	PhaseFinal               Phase = "final"                 // a final action ends the run
	PhaseErrorCalls          Phase = "error_calls"           // a tool action's calls could not be read
	PhaseTool                Phase = "tool"                  // the tools are called
	PhaseResult              Phase = "result"                // a tool's output is appended
	PhaseCanceledAfterTools  Phase = "canceled_after_tools"  // the context was done after the tools returned
	PhaseErrorType           Phase = "error_type"            // the action's type is neither final nor tool
	PhaseMaxSteps            Phase = "max_steps"             // the steps ran out
	PhaseUnknownTool         Phase = "unknown_tool"          // a call names no tool
	PhaseToolError           Phase = "tool_error"            // a tool failed, panicked or timed out
	PhaseToolOutput          Phase = "tool_output"           // a tool returned its output
	PhaseApproval            Phase = "approval"              // the calls wait for the Approver's decisions (Approve)
	PhaseDenied              Phase = "denied"                // a denied call gets its denial as its output
	PhaseContext             Phase = "context"               // the messages of a model call are fitted to the ContextBudget
)

// Phases lists every phase, in the order of the lines of the loop's source
// for the first ones; phases added later are appended.
func Phases() []Phase {
	return []Phase{
		PhaseUser, PhaseCanceledBeforeModel, PhaseModel, PhaseErrorModel, PhaseAction,
		PhaseFinal, PhaseErrorCalls, PhaseTool, PhaseResult, PhaseCanceledAfterTools,
		PhaseErrorType, PhaseMaxSteps, PhaseUnknownTool, PhaseToolError, PhaseToolOutput,
		PhaseApproval, PhaseDenied, // appended, so that the numbers of the others stay
		PhaseContext,
	}
}
