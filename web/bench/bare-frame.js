// The isolated floor's page (bare-frame.html): download main.wasm, give
// the bytes to the sandboxed frame once it says hello, and mark
// "runAgent-ready" when the frame says its Go program defined runAgent.
"use strict";

(() => {
  const frame = document.querySelector("iframe");
  const bytes = fetch("../main.wasm").then((res) => res.arrayBuffer());
  addEventListener("message", async (e) => {
    if (e.source !== frame.contentWindow) return;
    if (e.data === "hello") {
      const buffer = await bytes;
      frame.contentWindow.postMessage(buffer, "*", [buffer]);
    } else if (e.data === "ready") {
      performance.mark("runAgent-ready");
    }
  });
})();
