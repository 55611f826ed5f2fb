package agent_test

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

func TestMaxStepsBoundsTheModelCalls(t *testing.T) {
	for _, c := range []struct {
		name      string
		opts      []agent.Option
		wantCalls int
	}{
		{"without the option the model gets ten calls", nil, 10},
		{"MaxSteps(3) allows three calls", []agent.Option{agent.MaxSteps(3)}, 3},
		{"MaxSteps(0) never calls the model", []agent.Option{agent.MaxSteps(0)}, 0},
		{"a negative MaxSteps never calls the model", []agent.Option{agent.MaxSteps(-5)}, 0},
		{"the last MaxSteps wins", []agent.Option{agent.MaxSteps(0), agent.MaxSteps(1)}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rec recorder
			model, calls := counted(forever)
			res, err := agent.Run(context.Background(), model, agent.Tools{"echo": echo}, "Go.", append(c.opts, agent.OnEvent(rec.observe))...)
			checkRun(t, res, err, rec.events)
			require.NoError(t, err)
			assert.EqualValues(t, c.wantCalls, calls.Load())
			assert.Equal(t, c.wantCalls, res.Steps)
			assert.Equal(t, agent.MaxStepsText, res.Text)
			assert.Equal(t, agent.StopMaxSteps, res.Reason)
			assert.Len(t, res.Messages, 1+2*c.wantCalls)
		})
	}
}

func TestUsageIsSummedFromEveryAction(t *testing.T) {
	for _, c := range []struct {
		name    string
		actions []agent.Action
		want    agent.Usage
	}{
		{"int counts", []agent.Action{
			agent.Map{"type": "tool", "name": "echo", "usage": map[string]any{"input_tokens": 5, "output_tokens": 1}},
			agent.Map{"type": "final", "usage": map[string]any{"input_tokens": 7, "output_tokens": 2}},
		}, agent.Usage{InputTokens: 12, OutputTokens: 3}},
		{"float64 counts, as JSON numbers decode", []agent.Action{
			agent.Map{"type": "tool", "name": "echo", "usage": map[string]any{"input_tokens": 5.0, "output_tokens": 1.0}},
			agent.Map{"type": "final", "usage": agent.Map{"input_tokens": 7.0, "output_tokens": 2.0}},
		}, agent.Usage{InputTokens: 12, OutputTokens: 3}},
		{"int64 counts and a missing one", []agent.Action{
			agent.Map{"type": "final", "usage": map[string]any{"input_tokens": int64(9)}},
		}, agent.Usage{InputTokens: 9}},
		{"actions without usage count nothing", []agent.Action{
			agent.Map{"type": "tool", "name": "echo"},
			agent.Map{"type": "final", "usage": "lots"},
		}, agent.Usage{}},
		{"usage that is not a number counts nothing", []agent.Action{
			agent.Map{"type": "final", "usage": map[string]any{"input_tokens": "5", "output_tokens": nil}},
		}, agent.Usage{}},
		{"the usage of a malformed action counts", []agent.Action{
			agent.Map{"type": "tool", "name": 5, "usage": map[string]any{"input_tokens": 4, "output_tokens": 4}},
		}, agent.Usage{InputTokens: 4, OutputTokens: 4}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, _ := agent.Run(context.Background(), agent.Script(c.actions...), agent.Tools{"echo": echo}, "Go.")
			require.NotNil(t, res)
			assert.Equal(t, c.want, res.Usage)
		})
	}
}

func TestScriptPlaysActionsInOrderThenFails(t *testing.T) {
	first, second := agent.Final("one"), agent.Final("two")
	model := agent.Script(first, second)
	for k, want := range []agent.Action{first, second} {
		got, err := model(context.Background(), nil)
		require.NoError(t, err)
		assert.Equal(t, want, got, "call %d", k+1)
	}
	_, err := model(context.Background(), nil)
	assert.EqualError(t, err, "script exhausted at step 3")
	_, err = agent.Script()(context.Background(), nil)
	assert.EqualError(t, err, "script exhausted at step 1", "an empty script fails at once")
}

func TestRunAgentKeepsTheSeedShape(t *testing.T) {
	add := map[string]func(map[string]any) (string, error){
		"add": func(args map[string]any) (string, error) {
			a, okA := args["a"].(int)
			b, okB := args["b"].(int)
			if !okA || !okB {
				return "", fmt.Errorf("add wants a and b, got %v", args)
			}
			return strconv.Itoa(a + b), nil
		},
	}
	lastTool := func(messages []agent.Message) agent.Action {
		return agent.Final("The answer is " + messages[len(messages)-1].Content + ".")
	}
	for _, c := range []struct {
		name     string
		actions  []agent.Action
		maxSteps int
		want     string
	}{
		{"the final answer is returned", []agent.Action{agent.ToolCall("add", map[string]any{"a": 2, "b": 3}), nil}, 10, "The answer is 5."},
		{"tools get {} without args", []agent.Action{agent.ToolCall("add", nil), nil}, 10, "The answer is error: add wants a and b, got map[]."},
		{"an unknown tool is reported to the model", []agent.Action{agent.ToolCall("mul", nil), nil}, 10, "The answer is error: unknown tool 'mul'."},
		{"max steps stops the run", []agent.Action{agent.ToolCall("add", nil), agent.ToolCall("add", nil)}, 2, "Stopped: reached max steps."},
		{"zero steps never calls the model", []agent.Action{agent.Final("unused")}, 0, "Stopped: reached max steps."},
		{"malformed output becomes an error text", []agent.Action{agent.Map{"type": "wave"}}, 10,
			`error: step 1: malformed action: type "wave" is neither "final" nor "tool"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			step := 0
			model := func(messages []agent.Message) agent.Action {
				step++
				if a := c.actions[step-1]; a != nil {
					return a
				}
				return lastTool(messages)
			}
			assert.Equal(t, c.want, agent.RunAgent(model, add, "Go.", c.maxSteps))
		})
	}
}

// point is an Action of the test's own, to show the loop keeps the very
// value the model returned.
type point struct {
	agent.Map
	secret int
}

func TestTheTranscriptKeepsTheModelsOwnActionValue(t *testing.T) {
	mine := &point{Map: agent.Final("mine"), secret: 42}
	res, err := agent.Run(context.Background(), agent.Script(mine), nil, "Go.")
	require.NoError(t, err)
	require.Len(t, res.Messages, 2)
	assert.Same(t, mine, res.Messages[1].Action)
	assert.Equal(t, "mine", res.Text)
}

func TestMapContentFormatsAnyValue(t *testing.T) {
	assert.Equal(t, "hi", agent.Map{"content": "hi"}.Content())
	assert.Equal(t, "", agent.Map{}.Content())
	assert.Equal(t, "42", agent.Map{"content": 42}.Content())
	assert.Equal(t, "[a b]", agent.Map{"content": []any{"a", "b"}}.Content())
}

func TestMapAppendCallsKeepsTheCallsGivenOnError(t *testing.T) {
	given := []agent.Call{{Name: "earlier"}}
	calls, err := agent.Map{"type": "tool", "calls": []any{map[string]any{"name": "ok"}, 5}}.AppendCalls(given)
	assert.ErrorIs(t, err, agent.ErrMalformed)
	assert.Equal(t, given, calls)
}

func TestStepErrorNamesTheStepAndUnwraps(t *testing.T) {
	err := error(&agent.StepError{Step: 4, Err: errBoom})
	assert.EqualError(t, err, "step 4: boom")
	assert.ErrorIs(t, err, errBoom)
	assert.Same(t, errBoom, errors.Unwrap(err))
}

// TestPhaseMarkersMatchPhaseConstants guards the "// phase:" comments the
// playground highlights: the markers and the Phase constants are a
// bijection, every marker sits in loop or callTool (the functions the page
// shows), and the marked line's code names the constant, so the event it
// emits carries the phase of that very line.
func TestPhaseMarkersMatchPhaseConstants(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "loop.go", nil, parser.ParseComments)
	require.NoError(t, err)
	src, err := os.ReadFile("loop.go")
	require.NoError(t, err)
	lines := strings.Split(string(src), "\n")
	shown := map[string]*ast.FuncDecl{}
	bodies := map[string]string{} // each function's source, by name
	for _, d := range file.Decls {
		if f, ok := d.(*ast.FuncDecl); ok {
			bodies[f.Name.Name] = string(src[fset.Position(f.Pos()).Offset:fset.Position(f.End()).Offset])
			if f.Name.Name == "loop" || f.Name.Name == "callTool" {
				shown[f.Name.Name] = f
			}
		}
	}
	// A capability's methods may live in a file of their own (approve.go).
	others, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, name := range others {
		if name == "loop.go" || strings.HasSuffix(name, "_test.go") {
			continue
		}
		other, err := os.ReadFile(name)
		require.NoError(t, err)
		f, err := parser.ParseFile(fset, name, other, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok {
				bodies[fn.Name.Name] = string(other[fset.Position(fn.Pos()).Offset:fset.Position(fn.End()).Offset])
			}
		}
	}
	// emits reports whether line names ident, or calls a method of the run
	// whose body does (the model and tool calls emit their own events).
	call := regexp.MustCompile(`r\.(\w+)\(`)
	emits := func(line, ident string) bool {
		if strings.Contains(line, ident) {
			return true
		}
		for _, m := range call.FindAllStringSubmatch(line, -1) {
			if strings.Contains(bodies[m[1]], ident) {
				return true
			}
		}
		return false
	}
	require.Len(t, shown, 2, "loop.go lacks loop or callTool")

	constants := phaseConstants(t)
	marker := regexp.MustCompile(`^// phase: (\w+)$`)
	found := map[string]bool{}
	for _, group := range file.Comments {
		for _, c := range group.List {
			m := marker.FindStringSubmatch(c.Text)
			if m == nil {
				continue
			}
			name, at := m[1], fset.Position(c.Pos())
			assert.False(t, found[name], "phase %s is marked twice (again at %s)", name, at)
			found[name] = true
			inside := false
			for _, f := range shown {
				inside = inside || (c.Pos() > f.Pos() && c.End() < f.End())
			}
			assert.True(t, inside, "phase %s at %s is outside loop and callTool", name, at)
			ident, ok := constants[name]
			if assert.True(t, ok, "phase %s at %s has no Phase constant", name, at) {
				assert.True(t, emits(lines[at.Line-1], ident), "the line marked %s does not emit %s: %s", name, ident, lines[at.Line-1])
			}
		}
	}
	for name, ident := range constants {
		assert.True(t, found[name], "%s (%q) marks no line of the loop", ident, name)
	}
	var listed []string
	for _, p := range agent.Phases() {
		listed = append(listed, string(p))
	}
	assert.ElementsMatch(t, listed, keys(constants), "Phases() lists other phases than the constants")
}

// phaseConstants maps each phase's value to its constant's name, read from
// phase.go.
func phaseConstants(t *testing.T) map[string]string {
	file, err := parser.ParseFile(token.NewFileSet(), "phase.go", nil, 0)
	require.NoError(t, err)
	out := map[string]string{}
	for _, d := range file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			for i, n := range v.Names {
				lit, ok := v.Values[i].(*ast.BasicLit)
				require.True(t, ok, "%s is not a string literal", n.Name)
				value, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				out[value] = n.Name
			}
		}
	}
	require.NotEmpty(t, out)
	return out
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestALongRunKeepsEveryMessageInOrder(t *testing.T) {
	// More messages than Run makes room for up front, so the list must grow.
	const steps = 3000
	model := func(_ context.Context, m []agent.Message) (agent.Action, error) {
		return agent.ToolCall("echo", map[string]any{"n": len(m)}), nil
	}
	echo := func(_ context.Context, args any) (string, error) {
		return strconv.Itoa(args.(map[string]any)["n"].(int)), nil
	}
	res, err := agent.Run(context.Background(), model, agent.Tools{"echo": echo}, "Count.", agent.MaxSteps(steps))
	require.NoError(t, err)
	require.Len(t, res.Messages, 2*steps+1, "the user message and two messages a step")
	for i := 2; i < len(res.Messages); i += 2 {
		// Step k's model saw 2k-1 messages; its tool echoed that count.
		if !assert.Equal(t, strconv.Itoa(i-1), res.Messages[i].Content, "tool message %d", i) {
			break
		}
	}
}

// RunAgent takes the package's own pieces as well as plain functions: a
// Script, Tools, and a Model written as a function literal.
func TestRunAgentTakesTheModelAndToolsOfRun(t *testing.T) {
	tools := agent.Tools{"add": func(_ context.Context, args any) (string, error) {
		m, _ := args.(map[string]any)
		a, _ := m["a"].(int)
		b, _ := m["b"].(int)
		return strconv.Itoa(a + b), nil
	}}
	script := func() agent.Model {
		return agent.Script(agent.ToolCall("add", map[string]any{"a": 2, "b": 3}), agent.Final("The answer is 5."))
	}
	assert.Equal(t, "The answer is 5.", agent.RunAgent(script(), tools, "What is 2 + 3?", 10), "a Script and Tools")
	assert.Equal(t, "The answer is 5.", agent.RunAgent(script(), map[string]agent.Tool(tools), "What is 2 + 3?", 10), "a map of Tool")
	failing := func(context.Context, []agent.Message) (agent.Action, error) { return nil, errors.New("no network") }
	assert.Equal(t, "error: step 1: model: no network", agent.RunAgent(failing, tools, "Hi.", 10), "a Model as a function literal, whose error becomes the text")
	assert.Equal(t, "Stopped: reached max steps.", agent.RunAgent(script(), tools, "What is 2 + 3?", 1), "the step limit holds")
}
