// Types of agentloop.js, the agent loop for any page from one URL, with
// the reference of its API. Served beside agentloop.js, so an editor that
// resolves `import ... from ".../agentloop.js"` to this file shows these
// comments as you type. Checked by `make test-types` (web/test/types/).
//
//   import { runAgent, ready, runAgentSandboxed, onProgress } from "https://example.org/agentloop/agentloop.js";
//   await ready;
//   const answer = await runAgent(model, tools, "What is 2 + 3?", { maxSteps: 5, onEvent });
//
// agentloop.js finds main.wasm, wasm_exec.js, sandbox.html and
// dist/worker.js next to itself, and starts downloading main.wasm (once
// per page) the moment it is imported.

// ---- what the model returns ----

/** Token counts an action may report; the loop sums them into the `done` event. */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
}

/** An action that ends the run: the run resolves with its `content`. */
export interface FinalAction {
  /** Kept as given; the loop appends the action as the assistant's whatever this says. */
  role?: string;
  type: "final";
  content: string;
  usage?: Partial<Usage>;
  /** Other fields are kept, exactly as the model returned them. */
  [field: string]: unknown;
}

/** One call of a tool action with several calls. */
export interface ToolCall {
  /** The tool's name: a key of the tools object. */
  name: string;
  /** The tool's argument, as it is (`{}` when absent). */
  args?: Record<string, unknown>;
  /** Copied into the tool message and the call's events. */
  id?: string;
}

/**
 * An action that calls tools: one (`name`, `args`, `id`) or several at the
 * same time (`calls`, at most 1000), whose results are appended in call
 * order. The run goes on after them.
 */
export interface ToolAction {
  role?: string;
  type: "tool";
  name?: string;
  args?: Record<string, unknown>;
  id?: string;
  calls?: ToolCall[];
  usage?: Partial<Usage>;
  [field: string]: unknown;
}

/** What a model returns at each step. A malformed one ends the run with `step N: malformed action: …`. */
export type Action = FinalAction | ToolAction;

// ---- a model that streams ----

/** A piece of the answer's text. */
export interface TextDelta {
  text: string;
}

/**
 * A piece of tool call `call` (0, 1, … in the order the calls open; the
 * pieces of several calls may interleave). The first piece of a call names
 * its tool, and later ones may repeat the name but not change it; `args`
 * is a fragment of the call's arguments as JSON text, which only has to
 * parse once the stream ends.
 */
export interface CallDelta {
  call: number;
  name?: string;
  id?: string;
  args?: string;
}

/** One piece of a streamed answer. */
export type Delta = TextDelta | CallDelta;

/**
 * A scripted stream: an action that carries its pieces. The loop appends
 * the action they assemble into, as a model that does not stream returns
 * it: `{role: "assistant", type: "final", content}` for text alone;
 * `{role: "assistant", type: "tool", name, args, id}` for one call,
 * `{…, calls: […]}` for several, with any text as `content`.
 */
export interface StreamedAction {
  stream: readonly Delta[];
}

/**
 * What a model that streams returns: the iterator of an `async function*`
 * (or a `function*`) yielding deltas, or a scripted stream. A stream that
 * does not assemble (it ends inside an argument, continues a call it never
 * opened, renames a call, or its arguments do not parse) ends the run with
 * `step N: malformed stream: …`, naming the delta, the call and the byte.
 */
export type Answer = Action | StreamedAction | AsyncIterator<Delta> | Iterator<Delta>;

// ---- the messages the model sees ----

/** The first message of every run. */
export interface UserMessage {
  role: "user";
  content: string;
}

/**
 * A tool's output: a string as it is, `undefined`/`null` as `""`, anything
 * else as its JSON; a failed call as `error: <message>` (an unknown tool:
 * `error: unknown tool 'NAME'`).
 */
export interface ToolMessage {
  role: "tool";
  name: string;
  content: string;
  /** The call's id, when it had one. */
  id?: string;
  /** The args the tool ran with, when `approve` edited them (the action keeps the model's). */
  args?: Record<string, unknown>;
}

/**
 * One entry of the messages array: the user's message, each action (the
 * very object the model returned) and each tool message, in order.
 */
export type Message = UserMessage | Action | ToolMessage;

/**
 * The model: a function of the messages so far (one array for the whole
 * run that only grows; treat it as read-only), or a script, an array of
 * actions whose k-th element answers the k-th call (a call past its end
 * rejects with `step N: model: script exhausted at step N`).
 */
export type Model =
  | ((messages: readonly Message[]) => Answer | Promise<Answer>)
  | ((messages: readonly Message[]) => AsyncGenerator<Delta, void, undefined> | Generator<Delta, void, undefined>)
  | readonly (Action | StreamedAction)[];

/** A tool: called as a method of the tools object with the call's `args`. A throw or rejection becomes `error: <message>`. */
export type Tool = (args: any) => unknown;

/** The tools, by name (their own keys, read once when the run starts; names must be well-formed Unicode). */
export type Tools = Record<string, Tool>;

// ---- events ----

/**
 * The line of the loop (agent/loop.go, its `// phase: NAME` marks) that
 * emitted an event.
 */
export type Phase =
  | "user"
  | "canceled_before_model"
  | "model"
  | "error_model"
  | "action"
  | "final"
  | "error_calls"
  | "tool"
  | "unknown_tool"
  | "tool_error"
  | "tool_output"
  | "result"
  | "canceled_after_tools"
  | "error_type"
  | "max_steps"
  | "approval"
  | "denied"
  | "context";

interface EventBase {
  phase: Phase;
  /** The 1-based model call; 0 for the user's message. */
  step: number;
}

/** A message was appended to the messages. */
export interface MessageAppended extends EventBase {
  kind: "message";
  /** Its index in the messages array. */
  index: number;
  /** The role the loop appended it as (an action is the assistant's whatever its own `role` says). */
  role: "user" | "assistant" | "tool";
  message: Message;
  /** On tool messages: whether the call failed (unknown tool, threw, rejected, timed out, output not encodable). */
  failed?: boolean;
}

/** The model is called with the messages. */
export interface ModelStart extends EventBase {
  kind: "model_start";
}

/** The model returned (or failed: `error`, e.g. `model: boom`). */
export interface ModelEnd extends EventBase {
  kind: "model_end";
  ms: number;
  error?: string;
}

/**
 * A piece of a streamed answer arrived, during the model call (phase
 * `model`): `text` and the answer's text so far, or a piece of call
 * `call`, with its fragment `args`, the call's arguments so far and what
 * they still need to close (`open`: `"}` for a string in an object; `""`
 * when nothing is open).
 */
export interface DeltaArrived extends EventBase {
  kind: "delta";
  /** The delta's index in its stream, from 0. */
  index: number;
  text?: string;
  call?: number;
  name?: string;
  id?: string;
  args?: string;
  soFar: string;
  open?: string;
}

/** A tool is called. */
export interface ToolStart extends EventBase {
  kind: "tool_start";
  /** The call's index within its action's calls. */
  call: number;
  name: string;
  id?: string;
}

/** A tool call ended; parallel calls end in completion order. */
export interface ToolEnd extends EventBase {
  kind: "tool_end";
  call: number;
  name: string;
  id?: string;
  content: string;
  /** True when the loop knows the call failed; a tool that returns "error: …" has not failed. */
  failed: boolean;
  ms: number;
}

/** What a run with a context budget does when a request would outgrow it (the Go agent's `Trim`). */
export type Trim = "none" | "tool_outputs" | "exchanges";

/**
 * With `contextBudget` only, before each model call: what the model is
 * sent. The messages array (and `done`'s `messages`) stays whole; only the
 * model's request is trimmed, and never a call without its result.
 */
export interface ContextChosen extends EventBase {
  kind: "context";
  budget: number;
  trim: Trim;
  /** The tokens of the whole transcript so far. */
  tokens: number;
  /** The tokens of the request; over `budget` only when nothing more could be trimmed. */
  sent: number;
  /** Indices of the messages the request leaves out (`exchanges`: the oldest whole exchanges). */
  dropped: number[];
  /** Indices of the tool messages whose content the request replaces with `[output dropped to fit the context budget]` (`tool_outputs`). */
  replaced: number[];
}

/** Why a run ended. `timeout` and `crashed` come from runAgentSandboxed's guard only. */
export type Reason = "final" | "max_steps" | "model_error" | "canceled" | "timeout" | "crashed";

/** The last event of every run. */
export interface Done {
  kind: "done";
  /** Absent when runAgentSandboxed's guard ended the run outside any call of the loop. */
  phase?: Phase;
  step: number;
  reason: Reason;
  /** What the run resolved with; `""` when it failed. */
  text: string;
  steps: number;
  ms: number;
  /** Each step's milliseconds. */
  stepMs: number[];
  usage?: Usage;
  /**
   * The whole transcript. From runAgentSandboxed, a string that counts
   * them instead (the message events carried each one).
   */
  messages?: Message[] | string;
  /** The rejection's message. */
  error?: string;
  /** Set when runAgentSandboxed's guard made this event up: the worker was killed (timeout, crashed) or stopped. */
  madeUp?: true;
  /** The call the guard was waiting for when it killed the worker. */
  call?: { kind: "model" | "tool" | "eval"; step: number; name?: string; editor: string };
}

/** With `approve`: a call waits for its decision. */
export interface ApprovalAsked extends EventBase {
  kind: "approval_asked";
  call: number;
  name: string;
  id?: string;
  /** The args as the model made them. */
  args: Record<string, unknown>;
}

/** With `approve`: the decision about a call, after `ms` milliseconds of waiting. */
export interface ApprovalDecided extends EventBase {
  kind: "approved" | "edited" | "denied";
  call: number;
  name: string;
  id?: string;
  ms: number;
  /** The args the tool gets (`edited`). */
  args?: Record<string, unknown>;
  /** Why the call was denied (`denied`); `canceled` when the signal fired while it waited. */
  reason?: string;
}

/** Every event of a run, in order, ending with `done`. Each is a plain object. */
export type AgentEvent = MessageAppended | ModelStart | DeltaArrived | ModelEnd | ToolStart | ToolEnd | ApprovalAsked | ApprovalDecided | ContextChosen | Done;

/** What `approve` is asked about: one call of a known tool, before it runs. */
export interface ApprovalRequest {
  name: string;
  /** The call's args as the model made them ({} when absent); treat them as read-only. */
  args: Record<string, unknown>;
  id?: string;
  /** The 1-based model call, and the call's index within its action's calls. */
  step: number;
  call: number;
}

/**
 * What `approve` answers: run the call as made, deny it (its tool message is
 * `error: denied: REASON`, or `error: denied`), or run it with other args.
 */
export type Decision =
  | { decision: "approve" }
  | { decision: "deny"; reason?: string }
  | { decision: "edit"; args: Record<string, unknown> };

/**
 * Hears each event before whatever comes next runs. If it throws, or
 * returns a promise that rejects, that is logged once per run and the
 * run goes on.
 */
export type OnEvent = (event: AgentEvent) => void | Promise<void>;

// ---- runAgent ----

/** runAgent's options; a bad one rejects at once with a TypeError or RangeError that names it. */
export interface RunOptions {
  /** Model calls at most: a non-negative integer (default 10, also for null; 0 never calls the model). */
  maxSteps?: number | null;
  onEvent?: OnEvent;
  /**
   * Aborting it ends the run before its next model call: it rejects with an Error named AbortError (`step 3: aborted`,
   * `cause` the signal's reason). A model or tool call under way is awaited and what it returns is kept, as Go's
   * agent.Run does; a tool call under toolTimeoutMs is not awaited, and fails with `error: context canceled`.
   */
  signal?: AbortSignal;
  /**
   * Milliseconds a tool call may take (0, the default: no limit); a slower
   * one gives `error: tool 'NAME' timed out after 20ms`. It stops waiting
   * only for a tool that returns a promise.
   */
  toolTimeoutMs?: number;
  /**
   * How much message content (UTF-16 code units of the user's message and
   * the tool messages) a run may collect: a non-negative integer or
   * Infinity, default 268435456 (256 MiB). Past it the run rejects with
   * `step N: the transcript reached its budget of … bytes (maxTranscriptBytes)`.
   */
  maxTranscriptBytes?: number;
  /**
   * Asks, before each call of a known tool runs, whether it runs. The calls
   * of a parallel action are asked about one by one, in call order; waiting
   * counts toward neither toolTimeoutMs nor the step. A throw, a rejection or
   * an answer that is no Decision denies the call (`error: denied: approval
   * failed: …`); aborting the signal ends a pending wait at once.
   */
  approve?: (call: ApprovalRequest) => Decision | Promise<Decision>;
  /**
   * The most tokens a model call may be sent: a non-negative integer, 0
   * (the default) for no budget. With one, each call is preceded by a
   * `context` event, and a request over it is trimmed as `trim` says,
   * keeping the user's message and the latest exchange (the latest action
   * and its tool messages) whole.
   */
  contextBudget?: number;
  /**
   * `tool_outputs`: replace the oldest tool messages' content with
   * `[output dropped to fit the context budget]` until the request fits;
   * `exchanges`: drop the oldest whole exchanges (an action with its tool
   * messages); `none` (the default): count and report only.
   */
  trim?: Trim;
  /**
   * Counts a message's tokens (a user or tool message, or an action as
   * the model returned it), once per message, and once for the
   * placeholder `{role: "tool", content: "[output dropped to fit the context budget]"}`.
   * It must return a finite non-negative number; if it throws or returns
   * anything else, the run rejects with `step N: options.countTokens …`.
   * The default is an estimate, not a tokenizer's count: 4 tokens a
   * message plus one per 4 characters of its content (an action's: its
   * calls' names and args as JSON).
   */
  countTokens?: (message: Message) => number;
}

/**
 * Runs the agent loop on this page's thread, once main.wasm is loaded
 * here (it waits for `ready`).
 *
 * Resolves with the final action's content, or exactly
 * `Stopped: reached max steps.` when the steps run out. Rejects with a
 * TypeError or RangeError for a bad argument (the model is never called),
 * `step 2: model: <message>` (with `cause`) when the model throws,
 * `step 2: malformed action: …`, the transcript budget's error, or an
 * AbortError. Unknown tools and failing tools do not reject: the model
 * sees `error: …` and the run goes on.
 *
 * @param maxStepsOrOptions maxSteps, or the options object.
 */
export function runAgent(model: Model, tools: Tools, userMsg: string, maxStepsOrOptions?: number | null | RunOptions): Promise<string>;

/**
 * Resolves when runAgent can run on this page: main.wasm loaded and its Go
 * program started here. Lazy: nothing starts on the page's thread until it
 * is awaited (or runAgent is called), so a page that only uses
 * runAgentSandboxed never runs Go itself. Rejects naming what a
 * Content-Security-Policy must allow (`'wasm-unsafe-eval'`, `'unsafe-eval'`
 * in script-src) when it refuses.
 */
export const ready: PromiseLike<void>;

// ---- the engine's loading ----

/** The engine's loading, as onProgress reports it. */
export type Progress =
  /** total is 0 when the host sends no Content-Length (or compresses). */
  | { phase: "download"; received: number; total: number }
  | { phase: "compile" }
  | { phase: "ready" }
  | { phase: "failed"; error: string };

/**
 * Calls fn with the engine's loading progress now and at every change
 * (the same for the page's runAgent and the sandbox: whichever is ready
 * first). Returns a function that stops the calls.
 */
export function onProgress(fn: (progress: Progress) => void): () => void;

// ---- runAgentSandboxed ----

/** Source text, as the playground's editors hold it. */
export interface Sources {
  /** Evaluates to an array of actions or a function model(messages). */
  model: string;
  /** Evaluates to an object of functions, such as `{ add: ({a, b}) => a + b }`. */
  tools: string;
}

/**
 * runAgentSandboxed's options. A bad one rejects at once with a TypeError
 * (not the kind of value wanted) or a RangeError (out of range) that names
 * it, e.g. `runAgentSandboxed: maxSteps must be a non-negative integer, got number 1.5`.
 */
export interface SandboxedOptions {
  /** As runAgent's: a non-negative integer, default 10 (also for null). */
  maxSteps?: number | null;
  /** As runAgent's: 0 (none, the default) or more milliseconds. */
  toolTimeoutMs?: number;
  /**
   * Milliseconds each model or tool call, and each source's evaluation,
   * may take before the guard kills the worker (more than 0 and finite,
   * default 2000). It holds for synchronous code too.
   */
  timeLimitMs?: number;
  /** As runAgent's: each event of the run, in order; a throw is logged once per run and the run goes on. */
  onEvent?: OnEvent;
}

/** How runAgentSandboxed rejects when the run ended without an answer: `event` is its `done` event. */
export interface SandboxedError extends Error {
  event?: Done;
}

/**
 * Evaluates the sources in a fresh worker, in a hidden sandboxed frame
 * with an opaque origin and no network (sandbox.html, which the first call
 * adds to the page unless its markup holds
 * `<iframe data-agentloop-sandbox sandbox="allow-scripts" src=".../sandbox.html" hidden>`),
 * and runs the loop there under the runaway guard. At most 4 runs are in
 * flight at once; later ones wait their turn, in the order they were asked
 * for.
 *
 * Resolves with the answer. Rejects with a {@link SandboxedError} whose
 * message is the reason: the runaway call (`tool 'spin' at step 1 did not
 * return within 2000 ms`), the source's error (`the model source:
 * Unexpected token (line 1, column 18)`), a crash of the frame, or the
 * loop's own rejection; or, when a Content-Security-Policy refuses the
 * frame or its workers, with the directive to add (frame-src for the
 * page, worker-src blob: for sandbox.html).
 */
export function runAgentSandboxed(sources: Sources, userMsg: string, options?: SandboxedOptions): Promise<string>;

// ---- the playground's engine ----

/**
 * The pool of sandbox workers behind runAgentSandboxed, which the
 * playground uses as its engine. Its requests and handlers are the
 * playground's own (see lib/sandbox.js) and may change with it: a
 * tutorial page wants runAgentSandboxed.
 */
export class Sandbox {
  constructor(options?: { onStatus?: (state: "loading" | "ready" | "failed", detail: string) => void });
  /** "loading", "ready" or "failed" (with detail). */
  readonly status: "loading" | "ready" | "failed";
  readonly detail: string;
  /** Settles when the first worker is ready, or failed to be. */
  readonly started: Promise<void>;
}

/**
 * Starts a worker of the playground's Go Exercise in the sandbox frame
 * (see exercise/go-sandbox.js), with `port` its channel to the page and
 * `engine` the downloaded Go compiler, linker and archives. Like Sandbox,
 * the playground's own, and it may change with it. Returns a function that
 * terminates the worker.
 */
export function startGoWorker(
  port: MessagePort,
  engine: object,
  onError: (message: string) => void,
  onCrash: (reason: string) => void,
): () => void;

/**
 * Sends the downloaded Go engine to the sandbox frame ahead of the first
 * Go Exercise Check: the frame compiles it and warms its builder up on a
 * loop of its own. The playground's own, like startGoWorker. Resolves when
 * the builder is warm.
 */
export function prepareGoEngine(engine: object): Promise<void>;
