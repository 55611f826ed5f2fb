// A small element builder. The page's DOM is built only with
// createElement and textContent, so nothing a user or a run produces is
// ever parsed as HTML.

// h creates an element: h("li", {className: "msg", dataset: {role: "user"}}, "text", child).
// Attributes named in props go through setAttribute unless they are known
// DOM properties (className, dataset, hidden, text).
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  if (props) {
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "className") el.className = value;
      else if (key === "text") el.textContent = value;
      else if (key === "hidden") el.hidden = Boolean(value);
      else if (key === "dataset") Object.assign(el.dataset, value);
      else el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    el.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return el;
}

// byId returns the element with the id, or throws naming it: a missing
// element is a bug in index.html, better found at once.
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`index.html has no element #${id}`);
  return el;
}

// showFieldError shows message under input (or clears it with "").
export function showFieldError(input, errorEl, message) {
  // Every Run checks every field: what is unchanged is left alone.
  if (errorEl.textContent !== message) errorEl.textContent = message;
  if (errorEl.hidden !== (message === "")) errorEl.hidden = message === "";
  const invalid = message ? "true" : "false";
  if (input.getAttribute("aria-invalid") !== invalid) input.setAttribute("aria-invalid", invalid);
}

// setDisabled marks a button unavailable with aria-disabled rather than
// disabled: a disabled button loses the keyboard focus, and Run or Stop
// pressed from the keyboard would drop the user's place on the page.
export function setDisabled(button, off) {
  const v = off ? "true" : "false";
  if (button.getAttribute("aria-disabled") !== v) button.setAttribute("aria-disabled", v);
}

// isDisabled reports whether setDisabled turned the button off.
export function isDisabled(button) {
  return button.getAttribute("aria-disabled") === "true";
}
