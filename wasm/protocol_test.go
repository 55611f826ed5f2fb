//go:build js && wasm

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"syscall/js"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jsCode is the source of the engine's .js files without comments and
// string literals, where a name does not count as used.
func jsCode(t *testing.T) map[string]string {
	t.Helper()
	noise := regexp.MustCompile(`//[^\n]*|/\*(?s:.*?)\*/|"(?:[^"\\\n]|\\.)*"`)
	files, err := filepath.Glob("*.js")
	require.NoError(t, err)
	require.NotEmpty(t, files, "run from the package's folder")
	code := make(map[string]string)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		code[f] = noise.ReplaceAllString(string(src), "")
	}
	return code
}

// The engine's protocol is written once, in Go's table: the JavaScript
// uses every name of it, no name of the protocol's families that the table
// lacks, and no bare numbers as op labels.
func TestEngineUsesExactlyTheProtocolNames(t *testing.T) {
	defined := map[string]bool{"phaseNames": true}
	for _, c := range protocol {
		require.False(t, defined[c.name], "%s is in the protocol table twice", c.name)
		defined[c.name] = true
	}
	family := regexp.MustCompile(`\b(?:op|q|kind|flag|entry|str|num|outcome|reject|payload|decided|decision)[A-Z]\w*`)
	bareLabel := regexp.MustCompile(`case\s+-?[0-9]`)
	used := map[string]bool{}
	for f, code := range jsCode(t) {
		for _, name := range family.FindAllString(code, -1) {
			used[name] = true
			assert.True(t, defined[name], "%s uses %s, which Go's protocol table does not define", f, name)
		}
		for _, c := range protocol {
			if regexp.MustCompile(`\b` + c.name + `\b`).MatchString(code) {
				used[c.name] = true
			}
		}
		assert.False(t, bareLabel.MatchString(code), "%s has a bare numeric case label: name it in the protocol table", f)
	}
	for _, c := range protocol {
		assert.True(t, used[c.name], "the protocol table defines %s, which no .js file uses", c.name)
	}
}

// Every file the bridge embeds is a script that node --check accepts, so
// that a syntax error shows up with its file and line, not as "compiling
// the engine" at startup.
func TestEmbeddedJavaScriptPassesNodeCheck(t *testing.T) {
	require.Equal(t, js.TypeFunction, js.Global().Get("require").Type(), "the wasm tests run under Node, which has require")
	process := js.Global().Get("process")
	spawn := js.Global().Call("require", "child_process").Get("spawnSync")
	var checked []string
	for _, f := range engineFiles {
		abs, err := filepath.Abs(f.name)
		require.NoError(t, err)
		out := spawn.Invoke(process.Get("execPath"), []any{"--check", abs}, map[string]any{"encoding": "utf8"})
		assert.Equal(t, 0, out.Get("status").Int(), "node --check %s: %s", f.name, out.Get("stderr").String())
		checked = append(checked, f.name)
	}
	files, err := filepath.Glob("*.js")
	require.NoError(t, err)
	slices.Sort(files)
	slices.Sort(checked)
	assert.Equal(t, files, checked, "every .js file of the package is embedded and checked")
}
