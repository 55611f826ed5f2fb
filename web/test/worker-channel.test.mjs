// The sandbox worker (worker/worker.js) takes only its first message from self,
// keeps the port it carries, and tells the page over that port when its
// Go runtime stops. Run here on a tiny WebAssembly program that exits at
// once, as a Go program does when its runtime stops.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// A module whose run(argc, argv) calls gojs.runtime.wasmExit(0) at once:
// what wasm_exec.js sees when a Go program ends.
const EXITS_AT_ONCE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  // types: (i32) -> (), (i32, i32) -> ()
  0x01, 0x0a, 0x02, 0x60, 0x01, 0x7f, 0x00, 0x60, 0x02, 0x7f, 0x7f, 0x00,
  // import gojs.runtime.wasmExit: type 0
  0x02, 0x19, 0x01, 0x04, ...Buffer.from("gojs"), 0x10, ...Buffer.from("runtime.wasmExit"), 0x00, 0x00,
  // one function of type 1
  0x03, 0x02, 0x01, 0x01,
  // one page of memory
  0x05, 0x03, 0x01, 0x00, 0x01,
  // exports: mem, run
  0x07, 0x0d, 0x02, 0x03, ...Buffer.from("mem"), 0x02, 0x00, 0x03, ...Buffer.from("run"), 0x00, 0x01,
  // run: wasmExit(0)
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0x10, 0x00, 0x0b,
]);

// loadWorker imports worker/worker.js below a wasm_exec.js of the Go installed
// (the one make build copies), with self as the worker's global.
async function loadWorker(t) {
  const dir = mkdtempSync(join(tmpdir(), "agentloop-worker-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const goroot = execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim();
  copyFileSync(join(goroot, "lib", "wasm", "wasm_exec.js"), join(dir, "wasm_exec.js"));
  mkdirSync(join(dir, "worker"));
  copyFileSync(new URL("../site/worker/worker.js", import.meta.url), join(dir, "worker", "worker.js"));
  mkdirSync(join(dir, "lib"));
  copyFileSync(new URL("../site/lib/protocol.js", import.meta.url), join(dir, "lib", "protocol.js"));
  globalThis.self = globalThis;
  await import(pathToFileURL(join(dir, "worker", "worker.js")).href);
  assert.equal(typeof self.onmessage, "function", "worker.js listens for the engine message");
}

test("a worker whose Go runtime stops tells the page at once, over the private port", async (t) => {
  await loadWorker(t);
  const channel = new MessageChannel();
  t.after(() => channel.port1.close());
  const heard = new Promise((resolve) => (channel.port1.onmessage = (e) => resolve(e.data)));
  const module = await WebAssembly.compile(EXITS_AT_ONCE);
  self.onmessage({ data: { type: "engine", module, port: channel.port2 } });
  assert.equal(self.onmessage, null, "after the engine message the worker hears nothing more on self: user code posting to itself would be heard as the page");

  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("the worker said nothing within 2 s of its Go runtime stopping")), 2000).unref());
  assert.deepEqual(await Promise.race([heard, timeout]), { type: "failed", error: "the Go runtime stopped: the Go program exited" });
});
