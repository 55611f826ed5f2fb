package agent

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// A Model decides the next action from the messages so far. The slice is
// the run's own and grows between calls; a model must not modify it.
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
	r := &run{model: model, tools: tools, cfg: config{maxSteps: DefaultMaxSteps}, began: time.Now()}
	for _, opt := range opts {
		opt(&r.cfg)
	}
	// A run of n steps with one call each holds 2n+1 messages: room for
	// them up front (within reason) spares copying the list as it grows.
	r.res.Messages = make([]Message, 0, min(2*r.cfg.maxSteps+1, presizeLimit))
	return r.loop(ctx, userMsg)
}

// loop is the agent loop itself; the playground shows this function and
// highlights the line of each "phase:" as the events arrive.
func (r *run) loop(ctx context.Context, userMsg string) (*Result, error) {
	r.append(Message{Role: RoleUser, Content: userMsg}) // phase: user
	for r.step = 1; r.step <= r.cfg.maxSteps; r.step++ {
		if err := ctx.Err(); err != nil {
			return r.end(StopCanceled, "", err) // phase: canceled
		}
		r.startStep()
		action, err := r.callModel(ctx) // phase: model
		if err != nil {
			return r.end(r.failure(ctx, err), "", err) // phase: error
		}
		r.append(Message{Role: RoleAssistant, Action: action}) // phase: action
		r.res.Usage = r.res.Usage.add(action.Usage())
		switch typ, _ := action.Type(); typ {
		case TypeFinal:
			return r.end(StopFinal, action.Content(), nil) // phase: final
		case TypeTool:
			calls, err := action.AppendCalls(r.calls[:0])
			if err != nil {
				return r.end(StopModelError, "", err) // phase: error
			}
			r.calls = calls
			outputs := r.callTools(ctx, calls) // phase: tool
			for i, call := range calls {
				r.append(Message{Role: RoleTool, Name: call.Name, ID: call.ID, Content: outputs[i]}) // phase: result
			}
			if err := ctx.Err(); err != nil {
				return r.end(StopCanceled, "", err) // phase: canceled
			}
		default:
			return r.end(StopModelError, "", malformedType(action)) // phase: error
		}
		r.endStep()
	}
	return r.end(StopMaxSteps, MaxStepsText, nil) // phase: max_steps
}

// presizeLimit caps the messages Run makes room for before they exist, so
// that a generous MaxSteps costs no memory a short run does not use.
const presizeLimit = 4096

// run holds the state of one call to Run.
type run struct {
	model   Model
	tools   Tools
	cfg     config
	step    int // the step under way, 1-based
	res     Result
	began   time.Time
	stepAt  time.Duration // when the step under way began, on the run's clock
	mark    time.Duration // the latest reading of the run's clock
	calls   []Call        // reused for every tool action
	outputs []string      // reused for every tool action
}

func (r *run) emit(e Event) {
	if r.cfg.observe != nil {
		r.cfg.observe(e)
	}
}

func (r *run) append(m Message) {
	if n := len(r.res.Messages); n == cap(r.res.Messages) {
		// Double the list where append would grow a long one by a quarter
		// only: on long runs, copying the list is most of the loop's cost.
		grown := make([]Message, n, 2*n+16)
		copy(grown, r.res.Messages)
		r.res.Messages = grown
	}
	r.res.Messages = append(r.res.Messages, m)
	r.emit(Event{Kind: EventMessage, Step: r.step, Index: len(r.res.Messages) - 1, Message: m})
}

// clock reads the time since the run began. It makes one reading of the
// monotonic clock where time.Now makes two, and the loop reads it several
// times a step.
func (r *run) clock() time.Duration { return time.Since(r.began) }

// lap reads the run's clock for the duration of a model or tool call,
// which only events report: without an observer it skips the reading.
func (r *run) lap() time.Duration {
	if r.cfg.observe == nil {
		return 0
	}
	return r.clock()
}

// startStep counts a model call about to be made. The step's clock starts
// with the call (see callModel).
func (r *run) startStep() {
	r.res.Steps = r.step
}

// endStep records how long the step under way took; the next step starts
// when it ends. The clock is read once a step when no one observes the run
// (an observer's events already read it after each call).
func (r *run) endStep() {
	if r.cfg.observe == nil {
		r.mark = r.clock()
	}
	r.res.StepDurations = append(r.res.StepDurations, r.mark-r.stepAt)
	r.stepAt = r.mark
}

// lapMark reads the clock for an event's duration, and keeps the reading
// as the start of whatever comes next. Without an observer it does nothing.
func (r *run) lapMark() time.Duration {
	start := r.mark
	if r.cfg.observe != nil {
		r.mark = r.clock()
	}
	return r.mark - start
}

// failure tells a model call that failed because ctx was done (callModel
// then returns ctx's own error) from any other failure.
func (r *run) failure(ctx context.Context, err error) StopReason {
	if err == ctx.Err() {
		return StopCanceled
	}
	return StopModelError
}

// end finishes the run: it wraps err with the step, fills in the result and
// reports EventDone.
func (r *run) end(reason StopReason, text string, err error) (*Result, error) {
	if len(r.res.StepDurations) < r.res.Steps {
		r.endStep() // the run ends within a step
	}
	if err != nil {
		err = &StepError{Step: r.step, Err: err}
	}
	r.res.Reason, r.res.Text = reason, text
	r.res.Duration = r.clock()
	res := r.res
	r.emit(Event{Kind: EventDone, Step: res.Steps, Duration: res.Duration, Result: &res, Err: err})
	return &res, err
}

// callModel calls the model. A panic, an error or a nil action becomes an
// error, which is the context's error when ctx is done.
func (r *run) callModel(ctx context.Context) (action Action, err error) {
	r.emit(Event{Kind: EventModelStart, Step: r.step})
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("model: panic: %v", v)
		}
		if err == nil && action == nil {
			err = fmt.Errorf("%w: the model returned no action", ErrMalformed)
		}
		if err != nil {
			action = nil
			if ctx.Err() != nil {
				err = ctx.Err()
			}
		}
		r.emit(Event{Kind: EventModelEnd, Step: r.step, Duration: r.lapMark(), Err: err})
	}()
	action, err = r.model(ctx, r.res.Messages)
	if err != nil {
		err = fmt.Errorf("model: %w", err)
	}
	return action, err
}

func malformedType(a Action) error {
	if typ, ok := a.Type(); ok {
		return fmt.Errorf("%w: type %q is neither %q nor %q", ErrMalformed, typ, TypeFinal, TypeTool)
	}
	return fmt.Errorf("%w: \"type\" is missing or not a string", ErrMalformed)
}

// callTools runs the calls, concurrently when there are several, and
// returns their outputs in call order. It reports a start and an end event
// for each call, the ends in the order the calls finish.
func (r *run) callTools(ctx context.Context, calls []Call) []string {
	r.outputs = append(r.outputs[:0], make([]string, len(calls))...)
	if len(calls) == 1 {
		r.emit(Event{Kind: EventToolStart, Step: r.step, Tool: calls[0].Name, ID: calls[0].ID})
		r.outputs[0] = r.callTool(ctx, calls[0])
		r.toolDone(0, calls[0], r.outputs[0], r.lapMark())
		return r.outputs
	}
	type finished struct {
		i    int
		out  string
		took time.Duration
	}
	done := make(chan finished, len(calls))
	for i, call := range calls {
		r.emit(Event{Kind: EventToolStart, Step: r.step, Call: i, Tool: call.Name, ID: call.ID})
		go func() {
			start := r.lap()
			out := r.callTool(ctx, call)
			done <- finished{i, out, r.lap() - start}
		}()
	}
	for range calls {
		f := <-done
		r.outputs[f.i] = f.out
		r.toolDone(f.i, calls[f.i], f.out, f.took)
	}
	r.lapMark() // the step's clock goes on from the slowest call's end
	return r.outputs
}

func (r *run) toolDone(i int, call Call, out string, took time.Duration) {
	r.emit(Event{Kind: EventToolEnd, Step: r.step, Call: i, Tool: call.Name, ID: call.ID,
		Content: out, Failed: isError(out), Duration: took})
}

// errToolTimeout is the cause of a tool call's context when ToolTimeout
// expires, to tell it from the run's own deadline.
var errToolTimeout = errors.New("tool timed out")

// callTool runs one call and returns its output, whatever happens.
func (r *run) callTool(ctx context.Context, call Call) string {
	tool, ok := r.tools[call.Name]
	if !ok {
		return errorPrefix + "unknown tool '" + call.Name + "'"
	}
	limit := r.cfg.toolTimeout
	if limit <= 0 {
		return invoke(ctx, tool, call.Args)
	}
	ctx, cancel := context.WithTimeoutCause(ctx, limit, errToolTimeout)
	defer cancel()
	out := make(chan string, 1)
	go func() { out <- invoke(ctx, tool, call.Args) }()
	var s string
	select {
	case s = <-out:
		if !isError(s) {
			return s // an output counts, even one that came as time ran out
		}
	case <-ctx.Done():
		s = errorPrefix + ctx.Err().Error()
	}
	// A tool that failed because its time ran out, or did not return in
	// time, timed out, whichever the select saw first.
	if context.Cause(ctx) == errToolTimeout {
		return errorPrefix + "tool '" + call.Name + "' timed out after " + limit.String()
	}
	return s
}

// invoke calls tool, turning an error or a panic into an error output.
func invoke(ctx context.Context, tool Tool, args any) (out string) {
	defer func() {
		if v := recover(); v != nil {
			out = fmt.Sprintf("%spanic: %v", errorPrefix, v)
		}
	}()
	s, err := tool(ctx, args)
	if err != nil {
		return errorPrefix + err.Error()
	}
	return s
}

func (u Usage) add(v Usage) Usage {
	return Usage{InputTokens: u.InputTokens + v.InputTokens, OutputTokens: u.OutputTokens + v.OutputTokens}
}
