// The bare page's only work (bare.html): compile main.wasm while it
// downloads, run the Go program, and mark "runAgent-ready" once it has
// defined runAgent.
"use strict";

(async () => {
  const go = new Go();
  const module = await WebAssembly.compileStreaming(fetch("../main.wasm"));
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance);
  while (typeof globalThis.runAgent !== "function") await new Promise((resolve) => setTimeout(resolve, 0));
  performance.mark("runAgent-ready");
})();
