// Share links: the editors' state as #state=<base64url(deflate-raw(JSON))>,
// compressed with the browser's own CompressionStream, and with it the
// approval decisions of the run shown (page/share-export.js). Opening a link only
// fills the editors; the page never runs code that came from a link
// (page/links.js).

import { pick } from "./storage.js";
import { readDecisions } from "../run/approvals.js";
import { DEFAULT_TIME_LIMIT_MS, checkTimeLimit } from "../lib/run-inputs.js";

// A link's state is capped when inflated, so a crafted link cannot make
// the page inflate gigabytes.
export const MAX_INFLATED = 4 * 1024 * 1024;

export async function encodeState(state) {
  const json = new TextEncoder().encode(JSON.stringify(pick(state)));
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return toBase64url(bytes);
}

// decodeState returns {state, loweredFrom}: the state in a link's payload,
// and the time limit in ms the link asked for when it was lowered (else
// 0), or throws an Error saying what is wrong with the link. A link never
// raises the time limit above the default: a longer one is lowered to it
// (the user may raise it by hand), so a link cannot give its code minutes
// to eat the tab's memory.
export async function decodeState(payload) {
  // A link cut short (by a chat, a mail or a hand selecting it) is the
  // usual damage, and the one to name.
  if (payload === "") throw new Error("the link's state is empty (the link was cut short)");
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(payload)) {
    throw new Error("the link's state is damaged (it holds characters a share link never has)");
  }
  let bytes;
  try {
    bytes = fromBase64url(payload);
  } catch {
    // Only a length that no run of bytes encodes to gets here.
    throw new Error("the link's state is cut short or damaged");
  }
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_INFLATED) {
        reader.cancel();
        throw new Error("the link's state is too large");
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err.message === "the link's state is too large") throw err;
    throw new Error("the link's state is cut short or damaged (it does not inflate)");
  }
  let state;
  try {
    state = JSON.parse(new TextDecoder().decode(await new Blob(chunks).arrayBuffer()));
  } catch {
    throw new Error("the link's state is cut short or damaged (it is not JSON)");
  }
  // A playground link carries the model and tools; an Exercise link the
  // learner's loop, in JavaScript or in Go.
  const code = state && typeof state === "object" && ((typeof state.model === "string" && typeof state.tools === "string") || typeof state.loop === "string" || typeof state.goLoop === "string");
  if (!code) {
    throw new Error("the link's state has no model and tools");
  }
  // The decisions of the author's run, when its tools needed approval.
  if (state.approvals !== undefined) {
    const { error } = readDecisions(state.approvals);
    if (error) throw new Error(`the link's approval decisions are damaged: ${error}`);
  }
  return capTimeLimit(withPlaygroundDefaults(pick(state)));
}

// withPlaygroundDefaults gives a playground link the fields that links
// made before the page shared them leave out: an empty tool timeout
// (none), as its code ran when it was shared, instead of whatever the page
// held; and no example, so that the page does not call the link's code by
// the name of the example it showed before. An Exercise link carries no
// playground field, and leaves them all as they are.
function withPlaygroundDefaults(state) {
  if (state.model === undefined) return state;
  return { toolTimeoutMs: "", example: "", ...state };
}

function capTimeLimit(state) {
  const limit = checkTimeLimit(state.timeLimitMs ?? "");
  if (limit.value > DEFAULT_TIME_LIMIT_MS) return { state: { ...state, timeLimitMs: String(DEFAULT_TIME_LIMIT_MS) }, loweredFrom: limit.value };
  return { state, loweredFrom: 0 };
}

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(s) {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}
