// A tutorial author's page on another origin than the playground's: it
// imports agentloop.js by its full URL, as from a CDN, and runs the seed
// on its own thread and in the sandbox. The site's origin comes in the
// page's query (?site=URL). The browser tests (crossorigin_test.go) call
// globalThis.tutorial.
const site = new URL(new URLSearchParams(location.search).get("site"));
const { runAgent, ready, runAgentSandboxed } = await import(new URL("agentloop.js", site).href);

const seedModel = [
  { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },
  { role: "assistant", type: "final", content: "The answer is 5." },
];

globalThis.tutorial = {
  async seed() {
    await ready;
    return runAgent(seedModel, { add: ({ a, b }) => a + b }, "What is 2 + 3?");
  },
  sandboxed() {
    return runAgentSandboxed({ model: JSON.stringify(seedModel), tools: "({ add: ({ a, b }) => a + b })" }, "What is 2 + 3?");
  },
};
