// Share, Embed, export and the embed's "Open in the full playground": the
// buttons that carry the page's code or its run elsewhere. None of them
// runs anything; a link opened elsewhere runs only when its reader presses
// Run or Check.

import { byId } from "../util/dom.js";
import { encodeState } from "./share.js";
import { copyText } from "../util/clipboard.js";
import { notice } from "../views/notice.js";
import { download, transcriptJSON, transcriptMarkdown } from "../run/export.js";
import { embedButton } from "./embed-button.js";
import { decisions } from "../run/approvals.js";

// shareAndExport wires the buttons: onButton(id, action) adds a click
// handler; code: the CodeState; runner: the run view; readonly: whether
// the page is locked (it offers no Exercise). It returns
// scheduleEmbedLink(), which brings the embed's link up to date with what
// the editors show.
export function shareAndExport({ onButton, code, runner, readonly }) {
  // An Exercise link carries the learner's loops alone (and the language
  // shown, JavaScript or Go); a playground link the playground's fields.
  // Each opens in its mode.
  const shared = () => {
    const { loop, mode, language, goLoop, approvals, ...fields } = code.read();
    if (mode === "exercise" && !readonly) return { loop, mode, language, goLoop };
    // The approval decisions of the run shown, when it is a run of the
    // code shared (else those that came with the code), so that the
    // link's reader, on Run, gets the run its author saw.
    const made = runner.trace && !runner.stale() ? decisions(runner.trace.events) : approvals || [];
    return { ...fields, mode, language, goLoop, ...(made.length > 0 ? { approvals: made } : {}) };
  };
  onButton("share", async () => {
    const state = shared();
    const exercising = state.mode === "exercise";
    const payload = await encodeState(state);
    const search = new URLSearchParams(location.search);
    search.delete("autorun");
    const query = search.toString();
    history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}#state=${payload}`);
    const copied = await copyText(location.href, "Share link");
    if (copied) notice(`Link copied. Whoever opens it sees your code; nothing runs until they press ${exercising ? "Check" : "Run"}.`);
  });

  embedButton({ onButton, code, runner, shared });

  onButton("export-json", async () => {
    if (runner.trace) download("agentloop-run.json", await transcriptJSON(runner.trace), "application/json");
  });

  onButton("copy-markdown", async () => {
    if (!runner.trace) return;
    if (await copyText(transcriptMarkdown(runner.trace), "Transcript as Markdown")) notice("Transcript copied as Markdown.");
  });

  // In an embed, "Open in the full playground" carries the code along.
  let timer = 0;
  return function scheduleEmbedLink() {
    if (!code.embed) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      byId("open-full").href = `${location.pathname}#state=${await encodeState(code.read())}`;
    }, 200);
  };
}
