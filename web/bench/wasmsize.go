//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// benchSizeByPackage measures what each Go package adds to main.wasm: it
// builds ./wasm once more without stripping (so that the binary keeps its
// function names) and sums the size of each function's code by package.
// The stripped build the page serves has the same code; only the names
// and debug data are left out of it.
func benchSizeByPackage(ctx context.Context, root string) section {
	s := section{Title: "4b. What main.wasm's code is made of: function bodies by package (KB, unstripped build)"}
	dir, err := os.MkdirTemp("", "agentloop-size-")
	if err != nil {
		s.Rows = append(s.Rows, failed("build", err))
		return s
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "main.wasm")
	args := append(append([]string{"build", "-trimpath"}, wasmGcflags...), "-o", out, "./wasm")
	build := exec.CommandContext(ctx, goCmd(), args...)
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := build.CombinedOutput(); err != nil {
		s.Rows = append(s.Rows, failed("build", fmt.Errorf("%v: %s", err, msg)))
		return s
	}
	data, err := os.ReadFile(out)
	if err != nil {
		s.Rows = append(s.Rows, failed("read", err))
		return s
	}
	sizes, err := codeSizeByPackage(data)
	if err != nil {
		s.Rows = append(s.Rows, failed("parse", err))
		return s
	}
	type pkg struct {
		name string
		size int
	}
	var all []pkg
	total, ours := 0, 0
	for name, size := range sizes {
		all = append(all, pkg{name, size})
		total += size
		if strings.HasPrefix(name, "agentloop.dev/") || name == "main" { // main is the bridge, ./wasm
			ours += size
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].size > all[j].size })
	s.Rows = append(s.Rows, row{Measure: "all code", Value: float64(total) / kb, Unit: "KB"})
	s.Rows = append(s.Rows, row{Measure: "this project's own (agent, wasm)", Value: float64(ours) / kb, Unit: "KB"})
	for _, p := range all[:min(10, len(all))] {
		s.Rows = append(s.Rows, row{Measure: p.name, Value: float64(p.size) / kb, Unit: "KB"})
	}
	s.Raw = map[string]any{"codeBytesByPackage": sizes}
	return s
}

// wasmGcflags are the compiler flags of the Makefile's main.wasm rule, so
// that the unstripped build has the served build's code;
// TestSizeBuildHasTheMakefilesFlags keeps the two in step.
var wasmGcflags = []string{"-gcflags=fmt=-l", "-gcflags=internal/runtime/atomic=-l"}

// codeSizeByPackage reads a WebAssembly binary's code section and its
// "name" section, and sums each function body's size by the Go package
// its name starts with.
func codeSizeByPackage(wasm []byte) (map[string]int, error) {
	if len(wasm) < 8 || string(wasm[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly binary")
	}
	r := &wasmReader{b: wasm, at: 8}
	imported := 0
	var bodies []int
	names := map[int]string{}
	for r.at < len(r.b) {
		id := r.byte()
		size := r.uint()
		end := r.at + size
		if end > len(r.b) || r.err != nil {
			return nil, errors.New("a section runs past the end of the file")
		}
		sec := &wasmReader{b: r.b[:end], at: r.at}
		switch id {
		case 2: // imports: imported functions come first in the index space
			for n := sec.uint(); n > 0 && sec.err == nil; n-- {
				sec.name()
				sec.name()
				switch sec.byte() {
				case 0:
					sec.uint()
					imported++
				case 1:
					sec.byte()
					sec.limits()
				case 2:
					sec.limits()
				case 3:
					sec.byte()
					sec.byte()
				}
			}
		case 10: // code
			for n := sec.uint(); n > 0 && sec.err == nil; n-- {
				size := sec.uint()
				bodies = append(bodies, size)
				sec.at += size
			}
		case 0: // custom: the "name" section's function names
			if sec.name() != "name" {
				break
			}
			for sec.at < end && sec.err == nil {
				sub := sec.byte()
				subSize := sec.uint()
				subEnd := sec.at + subSize
				if sub == 1 {
					for n := sec.uint(); n > 0 && sec.err == nil; n-- {
						i := sec.uint()
						names[i] = sec.name()
					}
				}
				sec.at = subEnd
			}
		}
		if sec.err != nil {
			return nil, fmt.Errorf("section %d: %w", id, sec.err)
		}
		r.at = end
	}
	if len(names) == 0 {
		return nil, errors.New("the binary has no function names (built with -s?)")
	}
	sizes := map[string]int{}
	for i, size := range bodies {
		sizes[packageOf(names[imported+i])] += size
	}
	return sizes, nil
}

// packageOf returns the Go package of a function's name in the binary's
// name section, where Go's wasm linker writes a package path's slashes as
// underscores: "fmt" for "fmt.(*pp).doPrintf", "internal/strconv" for
// "internal_strconv.ParseFloat", "github.com/hack-pad/safejs" for
// "github.com_hack-pad_safejs.Value.Get".
func packageOf(name string) string {
	if name == "" {
		return "(unnamed)"
	}
	parts := strings.SplitN(name, ".", 3)
	pkg := parts[0]
	// A module path starts with a domain: its first dot is the domain's.
	if len(parts) > 1 && domain.MatchString(parts[0]+"."+parts[1]) {
		pkg = parts[0] + "." + parts[1]
	}
	if pkg == "type_" { // the linker's type:.eq and type:.hash functions
		return "(type equality and hashing)"
	}
	return strings.ReplaceAll(pkg, "_", "/")
}

// domain matches a module path's start as the name section writes it,
// "github.com_" or "agentloop.dev_" (methods' receivers, by contrast, are
// written "__pp_", "__run_").
var domain = regexp.MustCompile(`^[a-z0-9-]+\.[a-z]+_`)

// wasmReader reads the LEB128 integers and strings of a wasm binary; the
// first error sticks.
type wasmReader struct {
	b   []byte
	at  int
	err error
}

func (r *wasmReader) byte() byte {
	if r.at >= len(r.b) {
		r.err = errors.New("unexpected end")
		return 0
	}
	r.at++
	return r.b[r.at-1]
}

func (r *wasmReader) uint() int {
	v, n := binary.Uvarint(r.b[min(r.at, len(r.b)):])
	if n <= 0 {
		r.err = errors.New("bad integer")
		return 0
	}
	r.at += n
	return int(v)
}

func (r *wasmReader) name() string {
	n := r.uint()
	if r.err != nil || r.at+n > len(r.b) {
		r.err = errors.New("bad name")
		return ""
	}
	r.at += n
	return string(r.b[r.at-n : r.at])
}

func (r *wasmReader) limits() {
	if r.byte()&1 != 0 {
		r.uint()
	}
	r.uint()
}
