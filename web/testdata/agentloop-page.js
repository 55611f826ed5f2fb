// A tutorial author's use of agentloop.js, as the README shows it: one
// import, then runAgent on the page's thread, then runAgentSandboxed. The
// browser tests (tutorial_page_test.go) call globalThis.tutorial.
import { runAgent, ready, runAgentSandboxed, onProgress } from "./agentloop.js";

// The engine's loading, as a page's status line would show it.
const phases = [];
onProgress((p) => {
  if (phases.at(-1) !== p.phase) phases.push(p.phase);
});

const seedModel = [
  { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },
  { role: "assistant", type: "final", content: "The answer is 5." },
];

globalThis.tutorial = {
  phases,
  // frames counts the page's frames: the sandbox's, once there is one.
  frames: () => document.querySelectorAll("iframe").length,
  async seed() {
    await ready;
    const kinds = [];
    const answer = await runAgent(seedModel, { add: ({ a, b }) => a + b }, "What is 2 + 3?", { maxSteps: 5, onEvent: (e) => kinds.push(e.kind) });
    document.querySelector("#out").textContent = answer;
    return { answer, kinds };
  },
  // loadError is why the engine cannot run on this page, or "".
  async loadError() {
    return ready.then(() => "", (err) => err.message);
  },
  // sandboxed runs sources in the sandbox: {answer, events, ms} or
  // {error, name, events, ms} (name: the error's, TypeError say). more:
  // further options, such as {maxSteps: -1}.
  async sandboxed(model, tools, timeLimitMs, more = {}) {
    const t0 = performance.now();
    const events = [];
    try {
      const answer = await runAgentSandboxed({ model, tools }, "What is 2 + 3?", { timeLimitMs, onEvent: (e) => events.push(e.kind), ...more });
      return { answer, events, ms: performance.now() - t0 };
    } catch (err) {
      return { error: err.message, name: err.name, events, ms: performance.now() - t0 };
    }
  },
};

// many starts n sandboxed runs of the seed at once and resolves, once all
// have settled, with how many answered and the distinct errors of the rest.
globalThis.tutorial.many = async (n) => {
  const model = JSON.stringify(seedModel);
  const runs = [];
  for (let i = 0; i < n; i++) runs.push(runAgentSandboxed({ model, tools: "{ add: ({ a, b }) => a + b }" }, "What is 2 + 3?", { timeLimit: 20000 }));
  const settled = await Promise.allSettled(runs);
  return {
    answered: settled.filter((r) => r.status === "fulfilled" && r.value === "The answer is 5.").length,
    errors: [...new Set(settled.filter((r) => r.status === "rejected").map((r) => r.reason.message))],
  };
};
