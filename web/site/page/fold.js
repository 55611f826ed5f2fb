// A disclosure for part of the page that may fold away: the embed's run
// bar keeps its limit fields behind a Limits button (page/app.js wires it).

// foldAway makes box a disclosure behind the button toggle, folded at
// first: an embed's run bar keeps its limits there, so that the frame is
// left to the views. A field in it the page finds wrong unfolds it, to be
// seen beside its explanation.
export function foldAway(toggle, box) {
  const show = (open) => {
    toggle.setAttribute("aria-expanded", String(open));
    box.hidden = !open;
  };
  show(false);
  toggle.addEventListener("click", () => show(box.hidden));
  new MutationObserver(() => {
    if (box.hidden && box.querySelector('[aria-invalid="true"]')) show(true);
  }).observe(box, { subtree: true, attributeFilter: ["aria-invalid"] });
}
