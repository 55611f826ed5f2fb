// The playground's engine is agentloop.js's Sandbox: the page and a
// tutorial's runAgentSandboxed run user code through the same workers and
// runaway guard, loaded once.
//
// The page imports the library by its served URL, which its bundle keeps
// as an import (esbuild's --external, see the Makefile): index.html loads
// that same URL first, so that the main.wasm download starts before this
// bundle is even fetched, and a module imported twice by one URL is one
// module. The page and that early import therefore share one download,
// one sandbox frame and one spare worker, and the bundle holds no second
// copy. The path is relative to dist/app.js, where esbuild puts this
// import (this module is imported by page/app.js only, so it lands in the
// entry; the Makefile fails the build if a chunk imports the library).
// exercise/go-sandbox.js, in the entry too, imports the Go Exercise's
// workers the same way.

export { Sandbox as Engine, onProgress } from "../agentloop.js";
