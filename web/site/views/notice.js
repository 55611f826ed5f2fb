// The notice bar under the header: a short message, such as "Link
// copied", and an offer to undo ("Restore my code"). A message goes away
// by itself; an offer stays until it is used, dismissed or replaced. A
// message that comes while an offer is shown is put on a line above it,
// and the offer stays: a link can say that it lowered the time limit and still
// offer the code it replaced.

import { byId } from "../util/dom.js";

const SHOW_MS = 8000;
let message = "";
let offer = null; // {text, label, action}
let timer = 0;

// notice shows text as a message or, with an action, as an offer that
// replaces whatever the bar showed.
export function notice(text, actionLabel = "", action = null) {
  clearTimeout(timer);
  if (action) {
    offer = { text, label: actionLabel, action };
    message = "";
  } else {
    message = text;
    timer = setTimeout(() => {
      message = "";
      show();
    }, SHOW_MS);
  }
  show();
}

// reword says text in place of the offer on screen, which keeps its
// action: code replaced again is still offered back, as what replaced it
// last. Without an offer on screen it does nothing.
export function reword(text) {
  if (!offer) return;
  offer = { ...offer, text };
  show();
}

// hideNotice takes the bar away, such as an offer that no longer applies.
export function hideNotice() {
  clearTimeout(timer);
  message = "";
  offer = null;
  show();
}

// dropMessage takes the message away and leaves an offer on screen: the
// message spoke of what the page showed (Share in the Exercise says the
// link runs when its reader presses Check), and the reader moved on to
// another mode; code replaced is still offered back there.
export function dropMessage() {
  if (!message) return;
  clearTimeout(timer);
  message = "";
  show();
}

function show() {
  const button = byId("notice-action");
  const dismiss = byId("notice-dismiss");
  // The message and the offer are two sentences from two sources: each
  // has its line, so that they never read as one.
  byId("notice-message").textContent = message;
  byId("notice-offer").textContent = offer ? offer.text : "";
  button.hidden = dismiss.hidden = !offer;
  button.textContent = offer ? offer.label : "";
  const action = offer && offer.action;
  button.onclick = action
    ? () => {
        hideNotice();
        action();
      }
    : null;
  dismiss.onclick = hideNotice;
  byId("notice").hidden = !message && !offer;
}
