// The Go Exercise's words: the stub Your loop starts from, the same
// loop.go as the Go starter's (web/goexercise/starter/loop.go; a browser
// test holds the two alike).

export const GO_STUB = `package loop

import "agentloop.dev/agent/agenttest"

func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {
	// TODO
}
`;

// GO_RULES_LEVEL_1 are level 1's rules in Go, which GO_STUB leaves out
// (it is the file a learner fills in, as bare as the exercise's).
export const GO_RULES_LEVEL_1 = `Write the agent loop. Check runs RunAgent on every case of agenttest.Cases
(agenttest.TestLoop does the same with go test) and compares it with the
real loop (agent.Run):
- messages starts as [{"role": "user", "content": userMsg}];
- call model(messages) at most maxSteps times; it returns an action;
- a "final" action: return its "content";
- a "tool" action: call tools[name] with its "args" ({} when absent),
  then append the action exactly as returned and
  {"role": "tool", "name": name, "content": output};
- an unknown tool's output is "error: unknown tool 'NAME'", a tool that
  fails gives "error: " and its error, and the loop goes on;
- when the steps run out, return exactly "Stopped: reached max steps."`;

// GO_STUB_LEVEL_2 is the Go loop's start at level 2, the interviewer's
// follow-ups: an agenttest.FollowUpLoop, with the rules the follow-ups'
// cases check in the words of its doc (agent/agenttest/followup.go), the
// same file a learner tests locally with agenttest.TestFollowUps(t, RunAgent).
export const GO_STUB_LEVEL_2 = `package loop

// Level 2: the interviewer's follow-ups. Check runs RunAgent on each
// follow-up's cases (agenttest.TestFollowUps does the same with go test),
// and each follow-up passes or fails on its own.
// - async: pass ctx on to model(ctx, messages) and to every tool call.
//   A model that fails ends the run: "step N: model: " and its error.
// - parallel calls: a tool action names one call ("name", "args", "id")
//   or several ("calls": [{"name", "args", "id"}, ...]). Run the calls at
//   the same time (goroutines), then append one tool message per call,
//   in call order: {"role": "tool", "name": name, "content": output},
//   with "id" when the call has one.
// - malformed output ends the run with "step N: malformed action: " and
//   agent.MalformedError's words, one of
//   \`the model returned no action\`
//   \`the model returned string "hi", not an action object\` (or number 4,
//     boolean true, an array)
//   \`"type" is missing or not a string\`
//   \`type "x" is neither "final" nor "tool"\`
//   \`tool action has no string "name"\`
//   \`"args" of tool "add" is not an object\`
//   \`"calls" is not a list\`, \`"calls" is empty\`
//   and for entry 1 of "calls": \`calls[1]: \` and the call's problem,
//   or \`calls[1] is not an object\`.
// - tool timeout: a call slower than opts.ToolTimeout (0: none) gets the
//   output "error: tool 'NAME' timed out after 20ms" (D as time.Duration
//   prints it), and the loop goes on.
// - cancellation: check ctx before each model call and after a step's
//   tool messages are appended; once it is done, stop with "step N: "
//   and ctx.Err(), keeping the tool messages in the Answer's Messages.
// - token accounting: add each action's "usage" ({"input_tokens": n,
//   "output_tokens": m}, numbers as float64) to the Answer's Usage.
// Return the Answer {Text, Usage, Messages}: Text is the final "content",
// or "Stopped: reached max steps." when the steps run out.
// An unknown tool still gives "error: unknown tool 'NAME'", a failing tool
// "error: " and its error.

import (
	"context"

	"agentloop.dev/agent/agenttest"
)

func RunAgent(ctx context.Context, model agenttest.FollowUpModel, tools map[string]agenttest.FollowUpTool, userMsg string, opts agenttest.Options) (agenttest.Answer, error) {
	var ans agenttest.Answer
	ans.Messages = []map[string]any{{"role": "user", "content": userMsg}}
	// TODO
	ans.Text = "Stopped: reached max steps."
	return ans, nil
}
`;

// GO_HINTS are the Go loop's hints at level 1, from a nudge to nearly the
// answer.
export const GO_HINTS = [
  "Start with for range maxSteps { … }: it calls model(messages) once per turn, and with maxSteps 0 the model is never called.",
  'If action["type"] == "final", return its "content" (content, _ := action["content"].(string)). After the loop, return "Stopped: reached max steps." — with the period.',
  'For a tool action, append the action map itself, as the model returned it, then map[string]any{"role": "tool", "name": name, "content": output}: messages = append(messages, action, toolMsg).',
  "Look the tool up with tool, ok := tools[name]. Missing: the output is \"error: unknown tool '\" + name + \"'\". Read args with args, ok := action[\"args\"].(map[string]any), an empty map when !ok; a tool that returns an error gives \"error: \" + err.Error(), and the loop goes on.",
  `The whole turn:
action := model(messages)
if action["type"] == "final" { content, _ := action["content"].(string); return content }
name, _ := action["name"].(string)
args, ok := action["args"].(map[string]any)
if !ok { args = map[string]any{} }
var output string
if tool, ok := tools[name]; !ok { output = "error: unknown tool '" + name + "'" } else if out, err := tool(args); err != nil { output = "error: " + err.Error() } else { output = out }
messages = append(messages, action, map[string]any{"role": "tool", "name": name, "content": output})`,
];

// GO_HINTS_LEVEL_2 are the Go loop's hints at level 2.
export const GO_HINTS_LEVEL_2 = [
  "Hand ctx on: model(ctx, messages) and tool(ctx, args). A model error ends the run: return the Answer so far with fmt.Errorf(\"step %d: model: %w\", step, err).",
  "Before each model call, and again after a step's tool messages are appended, check ctx.Err(): when it is not nil, return the Answer (with its Messages) and fmt.Errorf(\"step %d: %w\", step, err).",
  "A tool action's calls are action[\"calls\"] ([]any of map[string]any), or the action itself when it has none. Run each in its own goroutine writing results[i], wait with a sync.WaitGroup, then append results in order: call order, whatever order they end in.",
  "For a timeout, give the tool ctx, cancel := context.WithTimeout(ctx, opts.ToolTimeout) and select on its result and ctx.Done(); a deadline gives the output fmt.Sprintf(\"error: tool '%s' timed out after %v\", name, opts.ToolTimeout).",
  'Add each action\'s usage before you look at its type: u, _ := action["usage"].(map[string]any); in, _ := u["input_tokens"].(float64); ans.Usage.InputTokens += int(in), and the same for output_tokens.',
];

// GO_STATEMENTS say what loop.go is at each level, above the editor.
export const GO_STATEMENTS = {
  1: "Write RunAgent in loop.go, the loop at the heart of an agent, in Go. Check compiles it with the real Go compiler, here in your browser, and runs it on every case of agenttest, comparing what the model sees and what your loop returns with what the real loop (agent.Run) did. Go starter downloads the same file with a test, to practise with go test.",
  2: "Level 2, the interviewer's follow-ups, in Go: RunAgent(ctx, model, tools, userMsg, opts) (agenttest.Answer, error), an agenttest.FollowUpLoop, passes ctx on, runs parallel calls at the same time, ends on malformed output, times slow tools out, stops once ctx is done and sums the usage. Check grades it with agenttest's own follow-up checker; each follow-up passes or fails on its own. The rules are in The rules of level 2, above loop.go.",
};
