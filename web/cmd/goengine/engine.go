package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"agentloop.dev/agent/agenttest"
)

// A harness grades a learner's loop at one level of the Exercise: the
// browser compiles loop.go with a main that calls the harness package's
// Main(RunAgent) (see its doc), and links it with the harness's archive.
// The harness decodes its cases rather than computing them: cases returns
// them, in the JSON the page's cases.json and followups.json hold too.
type harness struct {
	level int
	pkg   string
	cases func() any
}

// harnesses are the Exercise's, by level: the classic loop and the
// interviewer's follow-ups.
var harnesses = []harness{
	{1, "agentloop.dev/web/goexercise/harness", func() any { return agenttest.Cases() }},
	{2, "agentloop.dev/web/goexercise/harness2", func() any { return agenttest.FollowUps() }},
}

// allowedImports are the packages a learner's loop.go may import: what an
// agent loop can use in a sandbox. Nothing that reaches files, the network,
// the process or memory (os, syscall, unsafe, reflect, runtime).
var allowedImports = []string{
	"agentloop.dev/agent/agenttest",
	"bytes", "context", "encoding/json", "errors", "fmt", "maps", "math",
	"slices", "sort", "strconv", "strings", "sync", "time", "unicode/utf8",
}

// A manifest is manifest.json: what the worker fetches, and how to use it.
type manifest struct {
	GoVersion      string   `json:"goVersion"`
	AllowedImports []string `json:"allowedImports"`
	// BarrierWaitMs is agenttest.BarrierWait, which the page's judge of
	// level 2 words a barrier call that waited in vain with.
	BarrierWaitMs int64         `json:"barrierWaitMs"`
	Compile       file          `json:"compile"`
	Link          file          `json:"link"`
	Harnesses     []harnessFile `json:"harnesses"`
	Archives      pack          `json:"archives"`
}

// A harnessFile is one level's harness: its import path, and the cases it
// grades on (cases.json, cases2.json, ...).
type harnessFile struct {
	Level   int    `json:"level"`
	Package string `json:"package"`
	Cases   file   `json:"cases"`
}

// A file is one file of the folder, by URL (relative to manifest.json,
// with its content hash) and size in bytes.
type file struct {
	URL  string `json:"url"`
	Size int64  `json:"size"`
}

// A pack is archives.pack and where each package's archive sits in it.
type pack struct {
	file
	Packages []packed `json:"packages"`
}

// A packed archive is bytes [Offset, Offset+Size) of archives.pack.
type packed struct {
	ImportPath string `json:"importPath"`
	Offset     int64  `json:"offset"`
	Size       int64  `json:"size"`
}

// run writes archives.pack, each harness's cases and manifest.json into
// dir.
func run(gocmd, dir string) error {
	m := manifest{AllowedImports: allowedImports, BarrierWaitMs: agenttest.BarrierWait.Milliseconds()}
	version, err := output(gocmd, "env", "GOVERSION")
	if err != nil {
		return err
	}
	m.GoVersion = strings.TrimSpace(string(version))
	for _, f := range []struct {
		name string
		dst  *file
	}{{"compile.wasm", &m.Compile}, {"link.wasm", &m.Link}} {
		if *f.dst, err = describe(dir, f.name); err != nil {
			return fmt.Errorf("%w (make build builds it)", err)
		}
	}
	for _, h := range harnesses {
		cases, err := json.Marshal(h.cases())
		if err != nil {
			return fmt.Errorf("encoding the cases of level %d: %w", h.level, err)
		}
		name := "cases.json"
		if h.level > 1 {
			name = fmt.Sprintf("cases%d.json", h.level)
		}
		f, err := write(dir, name, cases)
		if err != nil {
			return err
		}
		m.Harnesses = append(m.Harnesses, harnessFile{Level: h.level, Package: h.pkg, Cases: f})
	}
	archives, err := exports(gocmd)
	if err != nil {
		return err
	}
	var packed []byte
	for _, a := range archives {
		b, err := os.ReadFile(a.Export)
		if err != nil {
			return fmt.Errorf("reading the archive of %s: %w", a.ImportPath, err)
		}
		m.Archives.Packages = append(m.Archives.Packages, packedAt(a.ImportPath, len(packed), len(b)))
		packed = append(packed, b...)
	}
	if m.Archives.file, err = write(dir, "archives.pack", packed); err != nil {
		return err
	}
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	_, err = write(dir, "manifest.json", append(js, '\n'))
	return err
}

func packedAt(importPath string, offset, size int) packed {
	return packed{ImportPath: importPath, Offset: int64(offset), Size: int64(size)}
}

// A listed package, as go list -json prints it.
type listed struct {
	ImportPath string
	Export     string
}

// exports returns the js/wasm archive of the harnesses and of every
// package they or an allowed import need. go list -export builds what is missing
// into the build cache, with -trimpath so that no path of this machine is
// in them.
func exports(gocmd string) ([]listed, error) {
	args := []string{"list", "-trimpath", "-export", "-deps", "-json=ImportPath,Export"}
	for _, h := range harnesses {
		args = append(args, h.pkg)
	}
	args = append(args, allowedImports...)
	cmd := exec.Command(gocmd, args...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list of the harnesses' packages: %w: %s", err, stderr.Bytes())
	}
	var all []listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("reading go list's output: %w", err)
		}
		switch {
		case p.ImportPath == "unsafe":
		case p.Export == "":
			return nil, fmt.Errorf("go list gave no archive for %s", p.ImportPath)
		default:
			all = append(all, p)
		}
	}
	slices.SortFunc(all, func(a, b listed) int { return strings.Compare(a.ImportPath, b.ImportPath) })
	return all, nil
}

// describe returns the file name of dir as manifest.json refers to it.
func describe(dir, name string) (file, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return file{}, err
	}
	return file{URL: hashed(name, b), Size: int64(len(b))}, nil
}

// write writes b to dir/name (beside it first, then renamed, so that a
// failed build never leaves a truncated file) and describes it.
func write(dir, name string, b []byte) (file, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return file{}, err
	}
	tmp, err := os.CreateTemp(dir, "."+name+"-*")
	if err != nil {
		return file{}, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return file{}, fmt.Errorf("writing %s: %w", name, err)
	}
	if err := tmp.Close(); err != nil {
		return file{}, fmt.Errorf("writing %s: %w", name, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return file{}, err
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, name)); err != nil {
		return file{}, err
	}
	return file{URL: hashed(name, b), Size: int64(len(b))}, nil
}

// hashed returns name with the first 16 hex digits of b's SHA-256 as its
// query: the URL changes exactly when the content does.
func hashed(name string, b []byte) string {
	sum := sha256.Sum256(b)
	return name + "?v=" + hex.EncodeToString(sum[:8])
}

// output runs the go command and returns its standard output.
func output(gocmd string, args ...string) ([]byte, error) {
	out, err := exec.Command(gocmd, args...).Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", gocmd, strings.Join(args, " "), err)
	}
	return out, nil
}
