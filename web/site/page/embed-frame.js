// What an embedded page (?embed=1) tells the page that frames it: its
// height, whenever it changes, so the host can size the iframe to fit
// (README, "Embed in a tutorial"). The message carries the height alone,
// never anything the reader typed.

export const HEIGHT_MESSAGE = "agentloop:height";

// reportHeight posts {type: "agentloop:height", height} to the parent
// window now and whenever the document's height changes.
export function reportHeight(doc = document, parent = window.parent) {
  if (!parent || parent === doc.defaultView) return;
  let last = -1;
  const send = () => {
    const height = Math.ceil(doc.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    parent.postMessage({ type: HEIGHT_MESSAGE, height }, "*");
  };
  new ResizeObserver(send).observe(doc.documentElement);
  send();
}
