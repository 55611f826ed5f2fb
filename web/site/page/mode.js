// The page's two modes: the playground and the Exercise. Each is a <main>
// of its own, and the one not shown is hidden from everyone.

import { byId } from "../util/dom.js";

// pageMode returns {get(), set(mode)}. readonly: a locked page offers no
// Exercise (Your loop would be locked too); onShown(mode) hears each
// setting, onPicked(mode) the user's pick with the mode switch.
export function pageMode({ readonly, onShown, onPicked }) {
  const get = () => document.body.dataset.mode || "playground";
  const set = (mode) => {
    const exercising = mode === "exercise" && !readonly;
    document.body.dataset.mode = exercising ? "exercise" : "playground";
    byId("mode-playground").setAttribute("aria-pressed", String(!exercising));
    byId("mode-exercise").setAttribute("aria-pressed", String(exercising));
    byId("exercise").hidden = !exercising;
    document.querySelector("main.layout:not(#exercise)").hidden = exercising;
    onShown(get());
  };
  for (const mode of ["playground", "exercise"]) {
    byId(`mode-${mode}`).addEventListener("click", () => {
      set(mode);
      onPicked(mode);
    });
  }
  // The mode switch would offer the playground alone: it goes too.
  if (readonly) document.querySelector(".mode-switch").hidden = true;
  return { get, set };
}
