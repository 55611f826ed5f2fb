// The bench page's harness: it loads the wasm bridge (../main.wasm) and
// exposes globalThis.bench for make bench (web/bench/main.go) to drive
// through chromedp. Both loops run the same trivial sync workload: the
// model always asks for add(a=2, b=3), the tool adds, and the run stops
// when the steps run out.

import { runAgentJS, MAX_STEPS_TEXT } from "./jsloop.js";

const action = { type: "tool", name: "add", args: { a: 2, b: 3 } };
const model = () => action;
const tools = { add: (args) => String(args.a + args.b) };
const userMsg = "What is 2 + 3?";

let memory = null;

// With ?count in the URL, every call across the Go↔JS boundary is counted:
// each import the Go runtime calls (syscall/js.valueGet, valueCall, …) and
// each time JavaScript enters Go (_resume: a js.FuncOf callback or a timer
// the Go scheduler set). The counting slows the bridge, so make bench times
// the bridge in a page without it.
const counting = new URLSearchParams(location.search).has("count");
let counts = {};

function countCrossings(go) {
  for (const imports of Object.values(go.importObject)) {
    for (const [name, fn] of Object.entries(imports)) {
      if (typeof fn !== "function") continue;
      imports[name] = function (...args) {
        counts[name] = (counts[name] ?? 0) + 1;
        return fn.apply(this, args);
      };
    }
  }
  const resume = go._resume.bind(go);
  go._resume = () => {
    counts["JS→Go (_resume)"] = (counts["JS→Go (_resume)"] ?? 0) + 1;
    return resume();
  };
}

// loadBridge instantiates main.wasm with the Go runtime glue and waits
// until the Go program has registered runAgent.
async function loadBridge() {
  if (typeof Go !== "function") throw new Error("../wasm_exec.js did not load (run make build)");
  const go = new Go();
  if (counting) countCrossings(go);
  const res = await fetch("../main.wasm");
  if (!res.ok) throw new Error(`../main.wasm: HTTP ${res.status} (run make build)`);
  const { instance } = await WebAssembly.instantiateStreaming(res, go.importObject);
  memory = instance.exports.mem;
  let exited = false;
  go.run(instance).finally(() => { exited = true; });
  for (let waited = 0; typeof globalThis.runAgent !== "function"; waited += 10) {
    if (exited) throw new Error("the Go program exited without defining runAgent");
    if (waited > 10000) throw new Error("runAgent was not defined within 10 s of starting main.wasm");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// runOnce runs one n-step run and returns its wall time in ms.
async function runOnce(run, n) {
  const t0 = performance.now();
  const text = await run(model, tools, userMsg, n);
  const ms = performance.now() - t0;
  if (text !== MAX_STEPS_TEXT) {
    throw new Error(`a ${n}-step run resolved ${JSON.stringify(text)}, want ${JSON.stringify(MAX_STEPS_TEXT)}`);
  }
  return ms;
}

// timed returns the wall time of one n-step run in ms: the mean over as
// many back-to-back runs as fill 50 ms, since performance.now() is coarse
// (100 µs) and a plain-JS run of 10k steps takes about 1 ms.
async function timed(run, n) {
  // Start from a collected heap, so neither loop pays for the other's
  // garbage (gc exists with --js-flags=--expose-gc).
  if (typeof globalThis.gc === "function") globalThis.gc();
  let runs = 0;
  let ms = 0;
  do {
    ms += await runOnce(run, n);
    runs++;
  } while (ms < 50);
  return ms / runs;
}

// A streamed answer of n text deltas, scripted ({stream}) or from an
// async function* (each delta a promise), through the bridge with
// onEvent hearing every delta; the run's wall time in ms.
async function streamOnce(n, generator) {
  const deltas = [];
  for (let i = 0; i < n; i++) deltas.push({ text: "tok " });
  const model = generator
    ? async function* () { for (const d of deltas) yield d; }
    : [{ stream: deltas }];
  let heard = 0;
  const t0 = performance.now();
  const text = await globalThis.runAgent(model, {}, userMsg, { onEvent: (e) => { if (e.kind === "delta") heard++; } });
  const ms = performance.now() - t0;
  if (heard !== n || text.length !== 4 * n) throw new Error(`a ${n}-delta stream gave ${heard} delta events and ${text.length} characters`);
  return ms;
}

const ready = loadBridge();

globalThis.bench = {
  ready: ready.then(() => true),
  bridge: (n) => timed(globalThis.runAgent, n),
  js: (n) => timed(runAgentJS, n),
  stream: (n) => streamOnce(n, false),
  streamGenerator: (n) => streamOnce(n, true),
  // crossings runs one n-step run through the bridge and returns the
  // boundary crossings it made, by kind (only with ?count).
  async crossings(n) {
    if (!counting) throw new Error("open the bench page with ?count to count crossings");
    counts = {};
    const ms = await runOnce(globalThis.runAgent, n);
    return { ms, counts };
  },
  // memory reports the wasm linear memory and, when the browser has it,
  // the JS heap after a full GC (gc exists with --js-flags=--expose-gc).
  memory() {
    if (typeof globalThis.gc === "function") globalThis.gc();
    return {
      wasmBytes: memory ? memory.buffer.byteLength : null,
      jsHeapBytes: performance.memory ? performance.memory.usedJSHeapSize : null,
    };
  },
};

// A button for people who open the page by hand (make serve, then /bench/).
const out = document.querySelector("#out");
ready.then(
  () => { document.body.dataset.bench = "ready"; },
  (err) => { document.body.dataset.bench = "failed"; out.textContent = String(err); },
);
document.querySelector("#go").addEventListener("click", async () => {
  out.textContent = "running…";
  try {
    await ready;
    const n = 10000;
    const bridge = await globalThis.bench.bridge(n);
    const js = await globalThis.bench.js(n);
    out.textContent = `${n} steps: bridge ${(bridge * 1000 / n).toFixed(2)} µs/step, ` +
      `plain JS ${(js * 1000 / n).toFixed(2)} µs/step (${(bridge / js).toFixed(1)}× slower)`;
  } catch (err) {
    out.textContent = String(err);
  }
});
