"use strict";
// globalThis.runAgent itself.

// makeRunAgent returns runAgent, which calls start(resolve, reject, model,
// tools, userMsg, maxStepsOrOptions), the Go side, with the promise's
// functions. The promise exists before Go runs: whatever start does, the
// caller gets a promise, and an exception thrown by start (such as "Go
// program has already exited") rejects it. start runs in a microtask, so
// that runAgent returns before any of the run's code runs, as a
// promise-returning function should: the caller's code after the call
// (showing a spinner, keeping the promise) comes first, even when the
// model is synchronous.
function makeRunAgent(start) {
  return function runAgent(model, tools, userMsg, maxStepsOrOptions) {
    return new Promise((resolve, reject) => queueMicrotask(() => {
      try {
        start(resolve, reject, model, tools, userMsg, maxStepsOrOptions);
      } catch (e) {
        reject(e);
      }
    }));
  };
}

exports.makeRunAgent = makeRunAgent;
