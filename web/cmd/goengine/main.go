// Command goengine prepares what the Go Exercise's worker needs to compile,
// link and run a learner's loop in the browser with the real Go toolchain:
//
//	go run ./web/cmd/goengine -o web/site/go
//
// The folder must already hold compile.wasm and link.wasm (cmd/compile and
// cmd/link built for js/wasm; make build builds them). goengine adds
//
//   - archives.pack: the js/wasm package archives of the harnesses, one per
//     level of the Exercise (web/goexercise/harness, harness2), and of what
//     they and the learner's package may import, directly or not, from the
//     go command's build cache (go list -export), one after another;
//   - cases.json and cases2.json: agenttest.Cases() and
//     agenttest.FollowUps(), which the harnesses grade on;
//   - manifest.json: the Go version, each level's harness, the imports
//     a learner may use, and each file's URL with its content hash in the
//     query (compile.wasm?v=…), so that a browser can keep them across
//     visits and a rebuild is fetched anew, plus where each archive sits
//     in archives.pack.
//
// The archives match the compiler only when both come from the same Go:
// make build redoes both when the Go version changes.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	out := flag.String("o", "web/site/go", "folder holding compile.wasm and link.wasm, to write the rest into")
	gocmd := flag.String("go", "go", "the go command whose toolchain built compile.wasm and link.wasm")
	flag.Parse()
	if err := run(*gocmd, *out); err != nil {
		fmt.Fprintln(os.Stderr, "goengine:", err)
		os.Exit(1)
	}
}
