package agenttest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// referenceLoop is agent.RunAgent in the shape of a Loop.
func referenceLoop(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
	fns := make(map[string]func(map[string]any) (string, error), len(tools))
	for name, tool := range tools {
		fns[name] = tool
	}
	return agent.RunAgent(func(messages []agent.Message) agent.Action {
		seen := make([]map[string]any, len(messages))
		for i, m := range messages {
			seen[i] = plain(m)
		}
		return agent.Map(model(seen))
	}, fns, userMsg, maxSteps)
}

// classicLoop is the classic exercise's run_agent, as a learner writes it.
func classicLoop(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
	return buggyLoop("")(model, tools, userMsg, maxSteps)
}

// buggyLoop returns the classic loop with the named bug ("" for none), the
// mistakes a learner makes.
func buggyLoop(bug string) Loop {
	return func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
		messages := []map[string]any{{"role": "user", "content": userMsg}}
		first, last := 0, maxSteps
		switch bug {
		case "steps <= max":
			last = maxSteps + 1
		case "steps from 1 < max":
			first = 1
		case "ignores max steps and final":
			last = 1 << 30
		}
		for step := first; step < last; step++ {
			seen := messages
			if bug == "drops the user message" {
				seen = messages[1:]
			}
			action := model(seen)
			if action["type"] == "final" && bug != "ignores max steps and final" {
				content, _ := action["content"].(string)
				return content
			}
			name, _ := action["name"].(string)
			if _, ok := action["args"]; !ok && bug == "fills in missing args on the action" {
				action["args"] = map[string]any{}
			}
			var args map[string]any
			switch bug {
			case "nil args for missing args":
				args, _ = action["args"].(map[string]any)
			case "asserts args":
				args = action["args"].(map[string]any)
			default:
				var ok bool
				if args, ok = action["args"].(map[string]any); !ok {
					args = map[string]any{}
				}
			}
			var output string
			if tool, ok := tools[name]; !ok {
				output = "error: unknown tool '" + name + "'"
				if bug == "unknown tool without quotes" {
					output = "error: unknown tool " + name
				}
			} else if out, err := tool(args); err != nil {
				output = "error: " + err.Error()
				switch bug {
				case "stops on a tool error":
					return output
				case "error without a space":
					output = "error:" + err.Error()
				}
			} else {
				output = out
			}
			if bug == "returns the first tool output" {
				return output
			}
			result := map[string]any{"role": "tool", "name": name, "content": output}
			switch bug {
			case "output instead of content":
				result = map[string]any{"role": "tool", "name": name, "output": output}
			case "tool message without a name":
				result = map[string]any{"role": "tool", "content": output}
			}
			switch bug {
			case "forgets the action":
				messages = append(messages, result)
			case "result before the action":
				messages = append(messages, result, action)
			case "rebuilds the action":
				rebuilt := map[string]any{"role": "assistant", "type": "tool", "name": name, "args": args}
				messages = append(messages, rebuilt, result)
			default:
				messages = append(messages, action, result)
			}
		}
		switch bug {
		case "stop text without the period":
			return "Stopped: reached max steps"
		case "empty result on max steps":
			return ""
		}
		return agent.MaxStepsText
	}
}

func TestReferenceLoopPasses(t *testing.T) { TestLoop(t, referenceLoop) }

func TestClassicLoopPasses(t *testing.T) { TestLoop(t, classicLoop) }

// caseNamed returns the case called name.
func caseNamed(t *testing.T, name string) Case {
	t.Helper()
	for _, c := range Cases() {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no case %q", name)
	return Case{}
}

// firstFailure returns the failure of the first case loop fails, or nil.
func firstFailure(loop Loop) error {
	for _, c := range Cases() {
		if err := check(c, loop); err != nil {
			return err
		}
	}
	return nil
}

func TestWrongLoopsFailWithTheFirstDifference(t *testing.T) {
	tests := []struct {
		bug  string
		want string // the failure TestLoop reports for the first case the loop fails
	}{
		{"forgets the action",
			`case "one tool then final": model call 2 saw 2 messages; the reference saw 3 (missing message 2 = {"role":"assistant","type":"tool","name":"add","args":{"a":2,"b":3}})`},
		{"result before the action",
			`case "one tool then final": model call 2 saw message 2 = {"role":"tool","name":"add","content":"5"}; the reference has {"role":"assistant","type":"tool","name":"add","args":{"a":2,"b":3}}`},
		{"steps <= max",
			`case "max steps 0 never calls the model": the loop made model call 1; the reference stopped before any model call and returned "Stopped: reached max steps."`},
		{"steps from 1 < max",
			`case "max steps 1 with a final": before any model call, the loop returned "Stopped: reached max steps."; the reference made model call 1`},
		{"stop text without the period",
			`case "max steps 0 never calls the model": the loop returned "Stopped: reached max steps"; the reference returned "Stopped: reached max steps."`},
		{"empty result on max steps",
			`case "max steps 0 never calls the model": the loop returned ""; the reference returned "Stopped: reached max steps."`},
		{"nil args for missing args",
			`case "missing args become {}": after model call 1, the loop called clock(null); the reference called clock({})`},
		{"asserts args",
			`case "unknown tool without args": after model call 1, the loop panicked (interface conversion: interface {} is nil, not map[string]interface {}); the reference made model call 2`},
		{"stops on a tool error",
			`case "tool fails then final": after model call 1, the loop returned "error: division by zero"; the reference made model call 2`},
		{"error without a space",
			`case "tool fails then final": model call 2 saw message 3 = {"role":"tool","name":"divide","content":"error:division by zero"}; the reference has {"role":"tool","name":"divide","content":"error: division by zero"}`},
		{"unknown tool without quotes",
			`case "unknown tool then final": model call 2 saw message 3 = {"role":"tool","name":"search","content":"error: unknown tool search"}; the reference has {"role":"tool","name":"search","content":"error: unknown tool 'search'"}`},
		{"output instead of content",
			`case "one tool then final": model call 2 saw message 3 = {"role":"tool","name":"add","output":"5"}; the reference has {"role":"tool","name":"add","content":"5"}`},
		{"rebuilds the action",
			`case "unknown tool without args": model call 2 saw message 2 = {"role":"assistant","type":"tool","name":"lookup","args":{}}; the reference has {"role":"assistant","type":"tool","name":"lookup"}`},
		{"ignores max steps and final",
			`case "final at once": the loop made model call 2; the reference stopped after model call 1 and returned "Hello! How can I help?" (the loop was stopped at model call 7)`},
	}
	for _, tt := range tests {
		t.Run(tt.bug, func(t *testing.T) {
			err := firstFailure(buggyLoop(tt.bug))
			require.Error(t, err, "the loop passed every case")
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

func TestWrongLoopFailureNamesCaseCallAndReference(t *testing.T) {
	tests := []struct {
		bug, caseName string
		want          []string
	}{
		{"rebuilds the action", "extra fields of a tool action are kept",
			[]string{`case "extra fields of a tool action are kept"`, "model call 2 saw message 2",
				`"call_id":"call_1"`, `"thought":"I should add."`}},
		{"unknown tool without quotes", "unknown tool named with a quote and spaces",
			[]string{"model call 2 saw message 3", `"error: unknown tool 'don't know'"`}},
		{"stops on a tool error", "tool fails and the loop goes on to another tool",
			[]string{`after model call 1, the loop returned "error: connection refused"; the reference made model call 2`}},
		{"steps <= max", "max steps 2 run out on tools",
			[]string{"the loop made model call 3", `returned "Stopped: reached max steps."`}},
		{"steps <= max", "default max steps run out",
			[]string{"the loop made model call 11; the reference stopped after model call 10"}},
		{"forgets the action", "long chain of 20 tools then final",
			[]string{"model call 2 saw 2 messages; the reference saw 3 (missing message 2 = "}},
		{"nil args for missing args", "extra fields of every action are kept",
			[]string{"after model call 2, the loop called add(null); the reference called add({})"}},
	}
	for _, tt := range tests {
		t.Run(tt.bug+"/"+tt.caseName, func(t *testing.T) {
			err := check(caseNamed(t, tt.caseName), buggyLoop(tt.bug))
			require.Error(t, err)
			for _, want := range tt.want {
				assert.Contains(t, err.Error(), want)
			}
		})
	}
}

func TestFailureQuotesBothResults(t *testing.T) {
	loop := func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
		classicLoop(model, tools, userMsg, maxSteps)
		return "The answer is \"5\"\n"
	}
	err := check(caseNamed(t, "one tool then final"), loop)
	require.Error(t, err)
	assert.Equal(t, `case "one tool then final": the loop returned "The answer is \"5\"\n"; the reference returned "The answer is 5."`, err.Error())
}

func TestFailureOfAToolTheReferenceDidNotCall(t *testing.T) {
	// The loop calls add once more before answering.
	loop := func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
		out := classicLoop(model, tools, userMsg, maxSteps)
		tools["add"](map[string]any{"a": 1})
		return out
	}
	err := check(caseNamed(t, "one tool then final"), loop)
	require.Error(t, err)
	assert.Equal(t, `case "one tool then final": after model call 2, the loop called add({"a":1}); the reference called no tool there and returned "The answer is 5."`, err.Error())
}

func TestFailureOfToolArgsComparesJSON(t *testing.T) {
	// Args that are equal as JSON pass, whatever their Go types.
	ints := func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
		wrapped := map[string]Tool{"add": func(args map[string]any) (string, error) {
			return tools["add"](map[string]any{"a": 2, "b": int64(3)})
		}}
		return classicLoop(model, wrapped, userMsg, maxSteps)
	}
	require.NoError(t, check(caseNamed(t, "one tool then final"), ints))

	strs := func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
		wrapped := map[string]Tool{"add": func(args map[string]any) (string, error) {
			return tools["add"](map[string]any{"a": "2", "b": 3})
		}}
		return classicLoop(model, wrapped, userMsg, maxSteps)
	}
	err := check(caseNamed(t, "one tool then final"), strs)
	require.Error(t, err)
	assert.Equal(t, `case "one tool then final": after model call 1, the loop called add({"a":"2","b":3}); the reference called add({"a":2,"b":3})`, err.Error())
}

func TestFailureOfAnExtraMessage(t *testing.T) {
	// The loop repeats the user's message after each tool output.
	loop := func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
		wrapped := func(messages []map[string]any) map[string]any {
			if len(messages) > 1 {
				messages = append(messages, messages[0])
			}
			return model(messages)
		}
		return classicLoop(wrapped, tools, userMsg, maxSteps)
	}
	err := check(caseNamed(t, "one tool then final"), loop)
	require.Error(t, err)
	assert.Equal(t, `case "one tool then final": model call 2 saw 4 messages; the reference saw 3 (extra message 4 = {"role":"user","content":"What is 2 + 3?"})`, err.Error())
}

func TestFailureOfAMissingToolCall(t *testing.T) {
	// The loop never calls a tool, and makes up its output.
	loop := func(model Model, _ map[string]Tool, userMsg string, maxSteps int) string {
		return classicLoop(model, nil, userMsg, maxSteps)
	}
	err := check(caseNamed(t, "one tool then final"), loop)
	require.Error(t, err)
	assert.Equal(t, `case "one tool then final": after model call 1, the loop made model call 2 without calling add({"a":2,"b":3}) as the reference did`, err.Error())
}

func TestPanicIsReportedWithTheEarlierDifference(t *testing.T) {
	// The loop drops the user's message, then panics.
	loop := func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
		model(nil)
		panic("oops")
	}
	err := check(caseNamed(t, "final at once"), loop)
	require.Error(t, err)
	assert.Equal(t, `case "final at once": after model call 1, the loop panicked (oops); before that, model call 1 saw 0 messages; the reference saw 1 (missing message 1 = {"role":"user","content":"Hi!"})`, err.Error())
}

func TestFailureSaysWhenFirstAndHowTheLoopEndedLast(t *testing.T) {
	// firstCallOnly makes model call 1 as the reference does, then ends.
	firstCallOnly := func(end func() string) Loop {
		return func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
			model([]map[string]any{{"role": "user", "content": userMsg}})
			return end()
		}
	}
	tests := []struct {
		name, caseName string
		loop           Loop
		want           string
	}{
		{"returns at once, as a stub does", "final at once",
			func(Model, map[string]Tool, string, int) string { return "" },
			`case "final at once": before any model call, the loop returned ""; the reference made model call 1`},
		{"panics at once", "final at once",
			func(Model, map[string]Tool, string, int) string { panic("not written yet") },
			`case "final at once": before any model call, the loop panicked (not written yet); the reference made model call 1`},
		{"returns where the reference calls a tool", "one tool then final",
			firstCallOnly(func() string { return "5" }),
			`case "one tool then final": after model call 1, the loop called no tool there and returned "5"; the reference called add({"a":2,"b":3})`},
		{"panics where the reference calls a tool", "one tool then final",
			firstCallOnly(func() string { panic("boom, again") }),
			`case "one tool then final": after model call 1, the loop called no tool there and panicked (boom, again); the reference called add({"a":2,"b":3})`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := check(caseNamed(t, tt.caseName), tt.loop)
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

func TestFailureCountsOneMessageInTheSingular(t *testing.T) {
	// keep returns the classic loop with each model call seeing only what
	// keep makes of the messages.
	keep := func(keep func([]map[string]any) []map[string]any) Loop {
		return func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
			return classicLoop(func(messages []map[string]any) map[string]any {
				return model(keep(messages))
			}, tools, userMsg, maxSteps)
		}
	}
	tests := []struct {
		name string
		loop Loop
		want string
	}{
		{"keeps only the user's message", keep(func(m []map[string]any) []map[string]any { return m[:1] }),
			`case "one tool then final": model call 2 saw 1 message; the reference saw 3 (missing message 2 = {"role":"assistant","type":"tool","name":"add","args":{"a":2,"b":3}})`},
		{"keeps only the last message", keep(func(m []map[string]any) []map[string]any { return m[len(m)-1:] }),
			`case "one tool then final": model call 2 saw message 1 = {"role":"tool","name":"add","content":"5"}; the reference has {"role":"user","content":"What is 2 + 3?"} (and the call saw 1 message; the reference saw 3)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := check(caseNamed(t, "one tool then final"), tt.loop)
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

func TestEveryFailureReadsAsASentence(t *testing.T) {
	// Whatever the loop and the case, when comes first and how the loop
	// ended last, never run into the quotes or the parentheses before it.
	bugs := []string{"steps <= max", "steps from 1 < max", "asserts args", "stops on a tool error",
		"forgets the action", "nil args for missing args", "ignores max steps and final"}
	loops := []Loop{
		func(Model, map[string]Tool, string, int) string { return "" },
		func(model Model, _ map[string]Tool, _ string, _ int) string { model(nil); panic("oops") },
	}
	for _, bug := range bugs {
		loops = append(loops, buggyLoop(bug))
	}
	var failures []string
	for _, loop := range loops {
		for _, c := range Cases() {
			if err := check(c, loop); err != nil {
				failures = append(failures, err.Error())
			}
		}
	}
	require.NotEmpty(t, failures)
	for _, f := range failures {
		assert.NotRegexp(t, `"[^"]*" (?:before|after) (?:any )?model call`, f)
		assert.NotRegexp(t, `\) (?:before|after) (?:any )?model call`, f)
		assert.NotRegexp(t, `panicked (?:before|after)`, f)
		assert.NotRegexp(t, `\b1 messages\b`, f)
	}
}

func TestModelPastTheScriptAnswersScriptExhausted(t *testing.T) {
	var answers []string
	loop := func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
		for range 3 {
			answers = append(answers, model(nil)["content"].(string))
		}
		return ""
	}
	err := check(caseNamed(t, "final at once"), loop)
	require.Error(t, err)
	assert.Equal(t, []string{"Hello! How can I help?", "(script exhausted)", "(script exhausted)"}, answers)
}

func TestModelStopsALoopThatNeverEnds(t *testing.T) {
	calls := 0
	loop := func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
		for {
			calls++
			model([]map[string]any{{"role": "user", "content": userMsg}})
		}
	}
	err := check(caseNamed(t, "one tool then final"), loop)
	require.Error(t, err)
	assert.Equal(t, 2+extraCalls+1, calls)
	assert.Contains(t, err.Error(), "(the loop was stopped at model call 8)")
}

func TestModelGivesFreshActions(t *testing.T) {
	// A loop that changes the actions it gets does not change the case.
	loop := func(model Model, tools map[string]Tool, userMsg string, maxSteps int) string {
		a := model(nil)
		a["content"] = "changed"
		return model(nil)["content"].(string)
	}
	c := caseNamed(t, "final at once")
	check(c, loop)
	check(c, loop)
	assert.Equal(t, "Hello! How can I help?", c.Script[0]["content"])
	assert.NoError(t, check(c, classicLoop))
}

func TestShowOrdersTheKeysOfAMessage(t *testing.T) {
	assert.Equal(t, `{"role":"assistant","type":"tool","name":"add","args":{"a":1,"b":2},"content":"x","extra":1,"id":"c"}`,
		show(canonical(map[string]any{"id": "c", "content": "x", "extra": 1, "args": map[string]any{"b": 2, "a": 1},
			"name": "add", "type": "tool", "role": "assistant"})))
	assert.Equal(t, `null`, show(canonical(map[string]any(nil))))
	assert.Equal(t, `"<b>&</b>"`, canonical("<b>&</b>"), "HTML is not escaped")
}

func TestCasesCoverEveryRule(t *testing.T) {
	cases := Cases()
	require.GreaterOrEqual(t, len(cases), 40)

	names := map[string]bool{}
	var unknownTool, failThenMore, steps0, steps1, maxStepsText, defaultSteps, emptyArgs, extraFields bool
	for _, c := range cases {
		assert.False(t, names[c.Name], "duplicate case name %q", c.Name)
		names[c.Name] = true
		assert.NotEmpty(t, c.Name)
		ex := c.Expect
		assert.LessOrEqual(t, len(ex.ModelCalls), c.MaxSteps, c.Name)
		assert.LessOrEqual(t, len(ex.ModelCalls), len(c.Script), "case %q: the script is too short", c.Name)

		// The run ended with a final answer or with the steps run out.
		if n := len(ex.ModelCalls); n > 0 && c.Script[n-1]["type"] == "final" {
			assert.Equal(t, c.Script[n-1]["content"], ex.Result, c.Name)
		} else {
			assert.Equal(t, c.MaxSteps, n, c.Name)
			assert.Equal(t, agent.MaxStepsText, ex.Result, c.Name)
			maxStepsText = true
		}

		// The classic loop can pass: no ids on tool calls, no parallel calls.
		for _, a := range c.Script {
			if a["type"] == "tool" {
				assert.NotContains(t, a, "id", c.Name)
				assert.NotContains(t, a, "calls", c.Name)
			}
			for k := range a {
				if k != "role" && k != "type" && k != "name" && k != "args" && k != "content" {
					extraFields = true
				}
			}
		}
		for i, msgs := range ex.ModelCalls {
			require.NotEmpty(t, msgs, c.Name)
			assert.Equal(t, map[string]any{"role": "user", "content": c.UserMsg}, msgs[0], c.Name)
			for _, m := range msgs {
				if m["role"] == "tool" {
					assert.NotContains(t, m, "id", c.Name)
					content := m["content"].(string)
					unknownTool = unknownTool || strings.HasPrefix(content, "error: unknown tool '")
					if spec, ok := c.Tools[m["name"].(string)]; ok && spec.Fails != "" && i+1 < len(ex.ModelCalls) {
						failThenMore = failThenMore || content == "error: "+spec.Fails
					}
				}
			}
		}
		for _, tc := range ex.ToolCalls {
			action := c.Script[tc.Step-1]
			if _, ok := action["args"]; !ok {
				assert.Equal(t, map[string]any{}, tc.Args, c.Name)
				emptyArgs = true
			}
		}
		steps0 = steps0 || c.MaxSteps == 0
		steps1 = steps1 || c.MaxSteps == 1
		defaultSteps = defaultSteps || c.DefaultMaxSteps
		if c.DefaultMaxSteps {
			assert.Equal(t, agent.DefaultMaxSteps, c.MaxSteps)
		}
	}
	assert.True(t, unknownTool, "no case with an unknown tool")
	assert.True(t, failThenMore, "no case with a failing tool and more model calls after it")
	assert.True(t, steps0, "no case with maxSteps 0")
	assert.True(t, steps1, "no case with maxSteps 1")
	assert.True(t, maxStepsText, "no case that runs out of steps")
	assert.True(t, defaultSteps, "no case with the default max steps")
	assert.True(t, emptyArgs, "no case with an action lacking args")
	assert.True(t, extraFields, "no case with extra fields on an action")
}

func TestCasesRoundTripThroughJSON(t *testing.T) {
	assertJSONRoundTrip(t, Cases())
}

// assertJSONRoundTrip checks that v decodes from its JSON as it was, so
// that other runtimes reading the cases' JSON get every field.
func assertJSONRoundTrip[T any](t *testing.T, v T) {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	var back T
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, v, back)
}

func TestCaseJSONFieldNames(t *testing.T) {
	c := caseNamed(t, "one tool then final")
	b, err := json.Marshal(c)
	require.NoError(t, err)
	assert.JSONEq(t, `{
		"name": "one tool then final",
		"userMsg": "What is 2 + 3?",
		"maxSteps": 5,
		"defaultMaxSteps": false,
		"script": [
			{"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 3}},
			{"role": "assistant", "type": "final", "content": "The answer is 5."}
		],
		"tools": {"add": {"returns": "5"}},
		"expect": {
			"modelCalls": [
				[{"role": "user", "content": "What is 2 + 3?"}],
				[{"role": "user", "content": "What is 2 + 3?"},
				 {"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 3}},
				 {"role": "tool", "name": "add", "content": "5"}]
			],
			"toolCalls": [{"step": 1, "name": "add", "args": {"a": 2, "b": 3}}],
			"result": "The answer is 5."
		}
	}`, string(b))

	zero := caseNamed(t, "max steps 0 never calls the model")
	b, err = json.Marshal(zero.Expect)
	require.NoError(t, err)
	assert.JSONEq(t, `{"modelCalls": [], "toolCalls": [], "result": "Stopped: reached max steps."}`, string(b))
}

func TestToolSpecJSON(t *testing.T) {
	for _, tt := range []struct {
		spec ToolSpec
		json string
	}{
		{ToolSpec{Returns: "5"}, `{"returns":"5"}`},
		{ToolSpec{}, `{"returns":""}`},
		{ToolSpec{Fails: "boom"}, `{"fails":"boom"}`},
	} {
		b, err := json.Marshal(tt.spec)
		require.NoError(t, err)
		assert.Equal(t, tt.json, string(b))
		var back ToolSpec
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, tt.spec, back)
	}
}

func TestCasesAreFreshCopies(t *testing.T) {
	cases := Cases()
	cases[0].Name = "changed"
	cases[0].Script[0]["content"] = "changed"
	cases[0].Expect.ModelCalls[0][0]["content"] = "changed"
	again := Cases()
	assert.Equal(t, "final at once", again[0].Name)
	assert.Equal(t, "Hello! How can I help?", again[0].Script[0]["content"])
	assert.Equal(t, "Hi!", again[0].Expect.ModelCalls[0][0]["content"])
}
