// A streamed answer as each provider's server-sent events, and a stream
// log read back: the deltas of the real loop's run survive the trip, and
// the opened log streams through the real loop into the same action.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { streamOf, readStreamLog, isStreamLog } from "../site/api/stream-wire.js";
import { conversationSetup } from "../site/api/replay.js";
import { FORMATS } from "../site/api/formats.js";
import { compileEditor } from "../site/worker/compile.js";
import { startRealLoop } from "./real-loop.mjs";

let runAgent;
before(async () => {
  runAgent = await startRealLoop();
});

const script = [
  { stream: [{ text: "Both. " }, { call: 0, name: "weather", id: "c1", args: '{"ci' }, { call: 1, name: "weather", args: '{"city"' }, { call: 0, args: 'ty": "Paris"}' }, { call: 1, args: ': "Tokyo"}' }] },
  { stream: [{ text: "Rain; " }, { text: "clear." }] },
];
const tools = { weather: ({ city }) => ({ Paris: "rain", Tokyo: "clear" })[city] };

async function run(model, t, userMsg = "Weather?") {
  const events = [];
  await runAgent(model, t, userMsg, { onEvent: (e) => events.push(e) }).catch(() => {});
  return events;
}

test("each format's stream carries the deltas, and a stream log reads back into them", async () => {
  const events = await run(script, tools);
  const step1 = events.filter((e) => e.kind === "delta" && e.step === 1);
  assert.equal(step1.length, 5);
  for (const f of FORMATS) {
    const { text, notes } = streamOf(f.id, 1, step1);
    assert.ok(isStreamLog(text), `${f.label}: SSE lines`);
    const log = readStreamLog(text);
    assert.equal(log.error, undefined, `${f.label}: ${log.error}`);
    assert.equal(log.format, f.id);
    const texts = log.deltas.filter((d) => d.call === undefined).map((d) => d.text).join("");
    assert.equal(texts, "Both. ");
    for (const call of [0, 1]) {
      const args = log.deltas.filter((d) => d.call === call).map((d) => d.args).join("");
      assert.deepEqual(JSON.parse(args), [{ city: "Paris" }, { city: "Tokyo" }][call], `${f.label}: call ${call}'s arguments`);
    }
    if (f.id === "anthropic") assert.match(notes.join(" "), /one content block at a time/);
    else {
      assert.deepEqual(notes, []);
      assert.deepEqual(log.deltas.map((d) => (d.call === undefined ? "text" : d.call)), ["text", 0, 1, 0, 1], `${f.label} keeps the interleaving`);
    }
  }
  assert.match(streamOf("chat", 1, step1).text, /^data: \{"id":"chatcmpl-1","object":"chat.completion.chunk"/);
  assert.match(streamOf("chat", 1, step1).text, /"tool_calls":\[\{"index":1,"id":"call_1_2","type":"function","function":\{"name":"weather","arguments":"\{\\"city\\""\}\}\]/);
  assert.match(streamOf("responses", 1, step1).text, /event: response\.function_call_arguments\.delta\ndata: \{"type":"response\.function_call_arguments\.delta","item_id":"fc_1_1","output_index":1,"delta":"ty\\": \\"Paris\\"}"\}/);
  assert.match(streamOf("anthropic", 1, step1).text, /event: content_block_delta\ndata: \{"type":"content_block_delta","index":1,"delta":\{"type":"input_json_delta","partial_json":"\{\\"ci"\}\}/);
});

test("Open a real conversation takes a stream log and streams it through the real loop", async () => {
  const events = await run(script, tools);
  const step1 = events.filter((e) => e.kind === "delta" && e.step === 1);
  const want = events.find((e) => e.kind === "message" && e.role === "assistant").message;
  for (const f of FORMATS) {
    const opened = conversationSetup(streamOf(f.id, 1, step1).text);
    assert.equal(opened.error, undefined, `${f.label}: ${opened.error}`);
    assert.equal(opened.format, f.id);
    const model = compileEditor(opened.setup.model, "model");
    const t = compileEditor(opened.setup.tools, "tools");
    assert.ok(!model.error && !t.error, `${f.label}: the setup compiles: ${JSON.stringify(model.error || t.error)}`);
    const again = await run(model.value, t.value, opened.setup.userMsg);
    const action = again.find((e) => e.kind === "message" && e.role === "assistant").message;
    assert.deepEqual(action.content, want.content, `${f.label}: the text beside the calls`);
    assert.deepEqual(action.calls.map((c) => [c.name, c.args]), want.calls.map((c) => [c.name, c.args]), `${f.label}: the calls`);
    assert.equal(action.calls[0].id, "c1", `${f.label}: a call's own id is kept`);
    assert.ok(again.some((e) => e.kind === "delta"), `${f.label}: it streams`);
  }
});

test("a stream log that cannot be read says where", () => {
  assert.match(readStreamLog("data: {oops\n").error, /^Line 1 of the stream log is not JSON/);
  assert.match(readStreamLog("event: x\n").error, /no data: lines/);
  assert.match(readStreamLog('data: {"hello": 1}\n').error, /^Line 1: the stream log is none of/);
  assert.equal(isStreamLog('{"messages": []}'), false);
});
