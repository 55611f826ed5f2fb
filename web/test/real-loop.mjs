// The real loop under Node: main.wasm's runAgent, the bridge of agent.Run
// that the page's worker runs. make build writes main.wasm and
// wasm_exec.js; each test file runs in a process of its own, so one start
// serves the file.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

const site = new URL("../site/", import.meta.url);

// startRealLoop starts main.wasm's Go program and resolves to the runAgent
// it defines.
export async function startRealLoop() {
  for (const f of ["main.wasm", "wasm_exec.js"]) {
    assert.ok(existsSync(new URL(f, site)), `web/site/${f} is missing: run make build first`);
  }
  await import(new URL("wasm_exec.js", site).href);
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(readFileSync(new URL("main.wasm", site)), go.importObject);
  go.run(instance);
  assert.equal(typeof globalThis.runAgent, "function", "main.wasm defines runAgent");
  return globalThis.runAgent;
}
