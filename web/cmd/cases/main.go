// Command cases writes the agent loop's conformance cases, agenttest.Cases,
// as the JSON the playground's Exercise mode grades a learner's loop with:
//
//	go run ./web/cmd/cases -o web/site/cases.json
//
// make build runs it, so the page never keeps a copy of the cases by hand:
// they are computed by running the reference loop, as TestLoop's are.
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
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "cases:", err)
		os.Exit(1)
	}
}

// run writes the cases to path, or to standard output when path is "".
func run(path string) error {
	if path == "" {
		return write(os.Stdout)
	}
	// Write beside the target and rename, so that a failed run never
	// leaves the page a truncated file.
	tmp, err := os.CreateTemp(filepath.Dir(path), ".cases-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
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

// write encodes agenttest.Cases to w as one JSON array.
func write(w io.Writer) error {
	b, err := Encode()
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
