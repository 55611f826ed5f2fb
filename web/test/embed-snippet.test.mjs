// The Embed button's snippet: what the frame opens, its address, and HTML
// that stays HTML whatever the title or address hold.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { HOST_SCRIPT, embedAddress, embedSnippet, embedTarget, escapeAttribute } from "../site/page/embed-snippet.js";

const PAGE = "https://example.org/agentloop/";

test("a shipped example shown as shipped opens as the example, at the phase on screen", () => {
  const cases = [
    [{ example: "add", exact: true, phase: 3, state: "x" }, { example: "add", phase: 3 }],
    [{ example: "add", exact: true, phase: 0, state: "x" }, { example: "add", phase: 0 }],
    // A phase that is no phase opens no run.
    [{ example: "add", exact: true, phase: 2.5, state: "x" }, { example: "add", phase: 0 }],
    [{ example: "add", exact: true, phase: -1, state: "x" }, { example: "add", phase: 0 }],
  ];
  for (const [shown, want] of cases) assert.deepEqual(embedTarget(shown), want, JSON.stringify(shown));
});

test("edited code, or no example, travels as a share link with no phase", () => {
  assert.deepEqual(embedTarget({ example: "add", exact: false, phase: 3, state: "abc" }), { state: "abc" });
  assert.deepEqual(embedTarget({ example: "", exact: true, phase: 3, state: "abc" }), { state: "abc" });
});

test("the frame's address asks for the embed and never for autorun", () => {
  assert.equal(embedAddress(PAGE, { example: "add", phase: 3 }), `${PAGE}?embed=1#example=add&phase=3`);
  assert.equal(embedAddress(PAGE, { example: "max-steps", phase: 0 }), `${PAGE}?embed=1#example=max-steps`);
  assert.equal(embedAddress(PAGE, { state: "q1_-Z" }), `${PAGE}?embed=1#state=q1_-Z`);
  assert.equal(embedAddress(PAGE, { example: "a&phase=9#x", phase: 0 }), `${PAGE}?embed=1#example=a%26phase%3D9%23x`,
    "an id cannot add a phase of its own");
  for (const t of [{ example: "add", phase: 3 }, { state: "abc" }]) assert.doesNotMatch(embedAddress(PAGE, t), /autorun/);
});

test("attribute values are escaped", () => {
  assert.equal(escapeAttribute(`a & b "c" 'd' <e>`), "a &amp; b &quot;c&quot; &#39;d&#39; &lt;e&gt;");
  assert.equal(escapeAttribute("&amp;"), "&amp;amp;", "an entity in the text stays text");
  assert.equal(escapeAttribute("plain"), "plain");
});

test("the snippet is an iframe with escaped attributes, then the host script", () => {
  const snippet = embedSnippet({ src: `${PAGE}?embed=1#example=add&phase=3`, title: `agentloop playground: "x" <script>alert(1)</script>` });
  assert.ok(snippet.startsWith(`<iframe src="${PAGE}?embed=1#example=add&amp;phase=3"\n`), snippet);
  assert.match(snippet, /title="agentloop playground: &quot;x&quot; &lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
  assert.match(snippet, / width="100%" height="640" loading="lazy"><\/iframe>\n/);
  assert.ok(snippet.endsWith(`${HOST_SCRIPT}\n`));
  // One iframe and one script, whatever the title held.
  assert.equal(snippet.match(/<iframe/g).length, 1);
  assert.equal(snippet.match(/<script>/g).length, 1);
});

test("the host script sizes the frame that reported, among several", () => {
  const frames = [{ contentWindow: {}, style: {} }, { contentWindow: {}, style: {} }];
  let listener = null;
  const body = HOST_SCRIPT.replace(/^<script>\n/, "").replace(/\n<\/script>$/, "");
  new Function("addEventListener", "document", body)(
    (type, fn) => {
      assert.equal(type, "message");
      listener = fn;
    },
    { querySelectorAll: (sel) => (assert.equal(sel, "iframe[src*='embed=1']"), frames) },
  );
  listener({ source: frames[1].contentWindow, data: { type: "agentloop:height", height: 812 } });
  assert.equal(frames[1].style.height, "812px");
  assert.equal(frames[0].style.height, undefined, "the other frame keeps its height");
  listener({ source: frames[0].contentWindow, data: { type: "other", height: 9 } });
  listener({ source: {}, data: { type: "agentloop:height", height: 9 } });
  assert.equal(frames[0].style.height, undefined, "other messages and other senders change nothing");
});

test("the snippet's script is the one README gives hosts", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  assert.ok(readme.includes(HOST_SCRIPT), "web/README.md's host script is HOST_SCRIPT");
});

test("a read-only frame's address locks its editors, and still never asks for autorun", () => {
  assert.equal(embedAddress(PAGE, { example: "add", phase: 3 }, { readonly: true }), `${PAGE}?embed=1&readonly=1#example=add&phase=3`);
  assert.equal(embedAddress(PAGE, { state: "abc" }, { readonly: true }), `${PAGE}?embed=1&readonly=1#state=abc`);
  assert.equal(embedAddress(PAGE, { state: "abc" }, { readonly: false }), `${PAGE}?embed=1#state=abc`);
});
