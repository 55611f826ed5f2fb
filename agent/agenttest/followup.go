package agenttest

import (
	"context"
	"time"

	"agentloop.dev/agent"
)

// FollowUpModel is the model of level 2, the interviewer's follow-ups. It
// gets the loop's context and answers the messages so far with the next
// action, or fails.
//
// The models TestFollowUps passes play a case's script: the k-th call
// returns a fresh copy of the k-th reply's action, or fails with its
// error. The action is a JSON value as encoding/json decodes it: usually a
// map[string]any, but a malformed reply may be a string, a list or nil.
// Numbers are float64, the token counts of "usage" too.
type FollowUpModel func(ctx context.Context, messages []map[string]any) (action any, err error)

// FollowUpTool is a tool of level 2. It gets the context the loop gives
// the call and the call's args, and returns its output or fails. A tool
// that takes time returns as soon as ctx is done, with ctx's error.
type FollowUpTool func(ctx context.Context, args map[string]any) (string, error)

// Options configure a level-2 run.
type Options struct {
	// MaxSteps is how many model calls the run may make.
	MaxSteps int
	// ToolTimeout limits each tool call; 0 means no limit.
	ToolTimeout time.Duration
}

// An Answer is what a level-2 loop returns, with its error.
type Answer struct {
	// Text is the final answer, or agent.MaxStepsText; "" when the run
	// ended with an error.
	Text string
	// Usage sums the "usage" of every action the model returned.
	Usage agent.Usage
	// Messages is the transcript at the end of the run: the user's
	// message, every action appended and every tool message. The cases
	// of the cancellation follow-up check it.
	Messages []map[string]any
}

// FollowUpLoop is level 2 of the exercise: the classic [Loop] with what an
// interviewer asks next, the way agent.Run does it.
//
// It starts the messages with {"role": "user", "content": userMsg} and
// makes at most opts.MaxSteps model calls, passing ctx on to the model
// and the tools, and adding each action's "usage" ({"input_tokens": n,
// "output_tokens": m}) to the Answer's. It checks ctx before each model
// call and after each step's tool messages are appended: once ctx is
// done, the run stops with "step N: " and ctx's error, N the step under
// way (1 before the first model call), and the transcript keeps the tool
// messages. A model that fails stops the run with "step N: model: " and
// its error. A final action is appended and ends the run with its
// "content".
//
// A tool action names one tool ("name", "args", "id") or several
// ("calls": [{"name", "args", "id"}, ...]). The loop appends the action,
// runs its calls at the same time, and appends one tool message per call,
// in call order: {"role": "tool", "name": name, "content": output}, with
// "id" when the call has one. An unknown tool's output is "error: unknown
// tool 'NAME'", a failing tool's "error: " and its error, and a call that
// outlives opts.ToolTimeout "error: tool 'NAME' timed out after D" (D as
// time.Duration prints it); the run goes on.
//
// Output the loop cannot act on stops the run with "step N: " and the
// words of [agent.MalformedError]: a reply that is not an object, an
// action without a string "type" or of another type, a call without a
// string "name" or with "args" that are not an object, "calls" that is
// not a non-empty list of objects. When the steps run out, the Answer's
// Text is [agent.MaxStepsText].
type FollowUpLoop func(ctx context.Context, model FollowUpModel, tools map[string]FollowUpTool, userMsg string, opts Options) (Answer, error)
