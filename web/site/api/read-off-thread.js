// readConversationOffThread: api/replay.js's conversationSetup, run in a
// worker of its own (api/conversation-worker.js), so that a large log is
// parsed without holding the page. Where no worker can be had (a host
// whose policy refuses it), it runs here.

import { conversationSetup } from "./replay.js";

// The bundle of api/conversation-worker.js, beside the page.
const WORKER_URL = "dist/conversation-worker.js";

// readConversationOffThread resolves with conversationSetup(text)'s
// result. Each read gets a fresh worker, ended once it has answered.
export function readConversationOffThread(text) {
  let worker;
  try {
    worker = new Worker(new URL(WORKER_URL, document.baseURI));
  } catch {
    return Promise.resolve(conversationSetup(text));
  }
  return new Promise((resolve) => {
    const done = (result) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = (e) => {
      if (e.data && e.data.type === "read" && e.data.result) done(e.data.result);
    };
    // A worker that fails to load (or crashes) leaves the reading to the
    // page, which is slower but always there.
    worker.onerror = (e) => {
      e.preventDefault();
      done(conversationSetup(text));
    };
    worker.postMessage({ type: "read", text });
  });
}
