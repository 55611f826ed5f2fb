// The real loop (main.wasm's runAgent, the bridge of agent.Run) in the
// shape of the Exercise's loops, so that the recorders (worker/grade.js,
// worker/grade-followups.js) can play a case on it as on a learner's loop:
// what it did is what a drawn case expects (interview mode draws fresh
// cases at each Check, and the page computes their expectations with
// this, never with a file a learner could replay).
//
// Level 1 is the bridge itself. At level 2 the bridge's promise of the
// final text becomes an answer {text, usage, messages} read from its done
// event, and its rejection an Error carrying that answer, in the words Go's
// agent.Run gives a canceled run: "step N: " and the message of the
// signal's reason ("context canceled").
//
// The run's signal goes to the bridge as is: like Go's agent.Run, the
// bridge waits for a model or tool call under way when the signal fires,
// keeps what it returns, and stops before the next model call.

// referenceLoops returns the real loop for each level.
export function referenceLoops(runAgent) {
  const level2 = async (model, tools, userMsg, { maxSteps, toolTimeoutMs, signal }) => {
    let done = null;
    // Tools get the run's own signal, as a learner's loop gives theirs, so
    // a slow tool stops when the run is canceled.
    const withSignal = {};
    for (const name of Object.keys(tools)) withSignal[name] = (args) => tools[name](args, { signal });
    const modelWithSignal = (messages) => model(messages, { signal });
    const options = { maxSteps, signal, onEvent: (e) => e.kind === "done" && (done = e) };
    if (toolTimeoutMs > 0) options.toolTimeoutMs = toolTimeoutMs;
    const answer = (text) => ({
      text,
      usage: done && done.usage ? done.usage : { input_tokens: 0, output_tokens: 0 },
      messages: done && Array.isArray(done.messages) ? done.messages : [{ role: "user", content: userMsg }],
    });
    try {
      return answer(await runAgent(modelWithSignal, withSignal, userMsg, options));
    } catch (err) {
      let words = String(err && err.message);
      const canceled = /^step (\d+): aborted\b/.exec(words);
      if (canceled && signal.aborted) words = `step ${canceled[1]}: ${signal.reason.message}`;
      throw Object.assign(new Error(words), { answer: answer("") });
    }
  };
  return { 1: runAgent, 2: level2 };
}
