// Copying text for the user. The async clipboard API can be refused (no
// permission, an insecure origin, an iframe without clipboard-write); the
// text then shows in a dialog, selected, to copy by hand.

import { byId } from "../util/dom.js";

// copyText copies text and resolves true, or shows it in the copy dialog
// and resolves false.
export async function copyText(text, title) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    showCopyDialog(text, title);
    return false;
  }
}

function showCopyDialog(text, title) {
  const dialog = byId("copy-dialog");
  byId("copy-dialog-title").textContent = title;
  const area = byId("copy-dialog-text");
  area.value = text;
  dialog.showModal();
  area.focus();
  area.select();
}
