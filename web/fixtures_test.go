//go:build !(js && wasm)

package main

import (
	"agentloop.dev/agent/agenttest"
)

// The code, run files and titles that tests in several files type in or
// expect.

// Editor sources the tests type in. The Model editor takes an array of
// scripted responses or a model(messages) function; the Tools editor an
// object of functions.
const (
	echoModel = `[
  {type: "tool", name: "echo", args: {}},
  {type: "final", content: "<b>done</b>"}
]`
	htmlTools = `{
  echo: () => "<img src=x onerror=alert(1)>",
}`
	// slowTools never answers within a test's life unless stopped.
	slowModel = `[
  {type: "tool", name: "wait", args: {}},
  {type: "final", content: "never shown"}
]`
	slowTools = `{
  wait: () => new Promise((resolve) => setTimeout(() => resolve("late"), 60000)),
}`
)

// correctLoop is the classic exercise's loop, written as a learner would.
const correctLoop = `function runAgent(model, tools, userMsg, maxSteps = 10) {
  const messages = [{ role: "user", content: userMsg }];
  for (let step = 0; step < maxSteps; step++) {
    const action = model(messages);
    if (action.type === "final") return action.content;
    const name = action.name;
    let output;
    if (!Object.hasOwn(tools, name)) {
      output = "error: unknown tool '" + name + "'";
    } else {
      try {
        output = tools[name](action.args ?? {});
      } catch (err) {
        output = "error: " + err.message;
      }
    }
    messages.push(action, { role: "tool", name, content: output });
  }
  return "Stopped: reached max steps.";
}`

// casesCount is how many cases the page should grade: agenttest's.
func casesCount() int { return len(agenttest.Cases()) }

// ownModel is code of the user's own, in no example.
const ownModel = "// my own model\n[{type: \"final\", content: \"mine\"}]\n"

const (
	addTitle   = "Add two numbers (the seed example)"
	chainTitle = "A chain of two tools"
)

// helloRunFile is a small valid run file: the model answers "Hello." at once.
const helloRunFile = `{"format": "agentloop-run", "version": 1,
	  "inputs": {"model": "[]", "tools": "{}", "userMsg": "Hi", "maxSteps": 3, "timeLimitMs": 2000},
	  "events": [
	    {"kind": "message", "role": "user", "step": 0, "index": 0, "message": {"role": "user", "content": "Hi"}},
	    {"kind": "model_start", "step": 1},
	    {"kind": "model_end", "step": 1, "ms": 1},
	    {"kind": "message", "role": "assistant", "step": 1, "index": 1, "message": {"role": "assistant", "type": "final", "content": "Hello."}},
	    {"kind": "done", "step": 1, "reason": "final", "text": "Hello.", "steps": 1, "ms": 2, "stepMs": [2]}
	  ]}`
