// Answers typed by a person: the Be-the-model form, the fork editor, and
// the scripted Model editor made from the answers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildAnswer, jsValue, parseAction, parseArgs, scriptSource } from "../site/run/actions.js";
import { EXAMPLES } from "../site/page/examples.js";

test("a final answer becomes a final action", () => {
  assert.deepEqual(buildAnswer({ kind: "final", content: "The answer is 5." }), {
    action: { role: "assistant", type: "final", content: "The answer is 5." },
  });
});

test("one tool call becomes a tool action with its name and args", () => {
  assert.deepEqual(buildAnswer({ kind: "tool", calls: [{ name: " add ", args: '{"a": 2, "b": 3}' }] }), {
    action: { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },
  });
});

test("several tool calls become one action with numbered calls", () => {
  const got = buildAnswer({ kind: "tool", calls: [{ name: "weather", args: '{"city": "Paris"}' }, { name: "weather", args: '{"city": "Tokyo"}' }] });
  assert.deepEqual(got.action.calls, [
    { id: "call-1", name: "weather", args: { city: "Paris" } },
    { id: "call-2", name: "weather", args: { city: "Tokyo" } },
  ]);
  assert.equal(got.action.type, "tool");
});

test("bad args and missing names are refused, naming the call and the problem", () => {
  const cases = [
    [[{ name: "add", args: "{a: 2}" }], /^The call's args is not valid JSON: .+/],
    [[{ name: "add", args: "" }], /^The call's args is empty; write JSON, such as \{\}\./],
    [[{ name: "add", args: "[1, 2]" }], /^The call's args must be a JSON object such as \{"a": 2\}; this is an array\./],
    [[{ name: "add", args: "{}" }, { name: "add", args: "3" }], /^Call 2's args must be a JSON object .*this is number 3\./],
    [[{ name: "add", args: "{}" }, { name: "  ", args: "{}" }], /^Call 2 has no tool name/],
    [[], /^Add a tool call, or give a final answer\./],
  ];
  for (const [calls, want] of cases) {
    const got = buildAnswer({ kind: "tool", calls });
    assert.equal(got.action, undefined);
    assert.match(got.error, want);
  }
  assert.match(parseArgs("null", "Call 1").error, /this is null/);
});

test("an edited answer must be a JSON object; anything in it is the loop's to judge", () => {
  assert.deepEqual(parseAction('{"type": "answer"}'), { action: { type: "answer" } });
  assert.match(parseAction("[]").error, /must be a JSON object.*this is an array/);
  assert.match(parseAction("{type: 1}").error, /^The answer is not valid JSON: /);
  assert.match(parseAction("   ").error, /^The answer is empty/);
});

test("the seed's answers give back the seed's own scripted Model editor", () => {
  const seed = EXAMPLES.find((e) => e.id === "add");
  const answers = [
    { role: "assistant", type: "tool", name: "add", args: { a: 2, b: 3 } },
    { role: "assistant", type: "final", content: "The answer is 5." },
  ];
  assert.equal(scriptSource(answers), seed.model);
});

test("a script is JavaScript that evaluates to the answers, long ones indented by two spaces", () => {
  const answers = [
    { role: "assistant", type: "tool", calls: [{ id: "call-1", name: "weather", args: { city: "Paris", "two words": "x".repeat(60) } }] },
    { role: "assistant", type: "final", content: 'Quotes " and \\ and \n newlines' },
  ];
  const src = scriptSource(answers);
  assert.deepEqual(new Function(`return (${src.replace(/^\/\/.*\n/, "")});`)(), answers);
  assert.match(src, /\n {2}\{\n {4}role: "assistant",\n/);
  assert.match(src, /"two words": /);
  assert.equal(jsValue({}), "{}");
  assert.equal(jsValue([]), "[]");
  assert.equal(jsValue({ a: [1, { b: null }] }), "{ a: [1, { b: null }] }");
});
