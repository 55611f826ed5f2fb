package agent_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"agentloop.dev/agent"
)

// add is the seed's tool: it adds the numbers a and b.
func add(_ context.Context, args any) (string, error) {
	m := args.(map[string]any)
	a, okA := m["a"].(int)
	b, okB := m["b"].(int)
	if !okA || !okB {
		return "", errors.New("add wants integer a and b")
	}
	return strconv.Itoa(a + b), nil
}

// The seed's example: the model calls add, reads its output and answers.
func Example() {
	model := agent.Script(
		agent.ToolCall("add", map[string]any{"a": 2, "b": 3}),
		agent.Final("The answer is 5."),
	)
	res, err := agent.Run(context.Background(), model, agent.Tools{"add": add}, "What is 2 + 3?")
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Text)
	// Output: The answer is 5.
}

// RunAgent keeps the classic exercise's shape: functions in, a string out.
func ExampleRunAgent() {
	step := 0
	model := func(messages []agent.Message) agent.Action {
		step++
		if step == 1 {
			return agent.Map{"type": "tool", "name": "add", "args": map[string]any{"a": 2, "b": 3}}
		}
		return agent.Map{"type": "final", "content": "The answer is " + messages[len(messages)-1].Content + "."}
	}
	tools := map[string]func(map[string]any) (string, error){
		"add": func(args map[string]any) (string, error) {
			return strconv.Itoa(args["a"].(int) + args["b"].(int)), nil
		},
	}
	fmt.Println(agent.RunAgent(model, tools, "What is 2 + 3?", 10))
	// Output: The answer is 5.
}

// RunAgent takes this package's pieces too: a Script and Tools.
func ExampleRunAgent_script() {
	model := agent.Script(
		agent.ToolCall("add", map[string]any{"a": 2, "b": 3}),
		agent.Final("The answer is 5."),
	)
	fmt.Println(agent.RunAgent(model, agent.Tools{"add": add}, "What is 2 + 3?", 10))
	// Output: The answer is 5.
}

// Errors from tools reach the model as the tool's output.
func ExampleRun_toolErrors() {
	model := agent.Script(
		agent.ToolCall("divide", nil),
		agent.ToolCall("add", map[string]any{"a": "two"}),
		agent.Final("I could not do it."),
	)
	res, _ := agent.Run(context.Background(), model, agent.Tools{"add": add}, "Divide, then add.")
	for _, m := range res.Messages {
		if m.Role == agent.RoleTool {
			fmt.Println(m.Content)
		}
	}
	// Output:
	// error: unknown tool 'divide'
	// error: add wants integer a and b
}

// Events report each phase of the loop as it happens.
func ExampleOnEvent() {
	model := agent.Script(agent.ToolCall("add", map[string]any{"a": 2, "b": 3}), agent.Final("5"))
	agent.Run(context.Background(), model, agent.Tools{"add": add}, "2 + 3?",
		agent.OnEvent(func(e agent.Event) {
			switch e.Kind {
			case agent.EventMessage:
				fmt.Printf("step %d: %s message #%d\n", e.Step, e.Message.Role, e.Index)
			case agent.EventDone:
				fmt.Printf("done: %s after %d steps\n", e.Result.Reason, e.Result.Steps)
			default:
				fmt.Printf("step %d: %s\n", e.Step, e.Kind)
			}
		}))
	// Output:
	// step 0: user message #0
	// step 1: model_start
	// step 1: model_end
	// step 1: assistant message #1
	// step 1: tool_start
	// step 1: tool_end
	// step 1: tool message #2
	// step 2: model_start
	// step 2: model_end
	// step 2: assistant message #3
	// done: final after 2 steps
}

// A model that never answers is stopped when the steps run out.
func ExampleMaxSteps() {
	loop := func(context.Context, []agent.Message) (agent.Action, error) {
		return agent.ToolCall("add", map[string]any{"a": 1, "b": 1}), nil
	}
	res, _ := agent.Run(context.Background(), loop, agent.Tools{"add": add}, "Count forever.", agent.MaxSteps(3))
	fmt.Println(res.Text, res.Reason, res.Steps)
	// Output: Stopped: reached max steps. max_steps 3
}

// The calls of one tool action run at the same time; their outputs follow
// the action in the order of the calls, each with its call's id.
func ExampleParallelCalls() {
	model := agent.Script(
		agent.ParallelCalls(
			agent.Call{Name: "add", Args: map[string]any{"a": 2, "b": 3}, ID: "first"},
			agent.Call{Name: "add", Args: map[string]any{"a": 4, "b": 5}, ID: "second"},
		),
		agent.Final("5 and 9"),
	)
	res, _ := agent.Run(context.Background(), model, agent.Tools{"add": add}, "Add both.")
	for _, m := range res.Messages[2:4] {
		fmt.Printf("%s %s: %s\n", m.ID, m.Name, m.Content)
	}
	// Output:
	// first add: 5
	// second add: 9
}

// A tool that takes too long gets an error output, and the model goes on.
func ExampleToolTimeout() {
	slow := func(ctx context.Context, _ any) (string, error) {
		<-ctx.Done() // waits for the timeout
		return "", ctx.Err()
	}
	model := agent.Script(agent.ToolCall("slow", nil), agent.Final("It was too slow."))
	res, _ := agent.Run(context.Background(), model, agent.Tools{"slow": slow}, "Be quick.",
		agent.ToolTimeout(10*time.Millisecond))
	fmt.Println(res.Messages[2].Content)
	fmt.Println(res.Text)
	// Output:
	// error: tool 'slow' timed out after 10ms
	// It was too slow.
}

// Output the loop cannot act on ends the run with an error naming the step;
// the transcript keeps the action that caused it.
func ExampleStepError() {
	model := agent.Script(agent.ToolCall("add", map[string]any{"a": 1, "b": 1}), agent.Map{"type": "dance"})
	res, err := agent.Run(context.Background(), model, agent.Tools{"add": add}, "Dance.")
	var stepErr *agent.StepError
	if errors.As(err, &stepErr) && errors.Is(err, agent.ErrMalformed) {
		fmt.Println("malformed at step", stepErr.Step)
	}
	fmt.Println(err)
	fmt.Println(res.Reason, len(res.Messages))
	// Output:
	// malformed at step 2
	// step 2: malformed action: type "dance" is neither "final" nor "tool"
	// model_error 4
}
