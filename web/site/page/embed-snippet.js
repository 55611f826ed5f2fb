// The Embed button's snippet: the HTML a tutorial's author pastes into
// their page to show what the playground shows, an <iframe> of the page
// with ?embed=1 and the host script that sizes it (web/README.md, "Embed
// in a tutorial"). Pure: it builds text from what it is given.
//
// What the frame may run by itself follows the embed's safety rules: only
// a shipped example's own code is opened with a phase (#example=ID&phase=N
// records and shows its run); anything else travels as a share link
// (#state=...), which fills the frame's editors and runs nothing until the
// reader presses Run. The snippet never asks for &autorun=1.

// HOST_SCRIPT applies the height each embed on the host page reports to
// its own frame, however many frames the page holds (README's host
// script).
export const HOST_SCRIPT = `<script>
addEventListener("message", (e) => { for (const f of document.querySelectorAll("iframe[src*='embed=1']")) if (e.source === f.contentWindow && e.data?.type === "agentloop:height") f.style.height = \`\${e.data.height}px\`; });
</script>`;

// embedTarget says what the frame opens: {example, phase} for a shipped
// example shown as shipped (phase from 1, or 0 for no run to open at), or
// {state} for anything else, a share link's payload. shown: {example,
// exact, phase, state}, where exact says the editors hold the example's
// own code, phase the phase of its run on screen (0 for none) and state
// the share link's payload of what the editors hold.
export function embedTarget({ example = "", exact = false, phase = 0, state = "" }) {
  if (example && exact) return { example, phase: Number.isInteger(phase) && phase >= 1 ? phase : 0 };
  return { state };
}

// embedAddress returns the frame's address: page is the playground's
// address (origin and path, no query or hash); readonly locks the frame's
// editors (&readonly=1): its reader runs and steps the code but cannot
// change it.
export function embedAddress(page, target, { readonly = false } = {}) {
  const base = `${page}?embed=1${readonly ? "&readonly=1" : ""}`;
  if (target.example) {
    const phase = target.phase ? `&phase=${target.phase}` : "";
    return `${base}#example=${encodeURIComponent(target.example)}${phase}`;
  }
  return `${base}#state=${encodeURIComponent(target.state)}`;
}

// escapeAttribute makes text safe inside a double-quoted HTML attribute
// value (and as text): the characters that end the value, start a tag
// or an entity are written as entities.
export function escapeAttribute(text) {
  return String(text).replace(/[&"'<>]/g, (c) => ({ "&": "&amp;", '"': "&quot;", "'": "&#39;", "<": "&lt;", ">": "&gt;" })[c]);
}

// embedSnippet returns the HTML to paste: the iframe with src and title,
// 640 px high until the host script sizes it, then the host script.
export function embedSnippet({ src, title }) {
  const iframe = `<iframe src="${escapeAttribute(src)}"\n        title="${escapeAttribute(title)}" width="100%" height="640" loading="lazy"></iframe>`;
  return `${iframe}\n${HOST_SCRIPT}\n`;
}
