// What the page's address asks for:
//   ?embed=1        compact layout for a tutorial's iframe
//   &readonly=1     editors locked
//   &autorun=1      run at once, but only a shipped example (#example=ID)
//   &theme=light|dark  force the colour scheme (else the system's)
//   #example=ID     open a shipped example
//   #state=...      open a share link (fills the editors, runs nothing)
//   #phase=N        with #example=ID: record the run and show phase N (from 1)
//   #lesson=N       open lesson N of the Learn mode (learn/lessons.js)

export function readOptions(loc = location) {
  const q = new URLSearchParams(loc.search);
  const hash = new URLSearchParams(loc.hash.replace(/^#/, ""));
  const on = (name) => ["1", "true", "yes"].includes((q.get(name) || "").toLowerCase());
  return {
    embed: on("embed"),
    readonly: on("readonly"),
    autorun: on("autorun"),
    theme: ["light", "dark"].includes(q.get("theme")) ? q.get("theme") : "",
    example: hash.get("example") || "",
    // A #state= or #phase= that is there but empty or wrong is kept as
    // written (null only when there is none), for the page to say what is
    // wrong with the link.
    state: hash.get("state"),
    phase: hash.get("phase"),
    lesson: hash.get("lesson"),
  };
}

// phaseNumber returns the phase a #phase= names, a whole number from 1, or
// 0 when text names none.
export function phaseNumber(text) {
  const t = String(text).trim();
  return /^\d+$/.test(t) && Number(t) >= 1 ? Number(t) : 0;
}

// clearHash drops the #state or #example from the address once it has been
// applied: the editors then belong to the user, and a reload must show
// their edits (from localStorage), not the link again.
export function clearHash() {
  if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
}
