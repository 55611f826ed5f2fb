// The messages between the page, the sandbox frame and its workers, as
// data: one table per channel (one direction of one link), naming each
// message's type and fields ("name?": may be absent), and the files at its
// two ends (paths under web/site/; a .go file is a Go program's end; one
// in <angle brackets> is outside the project, a host page).
//
// Both ends read it: a receiver drops what its channel does not list
// (heard), so a message type that is sent but not tabled is never acted
// on, and web/test/protocol.test.mjs fails when a file sends or handles a
// type its channels lack, or a channel lists a type that no sender sends
// or no receiver handles. The sandbox frame's classic script gets this
// module bundled into dist/sandbox.js by make build.
//
// To add a message: add its type and fields to its channel below, then
// send it and handle it (a new link is a new channel, with its files).

export const CHANNELS = {
  // The page finds the frame over window.postMessage, then hands it the
  // control port: the only messages read from the window.
  pageToFrameWindow: {
    link: "window.postMessage, page to the sandbox frame",
    senders: ["lib/frame.js"],
    receivers: ["sandbox/main.js"],
    messages: {
      "agentloop-sandbox-hello?": [], // say hello again (the page may have missed it)
      control: [], // the control port, in the transfer list
    },
  },
  frameWindowToPage: {
    link: "window.postMessage, sandbox frame to the page",
    senders: ["sandbox/main.js"],
    receivers: ["lib/frame.js"],
    messages: {
      "agentloop-sandbox-hello": [], // the frame's script runs
    },
  },
  // The control port, page to frame.
  pageToFrame: {
    link: "control port, page to the sandbox frame",
    senders: ["lib/frame.js", "lib/go-worker.js"],
    receivers: ["sandbox/main.js"],
    messages: {
      wasm: ["chunk"], // main.wasm as it downloads, compiled once while it streams in
      wasm_end: [],
      // start worker id; port is its channel to the page; kind "go": a Go Exercise runner
      start: ["id", "port", "kind?", "timeOrigin", "postedAt"],
      // the Go Exercise's engine (exercise/go-engine.js); warm: the builder first builds a loop of its own
      go_engine: ["manifest", "compile", "link", "archives", "cases", "warm"],
      terminate: ["id"],
      ping: ["seq"],
    },
  },
  frameToPage: {
    link: "control port, sandbox frame to the page",
    senders: ["sandbox/main.js"],
    receivers: ["lib/frame.js"],
    messages: {
      hello: [], // the frame has the port
      compiled: [], // main.wasm compiled
      compile_failed: ["error"],
      go_compiled: [], // the Go engine's compiler and linker compiled
      go_compile_failed: ["error"],
      go_warm: [], // the Go builder warmed up (go_engine's warm)
      worker_error: ["id", "message"], // an error event of worker id's
      workers_refused: ["directive"], // this document's policy refuses blob: workers
      pong: ["seq"],
    },
  },
  // The first message a worker hears on self, from the frame.
  frameToWorker: {
    link: "worker.postMessage, sandbox frame to a new worker",
    senders: ["sandbox/main.js"],
    receivers: ["worker/worker.js", "worker/go-grader.js"],
    messages: {
      engine: ["module", "port", "timeOrigin", "postedAt"], // a JS worker: main.wasm and its port to the page
      go_builder: ["engine", "warm"], // the Go builder: the compiled engine
      client: ["id", "port"], // to the builder: a Go runner's channel
      go_check: ["port", "builder"], // a Go runner: its ports to the page and to the builder
    },
  },
  goBuilderToFrame: {
    link: "self.postMessage, the Go builder to the sandbox frame",
    senders: ["worker/go-grader.js"],
    receivers: ["sandbox/main.js"],
    messages: {
      warm: [], // it built its own warm-up loop
      building: ["id"], // it builds runner id's Check
      idle: [],
    },
  },
  // A JS worker's private port.
  pageToWorker: {
    link: "private port, page to a JS worker",
    senders: ["lib/run.js"],
    receivers: ["worker/worker.js"],
    messages: {
      // stopped: Stop came before the run; drive: who answers the model calls (worker/drive.js);
      // approvals: decisions made before, for tools that need approval (worker/approve.js)
      run: ["model", "tools", "userMsg", "maxSteps", "toolTimeoutMs", "contextBudget", "trim", "drive?", "approvals?", "subjects?", "stopped"],
      grade: ["source", "cases", "level", "barrierWaitMs", "reference"],
      answer: ["action"], // the person's answer to an ask
      approval: ["decision", "always"], // the person's decision on an approve_ask
      stop: [],
    },
  },
  workerToPage: {
    link: "private port, JS worker to the page",
    senders: ["worker/worker.js", "worker/outbox.js", "worker/drive.js", "worker/approve.js", "worker/grade.js", "worker/grade-followups.js", "lib/slot.js"],
    receivers: ["lib/slot.js", "lib/run.js"],
    messages: {
      ready: ["timing"],
      // the Go runtime stopped; crashed: the frame did (lib/slot.js says so for it)
      failed: ["error", "crashed?"],
      evaluating: ["editor"],
      evaluated: ["editor"],
      compile_error: ["editor", "line?", "column?", "message", "whole?"],
      code_error: ["editor", "line", "column", "message", "name"], // a model or tool call threw
      events: ["nums", "json", "precise"], // runAgent's events (lib/event-wire.js)
      ask: ["step", "messages", "tools"], // a model call the person answers
      approve_ask: ["step", "call", "name", "id?", "args"], // a tool call the person decides
      case_start: ["index", "name"],
      case_end: ["index", "observed"],
      end: ["ok", "text?", "error?", "name?"],
    },
  },
  // A Go runner's channel to the builder.
  goRunnerToBuilder: {
    link: "port, a Go runner to the Go builder",
    senders: ["worker/go-grader.js"],
    receivers: ["worker/go-grader.js"],
    messages: {
      build: ["source", "level"],
    },
  },
  goBuilderToRunner: {
    link: "port, the Go builder to a Go runner",
    senders: ["worker/go-grader.js", "worker/go-build.js"],
    receivers: ["worker/go-grader.js"],
    messages: {
      phase: ["phase"], // "compile" | "link"
      compile_error: ["errors"],
      built: ["program", "timing"],
      not_built: ["timing"], // loop.go did not compile
      build_failed: ["error"],
    },
  },
  // A Go runner's port to the page.
  pageToGoRunner: {
    link: "port, page to a Go runner",
    senders: ["exercise/go-sandbox.js"],
    receivers: ["worker/go-grader.js"],
    messages: {
      // level: 1 unless 2; cases: a JSON text, the cases to play without
      // what the reference did (exercise/go-judge.js's blinded)
      check: ["source", "level", "cases"],
    },
  },
  // Nothing the runner says is believed: the page judges what its program
  // observed (exercise/go-judge.js) and passes the rest on to the view.
  goRunnerToPage: {
    link: "port, a Go runner to the page",
    senders: ["worker/go-grader.js", "worker/go-check.js", "worker/go-build.js", "../goexercise/grade/grade.go", "../goexercise/grade/serve.go"],
    receivers: ["exercise/go-sandbox.js", "exercise/go-judge.js"],
    passesOn: "goCheckToView", // what the judge does not handle, it passes on as it came
    messages: {
      ready: [],
      phase: ["phase"], // "compile" | "link" | "run" (the program starts, its init first)
      compile_error: ["errors"],
      initialized: [], // every package's init has run: the cases come next
      case_start: ["index", "name", "followUp?"],
      output: ["index", "text"], // what the loop printed while case index ran
      case_end: ["index", "name", "followUp?", "observed", "panicAt?"], // observed: an agenttest.Observation
      crashed: ["index", "message", "at?"], // the program died during case index
      done: ["timing"],
      end: ["ok", "error?"],
    },
  },
  // The harness's reports (web/goexercise/grade), one JSON line each on
  // the runner's /dev/reports: go-check.js forwards all but done.
  goReports: {
    link: "/dev/reports, the Go harness to its runner",
    senders: ["../goexercise/grade/grade.go", "../goexercise/grade/serve.go"],
    receivers: ["worker/go-check.js"],
    passesOn: "goRunnerToPage", // what go-check.js does not handle, it posts on as it came
    messages: {
      initialized: [],
      case_start: ["index", "name", "followUp?"],
      case_end: ["index", "name", "followUp?", "observed", "panicAt?"],
      done: ["total"],
    },
  },
  // Not a port: what exercise/go-sandbox.js's checkGoSandboxed adds to the
  // runner's messages for its onMessage.
  goCheckToView: {
    link: "checkGoSandboxed's onMessage, on the page",
    senders: ["exercise/go-sandbox.js", "exercise/go-judge.js", "worker/go-check.js", "worker/go-build.js"],
    receivers: ["exercise/go-check-view.js"],
    messages: {
      phase: ["phase"],
      compile_error: ["errors"],
      case_start: ["index", "name", "followUp?"], // the name the page's cases give
      output: ["index", "text"],
      // the judge's verdict, in agenttest's words
      case_end: ["index", "name", "followUp?", "passed", "difference?", "panicAt?"],
      crashed: ["index", "message", "at?"],
      done: ["passedCount?", "total?", "timing"], // the count when every case was judged
      timeout: ["index", "name", "ms"], // case index ran longer than the limit (-1: the package's init)
      failed: ["error"], // the engine or the frame failed
    },
  },
  // The host API: a tutorial's page and the playground it embeds
  // (?embed=1; web/README.md, "Embed in a tutorial").
  hostToEmbed: {
    link: "window.postMessage, a host page to the embed it frames",
    senders: ["<a tutorial's page>"],
    receivers: ["page/host-messages.js"],
    messages: {
      "agentloop:example": ["example", "id?"], // show a shipped example
      "agentloop:phase": ["phase", "example?", "id?"], // open its run at phase N
      "agentloop:run": ["example?", "id?"], // run it
    },
  },
  // Each request of hostToEmbed's gets one reply: what became of it.
  embedRepliesToHost: {
    link: "window.postMessage, an embed to the host page that sent it a request",
    senders: ["page/host-messages.js"],
    receivers: ["<a tutorial's page>"],
    messages: {
      "agentloop:reply": ["request", "outcome", "id?", "reason?"], // done, refused (reason) or replaced
    },
  },
  // The page's own worker that reads a pasted conversation
  // (api/read-off-thread.js); it runs no user code.
  pageToConversationReader: {
    link: "Worker.postMessage, the page to its conversation reader",
    senders: ["api/read-off-thread.js"],
    receivers: ["api/conversation-worker.js"],
    messages: {
      read: ["text"], // the conversation's JSON text
    },
  },
  conversationReaderToPage: {
    link: "Worker.postMessage, the conversation reader to the page",
    senders: ["api/conversation-worker.js"],
    receivers: ["api/read-off-thread.js"],
    messages: {
      read: ["result"], // conversationSetup's result (api/replay.js)
    },
  },
  embedToHost: {
    link: "window.postMessage, an embed to the host page that frames it",
    senders: ["page/embed-frame.js"],
    receivers: ["page/embed-snippet.js"], // the script it gives the host page
    messages: {
      "agentloop:height": ["height"], // the height its content needs
    },
  },
};

// NOT_JSON is the key under which a grade's case_end records (observed)
// hold a value JSON cannot carry: worker/grade.js writes it, and
// exercise/case-check.js reads it.
export const NOT_JSON = "agentloop:not-json";

// heard tells whether msg is a message of channel's: an object whose type
// the channel lists. Receivers drop anything else.
export function heard(channel, msg) {
  return msg !== null && typeof msg === "object" && typeof msg.type === "string" && Object.hasOwn(channel.messages, msg.type);
}
