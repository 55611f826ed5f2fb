// "Open a real conversation": a dialog to paste (or drop, or pick) the
// JSON of an OpenAI Chat Completions, OpenAI Responses or Anthropic
// Messages conversation. Its text goes to api/replay.js; what that makes
// (a run setup) goes to onSetup, and nothing runs: the reader presses Run
// or Step. Bad input is said in the dialog, and nothing changes.

import { h } from "../util/dom.js";
import { conversationSetup } from "./replay.js";

// A conversation far larger than this is not one a person steps through.
const MAX_BYTES = 16 * 1024 * 1024;

export class OpenConversation {
  // onSetup(result, file) gets what conversationSetup made and the name of
  // the file it came from ("" when pasted); it returns an error text when
  // the page cannot take it now (a run is in progress).
  constructor(onSetup) {
    this.onSetup = onSetup;
    this.text = h("textarea", { id: "conversation-text", rows: "12", spellcheck: "false", "aria-describedby": "conversation-hint conversation-error" });
    this.file = h("input", { type: "file", id: "conversation-file", accept: ".json,application/json", "aria-label": "Conversation file" });
    this.error = h("p", { id: "conversation-error", className: "field-error", role: "alert", hidden: true });
    const openButton = h("button", { type: "submit", id: "conversation-open", className: "primary", text: "Open" });
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
        h("div", { className: "dialog-buttons" }, openButton, cancel),
      ),
    );
    document.body.append(this.dialog);
    cancel.addEventListener("click", () => this.dialog.close());
    this.dialog.querySelector("form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.open(this.text.value, "");
    });
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
    this.file.value = "";
    this.dialog.showModal();
    this.text.focus();
  }

  async readFile(file) {
    if (file.size > MAX_BYTES) {
      this.showError(`${file.name} is ${Math.round(file.size / 1048576)} MB; a conversation this page opens is at most 16 MB.`);
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (err) {
      this.showError(`${file.name} could not be read: ${err && err.message}.`);
      return;
    }
    this.text.value = text;
    this.open(text, file.name);
  }

  // open reads text (from file, or pasted when ""); a conversation that
  // opens closes the dialog.
  open(text, file) {
    const result = conversationSetup(text);
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

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = text === "";
  }
}
