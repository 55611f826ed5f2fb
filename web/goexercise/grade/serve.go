package grade

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
)

// The files of the program a Check builds (see web/site/worker/go-check.js):
// the harness writes its reports to ReportsFile and reads its cases from
// CasesFile, neither of which the learner's package can open (it may import
// neither os nor syscall).
const (
	ReportsFile = "/dev/reports"
	CasesFile   = "/harness/cases.json"
)

// served says Serve has been called.
var served bool

// Serve is a harness's Main: it decodes the cases in CasesFile as a T and
// has grade write its reports for them to ReportsFile. On an error it
// prints it and exits with status 1.
//
// It grades once, and only when the harness's Main was called by main.main,
// the file the worker compiles beside loop.go: a learner's package that
// imports the harness cannot grade a loop of its own choosing, from init or
// from RunAgent.
func Serve[T any](grade func(reports io.Writer, cases T) error) {
	if err := serve(grade); err != nil {
		fmt.Fprintln(os.Stderr, "harness:", err)
		os.Exit(1)
	}
}

func serve[T any](grade func(io.Writer, T) error) error {
	// The frames are serve, Serve, the harness's Main, then its caller.
	pc, _, _, ok := runtime.Caller(3)
	if f := runtime.FuncForPC(pc); served || !ok || f == nil || f.Name() != "main.main" {
		return errors.New("Main is called once, by main.main")
	}
	served = true
	reports, err := os.OpenFile(ReportsFile, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	// Every package's init has run: what the learner's package does from
	// here on, it does in a case.
	if _, err := io.WriteString(reports, `{"type":"initialized"}`+"\n"); err != nil {
		return fmt.Errorf("grade: reporting the start: %w", err)
	}
	cases, err := ReadCases[T](CasesFile)
	if err != nil {
		return err
	}
	return grade(reports, cases)
}
