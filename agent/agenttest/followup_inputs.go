package agenttest

// A followUpInput is a case of a follow-up before the reference loop has
// run it.
type followUpInput struct {
	name          string
	userMsg       string
	maxSteps      int
	toolTimeoutMs int
	canceled      bool
	script        []Reply
	tools         map[string]ToolSpec
	checkMessages bool // the case checks the transcript the loop returns
}

// A followUpGroup is a follow-up before the reference loop has run it.
type followUpGroup struct {
	name, about string
	inputs      []followUpInput
}

// replies lists the model's replies, each an action.
func replies(actions ...any) []Reply {
	rs := make([]Reply, len(actions))
	for i, a := range actions {
		if r, ok := a.(Reply); ok {
			rs[i] = r
		} else {
			rs[i] = Reply{Action: a}
		}
	}
	return rs
}

// modelFails is a reply that fails with msg.
func modelFails(msg string) Reply { return Reply{Fails: msg} }

// parallel returns a tool action whose calls run at the same time.
func parallel(calls ...map[string]any) map[string]any {
	list := make([]any, len(calls))
	for i, c := range calls {
		list[i] = c
	}
	return map[string]any{"role": "assistant", "type": "tool", "calls": list}
}

// call returns one entry of "calls"; an empty id is left out.
func call(name string, args map[string]any, id string) map[string]any {
	c := map[string]any{"name": name, "args": args}
	if id != "" {
		c["id"] = id
	}
	return c
}

// usage returns the "usage" field of an action.
func usage(in, out int) map[string]any {
	return map[string]any{"input_tokens": in, "output_tokens": out}
}

// barrier is a tool that returns out once every barrier call of its
// action has started.
func barrier(out string) ToolSpec { return ToolSpec{Returns: out, Barrier: true} }

// slow is a tool that takes ms milliseconds, or less if its context is
// done first, and returns out.
func slow(out string, ms int) ToolSpec { return ToolSpec{Returns: out, DelayMs: ms} }

// stops is a tool that cancels the run and returns out.
func stops(out string) ToolSpec { return ToolSpec{Returns: out, Cancels: true} }

// slowMs is longer than any tool timeout of the cases by far, so that a
// call given a timeout always times out, and one whose context is
// canceled always sees it before it ends. A case with a timeout and a
// tool that returns at once gives it hundreds of milliseconds, so that
// even a loaded machine never times it out.
const slowMs = 1000

// followUpInputs lists the follow-ups and their cases. Each script is long
// enough for its run.
func followUpInputs() []followUpGroup {
	return []followUpGroup{
		{name: "async",
			about: "The model and the tools get the loop's ctx, and a model that fails stops the run with \"step N: model: \" and its error.",
			inputs: []followUpInput{
				{name: "model and tool get the loop's ctx", userMsg: "What is 2 + 3?", maxSteps: 5,
					script: replies(act("add", map[string]any{"a": 2, "b": 3}), final("The answer is 5.")),
					tools:  addTools},
				{name: "every call gets the loop's ctx", userMsg: "Weather in Paris, in Fahrenheit?", maxSteps: 5,
					script: replies(
						act("weather", map[string]any{"city": "Paris"}),
						act("convert", map[string]any{"celsius": 18, "to": "F"}),
						final("It is 64.4 °F in Paris.")),
					tools: map[string]ToolSpec{"weather": returns("18 °C, sunny"), "convert": returns("64.4")}},
				{name: "model fails at once", userMsg: "Hi!", maxSteps: 5,
					script: replies(modelFails("rate limited"))},
				{name: "model fails after a tool", userMsg: "What is 2 + 3?", maxSteps: 5,
					script: replies(act("add", map[string]any{"a": 2, "b": 3}), modelFails("connection reset")),
					tools:  addTools},
			}},
		{name: "parallel calls",
			about: "An action's \"calls\" run at the same time, and each gets a tool message, in call order, with the call's \"id\".",
			inputs: []followUpInput{
				{name: "two calls at the same time, with ids", userMsg: "Weather and time in Paris?", maxSteps: 5,
					script: replies(
						parallel(call("weather", map[string]any{"city": "Paris"}, "call_1"), call("clock", map[string]any{"city": "Paris"}, "call_2")),
						final("Sunny, at noon.")),
					tools: map[string]ToolSpec{"weather": barrier("18 °C, sunny"), "clock": barrier("12:00")}},
				{name: "known, unknown and failing calls at once", userMsg: "Try all three.", maxSteps: 5,
					script: replies(
						parallel(
							call("add", map[string]any{"a": 1, "b": 2}, "a"),
							call("search", map[string]any{"q": "3"}, "b"),
							call("divide", map[string]any{"a": 3, "b": 0}, "c")),
						final("One worked.")),
					tools: map[string]ToolSpec{"add": barrier("3"), "divide": {Fails: "division by zero", Barrier: true}}},
				{name: "tool messages in call order, not in the order calls end", userMsg: "Slow, then fast.", maxSteps: 5,
					script: replies(
						parallel(call("slow", map[string]any{}, "first"), call("fast", map[string]any{}, "second")),
						final("Both.")),
					tools: map[string]ToolSpec{"slow": {Returns: "slow done", Barrier: true, DelayMs: 200}, "fast": barrier("fast done")}},
				{name: "calls of the same tool, step after step", userMsg: "Add four numbers, two by two.", maxSteps: 5,
					script: replies(
						parallel(call("add", map[string]any{"a": 1, "b": 2}, "s1"), call("add", map[string]any{"a": 3, "b": 4}, "s2")),
						parallel(call("add", map[string]any{"a": 3, "b": 7}, "s3"), call("add", map[string]any{"a": 0, "b": 0}, "s4")),
						final("10.")),
					tools: map[string]ToolSpec{"add": barrier("sum")}},
				{name: "calls without ids get tool messages without ids", userMsg: "Look up both.", maxSteps: 5,
					script: replies(
						parallel(call("lookup", map[string]any{"q": "Ada"}, ""), call("lookup", map[string]any{"q": "Grace"}, "")),
						final("Found both.")),
					tools: map[string]ToolSpec{"lookup": barrier("found")}},
				{name: "a single call's id is carried to its tool message", userMsg: "What is 2 + 3?", maxSteps: 5,
					script: replies(with(act("add", map[string]any{"a": 2, "b": 3}), "id", "call_7"), final("5.")),
					tools:  addTools},
			}},
		{name: "malformed output",
			about: "Output the loop cannot act on ends the run with \"step N: \" and the words of agent.MalformedError.",
			inputs: []followUpInput{
				{name: "a string instead of an action", userMsg: "What is 2 + 3?", maxSteps: 5,
					script: replies("I will add 2 and 3.")},
				{name: "a list instead of an action at step 2", userMsg: "What is 2 + 3?", maxSteps: 5,
					script: replies(act("add", map[string]any{"a": 2, "b": 3}), []any{final("5.")}),
					tools:  addTools},
				{name: "no action at all", userMsg: "Hi!", maxSteps: 5,
					script: replies(nil)},
				{name: "no type", userMsg: "Hi!", maxSteps: 5,
					script: replies(map[string]any{"role": "assistant", "content": "Hello!"})},
				{name: "an unknown type", userMsg: "Think first.", maxSteps: 5,
					script: replies(map[string]any{"role": "assistant", "type": "think", "content": "Hmm."})},
				{name: "a tool action without a name", userMsg: "Add.", maxSteps: 5,
					script: replies(map[string]any{"role": "assistant", "type": "tool", "args": map[string]any{"a": 1}}),
					tools:  addTools},
				{name: "args that are not an object", userMsg: "What is 2 + 3?", maxSteps: 5,
					script: replies(with(act("add", nil), "args", "2 and 3")),
					tools:  addTools},
				{name: "a call without a name among parallel calls", userMsg: "Add twice.", maxSteps: 5,
					script: replies(parallel(call("add", map[string]any{"a": 1, "b": 2}, "x"), map[string]any{"args": map[string]any{}})),
					tools:  addTools},
				{name: "empty calls", userMsg: "Add nothing.", maxSteps: 5,
					script: replies(map[string]any{"role": "assistant", "type": "tool", "calls": []any{}}),
					tools:  addTools},
			}},
		{name: "tool timeout",
			about: "A call that outlives the tool timeout gets the output \"error: tool 'NAME' timed out after D\", and the loop goes on.",
			inputs: []followUpInput{
				{name: "a slow tool times out and the loop goes on", userMsg: "Fetch the page.", maxSteps: 5, toolTimeoutMs: 250,
					script: replies(act("fetch", map[string]any{"url": "https://example.com"}), final("The site is slow.")),
					tools:  map[string]ToolSpec{"fetch": slow("<html>", slowMs)}},
				{name: "a fast tool keeps its output", userMsg: "What is 2 + 3?", maxSteps: 5, toolTimeoutMs: 1000,
					script: replies(act("add", map[string]any{"a": 2, "b": 3}), final("5.")),
					tools:  addTools},
				{name: "one of two parallel calls times out", userMsg: "Fetch and add.", maxSteps: 5, toolTimeoutMs: 300,
					script: replies(
						parallel(call("fetch", map[string]any{"url": "https://example.com"}, "f"), call("add", map[string]any{"a": 2, "b": 3}, "g")),
						final("5, and the site is slow.")),
					tools: map[string]ToolSpec{"fetch": slow("<html>", slowMs), "add": returns("5")}},
				{name: "each call has its own timeout, step after step", userMsg: "Fetch twice.", maxSteps: 5, toolTimeoutMs: 250,
					script: replies(
						act("fetch", map[string]any{"url": "https://a.example"}),
						act("fetch", map[string]any{"url": "https://b.example"}),
						final("Both are slow.")),
					tools: map[string]ToolSpec{"fetch": slow("<html>", slowMs)}},
			}},
		{name: "cancellation",
			about: "Once ctx is done the run stops before the next model call with \"step N: \" and ctx's error, and the transcript keeps the results of the tools that ran.",
			inputs: []followUpInput{
				{name: "canceled before the run", userMsg: "Hi!", maxSteps: 5, canceled: true, checkMessages: true,
					script: replies(final("Hello!"))},
				{name: "a tool cancels: its output is kept, no model call follows", userMsg: "Deploy.", maxSteps: 5, checkMessages: true,
					script: replies(act("deploy", map[string]any{"env": "prod"}), final("Deployed.")),
					tools:  map[string]ToolSpec{"deploy": stops("deployed")}},
				{name: "canceled at step 2", userMsg: "Add, then deploy.", maxSteps: 5, checkMessages: true,
					script: replies(act("add", map[string]any{"a": 2, "b": 3}), act("deploy", map[string]any{}), final("Done.")),
					tools:  map[string]ToolSpec{"add": returns("5"), "deploy": stops("deployed")}},
				{name: "a parallel call cancels; the other ends with ctx's error", userMsg: "Deploy and wait.", maxSteps: 5, checkMessages: true,
					script: replies(
						parallel(call("deploy", map[string]any{}, "d"), call("wait", map[string]any{"s": 2}, "w")),
						final("Done.")),
					tools: map[string]ToolSpec{"deploy": stops("deployed"), "wait": slow("waited", slowMs)}},
			}},
		{name: "token accounting",
			about: "The Answer's Usage sums the \"usage\" of every action the model returned.",
			inputs: []followUpInput{
				{name: "usage of every action summed", userMsg: "What is 2 + 3?", maxSteps: 5,
					script: replies(
						with(act("add", map[string]any{"a": 2, "b": 3}), "usage", usage(10, 3)),
						with(final("5."), "usage", usage(20, 5))),
					tools: addTools},
				{name: "actions without usage count zero", userMsg: "Add twice.", maxSteps: 5,
					script: replies(
						with(act("add", map[string]any{"a": 1, "b": 1}), "usage", usage(7, 2)),
						act("add", map[string]any{"a": 2, "b": 2}),
						with(final("Done."), "usage", usage(1, 1))),
					tools: addTools},
				{name: "usage summed when the steps run out", userMsg: "Count.", maxSteps: 2,
					script: replies(
						with(act("count", map[string]any{"i": 1}), "usage", usage(100, 10)),
						with(act("count", map[string]any{"i": 2}), "usage", usage(200, 20)),
						with(final("Done."), "usage", usage(1000, 1000))),
					tools: map[string]ToolSpec{"count": returns("ok")}},
				{name: "a parallel action's usage counts once", userMsg: "Weather and time?", maxSteps: 5,
					script: replies(
						with(parallel(call("weather", map[string]any{}, "w"), call("clock", map[string]any{}, "c")), "usage", usage(12, 4)),
						with(final("Sunny, noon."), "usage", usage(30, 6))),
					tools: map[string]ToolSpec{"weather": returns("sunny"), "clock": returns("12:00")}},
			}},
	}
}
