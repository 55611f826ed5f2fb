package agent_test

import (
	"context"
	"fmt"
	"strings"

	"agentloop.dev/agent"
)

// A context budget trims what each model call is sent, never the run's
// transcript: here the oldest exchanges go once the messages outgrow 60
// tokens (by EstimateTokens), and each call's event says what was left out.
func ExampleContextBudget() {
	page := func(context.Context, any) (string, error) { return strings.Repeat("text ", 20), nil } // 100 characters: 4 + 25 tokens
	model := agent.Script(
		agent.ToolCall("page", nil),
		agent.ToolCall("page", nil),
		agent.ToolCall("page", nil),
		agent.Final("Read three pages."),
	)
	res, _ := agent.Run(context.Background(), model, agent.Tools{"page": page}, "Read the pages.",
		agent.ContextBudget(60, agent.TrimExchanges),
		agent.OnEvent(func(e agent.Event) {
			if e.Kind == agent.EventContext {
				w := e.Window
				fmt.Printf("step %d: %d tokens, sent %d of %d, dropped %v\n", e.Step, w.Tokens, w.Sent, w.Budget, w.Dropped)
			}
		}))
	fmt.Println(len(res.Messages), "messages in the transcript")
	// Output:
	// step 1: 8 tokens, sent 8 of 60, dropped []
	// step 2: 43 tokens, sent 43 of 60, dropped []
	// step 3: 78 tokens, sent 43 of 60, dropped [1 2]
	// step 4: 113 tokens, sent 43 of 60, dropped [1 2 3 4]
	// 8 messages in the transcript
}

// TrimToolOutputs keeps every message and replaces the oldest outputs with
// a placeholder.
func ExampleTrimToolOutputs() {
	page := func(context.Context, any) (string, error) { return strings.Repeat("text ", 20), nil }
	model := agent.Script(agent.ToolCall("page", nil), agent.ToolCall("page", nil), agent.ToolCall("page", nil), agent.Final("Done."))
	agent.Run(context.Background(), func(ctx context.Context, msgs []agent.Message) (agent.Action, error) {
		if len(msgs) == 7 {
			for _, m := range msgs {
				if m.Role == agent.RoleTool {
					fmt.Println(len(m.Content), m.Content == agent.TrimmedOutput)
				}
			}
		}
		return model(ctx, msgs)
	}, agent.Tools{"page": page}, "Read the pages.", agent.ContextBudget(100, agent.TrimToolOutputs))
	// Output:
	// 42 true
	// 100 false
	// 100 false
}
