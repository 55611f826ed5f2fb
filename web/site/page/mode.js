// The page's modes: the playground, the Exercise and Learn (the
// playground's <main> with a lesson beside it, learn/learn.js). The
// playground and the Exercise are each a <main> of its own, and the one
// not shown is hidden from everyone.

import { byId } from "../util/dom.js";
import { dropMessage } from "../views/notice.js";

// pageMode returns {get(), set(mode)}. readonly: a locked page offers no
// Exercise (Your loop would be locked too); onShown(mode) hears each
// setting, onPicked(mode) the user's pick with the mode switch.
export function pageMode({ readonly, onShown, onPicked }) {
  const get = () => document.body.dataset.mode || "playground";
  const set = (mode) => {
    const exercising = mode === "exercise" && !readonly;
    const shown = exercising ? "exercise" : mode === "learn" ? "learn" : "playground";
    document.body.dataset.mode = shown;
    byId("mode-playground").setAttribute("aria-pressed", String(shown === "playground"));
    byId("mode-exercise").setAttribute("aria-pressed", String(exercising));
    byId("exercise").hidden = !exercising;
    document.querySelector("main.layout:not(#exercise)").hidden = exercising;
    onShown(get());
  };
  for (const mode of ["playground", "exercise"]) {
    byId(`mode-${mode}`).addEventListener("click", () => {
      // A message is about the mode it was said in.
      if (get() !== mode) dropMessage();
      set(mode);
      onPicked(mode);
    });
  }
  // The mode switch would offer the playground alone: it goes too.
  if (readonly) document.querySelector(".mode-switch").hidden = true;
  return { get, set };
}
