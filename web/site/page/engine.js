// The playground's engine is agentloop.js's Sandbox: the page and a
// tutorial's runAgentSandboxed run user code through the same workers and
// runaway guard, loaded once. index.html loads agentloop.js as its own
// module (before dist/app.js), and it publishes itself here; the bundle
// never holds a second copy.

const lib = globalThis.agentloop;
if (!lib) throw new Error("agentloop.js has not run: index.html must load it before dist/app.js");

export const Engine = lib.Sandbox;
export const onProgress = lib.onProgress;
