// The engine's status line: while agentloop.js's sandbox (page/engine.js)
// loads, how far it is (bytes of main.wasm received, then compiling); then
// "Engine ready", or why it failed. body[data-engine] says the same for
// the styles and the tests.

import { byId } from "../util/dom.js";

const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;

function loadingText(p) {
  if (p.phase === "download" && p.received > 0) {
    return p.total ? `Loading the engine: ${mb(p.received)} of ${mb(p.total)}…` : `Loading the engine: ${mb(p.received)}…`;
  }
  if (p.phase === "compile" || p.phase === "ready") return "Loading the engine: compiling…";
  return "Loading the engine…";
}

// engineStatus returns {onStatus, onProgress, show}: the handlers of the
// engine's status and loading progress, and show(engine), which starts
// showing them. Until then nothing is shown: the page shows the engine's
// state once the editors are filled, so "ready" means ready to run what
// they show.
export function engineStatus() {
  let engine = null;
  let loading = { phase: "download", received: 0, total: 0 };
  const show = () => {
    if (!engine) return;
    const { status, detail } = engine;
    document.body.dataset.engine = status;
    byId("engine-status").textContent =
      status === "ready" ? "Engine ready" : status === "failed" ? `The engine failed to load: ${detail}` : loadingText(loading);
  };
  return {
    onStatus: show,
    onProgress: (p) => {
      loading = p;
      if (engine && engine.status === "loading") show();
    },
    show: (e) => {
      engine = e;
      show();
    },
  };
}
