// Keys for stepping like a debugger, when the focus is not where typing
// goes (an editor, a field, a menu, the tabs): ← / k back, → / j forward,
// Home and End to the first and last phase, Space to play and pause, Esc
// to stop a run (Esc works everywhere, as Stop is always safe).

// typingIn reports whether the key belongs to the focused element.
function typingIn(el) {
  if (!el || el === document.body) return false;
  if (el.isContentEditable) return true;
  if (el.closest('[role="tablist"]')) return true;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName);
}

// onSteppingKeys listens for the keys and calls actions: {back, forward,
// first, last, playPause, stop(): boolean (true when it stopped a run)}.
export function onSteppingKeys(actions) {
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    if (e.key === "Escape") {
      if (actions.stop()) e.preventDefault();
      return;
    }
    const target = e.target instanceof Element ? e.target : null;
    if (typingIn(target)) return;
    // Space on a button, link or disclosure presses it, as ever.
    const onControl = target && target.closest("button, a, summary");
    let act = null;
    switch (e.key) {
      case "ArrowLeft":
      case "k":
        act = actions.back;
        break;
      case "ArrowRight":
      case "j":
        act = actions.forward;
        break;
      case "Home":
        act = actions.first;
        break;
      case "End":
        act = actions.last;
        break;
      case " ":
        if (!onControl) act = actions.playPause;
        break;
    }
    if (!act) return;
    e.preventDefault();
    act();
  });
}
