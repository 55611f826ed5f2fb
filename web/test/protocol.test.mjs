// The messages between the page, the sandbox frame and its workers are
// written once, in lib/protocol.js's table: every type a file sends or
// handles is in a channel it is an end of, and every channel's type is
// sent by one of its senders and handled by one of its receivers.
//
// A failure here most often means a message was added without its row:
// add its type and fields to the channel it travels on in
// web/site/lib/protocol.js (CHANNELS.<channel>.messages), and the file to
// the channel's senders or receivers if it is a new end.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "acorn";

import { CHANNELS, heard } from "../site/lib/protocol.js";

const SITE = new URL("../site/", import.meta.url).pathname;
const TABLE = "web/site/lib/protocol.js";

const outside = (file) => file.startsWith("<");
const isGo = (file) => file.endsWith(".go");
const read = (file) => readFileSync(join(SITE, file), "utf8");

// walk calls visit on every node of an acorn tree.
function walk(node, visit) {
  if (!node || typeof node.type !== "string") return;
  visit(node);
  for (const key of Object.keys(node)) {
    const v = node[key];
    if (Array.isArray(v)) for (const n of v) walk(n, visit);
    else if (v && typeof v === "object" && typeof v.type === "string") walk(v, visit);
  }
}

const keyName = (p) => p.type === "Property" && (p.key.type === "Identifier" ? p.key.name : p.key.value);
const isString = (n) => n && n.type === "Literal" && typeof n.value === "string";
// readsType: msg.type, e.data.type, msg && msg.type, or a variable type.
function readsType(n) {
  if (!n) return false;
  if (n.type === "LogicalExpression") return readsType(n.right);
  if (n.type === "Identifier") return n.name === "type";
  return n.type === "MemberExpression" && !n.computed && n.property.name === "type";
}

// messagesOf returns the types a JavaScript file sends (object literals
// with a string type; one with a role is a model's action, and one given
// to a constructor its options, such as a Blob's, not a message) and
// handles (a switch on a type, or a type compared with a string, also in
// a script the file writes out as a template).
function messagesOf(file) {
  const sent = new Set();
  const handled = new Set();
  const options = new Set();
  walk(parse(read(file), { ecmaVersion: "latest", sourceType: "module" }), (n) => {
    if (n.type === "NewExpression") for (const a of n.arguments) options.add(a);
    if (n.type === "TemplateElement") for (const m of n.value.cooked.matchAll(/\.type === "([^"]+)"/g)) handled.add(m[1]);
    if (n.type === "ObjectExpression" && !options.has(n)) {
      const type = n.properties.find((p) => keyName(p) === "type");
      if (type && isString(type.value) && !n.properties.some((p) => keyName(p) === "role")) sent.add(type.value.value);
    } else if (n.type === "SwitchStatement" && readsType(n.discriminant)) {
      for (const c of n.cases) if (isString(c.test)) handled.add(c.test.value);
    } else if (n.type === "BinaryExpression" && /^[!=]==?$/.test(n.operator)) {
      if (readsType(n.left) && isString(n.right)) handled.add(n.right.value);
      if (readsType(n.right) && isString(n.left)) handled.add(n.left.value);
    }
  });
  return { sent, handled };
}

// goSentOf returns the types a Go program's file writes (a Type field set
// to a string, or a JSON text with a type), its comments left out.
function goSentOf(file) {
  const src = read(file).replace(/\/\/[^\n]*/g, "");
  const sent = new Set();
  for (const [, t] of src.matchAll(/\bType\b(?:\s*:|[^=\n]*=)\s*"(\w+)"/g)) sent.add(t);
  for (const [, t] of src.matchAll(/"type"\s*:\s*"(\w+)"/g)) sent.add(t);
  return { sent, handled: new Set() };
}

const channels = Object.entries(CHANNELS);
const ends = new Set(channels.flatMap(([, c]) => [...c.senders, ...c.receivers]).filter((f) => !outside(f)));
const found = new Map([...ends].map((f) => [f, isGo(f) ? goSentOf(f) : messagesOf(f)]));
const types = (c) => Object.keys(c.messages);

test("every type a file sends or handles is in a channel it is an end of", () => {
  for (const [file, { sent, handled }] of found) {
    const sends = new Set(channels.filter(([, c]) => c.senders.includes(file)).flatMap(([, c]) => types(c)));
    const hears = new Set(channels.filter(([, c]) => c.receivers.includes(file)).flatMap(([, c]) => types(c)));
    // A file that only receives may build objects with a type of other
    // kinds (a button's): a file that posts must be a sender (the last test but one).
    const sender = channels.some(([, c]) => c.senders.includes(file));
    if (sender) for (const t of sent) assert.ok(sends.has(t), `${file} sends "${t}", which no channel it sends on lists: add it to that channel's messages in ${TABLE}`);
    for (const t of handled) assert.ok(hears.has(t), `${file} handles "${t}", which no channel it receives on lists: add it to that channel's messages in ${TABLE}`);
  }
});

test("every type in the table is sent by one of its channel's senders and handled by one of its receivers", () => {
  for (const [name, c] of channels) {
    for (const t of types(c)) {
      const sentBy = c.senders.some((f) => outside(f) || found.get(f).sent.has(t));
      assert.ok(sentBy, `${TABLE}: ${name} lists "${t}", which none of ${c.senders.join(", ")} sends: remove it, or add its sender`);
      const passedOn = c.passesOn && Object.hasOwn(CHANNELS[c.passesOn].messages, t);
      const handledBy = passedOn || c.receivers.some((f) => outside(f) || found.get(f).handled.has(t));
      assert.ok(handledBy, `${TABLE}: ${name} lists "${t}", which none of ${c.receivers.join(", ")} handles: handle it, or remove it`);
    }
  }
});

// A message passed on travels two channels: a file that sends on both
// reaches the second only through the first (go-build.js's compile_error
// goes to the runner, the page, then the view), so what it sends that the
// second lists, the first must list too, or the first's receiver drops it.
test("a message passed on from one channel to the next is in both", () => {
  let relayed = 0;
  for (const [name, c] of channels) {
    if (!c.passesOn) continue;
    const next = CHANNELS[c.passesOn];
    assert.ok(next, `${name} passes on to ${c.passesOn}, which is no channel`);
    for (const f of c.senders.filter((f) => next.senders.includes(f) && !outside(f))) {
      for (const t of found.get(f).sent) {
        if (!Object.hasOwn(next.messages, t)) continue;
        relayed++;
        assert.ok(Object.hasOwn(c.messages, t), `${f} sends "${t}" to ${c.passesOn} through ${name}, which does not list it: add it to ${name}'s messages in ${TABLE}`);
      }
    }
  }
  assert.ok(relayed > 5, `only ${relayed} messages passed on were seen: is the test reading the senders?`);
});

test("each channel names its link, its ends (files that exist) and each message's fields", () => {
  for (const [name, c] of channels) {
    assert.equal(typeof c.link, "string", `${name} has no link`);
    assert.ok(c.senders.length > 0 && c.receivers.length > 0, `${name} needs a sender and a receiver`);
    for (const f of [...c.senders, ...c.receivers]) if (!outside(f)) assert.ok(statSync(join(SITE, f)).isFile(), `${name}: ${f} does not exist`);
    for (const [t, fields] of Object.entries(c.messages)) {
      assert.ok(Array.isArray(fields) && fields.every((f) => /^[a-zA-Z]+\??$/.test(f)), `${name}.${t}: fields are names, "name?" when optional`);
    }
  }
});

// A file that posts without being a sender, or listens without being a
// receiver, would escape the checks above.
test("every file of the page that posts messages is a sender, and every one that hears them a receiver", () => {
  const senders = new Set(channels.flatMap(([, c]) => c.senders));
  const receivers = new Set(channels.flatMap(([, c]) => c.receivers));
  const files = [];
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(SITE, path);
      if (entry.isDirectory()) {
        if (rel !== "dist" && rel !== "go") visit(path);
      } else if (rel.endsWith(".js") && rel.includes("/")) files.push(rel);
    }
  };
  visit(SITE);
  for (const f of files) {
    const src = read(f).replace(/\/\/[^\n]*/g, "");
    if (/\.postMessage\(/.test(src)) assert.ok(senders.has(f), `${f} posts messages but sends on no channel of ${TABLE}: add it to the senders of the channels it posts on`);
    if (/\bonmessage\b|addEventListener\("message"/.test(src)) assert.ok(receivers.has(f), `${f} hears messages but receives on no channel of ${TABLE}: add it to the receivers of the channels it hears`);
  }
});

test("a receiver hears only its channel's types", () => {
  assert.equal(heard(CHANNELS.frameToPage, { type: "go_compile_failed", error: "x" }), true);
  assert.equal(heard(CHANNELS.frameToPage, { type: "run" }), false, "a type of another channel");
  assert.equal(heard(CHANNELS.frameToPage, { type: "toString" }), false, "a name every object has");
  for (const junk of [null, undefined, "hello", 3, {}, { type: 1 }]) assert.equal(heard(CHANNELS.frameToPage, junk), false);
});
