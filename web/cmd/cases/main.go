// Command cases writes the agent loop's conformance cases, agenttest.Cases,
// as the JSON the playground's Exercise mode grades a learner's loop with:
//
//	go run ./web/cmd/cases -o web/site/cases.json
//
// With -followups it writes level 2 instead, the interviewer's follow-ups
// (agenttest.FollowUps), as one object:
//
//	go run ./web/cmd/cases -followups -o web/site/followups.json
//
//	{"barrierWaitMs": 1000, "followUps": [{"name": "async", "about": "...", "cases": [...]}, ...]}
//
// Each case is in the JSON form of agenttest.FollowUpCase, and its tools in
// that of agenttest.ToolSpec; barrierWaitMs is agenttest.BarrierWait, how
// long a barrier tool's call waits for the other calls of its action.
//
// make build runs both, so the page never keeps a copy of the cases by
// hand: they are computed by running the reference loop, as TestLoop's and
// TestFollowUps' are.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"agentloop.dev/agent/agenttest"
)

func main() {
	out := flag.String("o", "", "file to write (default: standard output)")
	followUps := flag.Bool("followups", false, "write the follow-ups (level 2) instead of the classic loop's cases")
	flag.Parse()
	encode := Encode
	if *followUps {
		encode = EncodeFollowUps
	}
	if err := run(*out, encode); err != nil {
		fmt.Fprintln(os.Stderr, "cases:", err)
		os.Exit(1)
	}
}

// run writes what encode returns to path, or to standard output when path
// is "".
func run(path string, encode func() ([]byte, error)) error {
	if path == "" {
		return write(os.Stdout, encode)
	}
	// Write beside the target and rename, so that a failed run never
	// leaves the page a truncated file.
	tmp, err := os.CreateTemp(filepath.Dir(path), ".cases-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp, encode); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// write writes what encode returns to w, with a final newline.
func write(w io.Writer, encode func() ([]byte, error)) error {
	b, err := encode()
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Encode returns agenttest.Cases as the JSON the page loads.
func Encode() ([]byte, error) {
	b, err := json.Marshal(agenttest.Cases())
	if err != nil {
		return nil, fmt.Errorf("encoding the cases: %w", err)
	}
	return b, nil
}

// FollowUpsFile is the JSON object -followups writes.
type FollowUpsFile struct {
	// BarrierWaitMs is agenttest.BarrierWait in milliseconds.
	BarrierWaitMs int64 `json:"barrierWaitMs"`
	// FollowUps are agenttest.FollowUps.
	FollowUps []agenttest.FollowUp `json:"followUps"`
}

// EncodeFollowUps returns agenttest.FollowUps as the JSON the page loads
// for level 2.
func EncodeFollowUps() ([]byte, error) {
	b, err := json.Marshal(FollowUpsFile{
		BarrierWaitMs: agenttest.BarrierWait.Milliseconds(),
		FollowUps:     agenttest.FollowUps(),
	})
	if err != nil {
		return nil, fmt.Errorf("encoding the follow-ups: %w", err)
	}
	return b, nil
}
