// A tutorial page's only work (tutorial.html): import agentloop.js, await
// ready, and mark "runAgent-ready" once runAgent can run on this page.
import { ready } from "../agentloop.js";

await ready;
performance.mark("runAgent-ready");
