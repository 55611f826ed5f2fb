package agenttest

import "strconv"

// An input is a case before the reference loop has run it.
type input struct {
	name     string
	userMsg  string
	maxSteps int // defaultSteps: the reference runs with its default
	script   []map[string]any
	tools    map[string]ToolSpec
}

// defaultSteps as an input's maxSteps runs the reference with its default.
const defaultSteps = -1

// act returns a tool action calling name with args, as the seed's model
// returns it.
func act(name string, args map[string]any) map[string]any {
	return map[string]any{"role": "assistant", "type": "tool", "name": name, "args": args}
}

// bare returns a tool action calling name without args.
func bare(name string) map[string]any {
	return map[string]any{"role": "assistant", "type": "tool", "name": name}
}

// final returns a final action answering content.
func final(content string) map[string]any {
	return map[string]any{"role": "assistant", "type": "final", "content": content}
}

// with returns a copy of action with the fields kv (key, value, ...) set;
// a nil value deletes the key.
func with(action map[string]any, kv ...any) map[string]any {
	a := make(map[string]any, len(action)+len(kv)/2)
	for k, v := range action {
		a[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == nil {
			delete(a, kv[i].(string))
		} else {
			a[kv[i].(string)] = kv[i+1]
		}
	}
	return a
}

// script lists actions.
func script(actions ...map[string]any) []map[string]any { return actions }

// times returns n copies of action, then the rest.
func times(n int, action map[string]any, rest ...map[string]any) []map[string]any {
	s := make([]map[string]any, 0, n+len(rest))
	for range n {
		s = append(s, action)
	}
	return append(s, rest...)
}

// counting returns n actions calling tool with {"i": 1}, {"i": 2}, ...,
// then the rest.
func counting(n int, tool string, rest ...map[string]any) []map[string]any {
	s := make([]map[string]any, 0, n+len(rest))
	for i := 1; i <= n; i++ {
		s = append(s, act(tool, map[string]any{"i": i}))
	}
	return append(s, rest...)
}

func returns(s string) ToolSpec { return ToolSpec{Returns: s} }
func fails(msg string) ToolSpec { return ToolSpec{Fails: msg} }

// addTools is the seed's tool set, with add's output fixed.
var addTools = map[string]ToolSpec{"add": returns("5")}

// inputs lists the cases, grouped by the rule they check. Each script is
// long enough for its run: every case ends with a final answer or with the
// steps run out, never with the model failing.
//
// No case gives a tool action an "id" or a "calls" list: the reference
// carries an action's id to its tool message and runs "calls" in parallel,
// which the classic exercise's loop does not do.
func inputs() []input {
	return []input{
		// A final action ends the run with its content.
		{name: "final at once", userMsg: "Hi!", maxSteps: 5,
			script: script(final("Hello! How can I help?"))},
		{name: "final at once with the default max steps", userMsg: "Hi!", maxSteps: defaultSteps,
			script: script(final("Hello!"))},
		{name: "final with an empty answer", userMsg: "Say nothing.", maxSteps: 3,
			script: script(final(""))},
		{name: "final ends the run before the rest of the script", userMsg: "Answer once.", maxSteps: 5,
			script: script(final("Once."), act("add", map[string]any{"a": 1, "b": 1}), final("Twice.")),
			tools:  addTools},
		{name: "final answer that looks like a tool error", userMsg: "Fail on purpose.", maxSteps: 3,
			script: script(final("error: I could not do it"))},
		{name: "final answer that reads like the stop text", userMsg: "Stop.", maxSteps: 3,
			script: script(final("Stopped: reached max steps."))},

		// A tool action: the action, then the tool's output, go to the model.
		{name: "one tool then final", userMsg: "What is 2 + 3?", maxSteps: 5,
			script: script(act("add", map[string]any{"a": 2, "b": 3}), final("The answer is 5.")),
			tools:  addTools},
		{name: "two different tools then final", userMsg: "Weather in Paris, in Fahrenheit?", maxSteps: 5,
			script: script(
				act("weather", map[string]any{"city": "Paris"}),
				act("convert", map[string]any{"celsius": 18, "to": "F"}),
				final("It is 64.4 °F in Paris.")),
			tools: map[string]ToolSpec{"weather": returns("18 °C, sunny"), "convert": returns("64.4")}},
		{name: "same tool twice with different args", userMsg: "Add 1 + 2, then 3 + 4.", maxSteps: 5,
			script: script(
				act("add", map[string]any{"a": 1, "b": 2}),
				act("add", map[string]any{"a": 3, "b": 4}),
				final("3 and 7.")),
			tools: addTools},
		{name: "tool output kept as is, spaces and newlines", userMsg: "List the files.", maxSteps: 3,
			script: script(act("ls", map[string]any{"dir": "."}), final("Two files.")),
			tools:  map[string]ToolSpec{"ls": returns("  a.txt\n  b.txt\n")}},
		{name: "tool returns an empty string", userMsg: "Clear the screen.", maxSteps: 3,
			script: script(act("clear", map[string]any{}), final("Done.")),
			tools:  map[string]ToolSpec{"clear": returns("")}},
		{name: "tool output that starts with error: is still an output", userMsg: "Read the log.", maxSteps: 3,
			script: script(act("tail", map[string]any{"lines": 1}), final("The disk is full.")),
			tools:  map[string]ToolSpec{"tail": returns("error: disk full")}},
		{name: "tools given but never called", userMsg: "Just chat.", maxSteps: 4,
			script: script(final("Chatting.")),
			tools:  map[string]ToolSpec{"add": returns("5"), "search": returns("nothing")}},

		// An unknown tool: its output is an error, and the run goes on.
		{name: "unknown tool then final", userMsg: "Search the web for Go.", maxSteps: 5,
			script: script(act("search", map[string]any{"q": "Go"}), final("I cannot search.")),
			tools:  addTools},
		{name: "unknown tool with no tools at all", userMsg: "Add 2 and 3.", maxSteps: 5,
			script: script(act("add", map[string]any{"a": 2, "b": 3}), final("I have no tools."))},
		{name: "unknown tool then a known one", userMsg: "What is 2 + 3?", maxSteps: 5,
			script: script(
				act("sum", map[string]any{"a": 2, "b": 3}),
				act("add", map[string]any{"a": 2, "b": 3}),
				final("5.")),
			tools: addTools},
		{name: "tool names are case-sensitive", userMsg: "What is 2 + 3?", maxSteps: 5,
			script: script(act("Add", map[string]any{"a": 2, "b": 3}), final("Add is unknown.")),
			tools:  addTools},
		{name: "unknown tool named with a quote and spaces", userMsg: "Use it.", maxSteps: 3,
			script: script(act("don't know", map[string]any{}), final("Unknown.")),
			tools:  addTools},
		{name: "unknown tool without args", userMsg: "Look it up.", maxSteps: 3,
			script: script(bare("lookup"), final("Unknown.")),
			tools:  addTools},

		// A failing tool: its output is "error: " and the message, and the
		// run goes on.
		{name: "tool fails then final", userMsg: "Divide 1 by 0.", maxSteps: 5,
			script: script(act("divide", map[string]any{"a": 1, "b": 0}), final("Cannot divide by zero.")),
			tools:  map[string]ToolSpec{"divide": fails("division by zero")}},
		{name: "tool fails and the loop goes on to another tool", userMsg: "Fetch the page.", maxSteps: 5,
			script: script(
				act("fetch", map[string]any{"url": "https://example.com"}),
				act("cache", map[string]any{"url": "https://example.com"}),
				final("From the cache: Example Domain.")),
			tools: map[string]ToolSpec{"fetch": fails("connection refused"), "cache": returns("Example Domain")}},
		{name: "tool fails every time it is called", userMsg: "Try three times.", maxSteps: 5,
			script: times(3, act("flaky", map[string]any{}), final("Gave up.")),
			tools:  map[string]ToolSpec{"flaky": fails("timeout")}},
		{name: "tool fails with quotes in its message", userMsg: "Open it.", maxSteps: 3,
			script: script(act("open", map[string]any{"path": "a b.txt"}), final("No such file.")),
			tools:  map[string]ToolSpec{"open": fails(`open "a b.txt": no such file or directory`)}},
		{name: "tool fails with a multi-line message", userMsg: "Run it.", maxSteps: 3,
			script: script(act("run", map[string]any{"cmd": "make"}), final("The build failed.")),
			tools:  map[string]ToolSpec{"run": fails("exit status 2\nmake: *** [all] Error 1")}},

		// Missing args are {}.
		{name: "missing args become {}", userMsg: "What time is it?", maxSteps: 3,
			script: script(bare("clock"), final("It is noon.")),
			tools:  map[string]ToolSpec{"clock": returns("12:00")}},
		{name: "missing args, then args", userMsg: "Roll twice.", maxSteps: 4,
			script: script(bare("roll"), act("roll", map[string]any{"sides": 20}), final("4 and 4.")),
			tools:  map[string]ToolSpec{"roll": returns("4")}},
		{name: "empty args stay {}", userMsg: "Ping.", maxSteps: 3,
			script: script(act("ping", map[string]any{}), final("Pong.")),
			tools:  map[string]ToolSpec{"ping": returns("pong")}},
		{name: "nested args passed untouched", userMsg: "Book it.", maxSteps: 3,
			script: script(act("book", map[string]any{
				"who":    map[string]any{"name": "Ada", "age": 36},
				"nights": []any{1, 2.5, -3},
				"late":   true,
				"note":   nil,
			}), final("Booked.")),
			tools: map[string]ToolSpec{"book": returns("ok")}},
		{name: "args with quotes, unicode and HTML", userMsg: "Translate it.", maxSteps: 3,
			script: script(act("translate", map[string]any{
				"text": `"<b>Grüße</b>" & 'こんにちは' 👋`,
				"to":   "en",
			}), final(`"Greetings" & 'hello' 👋`)),
			tools: map[string]ToolSpec{"translate": returns(`"<b>Greetings</b>" & 'hello' 👋`)}},

		// The action is appended exactly as the model returned it.
		{name: "extra fields of a tool action are kept", userMsg: "Think, then add.", maxSteps: 3,
			script: script(
				with(act("add", map[string]any{"a": 2, "b": 3}),
					"thought", "I should add.", "call_id", "call_1", "confidence", 0.9),
				final("5.")),
			tools: addTools},
		{name: "extra fields of every action are kept", userMsg: "Add twice.", maxSteps: 4,
			script: script(
				with(act("add", map[string]any{"a": 1, "b": 1}), "step", 1, "usage",
					map[string]any{"input_tokens": 10, "output_tokens": 3}),
				with(bare("add"), "step", 2, "tags", []any{"retry", nil}),
				with(final("Done."), "id", "msg_3")),
			tools: addTools},
		{name: "action without a role is appended as is", userMsg: "Add.", maxSteps: 3,
			script: script(
				map[string]any{"type": "tool", "name": "add", "args": map[string]any{"a": 2, "b": 3}},
				map[string]any{"type": "final", "content": "5."}),
			tools: addTools},
		{name: "action with another role is appended as is", userMsg: "Add.", maxSteps: 3,
			script: script(with(act("add", map[string]any{"a": 2, "b": 3}), "role", "model"), final("5.")),
			tools:  addTools},
		{name: "extra fields of an unknown tool's action are kept", userMsg: "Search.", maxSteps: 3,
			script: script(with(act("search", map[string]any{"q": "x"}), "reason", "to find x"), final("No search.")),
			tools:  addTools},

		// maxSteps bounds the model calls.
		{name: "max steps 0 never calls the model", userMsg: "Hi!", maxSteps: 0,
			script: script(final("Hello!"))},
		{name: "max steps 0 with tools", userMsg: "What is 2 + 3?", maxSteps: 0,
			script: script(act("add", map[string]any{"a": 2, "b": 3}), final("5.")),
			tools:  addTools},
		{name: "max steps 1 with a final", userMsg: "Hi!", maxSteps: 1,
			script: script(final("Hello!"))},
		{name: "max steps 1 with a tool", userMsg: "What is 2 + 3?", maxSteps: 1,
			script: script(act("add", map[string]any{"a": 2, "b": 3}), final("5.")),
			tools:  addTools},
		{name: "max steps 2 run out on tools", userMsg: "Keep adding.", maxSteps: 2,
			script: counting(3, "add", final("Done.")),
			tools:  addTools},
		{name: "max steps just enough for the final", userMsg: "Add twice.", maxSteps: 3,
			script: counting(2, "add", final("Done.")),
			tools:  addTools},
		{name: "max steps one short of the final", userMsg: "Add twice.", maxSteps: 2,
			script: counting(2, "add", final("Done.")),
			tools:  addTools},
		{name: "max steps larger than the run needs", userMsg: "What is 2 + 3?", maxSteps: 100,
			script: script(act("add", map[string]any{"a": 2, "b": 3}), final("5.")),
			tools:  addTools},
		{name: "default max steps run out", userMsg: "Count forever.", maxSteps: defaultSteps,
			script: counting(12, "count", final("Done.")),
			tools:  map[string]ToolSpec{"count": returns("ok")}},
		{name: "default max steps: final at the last step", userMsg: "Count to nine.", maxSteps: defaultSteps,
			script: counting(9, "count", final("Nine.")),
			tools:  map[string]ToolSpec{"count": returns("ok")}},
		{name: "steps run out on unknown tools", userMsg: "Search.", maxSteps: 3,
			script: times(4, act("search", map[string]any{"q": "x"})),
			tools:  addTools},
		{name: "steps run out on failing tools", userMsg: "Retry.", maxSteps: 3,
			script: times(4, bare("flaky")),
			tools:  map[string]ToolSpec{"flaky": fails("try again")}},

		// Long runs.
		{name: "long chain of 20 tools then final", userMsg: "Count to twenty.", maxSteps: 25,
			script: counting(20, "count", final("Twenty.")),
			tools:  map[string]ToolSpec{"count": returns("ok")}},
		{name: "long chain run out at 30 steps", userMsg: "Count to forty.", maxSteps: 30,
			script: counting(40, "count", final("Forty.")),
			tools:  map[string]ToolSpec{"count": returns("ok")}},
		{name: "known, unknown and failing tools in turn", userMsg: "Try everything.", maxSteps: 10,
			script: script(
				act("add", map[string]any{"a": 1, "b": 2}),
				act("search", map[string]any{"q": "3"}),
				act("divide", map[string]any{"a": 3, "b": 0}),
				bare("add"),
				act("search", map[string]any{}),
				bare("divide"),
				final("Some worked.")),
			tools: map[string]ToolSpec{"add": returns("3"), "divide": fails("division by zero")}},

		// Strings are kept exactly.
		{name: "user message with quotes", userMsg: `He said "hi" and 'bye' \ back`, maxSteps: 3,
			script: script(final(`"hi" and 'bye'`))},
		{name: "user message with newlines and tabs", userMsg: "line 1\nline 2\r\n\tindented", maxSteps: 3,
			script: script(act("echo", map[string]any{"text": "line 1\nline 2"}), final("Two lines.")),
			tools:  map[string]ToolSpec{"echo": returns("line 1\nline 2")}},
		{name: "user message with unicode and emoji", userMsg: "Wie spät ist es? 今何時？ 🕐", maxSteps: 3,
			script: script(act("zeit", map[string]any{"zone": "Europe/Zürich"}), final("Es ist 12 Uhr. 🕛")),
			tools:  map[string]ToolSpec{"zeit": returns("12:00 ✓")}},
		{name: "user message with HTML", userMsg: `<script>alert("x")</script> & <b>bold</b>`, maxSteps: 3,
			script: script(act("render", map[string]any{"html": "<p>a &amp; b</p>"}), final("<i>rendered</i> &lt;")),
			tools:  map[string]ToolSpec{"render": returns("<p>a & b</p>")}},
		{name: "empty user message", userMsg: "", maxSteps: 3,
			script: script(final("You said nothing."))},
		{name: "tool with a unicode name", userMsg: "Météo ?", maxSteps: 3,
			script: script(act("météo ☀", map[string]any{"ville": "Lyon"}), final("Il fait beau.")),
			tools:  map[string]ToolSpec{"météo ☀": returns("soleil")}},
		{name: "final answer with quotes, newlines, unicode and HTML", userMsg: "Format it.", maxSteps: 3,
			script: script(final("Here:\n\t\"<b>ok</b>\" & 'fine' → ✓ 🎉\n"))},
		{name: "long user message and output", userMsg: long("ask ", 200), maxSteps: 3,
			script: script(act("read", map[string]any{}), final("Read it.")),
			tools:  map[string]ToolSpec{"read": returns(long("text ", 300))}},
	}
}

// long repeats s, numbered, n times.
func long(s string, n int) string {
	b := make([]byte, 0, n*(len(s)+4))
	for i := range n {
		b = append(b, s...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, ' ')
	}
	return string(b)
}
