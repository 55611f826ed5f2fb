//go:build js && wasm

package main

import (
	"syscall/js"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// approvalRun runs a model that asks for two deletions at once, then
// answers with what it read, under options.approve = approve (source).
// It returns the answer, the tool's calls and the events.
func approvalRun(t *testing.T, approve string) (string, js.Value, js.Value) {
	t.Helper()
	rec := jsEval(t, recorder)
	ran := jsEval(t, `[]`)
	js.Global().Set("approvalRan", ran)
	tools := jsEval(t, `{ delete: ({path}) => { approvalRan.push(path); return "deleted " + path; } }`)
	model := jsEval(t, `(m) => m.length === 1
		? {role: "assistant", type: "tool", calls: [{name: "delete", args: {path: "/"}, id: "c1"}, {name: "delete", args: {path: "/tmp"}, id: "c2"}]}
		: {role: "assistant", type: "final", content: m.slice(2).map((t) => t.content).join(" | ")}`)
	rec.Set("approve", jsEval(t, approve))
	answer := resolves(t, model, tools, "Free space.", rec)
	return answer, ran, rec.Get("events")
}

func TestApproveFromJavaScript(t *testing.T) {
	tests := []struct {
		name, approve, answer, ran string
		approvals                  []string
	}{{
		name:    "approve every call: the run is the run without approval",
		approve: `(c) => ({decision: "approve"})`,
		answer:  "deleted / | deleted /tmp", ran: `["/","/tmp"]`,
		approvals: []string{
			`approval_asked call 0 delete {"path":"/"} @approval`, `approved call 0 delete @approval`,
			`approval_asked call 1 delete {"path":"/tmp"} @approval`, `approved call 1 delete @approval`,
		},
	}, {
		name:    "deny one of two parallel calls, from a promise",
		approve: `async (c) => c.args.path === "/" ? {decision: "deny", reason: "not the root"} : {decision: "approve"}`,
		answer:  "error: denied: not the root | deleted /tmp", ran: `["/tmp"]`,
		approvals: []string{
			`approval_asked call 0 delete {"path":"/"} @approval`, `denied call 0 delete not the root @approval`,
			`approval_asked call 1 delete {"path":"/tmp"} @approval`, `approved call 1 delete @approval`,
		},
	}, {
		name:    "edit the args: the tool gets the edited ones",
		approve: `(c) => c.args.path === "/" ? {decision: "edit", args: {path: "/home/me/tmp"}} : {decision: "approve"}`,
		answer:  "deleted /home/me/tmp | deleted /tmp", ran: `["/home/me/tmp","/tmp"]`,
		approvals: []string{
			`approval_asked call 0 delete {"path":"/"} @approval`, `edited call 0 delete {"path":"/home/me/tmp"} @approval`,
			`approval_asked call 1 delete {"path":"/tmp"} @approval`, `approved call 1 delete @approval`,
		},
	}, {
		name:    "an approver that throws denies the call with its words",
		approve: `(c) => { throw new Error("no approver here"); }`,
		answer:  "error: denied: approval failed: no approver here | error: denied: approval failed: no approver here", ran: `[]`,
		approvals: []string{
			`approval_asked call 0 delete {"path":"/"} @approval`, `denied call 0 delete approval failed: no approver here @approval`,
			`approval_asked call 1 delete {"path":"/tmp"} @approval`, `denied call 1 delete approval failed: no approver here @approval`,
		},
	}, {
		name:    "an answer that is no decision denies the call",
		approve: `(c) => c.call === 0 ? true : {decision: "edit", args: 5}`,
		answer: `error: denied: approval failed: options.approve answered boolean true, not {decision: "approve" | "deny" | "edit"}` +
			" | error: denied: approval failed: edited args must be an object, got number 5", ran: `[]`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answer, ran, events := approvalRun(t, tt.approve)
			assert.Equal(t, tt.answer, answer, "what the model read")
			assert.Equal(t, tt.ran, jsJSON(ran), "the paths the tool deleted")
			if tt.approvals != nil {
				assert.Equal(t, tt.approvals, approvalSummary(events))
			}
		})
	}
}

// approvalSummary lists the approval events as "kind call I name
// detail @phase".
func approvalSummary(events js.Value) []string {
	summarize := js.Global().Call("eval", `(e) => {
		if (!["approval_asked", "approved", "edited", "denied"].includes(e.kind)) return "";
		let detail = "";
		if (e.kind === "approval_asked" || e.kind === "edited") detail = " " + JSON.stringify(e.args);
		if (e.kind === "denied") detail = " " + e.reason;
		if (e.kind !== "approval_asked" && typeof e.ms !== "number") detail += " (no ms)";
		return e.kind + " call " + e.call + " " + e.name + detail + " @" + e.phase;
	}`)
	var out []string
	for i := range events.Length() {
		if s := summarize.Invoke(events.Index(i)).String(); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func TestEditedCallsToolMessageRecordsItsArgs(t *testing.T) {
	_, _, events := approvalRun(t, `(c) => c.call === 0 ? {decision: "edit", args: {path: "/x"}} : {decision: "deny"}`)
	done := events.Index(events.Length() - 1)
	messages := done.Get("messages")
	assert.Equal(t, `{"role":"tool","name":"delete","content":"deleted /x","id":"c1","args":{"path":"/x"}}`, jsJSON(messages.Index(2)))
	assert.Equal(t, `{"role":"tool","name":"delete","content":"error: denied","id":"c2"}`, jsJSON(messages.Index(3)))
	assert.Equal(t, `{"path":"/"}`, jsJSON(messages.Index(1).Get("calls").Index(0).Get("args")), "the action stays as the model returned it")
}

func TestAbortEndsAPendingApprovalAtOnce(t *testing.T) {
	rec := jsEval(t, recorder)
	controller := jsEval(t, `new AbortController()`)
	rec.Set("signal", controller.Get("signal"))
	js.Global().Set("approvalController", controller)
	// The approver never answers; it aborts the run once asked.
	rec.Set("approve", jsEval(t, `(c) => { setTimeout(() => approvalController.abort(), 1); return new Promise(() => {}); }`))
	model := jsEval(t, `[{type: "tool", name: "delete", args: {path: "/"}}, {type: "final", content: "never"}]`)
	tools := jsEval(t, `{ delete: () => { throw new Error("the tool ran"); } }`)
	start := time.Now()
	s := rejects(t, model, tools, "Go.", rec)
	assert.Less(t, time.Since(start), 30*time.Second)
	assert.Equal(t, "AbortError: step 1: aborted", s.errorText())
	events := rec.Get("events")
	done := events.Index(events.Length() - 1)
	require.Equal(t, "done", done.Get("kind").String())
	assert.Equal(t, "canceled_after_tools", done.Get("phase").String())
	assert.Equal(t, `{"role":"tool","name":"delete","content":"error: denied: canceled"}`, jsJSON(done.Get("messages").Index(2)),
		"the call keeps its tool message")
	assert.Equal(t, []string{`approval_asked call 0 delete {"path":"/"} @approval`, `denied call 0 delete canceled @approval`}, approvalSummary(events))
}

func TestApproveMustBeAFunction(t *testing.T) {
	s := rejects(t, jsEval(t, `[]`), jsEval(t, `{}`), "Go.", jsEval(t, `{approve: "yes"}`))
	assert.Equal(t, `TypeError: runAgent: options.approve must be a function (call) => decision, got string "yes"`, s.errorText())
}
