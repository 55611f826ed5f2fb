// The worker that reads a pasted, dropped or picked conversation
// (dist/conversation-worker.js): parsing a log of many megabytes and
// writing its code takes a second or more, which on the page's thread
// would hold every click and keystroke meanwhile. It runs no user code:
// it parses JSON and writes text.
//
//   page -> worker: {type: "read", text}
//   worker -> page: {type: "read", result}   conversationSetup's result

import { conversationSetup } from "./replay.js";

self.onmessage = (e) => {
  const msg = e.data;
  if (!msg || msg.type !== "read" || typeof msg.text !== "string") return;
  self.postMessage({ type: "read", result: conversationSetup(msg.text) });
};
