// What a tutorial's page may ask of an embed (?embed=1) it frames, by
// postMessage (web/README.md, "Embed in a tutorial"):
//
//   {type: "agentloop:example", example: "add"}   show a shipped example
//   {type: "agentloop:phase", phase: 3, example?} open the run at phase 3
//   {type: "agentloop:run", example?}             run it
//
// example defaults to the one the frame shows. Each is honoured as the
// same #example=…&phase=N or ?autorun=1 link would be, and no more: only
// a shipped example's own code runs, never a link's, a run file's or the
// reader's stored edits (the frame then says it ran nothing, and why).
// Messages from anyone but the frame's parent, and any other shape, are
// ignored.

import { CHANNELS, heard } from "../lib/protocol.js";

// hostRequest turns a message's data into the link options
// (page/url-options.js) it stands for, or null when it is none of the
// documented ones. shown is the id of the example the frame shows.
export function hostRequest(data, shown) {
  if (!heard(CHANNELS.hostToEmbed, data)) return null;
  const example = data.example === undefined ? shown : data.example;
  if (typeof example !== "string" || example === "") return null;
  const opts = { state: null, example, phase: null, autorun: false };
  switch (data.type) {
    case "agentloop:example":
      break; // the example alone
    case "agentloop:phase":
      if (!Number.isInteger(data.phase)) return null;
      opts.phase = String(data.phase);
      break;
    case "agentloop:run":
      opts.autorun = true;
      break;
  }
  return opts;
}

// listenToHost hands each documented request of the frame's parent to
// openLink, as a link followed on the open page. shown() gives the id of
// the example the frame shows.
export function listenToHost(openLink, shown, win = window) {
  if (win.parent === win) return;
  win.addEventListener("message", (e) => {
    if (e.source !== win.parent) return;
    const opts = hostRequest(e.data, shown());
    if (opts) openLink(opts, { host: true });
  });
}
