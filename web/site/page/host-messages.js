// What a tutorial's page may ask of an embed (?embed=1) it frames, by
// postMessage (web/README.md, "Embed in a tutorial"):
//
//   {type: "agentloop:example", example: "add"}   show a shipped example
//   {type: "agentloop:phase", phase: 3, example?} open the run at phase 3
//   {type: "agentloop:run", example?}             run it
//
// example defaults to the one the frame shows; any of them may carry an
// id, which the frame's reply repeats. Each is honoured as the same
// #example=…&phase=N or ?autorun=1 link would be, and no more: only a
// shipped example's own code runs, never a link's, a run file's or the
// reader's stored edits (the frame then says it ran nothing, and why).
// Messages from anyone but the frame's parent, and of any other type, are
// ignored.
//
// Each request of the documented types gets one reply, posted to the
// parent: {type: "agentloop:reply", request, id?, outcome, reason?}, where
// outcome is "done" (acted on), "refused" (a field is wrong or too long:
// reason says which) or "replaced" (a later request came before this one's
// turn, and is acted on instead). The frame acts on one request at a time,
// waits until a run it started has ended, and at most HOST_RATE_MS after
// the one before; of the requests that wait meanwhile only the latest is
// kept, so a host that floods the frame costs it one run and leaves the
// last one asked for shown.

import { EXAMPLES, exampleById } from "./examples.js";

import { CHANNELS, heard } from "../lib/protocol.js";

// The longest example id (and request id) a host may send: the shipped
// ids are a word or two.
export const HOST_MAX_ID_CHARS = 64;
// The shortest time between two requests the frame acts on, in ms.
export const HOST_RATE_MS = 100;

// hostRequest reads a message's data: null when it is none of the
// documented types (no reply), else {opts, id} with the link options
// (page/url-options.js) it stands for, or {error, id} naming the field
// that is wrong. shown is the id of the example the frame shows.
export function hostRequest(data, shown) {
  if (!heard(CHANNELS.hostToEmbed, data)) return null;
  const id = data.id;
  const badId = id !== undefined && !((typeof id === "string" && id.length <= HOST_MAX_ID_CHARS) || Number.isSafeInteger(id));
  if (badId) return { id: undefined, error: `id must be a whole number or a string of at most ${HOST_MAX_ID_CHARS} characters; it is ${described(id)}.` };
  const example = data.example === undefined ? shown : data.example;
  const refuse = (error) => ({ id, error });
  if (typeof example !== "string" || example === "") {
    return refuse(data.example === undefined ? "the frame shows no example to act on: name one in example." : `example must be an example's id; it is ${described(example)}.`);
  }
  if (example.length > HOST_MAX_ID_CHARS) return refuse(`example is ${described(example)}; an example's id is at most ${HOST_MAX_ID_CHARS} characters.`);
  if (!exampleById(example)) return refuse(`there is no example ${JSON.stringify(example)}; the shipped ones are ${EXAMPLES.map((e) => e.id).join(", ")}.`);
  const opts = { state: null, example, phase: null, autorun: false };
  switch (data.type) {
    case "agentloop:example":
      break; // the example alone
    case "agentloop:phase":
      if (!Number.isSafeInteger(data.phase) || data.phase < 1) return refuse(`phase must be a whole number from 1; it is ${described(data.phase)}.`);
      opts.phase = String(data.phase);
      break;
    case "agentloop:run":
      opts.autorun = true;
      break;
  }
  return { id, opts };
}

// described names a value in a refusal, and quotes it only when short.
function described(v) {
  if (typeof v === "string") return v.length > 40 ? `a string of ${v.length.toLocaleString("en-US")} characters` : `the string ${JSON.stringify(v)}`;
  if (v === null || v === undefined) return String(v);
  if (typeof v === "number") return `the number ${v}`;
  return Array.isArray(v) ? "an array" : `a ${typeof v}`;
}

// HostQueue acts on requests one at a time: act(opts) is awaited, then
// busy() (a run in flight) is waited out, and HOST_RATE_MS passes, before
// the next; of the requests that wait, only the latest is kept. reply(r,
// outcome, reason) answers request r. The clock is given, for the tests.
export class HostQueue {
  constructor({ act, busy = () => false, reply, now = () => performance.now(), later = (fn, ms) => setTimeout(fn, ms) }) {
    Object.assign(this, { act, busy, reply, now, later });
    this.waiting = null; // the latest request not yet acted on
    this.acting = false;
    this.last = -Infinity; // when the last request was acted on
    this.timer = false;
  }

  // take queues request {id, opts, type}.
  take(r) {
    if (this.waiting) this.reply(this.waiting, "replaced", "a later request came before this one's turn; the frame acts on the latest.");
    this.waiting = r;
    this.pump();
  }

  pump() {
    if (this.acting || this.timer || !this.waiting) return;
    const wait = this.busy() ? HOST_RATE_MS : this.last + HOST_RATE_MS - this.now();
    if (wait > 0) {
      this.timer = true;
      this.later(() => {
        this.timer = false;
        this.pump();
      }, wait);
      return;
    }
    const r = this.waiting;
    this.waiting = null;
    this.acting = true;
    this.last = this.now();
    Promise.resolve()
      .then(() => this.act(r.opts))
      .then(
        () => this.reply(r, "done"),
        (err) => this.reply(r, "refused", String((err && err.message) || err)),
      )
      .finally(() => {
        this.acting = false;
        this.pump();
      });
  }
}

// listenToHost hands each documented request of the frame's parent to
// openLink, as a link followed on the open page, through a HostQueue, and
// answers each. shown() gives the id of the example the frame shows;
// busy() tells whether a run is in flight.
export function listenToHost(openLink, shown, busy, win = window) {
  if (win.parent === win) return;
  const post = (r, outcome, reason) => {
    const msg = { type: "agentloop:reply", request: r.type, outcome };
    if (r.id !== undefined) msg.id = r.id;
    if (reason) msg.reason = reason;
    win.parent.postMessage(msg, "*");
  };
  const queue = new HostQueue({ act: (opts) => openLink(opts, { host: true }), busy, reply: post });
  win.addEventListener("message", (e) => {
    if (e.source !== win.parent) return;
    const r = hostRequest(e.data, shown());
    if (!r) return;
    r.type = e.data.type;
    if (r.error) post(r, "refused", r.error);
    else queue.take(r);
  });
}
