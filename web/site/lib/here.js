// Where agentloop.js is served: main.wasm, wasm_exec.js, sandbox.html and
// dist/worker.js are found next to it. import.meta.url is the bundle's
// own URL, since esbuild bundles this module into agentloop.js.
export const here = new URL(".", import.meta.url);
