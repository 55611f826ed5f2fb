// The notice bar under the header: one short message at a time, such as
// "Link copied", or an offer to undo ("Restore my code"). Plain notices
// go away by themselves; one with an action stays until it is used or
// replaced.

import { byId } from "./dom.js";

const SHOW_MS = 8000;
let timer = 0;

export function notice(text, actionLabel = "", action = null) {
  const box = byId("notice");
  const button = byId("notice-action");
  const dismiss = byId("notice-dismiss");
  // An offer stays until it is used, dismissed or replaced.
  dismiss.hidden = !action;
  dismiss.onclick = () => (box.hidden = true);
  byId("notice-text").textContent = text;
  button.hidden = !action;
  button.textContent = actionLabel;
  button.onclick = action
    ? () => {
        box.hidden = true;
        action();
      }
    : null;
  box.hidden = false;
  clearTimeout(timer);
  if (!action) timer = setTimeout(() => (box.hidden = true), SHOW_MS);
}
