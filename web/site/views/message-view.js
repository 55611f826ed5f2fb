// One transcript entry: an <li class="msg"> for a message, built only
// from textContent. Its DOM depends on the message alone, so the same
// message always renders the same way, whether it arrived live or was
// reached by stepping back and forth.

import { h } from "../util/dom.js";
import { fmtCount, fmtMs, plural, pretty, toolName } from "../util/format.js";
import { CUT_PREFIX, cutReason } from "../run/trace.js";

// cutNote says, under a message, that the page cut its content.
function cutNote(length) {
  return `Cut to its first ${fmtCount(CUT_PREFIX)} of ${fmtCount(Number(length) || 0)} characters: ${cutReason()}.`;
}

// Contents longer than this fold behind "show more".
const FOLD_CHARS = 600;
const FOLD_LINES = 12;

function textOf(v) {
  return typeof v === "string" ? v : pretty(v);
}

// orMissing shows a field the message lacks as "(missing name)" and the
// like, never as "undefined".
function orMissing(v, what) {
  return v === undefined || v === null ? `(missing ${what})` : textOf(v);
}

// foldable puts text into el, folded behind a "show more" button when it
// is long. The button toggles the full text in place.
function foldable(el, text, label) {
  const lines = text.split("\n", FOLD_LINES + 1);
  const long = text.length > FOLD_CHARS || lines.length > FOLD_LINES;
  if (!long) {
    el.textContent = text;
    return null;
  }
  let short = lines.slice(0, FOLD_LINES).join("\n");
  if (short.length > FOLD_CHARS) short = short.slice(0, FOLD_CHARS);
  short += "…";
  el.textContent = short;
  const more = text.length - short.length + 1;
  const button = h("button", {
    type: "button",
    className: "show-more",
    "aria-expanded": "false",
    text: `Show more (${fmtCount(more)} more characters)`,
    "aria-label": `Show all of ${label}`,
  });
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") === "true";
    el.textContent = open ? short : text;
    button.setAttribute("aria-expanded", String(!open));
    button.textContent = open ? `Show more (${fmtCount(more)} more characters)` : "Show less";
  });
  return button;
}

function callView(call, single) {
  const args = call && typeof call === "object" ? call.args : undefined;
  const name = call && typeof call === "object" ? call.name : undefined;
  const argsEl = h("pre", { className: "tool-args" });
  const more = foldable(argsEl, pretty(args === undefined ? {} : args), `the args of ${toolName(name)}`);
  return h(
    single ? "div" : "li",
    { className: "tool-call" },
    h("span", { className: "tool-name", text: toolName(name) }),
    call && call.id !== undefined ? h("span", { className: "tool-id", text: `id ${textOf(call.id)}` }) : null,
    argsEl,
    more,
  );
}

function head(label, step, extra, ms) {
  return h(
    "div",
    { className: "msg-head" },
    h("span", { className: "msg-role", text: label }),
    extra ? h("span", { className: "msg-extra", text: extra }) : null,
    step ? h("span", { className: "msg-step", text: `step ${step}` }) : null,
    ms !== undefined ? h("span", { className: "msg-ms", text: fmtMs(ms) }) : null,
  );
}

// messageView returns the <li> for message m ({message, role, failed,
// step, index}, as the loop's event told it; ms, how long its call took;
// cut and contentLength when the page cut its content, see run/trace.js).
export function messageView({ message, role, failed, step, index, ms, cut, contentLength }) {
  const li = h("li", { className: "msg", dataset: { role, index: String(index) } });
  const obj = message && typeof message === "object" ? message : {};
  const content = h("div", { className: "msg-content" });
  let more = null;
  let edited = null;

  if (role === "user") {
    li.append(head("User", 0));
    more = foldable(content, textOf(obj.content), "the user's message");
  } else if (role === "tool") {
    if (failed) li.dataset.failed = "true";
    const id = obj.id !== undefined ? ` (id ${textOf(obj.id)})` : "";
    li.append(head(failed ? "Tool error" : "Tool result", step, `${toolName(obj.name)}${id}`, ms));
    more = foldable(content, orMissing(obj.content, "content"), `the result of ${toolName(obj.name)}`);
    // The loop records the args a person edited (tool approval) on the
    // tool message: the call ran with those, not the model's.
    if (obj.args !== undefined) edited = h("div", { className: "msg-edited" }, h("p", { text: "Ran with edited arguments:" }), h("pre", { className: "tool-args", text: pretty(obj.args) }));
  } else {
    const type = obj.type;
    if (typeof type === "string") li.dataset.type = type;
    if (type === "tool" && Array.isArray(obj.calls)) {
      li.append(head("Assistant", step, `${plural(obj.calls.length, "tool call")} at once`, ms));
      content.append(h("ol", { className: "tool-calls" }, ...obj.calls.map((c) => callView(c, false))));
    } else if (type === "tool") {
      li.append(head("Assistant", step, "tool call", ms));
      content.append(callView(obj, true));
    } else if (type === "final") {
      li.append(head("Assistant", step, "final answer", ms));
      more = foldable(content, orMissing(obj.content, "content"), "the final answer");
    } else {
      // Malformed output is shown as the model gave it.
      li.append(head("Assistant", step, typeof type === "string" ? `type "${type}"` : "no type", ms));
      content.classList.add("raw");
      more = foldable(content, pretty(message), "the model's response");
    }
  }
  li.append(content);
  if (more) li.append(more);
  if (edited) li.append(edited);
  if (cut) {
    li.dataset.cut = "true";
    li.append(h("p", { className: "msg-cut", text: cutNote(contentLength) }));
  }
  return li;
}
