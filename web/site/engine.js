// The playground's engine is agentloop.js's Sandbox: the page and a
// tutorial's runAgentSandboxed run user code through the same workers and
// runaway guard, loaded once. index.html loads agentloop.js as its own
// async module, which publishes itself on globalThis; the bundle never
// holds a second copy. It has almost always run by the time this does;
// if not, importing it by the same URL waits for that very module.

const lib =
  globalThis.agentloop ||
  (await import(/* the same module as index.html's */ new URL("../agentloop.js", import.meta.url).href), globalThis.agentloop);

export const Engine = lib.Sandbox;
export const onProgress = lib.onProgress;
