// Opening a run file: the "Open run" button (a file picker) and dropping
// a file anywhere on the page. Both hand the file's text to onFile(text,
// name); what the text means is run/runfile.js's business. Where the editors
// are locked (a read-only embed), opening a run would replace its
// author's code: the button is not offered and a dropped file is refused.

import { byId } from "../util/dom.js";
import { errorMessage } from "../util/format.js";

// Run files are JSON text; one far larger than this is not one.
export const MAX_RUN_FILE_BYTES = 64 * 1024 * 1024;

// LOCKED is what a read-only page says to a file dropped on it.
const LOCKED = "the editors here are locked and keep their author's code; the full playground opens run files.";

export function openRunFiles(onFile, onError, { locked = false } = {}) {
  const button = byId("open-run");
  const input = byId("open-run-file");
  button.hidden = locked;
  button.addEventListener("click", () => {
    input.value = "";
    input.click();
  });
  input.addEventListener("change", () => {
    if (input.files && input.files[0]) read(input.files[0]);
  });

  const hasFiles = (e) => e.dataTransfer && [...e.dataTransfer.types].includes("Files");
  document.addEventListener("dragover", (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = locked ? "none" : "copy";
    if (!locked) document.body.classList.add("dropping");
  });
  document.addEventListener("dragleave", (e) => {
    if (e.relatedTarget === null) document.body.classList.remove("dropping");
  });
  document.addEventListener("drop", (e) => {
    document.body.classList.remove("dropping");
    if (!hasFiles(e)) return;
    // Text dropped into an editor is the editor's; a file is a run file.
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (file && locked) onError(file.name, LOCKED);
    else if (file) read(file);
  });

  async function read(file) {
    if (file.size > MAX_RUN_FILE_BYTES) {
      onError(file.name, `The file is ${Math.round(file.size / 1048576)} MB; a run file this page opens is at most ${MAX_RUN_FILE_BYTES / 1048576} MB.`);
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (err) {
      onError(file.name, `The file could not be read: ${errorMessage(err)}.`);
      return;
    }
    onFile(text, file.name);
  }
}
