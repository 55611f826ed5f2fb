// The transcript: the messages of events[0..upto], as <li class="msg">
// entries of #transcript. Only the last `windowSize` messages are in the
// DOM (a 10,000-step run has 20,001 messages); a note above the list says
// how many are hidden and offers to show more. Updates are incremental:
// moving the end of the window by a few messages touches a few nodes.

import { messageView } from "./message-view.js";

const WINDOW = 200;
const WINDOW_MAX = 2000;
// While a run streams, only the newest messages are kept in the DOM: a
// fast run replaces them at every render, and the full window comes back
// when it ends.
const LIVE_WINDOW = 40;

export class Transcript {
  // list: the <ol>; note: the hidden-messages note with its text span and
  // button; scroller: the element that scrolls the list; empty: the
  // placeholder shown before any run.
  constructor({ list, note, noteText, showEarlier, scroller, empty }) {
    this.list = list;
    this.note = note;
    this.noteText = noteText;
    this.scroller = scroller;
    this.empty = empty;
    this.showEarlier = showEarlier;
    this.windowSize = WINDOW;
    this.from = 0; // messages [from, to) are in the list
    this.to = 0;
    this.trace = null;
    this.upto = -1;
    showEarlier.addEventListener("click", () => {
      this.windowSize = Math.min(WINDOW_MAX, this.windowSize + WINDOW);
      const top = this.scroller.scrollHeight - this.scroller.scrollTop;
      this.show(this.trace, this.upto);
      // Keep the messages the user was reading where they were.
      this.scroller.scrollTop = this.scroller.scrollHeight - top;
    });
  }

  // show makes the list hold the last messages of trace.events[0..upto];
  // streaming says a run is adding to them right now.
  show(trace, upto, streaming = false) {
    if (trace !== this.trace) {
      this.list.replaceChildren();
      this.note.hidden = true;
      this.from = this.to = 0;
      this.trace = trace;
      this.windowSize = WINDOW;
    }
    this.upto = upto;
    const count = trace ? trace.messageCount(upto) : 0;
    const from = Math.max(0, count - (streaming ? Math.min(LIVE_WINDOW, this.windowSize) : this.windowSize));
    this.empty.hidden = trace !== null;
    if (from === this.from && count === this.to) return; // nothing to change, no layout to read
    const stick = this.atBottom();

    if (count <= this.from || from >= this.to) {
      // Nothing in common with what is shown: start over.
      this.list.replaceChildren();
      this.from = this.to = from;
    }
    while (this.to > count) {
      this.list.lastElementChild.remove();
      this.to--;
    }
    while (this.from < from) {
      this.list.firstElementChild.remove();
      this.from++;
    }
    if (from < this.from) {
      const frag = document.createDocumentFragment();
      for (let i = from; i < this.from; i++) frag.append(messageView(trace.message(i)));
      this.list.prepend(frag);
      this.from = from;
    }
    if (count > this.to) {
      const frag = document.createDocumentFragment();
      for (let i = this.to; i < count; i++) frag.append(messageView(trace.message(i)));
      this.list.append(frag);
      this.to = count;
    }

    const hidden = this.from;
    this.note.hidden = hidden === 0;
    if (hidden > 0) {
      this.noteText.textContent = `${hidden.toLocaleString("en-US")} earlier ${hidden === 1 ? "message is" : "messages are"} hidden to keep the page fast.`;
      this.showEarlier.hidden = this.windowSize >= WINDOW_MAX;
    }
    if (stick) this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  atBottom() {
    const s = this.scroller;
    return s.scrollHeight - s.scrollTop - s.clientHeight < 40;
  }
}
