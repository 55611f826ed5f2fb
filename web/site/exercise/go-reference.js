// "Compare with the reference" in Go: once a Go level passes, the classic
// RunAgent of agenttest's own examples beside the learner's loop.go. make
// build publishes the example files as text (agent/agenttest/example_test.go
// and example_followup_test.go, under exercise/go-reference/): the loop
// shown is read from them, one source, never a copy kept by hand.

// GO_REFERENCES name, per level, the published example file and the
// function in it that is the loop.
export const GO_REFERENCES = {
  1: { file: "example_test.go.txt", func: "runAgent" },
  2: { file: "example_followup_test.go.txt", func: "runAgentFollowUps" },
};

// extractLoop returns the part of a Go example file that is the loop: from
// the doc comment of func name to the last function before the file's
// first Example (the loop's helpers), without that Example's comment.
export function extractLoop(text, name) {
  const lines = String(text).split("\n");
  let start = lines.findIndex((l) => l.startsWith(`func ${name}(`));
  if (start < 0) throw new Error(`the example has no func ${name}`);
  while (start > 0 && lines[start - 1].startsWith("//")) start--;
  let end = lines.findIndex((l, i) => i > start && l.startsWith("func Example"));
  if (end < 0) end = lines.length;
  while (end > start && (lines[end - 1].startsWith("//") || lines[end - 1].trim() === "")) end--;
  return lines.slice(start, end).join("\n");
}

const loaded = new Map(); // level -> the promise of its loop's text

// loadGoReference resolves to level's reference loop, fetched once.
export function loadGoReference(level) {
  if (!loaded.has(level)) {
    const { file, func } = GO_REFERENCES[level];
    const text = fetch(new URL(`exercise/go-reference/${file}`, document.baseURI))
      .then((res) => {
        if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
        return res.text();
      })
      .then((t) => extractLoop(t, func));
    text.catch(() => loaded.delete(level)); // tried again at the next render
    loaded.set(level, text);
  }
  return loaded.get(level);
}

// GO_NOTES say, per level, where a Go loop that passes may still differ
// from agenttest's example in what matters.
export const GO_NOTES = {
  1: [
    "The reference appends the action map exactly as the model returned it, then the tool message: a map you build can drop fields the model sees again.",
    "Errors are words the model reads: \"error: unknown tool 'NAME'\" and \"error: \" + err.Error(), and the loop goes on.",
    'Args that are missing or not a map[string]any become an empty map, never nil: the tool gets map[string]any{}.',
    'It returns exactly "Stopped: reached max steps." when the steps run out; with maxSteps 0 the model is never called.',
  ],
  2: [
    "The reference checks ctx.Err() before each model call and again after a step's tool messages are appended: a cancel keeps the results of the tools that finished.",
    'Every error is wrapped as "step N: …" (fmt.Errorf with %w), and a failing model adds "model: "; the Answer\'s Messages come back beside the error.',
    "Each call runs in its own goroutine writing its own slot of results, so the tool messages go in call order whatever order the calls end in, each with the call's id.",
    "A tool's timeout is a context made from ctx (context.WithTimeoutCause), so a cancel of the run reaches the tool too; its output is \"error: tool 'NAME' timed out after D\" with D as time.Duration prints it.",
    "The example words malformed output with agent.Malformed; loop.go cannot import agent here, so it writes the same words itself. Usage is summed before the action's type is read.",
  ],
};
