package agenttest

// Model answers the messages so far with the next action, e.g.
// {"role": "assistant", "type": "tool", "name": "add", "args": map[string]any{"a": 2, "b": 3}}.
//
// The models TestLoop passes play a case's script: the k-th call returns
// a fresh copy of the script's k-th action, whatever the messages. A call
// past the script's end returns a final action with the content
// "(script exhausted)".
type Model func(messages []map[string]any) map[string]any

// Tool gets the call's args ({} when the action has none). A non-nil error
// is the failure the loop turns into the output "error: " + err.Error().
type Tool func(args map[string]any) (string, error)

// Loop is the classic exercise's run_agent, in Go.
//
// It starts the messages with {"role": "user", "content": userMsg} and calls
// model at most maxSteps times. A final action ends the run with its
// "content". A tool action is appended to the messages exactly as the model
// returned it, the tool it names is called with its "args" ({} when it has
// none), and the output is appended as {"role": "tool", "name": name,
// "content": output}: "error: unknown tool 'NAME'" for a tool not in tools,
// "error: " + err.Error() for a tool that fails. When the steps run out,
// the result is [agent.MaxStepsText].
type Loop func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string
