// "Open a real conversation": a dialog to paste (or drop, or pick) the
// JSON of an OpenAI Chat Completions, OpenAI Responses or Anthropic
// Messages conversation. Its text goes to api/replay.js, in a worker
// (api/read-off-thread.js); what that makes (a run setup) goes to onSetup,
// and nothing runs: the reader presses Run or Step. Bad input is said in
// the dialog, and nothing changes. Every way in has the one size cap
// (api/read-conversation.js), checked before anything is parsed: a paste
// over it is refused before it reaches the text box, a file before it is
// read.

import { h } from "../util/dom.js";
import { tooLarge } from "./read-conversation.js";
import { readConversationOffThread } from "./read-off-thread.js";

// A pasted conversation longer than this is kept aside, not shown in the
// text box.
const SHOWN_CHARS = 1024 * 1024;

export class OpenConversation {
  // onSetup(result, file) gets what conversationSetup made and the name of
  // the file it came from ("" when pasted); it returns an error text when
  // the page cannot take it now (a run is in progress).
  constructor(onSetup) {
    this.onSetup = onSetup;
    this.text = h("textarea", { id: "conversation-text", rows: "12", spellcheck: "false", "aria-describedby": "conversation-hint conversation-error" });
    this.file = h("input", { type: "file", id: "conversation-file", accept: ".json,application/json", "aria-label": "Conversation file" });
    this.error = h("p", { id: "conversation-error", className: "field-error", role: "alert", hidden: true });
    this.status = h("p", { id: "conversation-status", className: "hint", role: "status" });
    const openButton = h("button", { type: "submit", id: "conversation-open", className: "primary", text: "Open" });
    this.openButton = openButton;
    this.reading = false;
    this.aside = null; // a large paste, kept out of the text box
    const cancel = h("button", { type: "button", id: "conversation-cancel", text: "Cancel" });
    this.dialog = h(
      "dialog",
      { id: "conversation-dialog", "aria-labelledby": "conversation-title" },
      h(
        "form",
        { method: "dialog", novalidate: true },
        h("h2", { id: "conversation-title", text: "Open a real conversation" }),
        h("p", {
          id: "conversation-hint",
          className: "hint",
          text: "Paste or drop the JSON of an OpenAI Chat Completions request (messages), an OpenAI Responses request (input) or an Anthropic Messages request (messages), as the APIs and their logs hold it. It becomes a scripted model that gives the recorded turns and tools that give the recorded results; nothing runs until you press Run or Step.",
        }),
        h("label", { for: "conversation-text", text: "Conversation JSON" }),
        this.text,
        h("p", {}, this.file),
        this.error,
        this.status,
        h("div", { className: "dialog-buttons" }, openButton, cancel),
      ),
    );
    document.body.append(this.dialog);
    cancel.addEventListener("click", () => this.dialog.close());
    this.dialog.querySelector("form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.open(this.aside ?? this.text.value, "");
    });
    // What a paste would make the text box hold: refused when over the
    // cap, before the browser puts it there. A large one is kept aside
    // and not shown: a text box of megabytes takes the browser seconds to
    // lay out, on the page's thread.
    this.text.addEventListener("paste", (e) => {
      const pasted = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
      const { value, selectionStart, selectionEnd } = this.text;
      const length = value.length - (selectionEnd - selectionStart) + pasted.length;
      const large = tooLarge(length, "The pasted conversation");
      if (large) {
        e.preventDefault();
        this.showError(`${large} Nothing was pasted.`);
      } else if (length > SHOWN_CHARS) {
        e.preventDefault();
        this.keepAside(value.slice(0, selectionStart) + pasted + value.slice(selectionEnd));
      }
    });
    this.text.addEventListener("input", () => this.keepAside(null));
    this.file.addEventListener("change", () => {
      if (this.file.files && this.file.files[0]) this.readFile(this.file.files[0]);
    });
    // A file dropped on the dialog is a conversation, not a run file: it
    // stays here (the page's own drop opens run files).
    this.dialog.addEventListener("dragover", (e) => {
      e.preventDefault();
      e.stopPropagation();
    });
    this.dialog.addEventListener("drop", (e) => {
      const file = e.dataTransfer && e.dataTransfer.files[0];
      if (!file) return;
      e.preventDefault();
      e.stopPropagation();
      this.readFile(file);
    });
  }

  show() {
    this.showError("");
    this.keepAside(null);
    this.file.value = "";
    this.dialog.showModal();
    this.text.focus();
  }

  async readFile(file) {
    const large = tooLarge(file.size, file.name);
    if (large) {
      this.showError(large);
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (err) {
      this.showError(`${file.name} could not be read: ${err && err.message}.`);
      return;
    }
    // Shown, so that one with a mistake can be fixed here; unless it is
    // too long to show.
    if (text.length > SHOWN_CHARS) this.keepAside(text);
    else {
      this.keepAside(null);
      this.text.value = text;
    }
    this.open(text, file.name);
  }

  // open reads text (from file, or pasted when ""); a conversation that
  // opens closes the dialog. While it is read, the dialog says so and
  // Open waits.
  async open(text, file) {
    if (this.reading) return;
    const large = tooLarge(text.length, file || "The conversation");
    if (large) {
      this.showError(large);
      return;
    }
    this.showError("");
    this.reading = true;
    this.openButton.disabled = true;
    this.status.textContent = `Reading the conversation (${(text.length / 1048576).toFixed(1)} MB)…`;
    let result;
    try {
      result = await readConversationOffThread(text);
    } finally {
      this.reading = false;
    this.aside = null; // a large paste, kept out of the text box
      this.openButton.disabled = false;
      this.status.textContent = "";
    }
    if (result.error) {
      this.showError(`${file || "The conversation"} could not be opened: ${result.error} Nothing was changed.`);
      return;
    }
    const refused = this.onSetup(result, file);
    if (refused) {
      this.showError(refused);
      return;
    }
    this.dialog.close();
  }

  // keepAside holds text (a large paste) in place of the text box's, or
  // lets the text box speak again (null).
  keepAside(text) {
    if (text === null) {
      if (this.aside === null) return;
      this.aside = null;
      this.text.placeholder = "";
      return;
    }
    this.aside = text;
    this.text.value = "";
    this.text.placeholder = `A conversation of ${(text.length / 1048576).toFixed(1)} MB is here (too long to show): press Open to read it, or type to replace it.`;
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = text === "";
  }
}
