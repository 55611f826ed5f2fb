// Package agent runs the agent loop: the control flow that turns a language
// model into an agent.
//
// The loop keeps a list of messages that starts with the user's message. Each
// step it asks the model for an action. A final action ends the run with its
// content; a tool action names tools to call, and their outputs are appended
// for the model to read on the next step:
//
//	model := agent.Script(agent.ToolCall("add", map[string]any{"a": 2, "b": 3}), agent.Final("The answer is 5."))
//	res, err := agent.Run(ctx, model, agent.Tools{"add": add}, "What is 2 + 3?")
//	fmt.Println(res.Text) // The answer is 5.
//
// A run makes at most MaxSteps model calls (10 unless set) and then stops
// with [MaxStepsText]. A tool that is unknown, fails, panics or times out
// does not stop the run: its error becomes the tool's output, so the model
// can see it and recover. Malformed model output, a failing model and a
// canceled context do stop it, with a *[StepError] that names the step.
//
// Approve puts a person (or a policy) between the model and the tools: each
// call of a known tool waits for a Decision, to run as made, run with edited
// args, or be denied. A denied call still gets its tool message,
// DeniedText(reason), so that every call keeps its result and the model can
// recover.
//
// A model may stream: it returns a *[Stream] of deltas (text pieces, and
// pieces of tool calls keyed by call index), which Run reports as they
// arrive (EventDelta) and assembles into the action a model that does not
// stream would have returned, so every rule above holds for it unchanged.
//
// ContextBudget limits the tokens each model call is sent, as a model's
// context window does: when the messages outgrow it, the oldest tool
// outputs or whole exchanges are left out of the request (see Trim), never
// a call without its result, and the run's own transcript stays whole.
//
// OnEvent observes a run as it goes. Every Event names the Phase of the
// line of the loop that emitted it (a "// phase:" comment in loop.go), so a
// view can point at the line without guessing; the playground does.
//
// Actions, tool arguments and the model itself are interfaces and opaque
// values, so that a bridge to another runtime (JavaScript, in this project)
// can keep its own values as they are instead of converting them each step.
package agent
