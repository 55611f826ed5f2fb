package agent_test

import (
	"context"
	"fmt"

	"agentloop.dev/agent"
)

// A model that streams returns a Stream: the run reports each delta as it
// arrives, with the arguments so far and what they still need to close,
// and acts on the action the deltas assemble into.
func ExampleStream() {
	model := agent.Script(
		agent.Streamed(
			agent.TextDelta("Adding. "),
			agent.CallDelta(0, "add", `{"a": 2, `),
			agent.CallDelta(0, "", `"b": 3}`),
		),
		agent.Streamed(agent.TextDelta("The answer "), agent.TextDelta("is 5.")),
	)
	add := func(_ context.Context, args any) (string, error) {
		m := args.(map[string]any) // decoded from JSON: numbers are float64
		return fmt.Sprint(m["a"].(float64) + m["b"].(float64)), nil
	}
	res, err := agent.Run(context.Background(), model, agent.Tools{"add": add}, "What is 2 + 3?",
		agent.OnEvent(func(e agent.Event) {
			if e.Kind == agent.EventDelta {
				fmt.Printf("step %d delta %d: %q (open %q)\n", e.Step, e.Index, e.SoFar, e.Open)
			}
		}))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Messages[2].Content, "/", res.Text)
	// Output:
	// step 1 delta 0: "Adding. " (open "")
	// step 1 delta 1: "{\"a\": 2, " (open "}")
	// step 1 delta 2: "{\"a\": 2, \"b\": 3}" (open "")
	// step 2 delta 0: "The answer " (open "")
	// step 2 delta 1: "The answer is 5." (open "")
	// 5 / The answer is 5.
}

// A stream whose arguments end unfinished is malformed output: the error
// names the step, the call and the byte at which the JSON stopped.
func ExampleStreamError() {
	model := agent.Script(agent.Streamed(agent.CallDelta(0, "add", `{"a": 2, "b`)))
	_, err := agent.Run(context.Background(), model, nil, "What is 2 + 3?")
	fmt.Println(err)
	// Output: step 1: malformed stream: the stream ended at byte 11 of the arguments of call 0 ("add"), inside a string in an object
}
