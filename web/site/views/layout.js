// The layout that keeps the loop in view. Below two-column width, and
// always in an embed, the page shows one view at a time behind a tablist
// (Code · Transcript · Loop, the ARIA tabs pattern); the run bar stays
// above them. And two helpers that scroll only what must move: a box
// within its own scroller, never the page around it.

const NARROW = "(max-width: 999px)";

export class Tabs {
  // tablist: the role=tablist element; tabs: {name: tab button}, each
  // with aria-controls naming its panel; always: tabs at every width (an
  // embed); onChange(): after the panels shown changed.
  constructor(tablist, tabs, { always = false, onChange = () => {} } = {}) {
    this.tablist = tablist;
    this.tabs = tabs;
    this.names = Object.keys(tabs);
    this.selected = this.names[0];
    this.always = always;
    this.onChange = onChange;
    this.media = matchMedia(NARROW);
    this.media.addEventListener("change", () => this.apply());
    for (const [name, tab] of Object.entries(tabs)) {
      tab.addEventListener("click", () => this.select(name));
    }
    tablist.addEventListener("keydown", (e) => this.onKey(e));
    this.apply();
  }

  get on() {
    return this.always || this.media.matches;
  }

  // shows reports whether the named view's panel is on screen: the
  // selected one, or every one in two columns.
  shows(name) {
    return !this.on || this.selected === name;
  }

  // select shows the named view (when the tabs are on; in two columns
  // every view is shown already).
  select(name, { focus = false } = {}) {
    if (!this.tabs[name]) return;
    this.selected = name;
    this.apply();
    if (focus) this.tabs[name].focus();
  }

  apply() {
    const on = this.on;
    this.tablist.hidden = !on;
    document.body.classList.toggle("tabbed", on);
    document.body.dataset.tab = on ? this.selected : "";
    for (const [name, tab] of Object.entries(this.tabs)) {
      const panel = document.getElementById(tab.getAttribute("aria-controls"));
      const selected = name === this.selected;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (on) {
        panel.setAttribute("role", "tabpanel");
        panel.setAttribute("aria-labelledby", tab.id);
      } else if (panel.getAttribute("role") === "tabpanel") {
        panel.removeAttribute("role");
        panel.removeAttribute("aria-labelledby");
      }
      panel.classList.toggle("tab-inactive", on && !selected);
    }
    this.onChange();
  }

  onKey(e) {
    const i = this.names.indexOf(this.selected);
    const n = this.names.length;
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1 + n, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.select(this.names[to % n], { focus: true });
  }
}

// revealIn scrolls scroller (and nothing else) so that el is inside its
// visible area, with a little room around it.
export function revealIn(scroller, el, margin = 8) {
  if (!scroller || !el || !scroller.contains(el)) return;
  const s = scroller.getBoundingClientRect();
  if (s.height === 0) return; // folded or not shown
  const r = el.getBoundingClientRect();
  if (r.top < s.top + margin) {
    scroller.scrollTop -= s.top + margin - r.top;
  } else if (r.bottom > s.bottom - margin) {
    // A box taller than the scroller shows its top.
    const by = Math.min(r.bottom - s.bottom + margin, r.top - s.top - margin);
    scroller.scrollTop += by;
  }
}

// revealInWindow scrolls this document's window (never a host page's)
// just enough that el's bottom is on screen, without moving top above
// the top of the screen.
export function revealInWindow(el, top) {
  if (!el) return;
  const r = el.getBoundingClientRect();
  const limit = top ? top.getBoundingClientRect().top : r.top;
  const by = Math.min(r.bottom - innerHeight + 8, limit);
  if (by > 0) scrollBy(0, by);
}

// revealWholeInWindow scrolls this document's window (never a host
// page's, as scrollIntoView would) just enough that the whole of el, from
// the top of from when given, is on screen: down when it ends below the
// screen, up when it starts above (its top wins when it is taller than
// the screen).
export function revealWholeInWindow(el, from = el, margin = 8) {
  if (!el || !from) return;
  const r = el.getBoundingClientRect();
  if (r.height === 0) return; // not shown
  const top = Math.min(r.top, from.getBoundingClientRect().top);
  if (top < margin) scrollBy(0, top - margin);
  else if (r.bottom > innerHeight - margin) scrollBy(0, Math.min(r.bottom - innerHeight + margin, top - margin));
}

// revealWithControls scrolls this document's window (never a host page's)
// so that controls and el are on screen together: when either is off
// screen, the controls go to the top of the screen, with el below them.
// below, when given, is a scroller under el that fitOnScreen then caps:
// it must start high enough for a cap (the lit line's panel after a Run
// started below the fold, with Step and el on screen). A phone's stepping
// learner thus keeps Step and what happened in view, and once they are,
// further presses move nothing.
export function revealWithControls(controls, el, below = null, margin = 8) {
  if (!controls || !el) return;
  const c = controls.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.height === 0) return; // not shown
  const room = below ? innerHeight - below.getBoundingClientRect().top - margin : Infinity;
  if (c.top >= 0 && c.bottom <= innerHeight && r.top >= c.bottom && r.bottom <= innerHeight && room >= MIN_CAP) return;
  scrollBy(0, c.top - margin);
}

// MIN_CAP is the least height fitOnScreen caps a scroller to: a cap under
// five lines is not worth it.
const MIN_CAP = 100;

// fitOnScreen caps scroller's height so that it ends on the screen, with
// margin to spare (or lifts the cap, with fit false): a phone's stepping
// learner then sees the whole of the lit line's panel below the controls.
// A cap under MIN_CAP is not worth it: the page scrolls instead.
export function fitOnScreen(scroller, fit = true, margin = 8) {
  let cap = "";
  if (fit) {
    const room = Math.floor(innerHeight - scroller.getBoundingClientRect().top - margin);
    if (room >= MIN_CAP) cap = `${room}px`;
  }
  if (scroller.style.maxHeight !== cap) scroller.style.maxHeight = cap;
}
