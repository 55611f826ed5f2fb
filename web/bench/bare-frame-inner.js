// The isolated floor's frame (bare-frame-inner.html): say hello, compile
// and run the main.wasm bytes the page sends, and say "ready" once the Go
// program has defined runAgent.
"use strict";

addEventListener("message", async (e) => {
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(e.data, go.importObject);
  go.run(instance);
  while (typeof globalThis.runAgent !== "function") await new Promise((resolve) => setTimeout(resolve, 0));
  parent.postMessage("ready", "*");
});
parent.postMessage("hello", "*");
