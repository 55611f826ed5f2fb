//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
)

// User code that tampers with the worker's realm (the built-ins, the
// browser's objects) before the worker's own code reads them can neither
// rewrite the Exercise's grade, nor take the worker's private port to
// speak for it, nor outgrow the run's memory budget.

// sloppyLoop calls the model with no messages at all: it passes 2 of
// agenttest's cases, however its record is tampered with.
const sloppyLoop = `function runAgent(model, tools, userMsg, maxSteps = 10) {
  for (let step = 0; step < maxSteps; step++) {
    const action = model([]);
    if (action.type === "final") return action.content;
  }
  return "Stopped: reached max steps.";
}`

// renamingPrelude puts setters on Array.prototype[0..255] that rename
// each entry the grader records, so that a comparison that skips kinds
// it does not know skips them all.
const renamingPrelude = `try {
  for (let i = 0; i < 256; i++) {
    Object.defineProperty(Array.prototype, i, { configurable: true, set(v) {
      if (v && typeof v === "object" && typeof v.kind === "string") v.kind = "renamed";
      Object.defineProperty(this, i, { value: v, writable: true, enumerable: true, configurable: true });
    } });
  }
} catch (err) {}
`

func TestPageExercisePrototypeSettersCannotRewriteTheGrade(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.openExercise()
	p.setEditor("loop-editor", renamingPrelude+sloppyLoop)
	summary := p.check()
	assert.Regexp(t, fmt.Sprintf(`^2 of %d cases pass`, casesCount()), summary,
		"a loop that only ever calls model([]) passes 2 cases; setters on Array.prototype must not turn its record into a pass")
	assert.Equal(t, casesCount()-2, len(p.failures()), "every case the loop fails is listed")
}

// portThief replaces MessageEvent.prototype.data so that the next message
// the page sends the worker hands it the event, and with it the port;
// onPort(port) then speaks for the worker.
func portThief(onPort string) string {
	return `try {
  const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data");
  Object.defineProperty(MessageEvent.prototype, "data", { configurable: true, get() {
    const port = this.target;
    if (port && typeof port.postMessage === "function" && !globalThis.stolenPort) {
      globalThis.stolenPort = port;
      (` + onPort + `)(port);
    }
    return data.get.call(this);
  } });
} catch (err) {}
`
}

// expectedRecords is, for each case, what the real loop did, in the form
// the worker reports a learner's loop (exercise/case-check.js's expectedTrace):
// a forged case_end with it would read as a pass.
func expectedRecords(t *testing.T) string {
	type entry struct {
		Kind     string           `json:"kind"`
		Call     int              `json:"call"`
		Messages []map[string]any `json:"messages,omitempty"`
		Name     string           `json:"name,omitempty"`
		Args     map[string]any   `json:"args,omitempty"`
	}
	type record struct {
		Trace []entry        `json:"trace"`
		End   map[string]any `json:"end"`
	}
	var records []record
	for _, c := range agenttest.Cases() {
		r := record{Trace: []entry{}, End: map[string]any{"call": len(c.Expect.ModelCalls), "result": c.Expect.Result}}
		calls := c.Expect.ToolCalls
		for i, messages := range c.Expect.ModelCalls {
			r.Trace = append(r.Trace, entry{Kind: "model", Call: i + 1, Messages: messages})
			for len(calls) > 0 && calls[0].Step == i+1 {
				r.Trace = append(r.Trace, entry{Kind: "tool", Call: i + 1, Name: calls[0].Name, Args: calls[0].Args})
				calls = calls[1:]
			}
		}
		records = append(records, r)
	}
	data, err := json.Marshal(records)
	require.NoError(t, err)
	return string(data)
}

func TestPageExerciseStolenPortCannotPostTheGrade(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.openExercise()
	// On the page's next message (Stop), a pass for every case, then the
	// check's end.
	thief := portThief(`(port) => {
    const records = ` + expectedRecords(t) + `;
    records.forEach((observed, index) => port.postMessage({ type: "case_end", index, observed }));
    port.postMessage({ type: "end", ok: true });
  }`)
	neverReturns := "async function runAgent(model, tools, userMsg, maxSteps = 10) {\n  model([{ role: \"user\", content: userMsg }]);\n  await new Promise(() => {});\n}"
	p.setEditor("loop-editor", thief+neverReturns)
	p.clickNamed("Check")
	waitFor[bool](p, waitTimeout, "Stop to be offered while the check runs",
		`document.querySelector("#check-stop").getAttribute("aria-disabled") === "false"`)
	p.clickNamed("Stop")
	summary := waitFor[string](p, waitTimeout, "the check to end after Stop",
		`(() => { const s = document.querySelector("#exercise-summary").textContent;
			return document.querySelector("#check").getAttribute("aria-disabled") !== "true" && / cases pass/.test(s) && s; })()`)
	assert.Regexp(t, fmt.Sprintf(`^0 of %d cases pass`, casesCount()), summary,
		"a loop that never returns passed cases: its code took the worker's port and posted the grade itself")
	assert.Contains(t, p.text("#exercise-banner"), "You stopped the check", "the check ends as the learner stopped it")
}

func TestPageStolenPortCannotHoldOffTheToolWatchdog(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.chooseExample("add")
	p.setValue("#time-limit", "500")
	// Once the page answers the model (Be the model), a stream of tool_end
	// events for the hung call, as if it had returned.
	thief := portThief(`(port) => {
    const fake = JSON.stringify([0, 1, 2].map((call) => ({ kind: "tool_end", step: 1, call, name: "add", content: "5", failed: false, ms: 1 })));
    setInterval(() => port.postMessage({ type: "events", json: fake, precise: true }), 50);
  }`)
	p.setEditor("tools-editor", thief+`const tools = {
  add: async () => {
    await new Promise((resolve) => setTimeout(resolve, 8000));
    return "late";
  },
};`)
	p.clickNamed("Be the model")
	p.waitAsked(1)
	start := time.Now()
	p.answerTool("add", `{"a": 2, "b": 3}`)
	v := p.waitBannerWithin(3 * waitTimeout)
	took := time.Since(start)
	assert.Equal(t, "timeout", v.Banner.Reason, "the banner's reason for a tool that hung; it said %q", v.Banner.Text)
	assert.Regexp(t, `tool 'add' at step 1 did not return within 500 ms`, v.Banner.Text, "the banner names the hung call and the limit")
	assert.Less(t, took, 5*time.Second, "the hung tool was stopped %v after the answer: events its code posted on the worker's port held the watchdog off", took)
	p.setValue("#time-limit", "2000")
	p.assertStillWorks(t)
}

// hugeArgsModel returns the same action, with 190 KB of args, at every
// step: before actions counted toward the memory budget, the page's
// renderer ran out of memory after some 12,000 steps.
const hugeArgsModel = `const blob = "x".repeat(190000);
const action = { type: "tool", name: "add", args: { a: 2, b: 3, blob } };
function model(messages) {
  return action;
}`

func TestPageModelWithHugeArgsEndsAtTheMemoryBudget(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.chooseExample("add")
	p.setEditor("model-editor", hugeArgsModel)
	p.setValue("#max-steps", "100000")
	p.setValue("#time-limit", "30000")
	v := p.waitBannerAfter(func() { p.click("#run") })
	require.Equal(t, "model_error", v.Banner.Reason, "the banner said %q", v.Banner.Text)
	assert.Contains(t, v.Banner.Text, "the transcript reached its budget of 268435456 bytes (maxTranscriptBytes)",
		"the run ends with the budget's error, naming it")
	assert.False(t, strings.Contains(v.Banner.Text, "crashed"), "the run ended as a crash: %q", v.Banner.Text)
	p.answersQuickly(answerTimeout, "after a run of huge actions")
	p.setValue("#max-steps", "10")
	p.setValue("#time-limit", "2000")
	p.assertStillWorks(t)
}
