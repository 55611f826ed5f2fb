//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// goCmd is the go command to build and test with: $GO when set (the
// Makefile passes its own), else go from PATH.
func goCmd() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

// ensureTool returns the path of the named command. When it is missing and
// we are root on a Debian-like system it installs debPackage first, as
// make test does for Chromium and Node; otherwise it says how to get it.
func ensureTool(ctx context.Context, name, debPackage string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	if _, err := exec.LookPath("apt-get"); err != nil || os.Geteuid() != 0 {
		return "", fmt.Errorf("%s is not installed; install it with: sudo apt-get install -y %s", name, debPackage)
	}
	fmt.Fprintf(os.Stderr, "bench: installing %s (apt-get)...\n", debPackage)
	env := append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	for _, args := range [][]string{{"update", "-qq"}, {"install", "-y", "-qq", debPackage}} {
		cmd := exec.CommandContext(ctx, "apt-get", args...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("apt-get %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return exec.LookPath(name)
}

// commandOutput runs a command and returns its trimmed output, or "" when
// it fails (for the machine description, where a blank is fine).
func commandOutput(ctx context.Context, name string, args ...string) string {
	out, err := exec.CommandContext(ctx, name, args...).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
