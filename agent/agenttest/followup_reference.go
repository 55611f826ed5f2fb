package agenttest

import (
	"context"
	"strconv"
	"unicode/utf8"

	"agentloop.dev/agent"
)

// referenceFollowUpLoop is agent.Run in the shape of a FollowUpLoop: the
// loop whose runs the follow-ups' expectations record.
func referenceFollowUpLoop(ctx context.Context, model FollowUpModel, tools map[string]FollowUpTool, userMsg string, opts Options) (Answer, error) {
	return runReference(ctx, model, tools, userMsg, opts)
}

// runReference is referenceFollowUpLoop with options of agent.Run's own
// added.
func runReference(ctx context.Context, model FollowUpModel, tools map[string]FollowUpTool, userMsg string, opts Options, more ...agent.Option) (Answer, error) {
	m := func(ctx context.Context, messages []agent.Message) (agent.Action, error) {
		seen := make([]map[string]any, len(messages))
		for i, msg := range messages {
			seen[i] = plain(msg)
		}
		reply, err := model(ctx, seen)
		if err != nil {
			return nil, err
		}
		switch a := reply.(type) {
		case nil:
			return nil, nil // the loop says the model returned no action
		case map[string]any:
			return agent.Map(a), nil
		default:
			return nil, agent.Malformed(agent.ProblemNotObject, describeValue(a))
		}
	}
	ts := make(agent.Tools, len(tools))
	for name, tool := range tools {
		ts[name] = func(ctx context.Context, args any) (string, error) {
			obj, _ := args.(map[string]any) // agent.Map reads args as one
			return tool(ctx, obj)
		}
	}
	res, err := agent.Run(ctx, m, ts, userMsg, append([]agent.Option{agent.MaxSteps(opts.MaxSteps), agent.ToolTimeout(opts.ToolTimeout)}, more...)...)
	ans := Answer{Text: res.Text, Usage: res.Usage, Messages: make([]map[string]any, len(res.Messages))}
	for i, msg := range res.Messages {
		ans.Messages[i] = plain(msg)
	}
	return ans, err
}

// describeValue says what a reply that is not an object is, as the
// playground's bridge says it of a JavaScript value: `string "hi"`,
// "number 42", "boolean true", "an array".
func describeValue(v any) string {
	switch v := v.(type) {
	case string:
		if utf8.RuneCountInString(v) > 40 {
			v = string([]rune(v)[:40]) + "..."
		}
		return "string " + strconv.Quote(v)
	case float64:
		return "number " + strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return "boolean " + strconv.FormatBool(v)
	case []any:
		return "an array"
	}
	return "an object"
}
