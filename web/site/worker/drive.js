// Who answers the model calls of a run, when it is not (only) the Model
// editor. An ES module, imported by worker/worker.js.
//
// A run message may carry drive:
//   {kind: "person"}              every model call is asked of the person
//                                 at the page: {type: "ask", step, messages,
//                                 tools} goes out, and the run waits for
//                                 {type: "answer", action} to come back
//   {kind: "fork", replay: [...]} the first replay.length model calls get
//                                 those actions, exactly; later calls go to
//                                 the Model editor's model as they would
//                                 have (an array from its next entry, a
//                                 function called as usual)

let waiting = null; // resolves the model call the person is answering

// copy returns a plain copy of what the loop holds, or a note that it
// could not be copied: the person reads it, nothing runs it.
export function copy(v) {
  try {
    return JSON.parse(JSON.stringify(v));
  } catch (err) {
    return `[could not be shown: ${err && err.message}]`;
  }
}

// driveModel returns the model the run is given: model itself without
// drive. post sends a control message to the page (after the events
// before it); toolNames are the Tools editor's tools.
export function driveModel(model, drive, post, toolNames) {
  if (!drive || typeof drive !== "object") return model;
  let calls = 0;
  if (drive.kind === "person") {
    return function personModel(messages) {
      calls++;
      post({ type: "ask", step: calls, messages: copy(messages), tools: toolNames });
      return new Promise((resolve) => {
        waiting = resolve;
      });
    };
  }
  if (drive.kind === "fork") {
    const replay = Array.isArray(drive.replay) ? drive.replay : [];
    return function forkedModel(messages) {
      calls++;
      if (calls <= replay.length) return copy(replay[calls - 1]);
      if (Array.isArray(model)) {
        if (calls > model.length) throw new Error(`script exhausted at step ${calls}`);
        return model[calls - 1];
      }
      return model(messages);
    };
  }
  return model;
};

// answerModel hands the person's answer to the model call waiting for it.
export function answerModel(action) {
  const resolve = waiting;
  waiting = null;
  if (resolve) resolve(action);
}
