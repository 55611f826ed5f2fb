package agent

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// A Model decides the next action from the messages so far. The slice is
// the run's own and grows between calls; a model must not modify it. With
// a ContextBudget it is the messages chosen for the call (see Trim).
type Model func(ctx context.Context, messages []Message) (Action, error)

// A Tool is a function the model may call by name. It gets the call's args
// as the action gave them (an empty object when it gave none) and returns
// its output. An error becomes the output "error: " + err.Error(), and a
// panic the output "error: panic: " and the panic's value. The calls of a
// parallel tool action run in goroutines of their own, at the same time.
type Tool func(ctx context.Context, args any) (string, error)

// Tools maps the names a model may call to their functions.
type Tools map[string]Tool

// Run runs the agent loop for userMsg until the model gives a final answer
// or the steps run out (see the package doc). It always returns a Result
// with the transcript so far. The error is non-nil only when the model
// failed or returned malformed output (StopModelError) or ctx was canceled
// (StopCanceled); it is then a *StepError.
//
// The model and the tools get ctx and should return soon after it is done:
// Run waits for them, except for a tool call that outlives ToolTimeout.
// When ctx is done after the tools of a step returned, their outputs are
// appended before the run stops.
func Run(ctx context.Context, model Model, tools Tools, userMsg string, opts ...Option) (*Result, error) {
	r := newRun(model, tools, opts)
	return r.loop(ctx, userMsg)
}

// loop is the agent loop itself. The playground shows it, with callTool,
// and lights the line of each "phase:" as that phase's events arrive.
func (r *run) loop(ctx context.Context, userMsg string) (res *Result, err error) {
	defer r.recoverAction(&res, &err)
	r.append(PhaseUser, Message{Role: RoleUser, Content: userMsg}) // phase: user
	for r.step = 1; r.step <= r.cfg.maxSteps; r.step++ {
		if err := ctx.Err(); err != nil {
			return r.stop(PhaseCanceledBeforeModel, StopCanceled, "", err) // phase: canceled_before_model
		}
		messages := r.contextWindow() // phase: context

		action, err := r.callModel(ctx, messages) // phase: model
		if err != nil {
			return r.stop(PhaseErrorModel, r.failure(ctx, err), "", err) // phase: error_model
		}
		r.append(PhaseAction, Message{Role: RoleAssistant, Action: action}) // phase: action
		switch typ, _ := action.Type(); typ {
		case TypeFinal:
			return r.stop(PhaseFinal, StopFinal, action.Content(), nil) // phase: final
		case TypeTool:
			calls, err := r.readCalls(action)
			if err != nil {
				return r.stop(PhaseErrorCalls, StopModelError, "", err) // phase: error_calls
			}
			r.approve(ctx, calls) // phase: approval

			for _, result := range r.callTools(ctx, calls) { // phase: tool
				r.append(PhaseResult, result) // phase: result
			}
			if err := ctx.Err(); err != nil {
				return r.stop(PhaseCanceledAfterTools, StopCanceled, "", err) // phase: canceled_after_tools
			}
		default:
			return r.stop(PhaseErrorType, StopModelError, "", malformedType(action)) // phase: error_type
		}
	}
	return r.stop(PhaseMaxSteps, StopMaxSteps, MaxStepsText, nil) // phase: max_steps
}

// callTool runs one call and returns the tool message with its output.
func (r *run) callTool(ctx context.Context, call Call) (Message, Phase) {
	tool, ok := r.tools[call.Name]
	if !ok {
		return toolMessage(call, errorPrefix+"unknown tool '"+call.Name+"'", true), PhaseUnknownTool // phase: unknown_tool
	}
	if call.denied != "" {
		return toolMessage(call, call.denied, true), PhaseDenied // phase: denied
	}
	output, err := r.invoke(ctx, tool, call)
	if err != nil {
		return toolMessage(call, errorPrefix+err.Error(), true), PhaseToolError // phase: tool_error
	}
	return toolMessage(call, output, false), PhaseToolOutput // phase: tool_output
}

func toolMessage(call Call, content string, failed bool) Message {
	m := Message{Role: RoleTool, Name: call.Name, ID: call.ID, Content: content, Failed: failed}
	if call.edited {
		m.Args = call.Args
	}
	return m
}

// run holds the state of one call to Run.
type run struct {
	model  Model
	tools  Tools
	cfg    config
	step   int // the step under way, 1-based
	res    Result
	began  time.Time
	stepAt time.Duration // when the step under way began, on the run's clock
	mark   time.Duration // the latest reading of the run's clock

	// With a ContextBudget: the tokens of each message of the transcript,
	// and of a replaced output (-1 until counted).
	counts      []int
	placeholder int

	// Reused from step to step, to spare an allocation each.
	calls   []Call
	results []Message

	// observerPanicked is set while a panic of the observer unwinds, so
	// that recoverAction lets it through.
	observerPanicked bool
}

func newRun(model Model, tools Tools, opts []Option) *run {
	r := &run{model: model, tools: tools, cfg: config{maxSteps: DefaultMaxSteps}, began: time.Now(), placeholder: -1}
	for _, opt := range opts {
		opt(&r.cfg)
	}
	// A run of n steps with one call each holds 2n+1 messages: room for
	// them up front (within reason) spares copying the list as it grows.
	room := presizeLimit
	if r.cfg.maxSteps < presizeLimit/2 {
		room = 2*r.cfg.maxSteps + 1
	}
	r.res.Messages = make([]Message, 0, room)
	return r
}

// presizeLimit caps the messages Run makes room for before they exist, so
// that a generous MaxSteps costs no memory a short run does not use.
const presizeLimit = 4096

// emit hands e to the observer, if any. A panic of the observer's goes on
// to Run's caller (see OnEvent).
func (r *run) emit(e Event) {
	if r.cfg.observe == nil {
		return
	}
	r.observerPanicked = true
	r.cfg.observe(e)
	r.observerPanicked = false
}

// observed reports whether anyone observes the run: the clock readings
// only events report are skipped otherwise.
func (r *run) observed() bool { return r.cfg.observe != nil }

func (r *run) append(phase Phase, m Message) {
	if n := len(r.res.Messages); n == cap(r.res.Messages) {
		// Double the list where append would grow a long one by a quarter
		// only: on long runs, copying the list is most of the loop's cost.
		grown := make([]Message, n, 2*n+16)
		copy(grown, r.res.Messages)
		r.res.Messages = grown
	}
	r.res.Messages = append(r.res.Messages, m)
	if r.observed() {
		r.emit(Event{Kind: EventMessage, Phase: phase, Step: r.step, Index: len(r.res.Messages) - 1, Message: m, Failed: m.Failed})
	}
}

// clock reads the time since the run began. It makes one reading of the
// monotonic clock where time.Now makes two.
func (r *run) clock() time.Duration { return time.Since(r.began) }

// lap reads the clock for an event's duration, the time since the latest
// reading, and keeps the reading as the start of whatever comes next.
// Without an observer it reads no clock and returns 0. A step with an
// observer thus reads the clock twice (the model's end and the tool's
// end) and once without: in WebAssembly a reading is a call into
// JavaScript.
func (r *run) lap() time.Duration {
	start := r.mark
	if r.observed() {
		r.mark = r.clock()
	}
	return r.mark - start
}

// since returns how long ago start was on the run's clock, for the
// duration of one of several calls running at once; without an observer
// it reads no clock and returns 0.
func (r *run) since(start time.Duration) time.Duration {
	if !r.observed() {
		return 0
	}
	return r.clock() - start
}

// beginStep counts a model call about to be made, and closes the step
// before it: a step lasts from its model call to the next one (or the
// run's end). Without an observer it reads the clock; with one, the
// latest reading (the previous step's last event) is recent enough.
func (r *run) beginStep() {
	if !r.observed() {
		r.mark = r.clock()
	}
	if r.res.Steps > 0 {
		r.res.StepDurations = append(r.res.StepDurations, r.mark-r.stepAt)
	}
	r.res.Steps, r.stepAt = r.step, r.mark
}

// failure tells a model call that failed because ctx was done (callModel
// then returns ctx's own error) from any other failure.
func (r *run) failure(ctx context.Context, err error) StopReason {
	if err == ctx.Err() {
		return StopCanceled
	}
	return StopModelError
}

// stop finishes the run at the line of phase: it wraps err with the step,
// fills in the result and reports EventDone.
func (r *run) stop(phase Phase, reason StopReason, text string, err error) (*Result, error) {
	now := r.clock()
	if len(r.res.StepDurations) < r.res.Steps {
		r.res.StepDurations = append(r.res.StepDurations, now-r.stepAt) // the run ends within a step
	}
	if err != nil {
		err = &StepError{Step: r.step, Err: err}
	}
	r.res.Reason, r.res.Text = reason, text
	r.res.Duration = now
	res := r.res
	r.emit(Event{Kind: EventDone, Phase: phase, Step: res.Steps, Duration: res.Duration, Result: &res, Err: err})
	return &res, err
}

// recoverAction ends the run with a malformed-action error when a method
// of the model's action panicked (a custom Action, or a typed nil). A panic
// of the observer goes on.
func (r *run) recoverAction(res **Result, err *error) {
	if r.observerPanicked {
		return
	}
	if v := recover(); v != nil {
		*res, *err = r.stop(PhaseErrorType, StopModelError, "", Malformed(ProblemUnreadable, fmt.Sprintf("the action panicked: %v", v)))
	}
}

// contextWindow returns the messages for the next model call: the
// transcript itself without a budget, else the transcript trimmed to fit
// it, reported with an EventContext.
func (r *run) contextWindow() []Message {
	if r.cfg.budget <= 0 {
		return r.res.Messages
	}
	msgs := r.res.Messages
	for i := len(r.counts); i < len(msgs); i++ {
		r.counts = append(r.counts, r.countTokens(msgs[i]))
	}
	if r.placeholder < 0 && r.cfg.trim == TrimToolOutputs {
		r.placeholder = r.countTokens(Message{Role: RoleTool, Content: TrimmedOutput})
	}
	w := fit(msgs, r.counts, r.cfg.budget, r.cfg.trim, r.placeholder)
	sent := request(msgs, w)
	r.emit(Event{Kind: EventContext, Phase: PhaseContext, Step: r.step, Window: w})
	return sent
}

// callModel calls the model. A panic, an error or a nil action becomes an
// error, which is the context's error when ctx is done. A streamed answer
// is received whole (Stream), between the model's start and end events.
// It adds the action's usage to the run's.
func (r *run) callModel(ctx context.Context, messages []Message) (action Action, err error) {
	r.beginStep()
	r.emit(Event{Kind: EventModelStart, Phase: PhaseModel, Step: r.step})
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("model: panic: %v", v)
		}
		if err == nil && action == nil {
			err = Malformed(ProblemNoAction, "")
		}
		if err != nil {
			action = nil
			if ctx.Err() != nil {
				err = ctx.Err()
			}
		}
		r.emit(Event{Kind: EventModelEnd, Phase: PhaseModel, Step: r.step, Duration: r.lap(), Err: err})
	}()
	action, err = r.model(ctx, messages)
	if s, ok := action.(*Stream); ok && err == nil {
		action, err = r.receive(ctx, s)
	}
	if err != nil && !errors.Is(err, ErrMalformed) {
		err = fmt.Errorf("model: %w", err)
	}
	if err == nil && action != nil {
		r.res.Usage = r.res.Usage.add(action.Usage())
	}
	return action, err
}

// readCalls reads a tool action's calls into a slice the run reuses from
// step to step.
func (r *run) readCalls(a Action) ([]Call, error) {
	calls, err := a.AppendCalls(r.calls[:0])
	r.calls = calls[:0]
	return calls, err
}

func malformedType(a Action) error {
	if typ, ok := a.Type(); ok {
		return Malformed(ProblemUnknownType, typ)
	}
	return Malformed(ProblemNoType, "")
}

// parallelLimit bounds how many calls of one action run at once.
const parallelLimit = 64

// callTools runs the calls, concurrently when there are several, and
// returns their tool messages in call order. It reports a start and an end
// event for each call, the ends in the order the calls finish.
func (r *run) callTools(ctx context.Context, calls []Call) []Message {
	results := append(r.results[:0], make([]Message, len(calls))...)
	r.results = results
	if len(calls) == 1 {
		r.emit(Event{Kind: EventToolStart, Phase: PhaseTool, Step: r.step, Tool: calls[0].Name, ID: calls[0].ID})
		m, phase := r.callTool(ctx, calls[0])
		results[0] = m
		r.toolDone(0, m, phase, r.lap())
		return results
	}
	type finished struct {
		i     int
		m     Message
		phase Phase
		took  time.Duration
	}
	done := make(chan finished, len(calls))
	slots := make(chan struct{}, parallelLimit)
	for i, call := range calls {
		r.emit(Event{Kind: EventToolStart, Phase: PhaseTool, Step: r.step, Call: i, Tool: call.Name, ID: call.ID})
		go func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			start := r.since(0)
			// A tool that ends its goroutine fails its call (invoke), so
			// every call sends, and the step never waits forever.
			m, phase := r.callTool(ctx, call)
			done <- finished{i: i, m: m, phase: phase, took: r.since(start)}
		}()
	}
	for range calls {
		f := <-done
		results[f.i] = f.m
		r.toolDone(f.i, f.m, f.phase, f.took)
	}
	r.lap() // the step's clock goes on from the slowest call's end
	return results
}

func (r *run) toolDone(i int, m Message, phase Phase, took time.Duration) {
	r.emit(Event{Kind: EventToolEnd, Phase: phase, Step: r.step, Call: i, Tool: m.Name, ID: m.ID,
		Content: m.Content, Failed: m.Failed, Duration: took})
}

// errToolTimeout is the cause of a tool call's context when ToolTimeout
// expires, to tell it from the run's own deadline.
var errToolTimeout = errors.New("tool timed out")

// invoke calls tool with the call's args, within ToolTimeout when one is
// set. A panic becomes an error, and so does a call that outlives the
// timeout: "tool 'NAME' timed out after D". The tool runs in a goroutine
// of its own, so that one that ends its goroutine (runtime.Goexit, as
// t.FailNow does) fails its call instead of ending the caller's.
func (r *run) invoke(ctx context.Context, tool Tool, call Call) (string, error) {
	limit := r.cfg.toolTimeout
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, limit, errToolTimeout)
		defer cancel()
	}
	type outcome struct {
		s   string
		err error
	}
	ch := make(chan outcome, 1)
	go func() {
		var o outcome
		returned := false
		defer func() {
			if !returned {
				o.err = fmt.Errorf("tool '%s' exited without returning", call.Name)
			}
			ch <- o
		}()
		o.s, o.err = guarded(ctx, tool, call.Args)
		returned = true
	}()
	if limit <= 0 {
		o := <-ch
		return o.s, o.err
	}
	var o outcome
	select {
	case o = <-ch:
		if o.err == nil {
			return o.s, nil // an output counts, even one that came as time ran out
		}
	case <-ctx.Done():
		o.err = ctx.Err()
	}
	// A tool that failed because its time ran out, or did not return in
	// time, timed out, whichever the select saw first.
	if context.Cause(ctx) == errToolTimeout {
		return "", fmt.Errorf("tool '%s' timed out after %v", call.Name, limit)
	}
	return "", o.err
}

// guarded calls tool, turning a panic into an error.
func guarded(ctx context.Context, tool Tool, args any) (out string, err error) {
	defer func() {
		if v := recover(); v != nil {
			out, err = "", fmt.Errorf("panic: %v", v)
		}
	}()
	return tool(ctx, args)
}

func (u Usage) add(v Usage) Usage {
	return Usage{InputTokens: addCounts(u.InputTokens, v.InputTokens), OutputTokens: addCounts(u.OutputTokens, v.OutputTokens)}
}

// addCounts adds token counts, saturating instead of wrapping around.
func addCounts(a, b int) int {
	s := a + b
	switch {
	case a > 0 && b > 0 && s < 0:
		return int(^uint(0) >> 1)
	case a < 0 && b < 0 && s >= 0:
		return -int(^uint(0)>>1) - 1
	}
	return s
}
