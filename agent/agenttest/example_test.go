package agenttest_test

import (
	"fmt"

	"agentloop.dev/agent/agenttest"
)

// runAgent is a learner's agent loop: the classic exercise, in Go.
func runAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {
	messages := []map[string]any{{"role": "user", "content": userMsg}}
	for range maxSteps {
		action := model(messages)
		if action["type"] == "final" {
			content, _ := action["content"].(string)
			return content
		}
		name, _ := action["name"].(string)
		args, ok := action["args"].(map[string]any)
		if !ok {
			args = map[string]any{}
		}
		var output string
		if tool, ok := tools[name]; !ok {
			output = "error: unknown tool '" + name + "'"
		} else if out, err := tool(args); err != nil {
			output = "error: " + err.Error()
		} else {
			output = out
		}
		messages = append(messages, action, map[string]any{"role": "tool", "name": name, "content": output})
	}
	return "Stopped: reached max steps."
}

// A learner tests their loop in a test file of their own:
//
//	func TestRunAgent(t *testing.T) {
//		agenttest.TestLoop(t, runAgent)
//	}
//
// TestLoop runs it on every case of Cases, each a subtest. Outside a test,
// a case can be run by hand: its script is the model, its tools return or
// fail as it says, and the loop should return what the reference did.
func ExampleTestLoop() {
	var c agenttest.Case
	for _, c = range agenttest.Cases() {
		if c.Name == "one tool then final" {
			break
		}
	}
	k := 0
	model := func(messages []map[string]any) map[string]any {
		k++
		return c.Script[k-1]
	}
	tools := map[string]agenttest.Tool{}
	for name, spec := range c.Tools {
		tools[name] = func(map[string]any) (string, error) {
			if spec.Fails != "" {
				return "", fmt.Errorf("%s", spec.Fails)
			}
			return spec.Returns, nil
		}
	}
	fmt.Printf("case %q\n", c.Name)
	fmt.Printf("loop:      %q\n", runAgent(model, tools, c.UserMsg, c.MaxSteps))
	fmt.Printf("reference: %q\n", c.Expect.Result)
	// Output:
	// case "one tool then final"
	// loop:      "The answer is 5."
	// reference: "The answer is 5."
}

// The cases are plain data, for loops in other runtimes too.
func ExampleCases() {
	cases := agenttest.Cases()
	fmt.Println(len(cases), "cases")
	c := cases[0]
	fmt.Printf("%s: %q with maxSteps %d\n", c.Name, c.UserMsg, c.MaxSteps)
	fmt.Println("model call 1 saw", c.Expect.ModelCalls[0])
	fmt.Printf("the reference returned %q\n", c.Expect.Result)
	// Output:
	// 57 cases
	// final at once: "Hi!" with maxSteps 5
	// model call 1 saw [map[content:Hi! role:user]]
	// the reference returned "Hello! How can I help?"
}
