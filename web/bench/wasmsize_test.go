//go:build !(js && wasm)

package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPackageOfLinkerNames(t *testing.T) {
	for name, want := range map[string]string{
		"fmt.(*pp).doPrintf":                   "fmt",
		"github.com_hack-pad_safejs.Value.Get": "github.com/hack-pad/safejs",
		"agentloop.dev_agent.(*run).loop":      "agentloop.dev/agent",
		"internal_strconv.ParseFloat":          "internal/strconv",
		"main.(*run).observe":                  "main",
		"fmt.__pp_.doPrintf":                   "fmt",
		"runtime.__mheap_.alloc":               "runtime",
		"runtime.mallocgc":                     "runtime",
		"":                                     "(unnamed)",
	} {
		assert.Equal(t, want, packageOf(name), name)
	}
}

// TestCodeSizeByPackageReadsANamedBinary builds the smallest wasm module
// with two functions and a name section by hand, and checks the sizes land
// on the right packages, after the imported function.
func TestCodeSizeByPackageReadsANamedBinary(t *testing.T) {
	str := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	section := func(id byte, body []byte) []byte { return append([]byte{id, byte(len(body))}, body...) }
	var imports []byte
	imports = append(imports, 1)
	imports = append(imports, str("go")...)
	imports = append(imports, str("f")...)
	imports = append(imports, 0, 0) // a function of type 0
	code := []byte{2, 3, 0, 0x0b, 0x0b, 5, 0, 1, 1, 1, 0x0b}
	var names []byte
	names = append(names, 3)
	names = append(names, 0)
	names = append(names, str("go.f")...)
	names = append(names, 1)
	names = append(names, str("fmt.Sprint")...)
	names = append(names, 2)
	names = append(names, str("agentloop.dev_agent.Run")...)
	custom := append(str("name"), section(1, names)...)
	wasm := []byte("\x00asm\x01\x00\x00\x00")
	wasm = append(wasm, section(2, imports)...)
	wasm = append(wasm, section(10, code)...)
	wasm = append(wasm, section(0, custom)...)

	sizes, err := codeSizeByPackage(wasm)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"fmt": 3, "agentloop.dev/agent": 5}, sizes)

	_, err = codeSizeByPackage([]byte("not wasm"))
	assert.Error(t, err)
}

// TestSizeBuildHasTheMakefilesFlags checks that row 4b measures the code
// the page serves: its build passes the compiler flags of the Makefile's
// main.wasm rule.
func TestSizeBuildHasTheMakefilesFlags(t *testing.T) {
	makefile, err := os.ReadFile("../../Makefile")
	require.NoError(t, err)
	_, rule, found := strings.Cut(string(makefile), "\nweb/site/main.wasm:")
	require.True(t, found, "the Makefile has no main.wasm rule")
	lines := strings.SplitN(rule, "\n", 3)
	require.Len(t, lines, 3, "the main.wasm rule has no recipe")
	var gcflags []string
	for _, f := range strings.Fields(lines[1]) {
		if strings.HasPrefix(f, "-gcflags") {
			gcflags = append(gcflags, f)
		}
	}
	assert.Equal(t, gcflags, wasmGcflags, "the Makefile builds main.wasm with other compiler flags than row 4b: %s", lines[1])
}
