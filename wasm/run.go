//go:build js && wasm

package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"agentloop.dev/agent"
	"github.com/hack-pad/safejs"
)

// A run is one runAgent call in flight: agent.Run in a goroutine of its
// own, and its engine on the JavaScript side.
type run struct {
	b       *bridge
	id      int
	engine  safejs.Value // (...strings) → number | object, running the op in the shared array
	grow    safejs.Value // (n) → a Uint8Array over a new shared array of n floats
	resolve safejs.Value
	reject  safejs.Value
	ctx     context.Context
	cancel  context.CancelFunc
	events  bool     // the caller gave onEvent
	names   []string // the tools' names, by index
	budget  float64  // maxTranscriptBytes
	// toolTimeout says the run has a ToolTimeout: agent.Run then stops
	// waiting for a tool call once its ctx is done.
	toolTimeout bool

	// mu serializes calls to the engine, and guards what they share: the
	// queue of ops for the engine and the byte buffer. Parallel tool calls
	// run in goroutines of their own.
	mu       sync.Mutex
	ops      []float64 // [n, op, a, b, queued ops...] for the engine's next call
	strs     []any     // the queued ops' strings
	jsOps    safejs.Value
	jsOpsCap int // floats
	buf      []byte
	jsBuf    safejs.Value // the engine's byte buffer
	jsBufLen int

	// The model's and the observer's state: they run on the loop's
	// goroutine.
	latest     int  // the action code of the latest action
	parallel   bool // the latest action has a "calls" list
	toolMsgs   int  // tool messages appended since it
	modelCalls int
	done       *agent.Event
	// With a context budget: the messages counted so far, and the step
	// of the model call the next count is for.
	counted  int
	nextStep int

	waitMu sync.Mutex
	waits  map[int]chan struct{}
}

// startRun is the Go side of runAgent: it makes the run's engine, which
// checks the arguments, and starts the run, which settles the promise
// (resolve, reject) later. args: resolve, reject, model, tools, userMsg,
// maxStepsOrOptions.
func (b *bridge) startRun(_ safejs.Value, args []safejs.Value) any {
	if len(args) != 6 {
		return nil // only run-agent.js calls start
	}
	resolve, reject := args[0], args[1]
	r := &run{b: b, resolve: resolve, reject: reject, waits: make(map[int]chan struct{})}
	defer func() {
		if v := recover(); v != nil {
			b.remove(r.id)
			r.fail(fmt.Sprintf("runAgent: internal error: %v", v))
		}
	}()
	r.ctx, r.cancel = context.WithCancel(context.Background())
	b.add(r)
	s, err := r.startEngine(args[2], args[3], args[4], args[5])
	if s == nil || err != nil {
		b.remove(r.id)
		r.cancel()
		if err != nil {
			r.fail((&internalError{err}).Error())
		}
		return nil
	}
	if s.aborted {
		r.cancel()
	}
	r.events, r.names, r.budget, r.toolTimeout = s.events, s.names, s.budget, s.toolTimeout > 0
	opts := []agent.Option{agent.MaxSteps(s.maxSteps), agent.OnEvent(r.observe)}
	if s.toolTimeout > 0 {
		opts = append(opts, agent.ToolTimeout(s.toolTimeout))
	}
	if s.approve {
		opts = append(opts, agent.Approve(r.approve))
	}
	if s.contextBudget > 0 {
		opts = append(opts, agent.ContextBudget(s.contextBudget, s.trim), agent.CountTokens(r.countTokens))
	}
	tools := make(agent.Tools, len(s.names))
	for i, name := range s.names {
		tools[name] = r.tool(i)
	}
	go r.run(tools, s.userMsg, opts)
	return nil
}

// startEngine makes the run's engine. It returns a nil spec when the
// engine rejected the arguments.
func (r *run) startEngine(model, tools, userMsg, options safejs.Value) (*spec, error) {
	made, err := r.b.factory.Invoke(model, tools, userMsg, options, r.b.wakeFunc.Value(), r.id, r.resolve, r.reject)
	if err != nil || made.IsNull() {
		return nil, err
	}
	s, err := readSpec(made)
	if err != nil {
		return nil, err
	}
	for _, v := range []struct {
		to   *safejs.Value
		name string
	}{{&r.engine, "engine"}, {&r.grow, "grow"}, {&r.jsOps, "ops"}} {
		if *v.to, err = made.Get(v.name); err != nil {
			return nil, err
		}
	}
	if r.jsOpsCap, err = r.jsOps.Length(); err != nil {
		return nil, err
	}
	r.jsOpsCap /= 8
	r.ops = make([]float64, opHeader, 64)
	if r.jsBuf, err = r.call(opBuffer, 0, 0); err != nil {
		return nil, err
	}
	r.jsBufLen, err = r.jsBuf.Length()
	return s, err
}

// run runs the loop and settles the promise.
func (r *run) run(tools agent.Tools, userMsg string, opts []agent.Option) {
	defer r.b.remove(r.id)
	defer r.cancel()
	defer func() {
		if v := recover(); v != nil {
			r.fail(fmt.Sprintf("runAgent: internal error: %v", v))
		}
	}()
	res, err := agent.Run(r.ctx, r.model, tools, userMsg, opts...)
	r.finish(res, err)
	if len(res.Messages) >= collectAfter {
		// The transcript is garbage now. WebAssembly memory never shrinks,
		// so collecting it before the next run allocates keeps back-to-back
		// long runs from growing the heap (measured, 100k-step runs: 66 MB
		// with this, 98 MB without).
		res = nil
		runtime.GC()
	}
}

// collectAfter is the transcript length from which a run's end collects
// garbage at once.
const collectAfter = 1 << 14

// fail rejects the promise without the engine, for when the bridge itself
// broke.
func (r *run) fail(msg string) {
	_, _ = r.reject.Invoke(r.b.newError(msg))
}

// jsMessage is the message of a JavaScript error, without the words
// syscall/js adds.
func jsMessage(err error) string {
	return strings.TrimPrefix(err.Error(), "JavaScript error: ")
}

// errorText is what an error of the loop reads as in JavaScript, in a
// model_end event: the agent's words, except for the errors the bridge
// makes itself, which the agent took for the model's.
func errorText(err error) string {
	if budget, ok := errors.AsType[*budgetError](err); ok {
		return budget.Error()
	}
	if broken, ok := errors.AsType[*brokenError](err); ok {
		return broken.Error()
	}
	if internal, ok := errors.AsType[*internalError](err); ok {
		return internal.Error()
	}
	return err.Error()
}

// rejection is the message and the kind of the run's rejection for err,
// which ended the run at step.
func rejection(step int, err error) (string, int) {
	if errors.Is(err, context.Canceled) {
		return "step " + strconv.Itoa(step) + ": aborted", rejectAbort
	}
	if broken, ok := errors.AsType[*brokenError](err); ok {
		return "step " + strconv.Itoa(broken.step) + ": " + broken.Error(), rejectPlain
	}
	if _, ok := errors.AsType[*thrownError](err); ok {
		return err.Error(), rejectThrown
	}
	if stepErr, ok := errors.AsType[*agent.StepError](err); ok {
		return "step " + strconv.Itoa(stepErr.Step) + ": " + errorText(stepErr.Err), rejectPlain
	}
	return errorText(err), rejectPlain
}

// finish queues the done op, with the data of the agent's EventDone, and
// settles the promise.
func (r *run) finish(res *agent.Result, err error) {
	e := r.done
	if e == nil { // the agent always reports done; this keeps the promise honest if not
		e = &agent.Event{Kind: agent.EventDone, Phase: agent.PhaseErrorModel, Step: res.Steps, Duration: res.Duration, Result: res, Err: err}
	}
	message, kind := "", rejectNone
	if err != nil {
		step := e.Step
		if stepErr, ok := errors.AsType[*agent.StepError](err); ok {
			step = stepErr.Step
		}
		message, kind = rejection(step, err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.events {
		ms := make([]float64, len(res.StepDurations))
		for i, d := range res.StepDurations {
			ms[i] = milliseconds(d)
		}
		if view, err := r.call(opStepTimes, len(ms), 0); err == nil {
			_, _ = safejs.CopyBytesToJS(view, float64Bytes(ms))
		}
	}
	r.queue(qDone, phaseCode[e.Phase], float64(e.Step), float64(res.Steps), milliseconds(e.Duration),
		float64(res.Usage.InputTokens), float64(res.Usage.OutputTokens), float64(kind))
	r.strs = append(r.strs, string(res.Reason), res.Text)
	if kind != rejectNone {
		r.strs = append(r.strs, message)
	}
	if _, err := r.call(opFinish, 0, 0); err != nil {
		r.fail((&internalError{err}).Error())
	}
}

// observe is the agent's OnEvent: it mirrors each appended message into
// the JavaScript messages array and, when the caller gave onEvent, each
// event. Both go into the queue; the engine applies it at its next call,
// before anything else runs in JavaScript, so JavaScript sees them in order
// and in time.
func (r *run) observe(e agent.Event) {
	if !r.events && e.Kind != agent.EventMessage && e.Kind != agent.EventDone && e.Kind != agent.EventContext {
		return // nobody listens: no event is built
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	phase, step := phaseCode[e.Phase], float64(e.Step)
	switch e.Kind {
	case agent.EventMessage:
		r.pushMessage(phase, e)
		r.nextStep = e.Step + 1
	case agent.EventContext:
		// The engine builds the request from these before the model call,
		// and reports it when the caller listens.
		w := e.Window
		for _, i := range w.Dropped {
			r.queue(qDropped, phase, step, float64(i))
		}
		for _, i := range w.Replaced {
			r.queue(qReplaced, phase, step, float64(i))
		}
		r.queue(qContext, phase, step, float64(w.Tokens), float64(w.Sent), float64(w.Budget))
	case agent.EventDelta:
		r.observeDelta(e)
	case agent.EventModelStart:
		r.queue(qModelStart, phase, step)
	case agent.EventModelEnd:
		r.queue(qModelEnd, phase, step, milliseconds(e.Duration), flag(e.Err != nil))
		if e.Err != nil {
			r.strs = append(r.strs, errorText(e.Err))
		}
	case agent.EventToolStart:
		r.queue(qToolStart, phase, step, float64(e.Call))
	case agent.EventToolEnd:
		// The engine holds the output of a call that did not fail; Go
		// holds the text of one that did.
		r.queue(qToolEnd, phase, step, float64(e.Call), milliseconds(e.Duration), flag(e.Failed))
		if e.Failed {
			r.strs = append(r.strs, e.Content)
		}
		if r.parallel {
			// The other calls may go on for long, and the queue would
			// wait for them: hand this end over now.
			_, _ = r.call(opFlush, 0, 0) // a failing engine fails the next call too
		}
	case agent.EventApprovalAsked:
		r.queue(qAsked, phase, step, float64(e.Call))
	case agent.EventApproved, agent.EventEdited, agent.EventDenied:
		r.queue(qDecided, phase, step, float64(e.Call), milliseconds(e.Duration), decided[e.Kind])
		if e.Kind == agent.EventDenied {
			r.strs = append(r.strs, e.Reason)
		}
	case agent.EventDone:
		done := e // a copy, so that e itself stays on the stack
		r.done = &done
	}
}

// countTokens is the run's agent.CountTokens: the engine counts each
// message with options.countTokens or the default estimate. The agent
// counts each message once, in order, and the placeholder of a replaced
// output once, as a tool message without a name whose content is
// agent.TrimmedOutput: no message of the bridge's is one (Go holds no
// content of a tool call that returned, and one that failed says
// "error: ..."), so the two are told apart here.
func (r *run) countTokens(m agent.Message) int {
	i := -1
	if m.Role != agent.RoleTool || m.Name != "" || m.Content != agent.TrimmedOutput {
		i = r.counted
		r.counted++
	}
	n, err := r.float(opCount, i, r.nextStep)
	if err != nil {
		return 0 // the engine failed: its next call, the model's, fails too
	}
	return agent.ClampCount(n)
}

func (r *run) pushMessage(phase float64, e agent.Event) {
	step, index := float64(e.Step), float64(e.Index)
	switch m := e.Message; m.Role {
	case agent.RoleUser:
		r.queue(qUser, phase, step, index)
	case agent.RoleAssistant:
		r.parallel = r.latest&kindMask == kindCalls
		r.toolMsgs = 0
		r.queue(qAction, phase, step, index)
	case agent.RoleTool:
		i := r.toolMsgs // tool messages come in call order
		r.toolMsgs++
		if m.Failed { // the agent's words: unknown tool, an error, a timeout
			r.queue(qToolFailed, phase, step, index, float64(i))
			r.strs = append(r.strs, m.Content)
		} else { // the engine built it when the tool returned
			r.queue(qTool, phase, step, index, float64(i))
		}
	}
}

// queue adds an op for the engine's next call. r.mu must be held.
func (r *run) queue(op int, args ...float64) {
	if len(args) != queuedArgs[op] {
		panic(fmt.Sprintf("queued op %d has %d arguments, not %d", op, len(args), queuedArgs[op]))
	}
	r.ops = append(append(r.ops, float64(op)), args...)
}

func flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// call calls the engine with op and its arguments, handing over the queue.
// r.mu must be held.
func (r *run) call(op, a, b int) (safejs.Value, error) {
	n := len(r.ops)
	r.ops[0], r.ops[1], r.ops[2], r.ops[3] = float64(n), float64(op), float64(a), float64(b)
	if n > r.jsOpsCap {
		grown, err := r.grow.Invoke(2 * n)
		if err != nil {
			return grown, err
		}
		r.jsOps, r.jsOpsCap = grown, 2*n
	}
	b8 := float64Bytes(r.ops)
	r.ops = r.ops[:opHeader]
	strs := r.strs
	defer func() {
		clear(strs)
		r.strs = strs[:0]
	}()
	if _, err := safejs.CopyBytesToJS(r.jsOps, b8); err != nil {
		return safejs.Undefined(), err
	}
	if len(strs) == 0 {
		return r.engine.Invoke() // no arguments: no allocation
	}
	return r.engine.Invoke(strs...)
}

// floatLocked calls the engine for a number. r.mu must be held.
func (r *run) floatLocked(op, a, b int) (float64, error) {
	v, err := r.call(op, a, b)
	if err != nil {
		return 0, err
	}
	f, ok := float(v)
	if !ok {
		return 0, errors.New("the engine returned no number")
	}
	return f, nil
}

// numberLocked calls the engine for an integer. r.mu must be held.
func (r *run) numberLocked(op, a, b int) (int, error) {
	f, err := r.floatLocked(op, a, b)
	return int(f), err
}

// number calls the engine for an integer.
func (r *run) number(op, a, b int) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.numberLocked(op, a, b)
}

// float calls the engine for a number.
func (r *run) float(op, a, b int) (float64, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.floatLocked(op, a, b)
}

// string calls the engine for a string (opString).
func (r *run) string(what, i int) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n, err := r.numberLocked(opString, what, i)
	if err != nil {
		return "", err
	}
	return r.readLocked(n)
}

// readLocked copies the n bytes the engine just encoded into its buffer.
// r.mu must be held.
func (r *run) readLocked(n int) (string, error) {
	if n > r.jsBufLen { // the engine grew its buffer
		v, err := r.call(opBuffer, 0, 0)
		if err != nil {
			return "", err
		}
		l, err := v.Length()
		if err != nil {
			return "", err
		}
		r.jsBuf, r.jsBufLen = v, l
	}
	if n > len(r.buf) {
		r.buf = make([]byte, max(n, 2*len(r.buf)))
	}
	if _, err := safejs.CopyBytesToGo(r.buf[:n], r.jsBuf); err != nil {
		return "", err
	}
	return string(r.buf[:n]), nil
}
