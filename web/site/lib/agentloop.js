// agentloop.js: the agent loop for any page, from one URL.
//
//   import { runAgent, ready, runAgentSandboxed } from "https://example.org/agentloop/agentloop.js";
//   await ready;                      // the engine is loaded on this page
//   const answer = await runAgent(model, tools, "What is 2 + 3?", { maxSteps: 5, onEvent });
//
// This is the entry of the served web/site/agentloop.js, which make build
// bundles from web/site/lib/ (and the two helpers it shares with the page)
// into one ES module with no imports, so that a page that imports it
// starts the main.wasm download at once, with no further fetch first. Its
// types and their documentation are web/site/agentloop.d.ts.
//
// It finds main.wasm, wasm_exec.js, sandbox.html and dist/worker.js next
// to itself (import.meta.url, lib/here.js) and downloads main.wasm once
// per page (lib/download.js). runAgent runs on the page's thread, exactly
// as the README's raw snippet (lib/page-thread.js); runAgentSandboxed
// evaluates untrusted source in a worker under the runaway guard
// (lib/sandboxed.js, lib/run.js), and that worker lives in a hidden
// sandboxed frame with an opaque origin and no network (lib/frame.js). The
// playground's engine (page/engine.js) is this module's Sandbox, imported
// by the same URL, so one copy runs user-written JS for both.

export { onProgress } from "./progress.js";
export { ready, runAgent } from "./page-thread.js";
export { runAgentSandboxed } from "./sandboxed.js";
export { Sandbox } from "./sandbox.js";
export { prepareGoEngine, startGoWorker } from "./go-worker.js";
