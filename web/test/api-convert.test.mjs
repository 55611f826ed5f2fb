// "As a real API": a run's model calls as the providers' request and
// response bodies, the protocol check, and a real conversation opened as a
// run setup that gives the same conversation again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace } from "../site/run/trace.js";
import { EXAMPLES, stateOf } from "../site/page/examples.js";
import { apiAt, conversationOf, runTools } from "../site/api/at-call.js";
import { FORMATS } from "../site/api/formats.js";
import { protocolProblems } from "../site/api/protocol-check.js";
import { conversationSetup } from "../site/api/replay.js";
import { MAX_CONVERSATION_CHARS, MAX_CONVERSATION_DEPTH, tooLarge } from "../site/api/read-conversation.js";
import { declaredTools } from "../site/api/schemas.js";
import { addRun } from "./events.mjs";
import { runSetup } from "./api-loop.mjs";

const SEED_TOOLS = "{\n  add: ({ a, b }) => a + b,\n}\n";

function traceOf(events, tools = SEED_TOOLS) {
  const t = new Trace({ model: "", tools, userMsg: "", maxSteps: 10 });
  t.push(events);
  return t;
}

const ADD_SCHEMA = { type: "object", properties: { a: { type: "integer" }, b: { type: "integer" } }, required: ["a", "b"] };

test("the seed at model call 2 is each provider's request, with the call and its result joined by one id", () => {
  const trace = traceOf(addRun());
  const last = trace.length - 1;
  const chat = apiAt(trace, last, "chat");
  assert.equal(chat.call, 2);
  const id = chat.body.messages[1].tool_calls[0].id;
  assert.match(id, /^call_/);
  assert.deepEqual(chat.body.messages, [
    { role: "user", content: "What is 2 + 3?" },
    { role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name: "add", arguments: '{"a":2,"b":3}' } }] },
    { role: "tool", tool_call_id: id, content: "5" },
  ]);
  assert.equal(chat.body.tools.length, 1);
  assert.equal(chat.body.tools[0].type, "function");
  assert.equal(chat.body.tools[0].function.name, "add");
  assert.deepEqual(chat.body.tools[0].function.parameters, ADD_SCHEMA);
  assert.match(chat.body.tools[0].function.description, /inferred/, "an inferred schema says so");
  assert.deepEqual(chat.response.choices[0].message, { role: "assistant", content: "The answer is 5." });
  assert.equal(chat.response.choices[0].finish_reason, "stop");

  const responses = apiAt(trace, last, "responses");
  assert.deepEqual(responses.body.input, [
    { role: "user", content: "What is 2 + 3?" },
    { type: "function_call", call_id: id, name: "add", arguments: '{"a":2,"b":3}' },
    { type: "function_call_output", call_id: id, output: "5" },
  ]);
  assert.equal(responses.body.tools[0].name, "add");
  assert.deepEqual(responses.body.tools[0].parameters, ADD_SCHEMA);
  assert.equal(responses.response.output[0].content[0].text, "The answer is 5.");

  const anthropic = apiAt(trace, last, "anthropic");
  const toolu = anthropic.body.messages[1].content[0].id;
  assert.match(toolu, /^toolu_/);
  assert.deepEqual(anthropic.body.messages, [
    { role: "user", content: "What is 2 + 3?" },
    { role: "assistant", content: [{ type: "tool_use", id: toolu, name: "add", input: { a: 2, b: 3 } }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: toolu, content: "5" }] },
  ]);
  assert.equal(anthropic.body.tools[0].name, "add");
  assert.deepEqual(anthropic.body.tools[0].input_schema, ADD_SCHEMA);
  assert.equal(anthropic.response.stop_reason, "end_turn");
  for (const f of FORMATS) assert.deepEqual(apiAt(trace, last, f.id).problems, [], `${f.label}: the seed is a valid conversation`);
});

test("model call 1's response is the tool call, with the id the next request gives it", () => {
  const trace = traceOf(addRun());
  const at = apiAt(trace, 3, "chat");
  assert.equal(at.call, 1);
  assert.equal(at.body.messages.length, 1);
  assert.equal(at.response.choices[0].finish_reason, "tool_calls");
  assert.equal(at.response.choices[0].message.tool_calls[0].id, apiAt(trace, trace.length - 1, "chat").body.messages[1].tool_calls[0].id);
  assert.equal(apiAt(trace, 1, "chat").response, null, "before the model answered, there is no response yet");
  assert.equal(apiAt(trace, 0, "chat"), null, "before model call 1 there is no request");
});

test("a tool's declared schema and description are read from the Tools editor without running it", () => {
  const source = `{
  add: Object.assign(({ a, b }) => a + b, {
    description: "Adds two numbers.",
    schema: { type: "object", properties: { a: { type: "number" }, b: { type: "number", minimum: -1 } }, required: ["a", "b"] },
  }),
  made: Object.assign(() => 1, { schema: makeSchema() }),
  plain: () => 2,
}`;
  const tools = declaredTools(source);
  assert.equal(tools[0].description, "Adds two numbers.");
  assert.deepEqual(tools[0].schema.properties.b, { type: "number", minimum: -1 });
  assert.match(tools[1].problem, /not written out as a literal/);
  assert.deepEqual(tools[2], { name: "plain" });
  const trace = traceOf(addRun(), source);
  const body = apiAt(trace, trace.length - 1, "anthropic").body;
  assert.deepEqual(body.tools.map((t) => t.name), ["add", "made", "plain"]);
  assert.equal(body.tools[0].description, "Adds two numbers.");
  assert.deepEqual(body.tools[0].input_schema, tools[0].schema);
  assert.match(body.tools[2].description, /never called/);
});

// crafted returns messages as run/trace.js gives them.
function crafted(...list) {
  return list.map(([role, message, failed = false], index) => ({ role, message, failed, step: 1, index }));
}

test("the protocol check names a call without a result, in each provider's words", () => {
  const messages = crafted(
    ["user", { role: "user", content: "Weather in Paris and Oslo?" }],
    ["assistant", { type: "tool", calls: [{ id: "c1", name: "weather", args: { city: "Paris" } }, { id: "c2", name: "weather", args: { city: "Oslo" } }] }],
    ["tool", { role: "tool", name: "weather", id: "c1", content: "rain" }],
  );
  for (const f of FORMATS) {
    const problems = protocolProblems(f.id, messages, []);
    assert.equal(problems.length, 1, `${f.label}: ${JSON.stringify(problems)}`);
    assert.match(problems[0].text, /^messages\[1\] .*calls weather with id c2, but no tool message answers it/);
    assert.equal(problems[0].index, 1);
  }
});

test("the protocol check names results out of order, a result of no call, content that is not text, and a name the provider refuses", () => {
  const messages = crafted(
    ["user", { role: "user", content: "go" }],
    ["assistant", { type: "tool", calls: [{ name: "weather", args: {} }, { name: "price", args: {} }] }],
    ["tool", { role: "tool", name: "price", content: "1" }],
    ["tool", { role: "tool", name: "weather", content: { sky: "rain" } }],
    ["tool", { role: "tool", name: "extra", id: "nope", content: "x" }],
    ["assistant", { type: "tool", name: "get weather", args: {} }],
    ["tool", { role: "tool", name: "get weather", content: "x" }],
  );
  const texts = protocolProblems("chat", messages, [{ name: "get weather", schema: {}, inferred: true }]).map((p) => p.text);
  const has = (re) => assert.ok(texts.some((t) => re.test(t)), `no sentence matches ${re}: ${JSON.stringify(texts, null, 1)}`);
  has(/^messages\[2\] \(the result of price\) has no id, so it is paired .* with the call call_1_1 of weather/);
  has(/^messages\[3\] \(the result of weather\) has content that is an object, not text/);
  has(/^messages\[4\] \(the result of extra\) answers no call: its id nope/);
  has(/^The tool "get weather" has a name OpenAI Chat Completions refuses/);
  has(/^messages\[5\] .*calls get weather with id call_1_1, a name OpenAI Chat Completions refuses/);
});

// roundTrip runs an example, writes its run as each provider's
// conversation, opens that as a run setup, runs the setup, and returns
// both runs' conversations.
async function roundTrip(example, format) {
  const original = traceOf(await runSetup(stateOf(example)), example.tools);
  const conversation = conversationOf(original, format);
  const opened = conversationSetup(JSON.stringify(conversation));
  if (opened.error) return { original, conversation, error: opened.error };
  const again = traceOf(await runSetup(opened.setup), opened.setup.tools);
  return { original, conversation, opened, again: conversationOf(again, format), replayed: again };
}

for (const example of EXAMPLES) {
  for (const format of FORMATS) {
    test(`example ${example.id}: its run as an ${format.label} conversation opens and runs as the same conversation`, async () => {
      const r = await roundTrip(example, format.id);
      if (example.id === "runaway") {
        // The watchdog stopped the tool: its call has no result, which a
        // provider refuses and the page will not open.
        assert.match(r.error, /\(spin, id \w+\) has no result/);
        return;
      }
      assert.equal(r.error, undefined, `opening the conversation failed: ${r.error}`);
      if (example.id === "streaming-broken") {
        // The broken stream never became a message: the conversation is
        // the user's message alone, and it names no tool it never called
        // (nor, then, which provider's it is).
        const key = format.id === "responses" ? "input" : "messages";
        assert.equal(r.conversation[key].length, 1);
        assert.deepEqual(r.again[key], r.conversation[key]);
        return;
      }
      // A conversation of text alone (no tool blocks, no system) reads the
      // same in Anthropic's format as in Chat's.
      const textOnly = format.id === "anthropic" && !r.conversation.messages.some((m) => Array.isArray(m.content) && m.content.some((b) => b.type !== "text"));
      assert.equal(r.opened.format, textOnly ? "chat" : format.id);
      assert.equal(r.opened.setup.userMsg, example.userMsg);
      if (example.id === "malformed") {
        // The action the loop cannot act on is sent as text: it comes back
        // as a final answer, and the check says so.
        const key = format.id === "responses" ? "input" : "messages";
        assert.deepEqual(r.again[key].slice(0, -1), r.conversation[key].slice(0, -1));
        const problems = protocolProblems(format.id, r.original.messages(), runTools(r.original));
        assert.match(problems.map((p) => p.text).join("\n"), /messages\[3\] .*its type is "answer"/);
        return;
      }
      assert.deepEqual(r.again, r.conversation);
      const reason = r.original.events.at(-1).reason;
      if (reason === "final" || reason === "max_steps") assert.equal(r.replayed.events.at(-1).reason, reason, "the replayed run ends as the original did");
    });
  }
}

test("a conversation that cannot be opened says what is wrong and where", () => {
  const cases = [
    ["{", /^This is not JSON/],
    ["42", /a JSON object or array; this is a number/],
    ['{"messages": [{"role": "assistant", "content": "hi"}]}', /messages\[0\] comes before any user message/],
    [
      JSON.stringify({ messages: [{ role: "user", content: "2+3?" }, { role: "assistant", content: null, tool_calls: [{ id: "a", type: "function", function: { name: "add", arguments: "{a:2}" } }] }] }),
      /^messages\[1\]\.tool_calls\[0\]\.function\.arguments is not JSON/,
    ],
    [
      JSON.stringify({ messages: [{ role: "user", content: "2+3?" }, { role: "tool", tool_call_id: "x", content: "5" }] }),
      /^messages\[1\] answers the call "x", but no call before it waits for that id/,
    ],
    [
      JSON.stringify({ messages: [{ role: "user", content: [{ type: "image", source: {} }, { type: "tool_result", tool_use_id: "t", content: "5" }] }], system: "s" }),
      /^messages\[0\]\.content\[0\] is a "image" block/,
    ],
    [JSON.stringify({ choices: [{ message: { role: "assistant", content: "5" } }] }), /Chat Completions response/],
  ];
  for (const [text, want] of cases) {
    const r = conversationSetup(text);
    assert.match(r.error || "(no error)", want, text);
    assert.equal(r.setup, undefined);
  }
});

test("a system prompt and a second turn are left out with a note", () => {
  const r = conversationSetup(
    JSON.stringify([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello." },
      { role: "user", content: "Again" },
    ]),
  );
  assert.equal(r.setup.userMsg, "Hi");
  assert.match(r.notes.join("\n"), /messages\[0\] \(system\) is left out/);
  assert.match(r.notes.join("\n"), /after the final answer \(from messages\[3\]\)/);
});

test("a conversation nested deeper than the limit is refused with the limit named, whether its args are an object or a JSON string", () => {
  const args = '{"x":'.repeat(5000) + "{}" + "}".repeat(5000);
  const anthropic = `{"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": [{"type": "tool_use", "id": "t", "name": "f", "input": ${args}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "ok"}]}]}`;
  const r = conversationSetup(anthropic);
  assert.match(r.error, new RegExp(`^The conversation is nested more than ${MAX_CONVERSATION_DEPTH} deep \\(at the conversation\\.messages\\[1\\]\\.content\\[0\\]\\.input\\.x\\.x`));
  assert.match(r.error, new RegExp(`a conversation's values go at most ${MAX_CONVERSATION_DEPTH} deep\\.$`));
  assert.equal(r.setup, undefined);

  const chat = JSON.stringify({ messages: [{ role: "user", content: "hi" }, { role: "assistant", tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: args } }] }, { role: "tool", tool_call_id: "c", content: "ok" }] });
  const c = conversationSetup(chat);
  assert.match(c.error, new RegExp(`^messages\\[1\\]\\.tool_calls\\[0\\]\\.function\\.arguments is nested more than ${MAX_CONVERSATION_DEPTH} deep \\(at messages\\[1\\]\\.tool_calls\\[0\\]\\.function\\.arguments\\.x\\.x`));

  // At the limit it opens.
  const ok = '{"x":'.repeat(MAX_CONVERSATION_DEPTH - 1) + "1" + "}".repeat(MAX_CONVERSATION_DEPTH - 1);
  assert.equal(conversationSetup(JSON.stringify({ messages: [{ role: "user", content: "hi" }, { role: "assistant", tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: ok } }] }, { role: "tool", tool_call_id: "c", content: "ok" }] })).error, undefined);
});

test("a conversation over the size cap is refused before it is parsed, with both sizes named", () => {
  // Not JSON at all: the size is what is said, so it was never parsed.
  const text = "{" + " ".repeat(MAX_CONVERSATION_CHARS);
  const r = conversationSetup(text);
  assert.equal(
    r.error,
    `The conversation is 16.0 MB (16,777,217 characters); a conversation this page opens is at most 16 MB (16,777,216 characters).`,
  );
  assert.equal(tooLarge(30 * 1048576, "big.json"), "big.json is 30 MB (31,457,280 characters); a conversation this page opens is at most 16 MB (16,777,216 characters).");
  assert.equal(tooLarge(MAX_CONVERSATION_CHARS, "big.json"), "");
});

// chat is a Chat Completions conversation whose one call is to tool name
// with args, answered "recorded".
function chat(name, argsJSON) {
  return JSON.stringify({
    messages: [
      { role: "user", content: "hi" },
      { role: "assistant", tool_calls: [{ id: "c1", type: "function", function: { name, arguments: argsJSON } }] },
      { role: "tool", tool_call_id: "c1", content: "recorded" },
      { role: "assistant", content: "done" },
    ],
  });
}

test("tools named as Object.prototype's members open and replay their recorded results", async () => {
  for (const name of ["toString", "valueOf", "constructor", "hasOwnProperty", "__proto__", "isPrototypeOf"]) {
    const r = conversationSetup(chat(name, '{"a": 1}'));
    assert.equal(r.error, undefined, name);
    const events = await runSetup(r.setup);
    const tool = events.find((e) => e.kind === "message" && e.role === "tool");
    assert.deepEqual(tool.message, { role: "tool", name, content: "recorded", id: "c1" }, `${name}: the tool gives its recorded result`);
    assert.equal(tool.failed, false, name);
    assert.equal(events.at(-1).text, "done", name);
  }
});

test('"__proto__" keys in a call\'s args are kept exactly on replay', async () => {
  const args = '{"__proto__": {"x": 1}, "b": {"__proto__": [2]}}';
  const r = conversationSetup(chat("add", args));
  assert.equal(r.error, undefined);
  const events = await runSetup(r.setup);
  const action = events.find((e) => e.kind === "message" && e.role === "assistant").message;
  assert.equal(JSON.stringify(action.args), JSON.stringify(JSON.parse(args)), "the model's action holds the logged args");
  assert.ok(Object.hasOwn(action.args, "__proto__"));
  const tool = events.find((e) => e.kind === "message" && e.role === "tool");
  assert.equal(tool.message.content, "recorded", "the tool finds the result recorded for those very args");
  // And the editor's code says so, as a key of its own.
  assert.match(r.setup.model, /\["__proto__"\]: \{ x: 1 \}/);
});
