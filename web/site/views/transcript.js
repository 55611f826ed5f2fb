// The transcript: the messages of events[0..upto], as <li class="msg">
// entries of #transcript. Only the last `windowSize` messages are in the
// DOM (a 10,000-step run has 20,001 messages); a note above the list says
// how many are hidden and offers to show more. Updates are incremental:
// moving the end of the window by a few messages touches a few nodes.

import { messageView } from "./message-view.js";
import { StreamView } from "./stream-view.js";
import { fmtCount } from "../util/format.js";
import { messageMs } from "../run/step-time.js";


const WINDOW = 200;
const WINDOW_MAX = 2000;
// While a run streams, only the newest messages are kept in the DOM: a
// fast run replaces them at every render, and the full window comes back
// when it ends.
const LIVE_WINDOW = 10;
// At most this many messages are built per render, so that no render is a
// long task; the rest of the window fills in over the next frames.
const PER_RENDER = 20;

export class Transcript {
  // list: the <ol>; note: the hidden-messages note with its text span and
  // button; scroller: the element that scrolls the list; empty: the
  // placeholder shown before any run; stream: the entry of an answer
  // arriving (views/stream-view.js), after the list.
  constructor({ list, note, noteText, showEarlier, scroller, empty, stream }) {
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
    // Whether the user reads the end of the list, as their last scroll
    // left it, and how far from its end they read.
    this.stuck = true;
    this.fromEnd = 0;
    scroller.addEventListener("scroll", () => this.noteScroll(), { passive: true });
    // A render never reads the layout: the list is scrolled once the
    // browser has laid it out anyway, when its size changed (a
    // ResizeObserver runs after layout, before paint). keep: messages
    // were only added above, so what the user reads stays in place.
    this.keep = false;
    this.sized = new ResizeObserver(() => this.follow());
    this.sized.observe(list);
    this.sized.observe(scroller);
    this.stream = stream ? new StreamView(stream) : null;
    if (stream) this.sized.observe(stream);
    this.onMore = () => {};
    // decorate(li, message, trace) may add controls to an entry (views/fork.js's
    // "Fork from here"); it must depend on the message and trace alone.
    this.decorate = null;
    showEarlier.addEventListener("click", () => {
      this.windowSize = Math.min(WINDOW_MAX, this.windowSize + WINDOW);
      this.onMore();
    });
  }

  // show moves the list toward the last messages of trace.events[0..upto]
  // (streaming: a run is adding to them right now). It returns true when
  // it built all it may for one render and more is to come: call it again
  // next frame.
  show(trace, upto, streaming = false) {
    // The entry of an answer arriving grows below the list: a reader at
    // the bottom follows it there once it is laid out.
    if (this.stream && this.stream.show(trace, upto) && this.stuck) requestAnimationFrame(() => this.follow());
    const fresh = trace !== this.trace;
    if (fresh) this.windowSize = WINDOW;
    const count = trace ? trace.messageCount(upto) : 0;
    const from = Math.max(0, count - (streaming ? Math.min(LIVE_WINDOW, this.windowSize) : this.windowSize));
    const long = streaming && count > LIVE_WINDOW;
    if (!fresh && from === this.from && count === this.to) {
      this.showState(trace, long);
      return false; // nothing to change, no layout to read
    }
    // A new run starts at the bottom.
    if (fresh) this.stuck = true;
    if (fresh) {
      this.list.replaceChildren();
      this.note.hidden = true;
      this.from = this.to = 0;
      this.trace = trace;
    }
    this.showState(trace, long);
    if (from === this.from && count === this.to) return false;
    const countBefore = this.to;

    // The newest messages come first; older ones fill in above them.
    if (count <= this.from || count - this.to > PER_RENDER || from >= this.to) {
      // Too far from what is shown: start over at the end.
      this.list.replaceChildren();
      this.from = this.to = Math.max(from, count - PER_RENDER);
    }
    while (this.to > count) {
      this.list.lastElementChild.remove();
      this.to--;
    }
    while (this.from < from) {
      this.list.firstElementChild.remove();
      this.from++;
    }
    let budget = PER_RENDER;
    if (count > this.to) {
      const frag = document.createDocumentFragment();
      for (let i = this.to; i < count; i++) frag.append(this.entry(trace, i));
      this.list.append(frag);
      budget -= count - this.to;
      this.to = count;
    }
    if (from < this.from && budget > 0) {
      const start = Math.max(from, this.from - budget);
      const frag = document.createDocumentFragment();
      for (let i = start; i < this.from; i++) frag.append(this.entry(trace, i));
      this.list.prepend(frag);
      this.from = start;
    }

    const hidden = this.from;
    if (this.note.hidden !== (hidden === 0)) this.note.hidden = hidden === 0;
    if (hidden > 0) {
      this.noteText.textContent = `${fmtCount(hidden)} earlier ${hidden === 1 ? "message is" : "messages are"} not shown, to keep the page fast.`;
      this.showEarlier.hidden = this.windowSize >= WINDOW_MAX;
    }
    // Stay at the bottom if the user was there (follow); else, when
    // messages were only added above, keep what they were reading in place.
    this.keep = count === countBefore;
    // While older messages still fill in above (a run just ended, Show
    // earlier), the box keeps the fixed height and strict containment of a
    // long run that streams: each frame's entries lay out this box alone.
    const more = this.from > from;
    if (more && !long && count > LIVE_WINDOW) this.showState(trace, true);
    return more;
  }

  // follow scrolls the list, once laid out, as the last show found it
  // should.
  follow() {
    const s = this.scroller;
    if (this.stuck) {
      s.scrollTop = s.scrollHeight;
    } else if (this.keep) {
      s.scrollTop = s.scrollHeight - this.fromEnd;
    }
    this.keep = false;
    this.fromEnd = s.scrollHeight - s.scrollTop;
  }

  // noteScroll keeps where the user reads, as a scroll left it (the
  // layout is fresh when the browser scrolls).
  noteScroll() {
    this.stuck = this.atBottom();
    this.fromEnd = this.scroller.scrollHeight - this.scroller.scrollTop;
  }

  // showState shows the placeholder before any run, and the fixed box of a
  // long run that streams.
  showState(trace, long) {
    if (this.empty.hidden !== (trace !== null)) this.empty.hidden = trace !== null;
    if (this.scroller.classList.contains("streaming") !== long) this.scroller.classList.toggle("streaming", long);
  }

  // entry builds message i's <li>, with the time its call took.
  entry(trace, i) {
    const m = trace.message(i);
    const li = messageView({ ...m, ms: messageMs(trace.events, trace.messagePos[i]) });
    if (this.decorate) this.decorate(li, m, trace);
    return li;
  }

  atBottom() {
    const s = this.scroller;
    return s.scrollHeight - s.scrollTop - s.clientHeight < 40;
  }
}
