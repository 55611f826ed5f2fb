// What an embedded page (?embed=1) tells the page that frames it: the
// height its content needs, whenever that changes, so the host can size
// the iframe to fit (web/README.md, "Embed in a tutorial"). The message
// carries the height alone, never anything the reader typed.
//
// The embed lays itself out in the frame's height: its views scroll
// within their panels, so the document is always as tall as the frame.
// What it needs is that height plus what its shown scrollers hide below
// their edge, and plus what does not fit at all (a frame too short for
// the run bar): a host that applies it shows the whole result, and the
// report then stays put, because nothing is hidden any more.

// MAX_REPORTED_HEIGHT bounds the report, so that a run of ten thousand
// messages asks for a tall frame, not for a page of a million pixels.
export const MAX_REPORTED_HEIGHT = 2400;

// SCROLLERS are the embed's views whose content is the run's, and grows
// with it: the transcript. The Loop panel's source scrolls within its
// panel whatever its length (counting it made Step ask for the bound).
const SCROLLERS = ".layout .transcript-scroll";

// neededHeight returns the height, in CSS pixels, that doc's content
// needs to show without scrolling inside the frame.
export function neededHeight(doc = document) {
  const root = doc.documentElement;
  const shown = Math.ceil(root.getBoundingClientRect().height);
  let hidden = 0;
  for (const s of doc.querySelectorAll(SCROLLERS)) {
    if (s.checkVisibility()) hidden = Math.max(hidden, s.scrollHeight - s.clientHeight);
  }
  const overflow = Math.max(0, doc.body.scrollHeight - doc.body.clientHeight);
  return Math.min(MAX_REPORTED_HEIGHT, shown + hidden + overflow);
}

// reportHeight posts {type: "agentloop:height", height} to the parent
// window once the page is ready (its engine up or failed: before, the
// editors and views are still taking their places, and the height
// flipped while it loaded), and then whenever the content needs more:
// a run's transcript grows, a tab shows a taller view. It never asks for
// less, so that a host's text below the frame does not move under the
// reader's pointer.
export function reportHeight(doc = document, parent = window.parent) {
  if (!parent || parent === doc.defaultView) return;
  let last = -1;
  let queued = false;
  const ready = () => doc.body.dataset.engine === "ready" || doc.body.dataset.engine === "failed";
  const send = () => {
    queued = false;
    if (!ready()) return;
    const height = neededHeight(doc);
    if (height <= last) return;
    last = height;
    parent.postMessage({ type: "agentloop:height", height }, "*"); // lib/protocol.js: embedToHost
  };
  // Measured after the change is laid out, once per frame at most.
  const soon = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(send);
  };
  const sizes = new ResizeObserver(soon);
  sizes.observe(doc.documentElement);
  const watch = () => {
    for (const s of doc.querySelectorAll(SCROLLERS)) {
      sizes.observe(s);
      for (const child of s.children) sizes.observe(child);
    }
  };
  watch();
  // A view's content may be replaced (a new run's transcript list), and
  // a tab shows another view: both are seen as changes of the DOM.
  new MutationObserver(() => {
    watch();
    soon();
  }).observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "hidden", "data-engine"] });
  send();
}
