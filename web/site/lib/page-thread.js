// runAgent on the page's own thread: main.wasm instantiated here, once,
// the first time ready is awaited or runAgent called.

import { wasm } from "./download.js";
import { here } from "./here.js";
import { describeCSP, evalRefused } from "./policy.js";
import { reportLoaded } from "./progress.js";

// How long the Go program may take, once started, to define runAgent.
const DEFINE_MS = 10000;

// compileOnPage compiles main.wasm for runAgent on the page's own thread,
// streaming, from a response of the browser's (so the browser can reuse
// its compiled code on a later visit); a host that serves .wasm without
// application/wasm gets the bytes compiled.
async function compileOnPage() {
  try {
    const res = await wasm.response();
    if (res.ok) return await WebAssembly.compileStreaming(res);
  } catch (err) {
    if (!(err instanceof TypeError)) throw describeCSP(err);
  }
  return WebAssembly.compile(await wasm.bytes()).catch((err) => {
    throw describeCSP(err);
  });
}

let pageEngine = null;

// loadOnPage instantiates the shared main.wasm on this page's thread, once,
// and resolves with the bridge's runAgent once the Go program defined it
// (on globalThis, where the bridge puts it for any page).
function loadOnPage() {
  if (!pageEngine) {
    pageEngine = (async () => {
      // wasm_exec.js loads while main.wasm downloads and compiles.
      const runtime = typeof globalThis.Go === "function" ? null : import(new URL("wasm_exec.js", here).href);
      const [module] = await Promise.all([compileOnPage(), runtime]);
      const go = new Go();
      const instance = await WebAssembly.instantiate(module, go.importObject).catch((err) => {
        throw describeCSP(err);
      });
      let exited = null;
      go.run(instance).then(
        () => (exited = "the Go program exited"),
        (err) => (exited = `the Go runtime stopped: ${err && err.message}`),
      );
      const t0 = performance.now();
      while (typeof globalThis.runAgent !== "function") {
        if (exited) throw evalRefused() || new Error(`${exited} before it defined runAgent`);
        if (performance.now() - t0 > DEFINE_MS) throw new Error(`main.wasm did not define runAgent within ${DEFINE_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return globalThis.runAgent;
    })();
    reportLoaded(pageEngine);
  }
  return pageEngine;
}

// ready resolves when runAgent can run on this page: main.wasm loaded and
// its Go program started here. It is lazy (a thenable): a page that only
// uses the sandbox never starts Go on its own thread.
export const ready = {
  then(resolve, reject) {
    return loadOnPage().then(() => undefined).then(resolve, reject);
  },
};

// runAgent is the bridge's runAgent (README, JavaScript API), on this
// page's thread, once ready: same arguments, same promise.
export async function runAgent(model, tools, userMsg, maxStepsOrOptions) {
  const run = await loadOnPage();
  return run(model, tools, userMsg, maxStepsOrOptions);
}
