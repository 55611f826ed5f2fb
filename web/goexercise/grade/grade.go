// Package grade runs a learner's agent loop on every case of
// agenttest.Cases, recording with agenttest's own model and tools what it
// did, and writes the records as JSON lines, one report per line, for the
// Go Exercise's worker to read. It judges nothing: the cases it gets have
// no expectations (their callLimit bounds the model calls instead), and
// the page compares each record with the reference
// (web/site/exercise/go-judge.js), outside the program, so that a loop
// that takes the program over cannot write itself a pass.
//
// RunFollowUps does the same for a level-2 loop on the cases of
// agenttest.FollowUps, numbered across the follow-ups, each report naming
// its case's follow-up ("followUp").
//
// The reports are, in order (Serve writes the first, once every package's
// init has run, so that a watchdog can stop an init that never ends):
//
//	{"type":"initialized"}
//	{"type":"case_start","index":0,"name":"one tool then final"}
//	{"type":"case_end","index":0,"name":"one tool then final","observed":{"trace":[...],"end":{...}}}
//	{"type":"case_end","index":1,"name":"...","observed":{...},"panicAt":"loop.go:12"}
//	{"type":"done","total":57}
//
// A case_start comes before the loop runs the case, so that a watchdog can
// name a case that never ends. observed is agenttest.Observation's JSON.
// panicAt is set when the loop panicked (and the panic was not the model
// stopping a loop that called it too often): the file and line in the
// learner's package where it did.
package grade

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"runtime"
	"strings"

	"agentloop.dev/agent/agenttest"
)

// A Report is what Run writes about one case, at its start or its end.
type Report struct {
	// Type is "case_start" or "case_end".
	Type string `json:"type"`
	// Index is the case's index in agenttest.Cases (case_start, case_end).
	Index int `json:"index"`
	// Name is the case's name (case_start, case_end).
	Name string `json:"name,omitempty"`
	// FollowUp names the follow-up a level-2 case belongs to (RunFollowUps).
	FollowUp string `json:"followUp,omitempty"`
	// Observed is what the loop did (case_end).
	Observed *agenttest.Observation `json:"observed,omitempty"`
	// PanicAt is "file.go:LINE" in the learner's package where the loop
	// panicked (case_end).
	PanicAt string `json:"panicAt,omitempty"`
}

// summary is the last line Run writes: how many cases were played.
type summary struct {
	Type  string `json:"type"` // "done"
	Total int    `json:"total"`
}

// Run plays loop on each case in turn and writes a Report per line to w.
// learnerPkg is the import path of the learner's package, whose frames
// locate a panic. It returns the first error writing to w.
func Run(w io.Writer, loop agenttest.Loop, cases []agenttest.Case, learnerPkg string) error {
	r := newReporter(w)
	for i, c := range cases {
		err := r.observe(Report{Index: i, Name: c.Name}, func(panicAt *string) agenttest.Observation {
			return c.Observe(locatePanics(loop, learnerPkg, panicAt))
		})
		if err != nil {
			return err
		}
	}
	return r.done(len(cases))
}

// A reporter writes the reports of one grading.
type reporter struct {
	enc *json.Encoder
}

func newReporter(w io.Writer) *reporter {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &reporter{enc: enc}
}

// observe reports the start of the case c names (its Index, Name and
// FollowUp), runs play, which sets *panicAt where the learner's loop
// panicked, and reports the case's end with what play observed.
func (r *reporter) observe(c Report, play func(panicAt *string) agenttest.Observation) error {
	c.Type = "case_start"
	if err := r.enc.Encode(c); err != nil {
		return fmt.Errorf("grade: reporting the start of case %q: %w", c.Name, err)
	}
	var panicAt string
	observed := play(&panicAt)
	c.Type, c.Observed, c.PanicAt = "case_end", &observed, panicAt
	if err := r.enc.Encode(c); err != nil {
		return fmt.Errorf("grade: reporting the end of case %q: %w", c.Name, err)
	}
	return nil
}

// done writes the summary: total cases were played.
func (r *reporter) done(total int) error {
	if err := r.enc.Encode(summary{Type: "done", Total: total}); err != nil {
		return fmt.Errorf("grade: reporting the summary: %w", err)
	}
	return nil
}

// locatePanics returns loop, which on a panic records in *at where in the
// learner's package it happened and panics again with the same value, so
// that agenttest sees and words the panic as it would without it.
func locatePanics(loop agenttest.Loop, learnerPkg string, at *string) agenttest.Loop {
	return func(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string {
		defer func() {
			if v := recover(); v != nil {
				if !stoppedByModel(v) {
					*at = panicSite(learnerPkg)
				}
				panic(v)
			}
		}()
		return loop(model, tools, userMsg, maxSteps)
	}
}

// stoppedByModel reports whether v is the panic with which agenttest's model
// stops a loop that calls it too often: no panic of the learner's.
func stoppedByModel(v any) bool {
	err, ok := v.(error)
	return ok && strings.HasPrefix(err.Error(), "agenttest:")
}

// panicSite returns "file.go:LINE" of the innermost frame of learnerPkg on
// the panicking goroutine's stack, or "" when there is none. Called from a
// deferred function while panicking, the stack still holds the frames the
// panic unwinds.
func panicSite(learnerPkg string) string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, learnerPkg+".") {
			return fmt.Sprintf("%s:%d", path.Base(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}

// ReadCases decodes the JSON file at path into cases: a list of
// agenttest.Case or agenttest.FollowUp, as web/cmd/goengine packs them for
// the harnesses (or as interview mode draws them anew at each Check).
func ReadCases[T any](path string) (T, error) {
	var cases T
	b, err := os.ReadFile(path)
	if err != nil {
		return cases, fmt.Errorf("grade: reading the cases: %w", err)
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		return cases, fmt.Errorf("grade: decoding the cases of %s: %w", path, err)
	}
	return cases, nil
}
