// The Exercise grades a learner's loop the way Go's agenttest.TestLoop
// does: the worker's recorder (worker/grade.js) plays each case, and
// exercise/case-check.js names the first difference from the real loop. These
// run JavaScript loops, right and wrong, on the cases make build writes
// (web/site/cases.json, from agenttest.Cases).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { canonical, checkCase, diffMessages, show } from "../site/exercise/case-check.js";
import { NOT_JSON } from "../site/lib/protocol.js";

const cases = JSON.parse(readFileSync(new URL("../site/cases.json", import.meta.url), "utf8"));
import { gradeLoop } from "../site/worker/grade.js";

// grade runs loop on every case and returns the failures.
async function grade(loop, only = null) {
  const failures = [];
  const observed = [];
  const list = only ? cases.filter((c) => c.name === only) : cases;
  assert.ok(list.length > 0, `there is a case named ${only}`);
  await gradeLoop(loop, list, (msg) => {
    if (msg.type === "case_end") observed.push(msg.observed);
  });
  list.forEach((c, i) => {
    const f = checkCase(c, observed[i]);
    if (f) failures.push(f);
  });
  return failures;
}

// buggyLoop is the classic loop with the named bug ("" for none): the
// mistakes a learner makes, as in agenttest's own tests.
function buggyLoop(bug) {
  return function runAgent(model, tools, userMsg, maxSteps = 10) {
    let messages = [{ role: "user", content: userMsg }];
    let first = 0;
    let last = maxSteps;
    if (bug === "steps <= max") last = maxSteps + 1;
    if (bug === "steps from 1 < max") first = 1;
    if (bug === "ignores max steps and final") last = Infinity;
    for (let step = first; step < last; step++) {
      const action = model(messages);
      if (action.type === "final" && bug !== "ignores max steps and final") return action.content;
      const name = action.name;
      const args = bug === "undefined args for missing args" ? action.args : action.args ?? {};
      let output;
      if (!Object.hasOwn(tools, name)) {
        output = bug === "unknown tool without quotes" ? `error: unknown tool ${name}` : `error: unknown tool '${name}'`;
      } else {
        try {
          output = tools[name](args);
        } catch (err) {
          if (bug === "stops on a tool error") return `error: ${err.message}`;
          output = bug === "error without a space" ? `error:${err.message}` : `error: ${err.message}`;
        }
      }
      const result = bug === "output instead of content" ? { role: "tool", name, output } : { role: "tool", name, content: output };
      if (bug === "forgets the action") messages.push(result);
      else if (bug === "result before the action") messages.push(result, action);
      else if (bug === "rebuilds the action") messages.push({ role: "assistant", type: "tool", name, args }, result);
      else messages = [...messages, action, result];
    }
    if (bug === "stop text without the period") return "Stopped: reached max steps";
    if (bug === "undefined on max steps") return undefined;
    return "Stopped: reached max steps.";
  };
}

// STUB_LOOP is Your loop as the Exercise starts: it returns undefined.
function stubLoop(model, tools, userMsg, maxSteps = 10) {
  const messages = [{ role: "user", content: userMsg }];
}

// throwsAfterOneCall makes one model call and throws.
function throwsAfterOneCall(model) {
  model([]);
  throw new TypeError("oops");
}

// returnsANumber returns 42 after one model call.
function returnsANumber(model, tools, userMsg) {
  model([{ role: "user", content: userMsg }]);
  return 42;
}

test("cases.json holds agenttest's cases, each with what the real loop did", () => {
  assert.ok(cases.length >= 40, `${cases.length} cases`);
  for (const c of cases) {
    assert.equal(typeof c.name, "string");
    assert.ok(Array.isArray(c.script) && Array.isArray(c.expect.modelCalls), c.name);
  }
});

test("a correct loop passes every case, sync or async", async () => {
  assert.deepEqual(await grade(buggyLoop("")), []);
  const sync = buggyLoop("");
  const asyncLoop = async (model, tools, userMsg, maxSteps) => {
    await null;
    return sync(model, tools, userMsg, maxSteps);
  };
  assert.deepEqual(await grade(asyncLoop), []);
});

test("a wrong loop fails with the first difference, in words that read as a sentence", async () => {
  const tests = [
    ["forgets the action",
      `case "one tool then final": model call 2 saw 2 messages; the reference saw 3 (missing message 2 = {"role":"assistant","type":"tool","name":"add","args":{"a":2,"b":3}})`],
    ["result before the action",
      `case "one tool then final": model call 2 saw message 2 = {"role":"tool","name":"add","content":"5"}; the reference has {"role":"assistant","type":"tool","name":"add","args":{"a":2,"b":3}}`],
    ["steps <= max",
      `case "max steps 0 never calls the model": the loop made model call 1; the reference stopped before any model call and returned "Stopped: reached max steps."`],
    ["steps from 1 < max",
      `case "max steps 1 with a final": before any model call, the loop returned "Stopped: reached max steps."; the reference made model call 1`],
    ["stop text without the period",
      `case "max steps 0 never calls the model": the loop returned "Stopped: reached max steps"; the reference returned "Stopped: reached max steps."`],
    ["undefined on max steps",
      `case "max steps 0 never calls the model": the loop returned undefined, not a string; the reference returned "Stopped: reached max steps."`],
    ["undefined args for missing args",
      `case "missing args become {}": after model call 1, the loop called clock(undefined); the reference called clock({})`],
    ["stops on a tool error",
      `case "tool fails then final": after model call 1, the loop returned "error: division by zero"; the reference made model call 2`],
    ["error without a space",
      `case "tool fails then final": model call 2 saw message 3 = {"role":"tool","name":"divide","content":"error:division by zero"}; the reference has {"role":"tool","name":"divide","content":"error: division by zero"}`],
    ["unknown tool without quotes",
      `case "unknown tool then final": model call 2 saw message 3 = {"role":"tool","name":"search","content":"error: unknown tool search"}; the reference has {"role":"tool","name":"search","content":"error: unknown tool 'search'"}`],
    ["output instead of content",
      `case "one tool then final": model call 2 saw message 3 = {"role":"tool","name":"add","output":"5"}; the reference has {"role":"tool","name":"add","content":"5"}`],
    ["rebuilds the action",
      `case "unknown tool without args": model call 2 saw message 2 = {"role":"assistant","type":"tool","name":"lookup","args":{}}; the reference has {"role":"assistant","type":"tool","name":"lookup"}`],
    ["ignores max steps and final",
      `case "final at once": the loop made model call 2; the reference stopped after model call 1 and returned "Hello! How can I help?" (the loop was stopped at model call 7)`],
  ];
  for (const [bug, want] of tests) {
    const failures = await grade(buggyLoop(bug));
    assert.ok(failures.length > 0, `the loop that ${bug} passed every case`);
    assert.equal(failures[0].text, want, bug);
  }
});

test("a failure shows what model call k saw from each loop, and how each ended", async () => {
  const [f] = await grade(buggyLoop("forgets the action"), "one tool then final");
  assert.equal(f.call, 2);
  assert.equal(f.index, 1, "the second message is the one missing");
  assert.deepEqual(f.got.messages, [{ role: "user", content: "What is 2 + 3?" }, { role: "tool", name: "add", content: "5" }]);
  assert.equal(f.want.messages.length, 3);
  assert.equal(f.got.result, `returned "The answer is 5."`);
  assert.equal(f.want.result, `returned "The answer is 5."`);
});

test("the default max steps case calls the loop with three arguments", async () => {
  let seen = [];
  const loop = (...args) => {
    seen.push(args.length);
    return buggyLoop("")(...args);
  };
  assert.deepEqual(await grade(loop, "default max steps run out"), []);
  assert.deepEqual(seen, [3]);
  seen = [];
  // A loop without a default for maxSteps gets undefined there, and fails.
  const noDefault = (model, tools, userMsg, maxSteps) => buggyLoop("")(model, tools, userMsg, maxSteps ?? 0);
  const [f] = await grade(noDefault, "default max steps run out");
  assert.match(f.text, /before any model call, the loop returned "Stopped: reached max steps."; the reference made model call 1/);
});

test("a throwing loop is reported with the difference before it", async () => {
  const loop = (model) => {
    model([]);
    throw new TypeError("oops");
  };
  const [f] = await grade(loop, "final at once");
  assert.equal(f.text, `case "final at once": after model call 1, the loop threw (TypeError: oops); before that, model call 1 saw 0 messages; the reference saw 1 (missing message 1 = {"role":"user","content":"Hi!"})`);
  assert.equal(f.got.result, "threw (TypeError: oops)");
});

test("the model answers past the script with (script exhausted), and stops a loop that never ends", async () => {
  const answers = [];
  const [f] = await grade((model) => {
    for (let i = 0; i < 3; i++) answers.push(model([]).content);
    return "";
  }, "final at once");
  assert.ok(f);
  assert.deepEqual(answers, ["Hello! How can I help?", "(script exhausted)", "(script exhausted)"]);

  let calls = 0;
  const [g] = await grade((model, tools, userMsg) => {
    for (;;) {
      calls++;
      model([{ role: "user", content: userMsg }]);
    }
  }, "one tool then final");
  assert.equal(calls, 2 + 5 + 1);
  assert.match(g.text, /\(the loop was stopped at model call 8\)$/);
});

test("the recorded messages are copies: a loop changing them later changes nothing", async () => {
  const loop = (model, tools, userMsg) => {
    const messages = [{ role: "user", content: userMsg }];
    const action = model(messages);
    messages[0].content = "changed";
    action.content = "changed too";
    return model(messages) && "Hello! How can I help?";
  };
  const [f] = await grade(loop, "final at once");
  assert.match(f.text, /^case "final at once": the loop made model call 2; /);
});

test("canonical sorts keys; show puts role, type, name, args and content first", () => {
  assert.equal(canonical({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: "x" } }), `{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}`);
  assert.equal(canonical({ a: undefined, b: 1 }), `{"b":1}`);
  assert.equal(show({ content: "5", zeta: 1, alpha: 2, name: "add", role: "tool" }), `{"role":"tool","name":"add","content":"5","alpha":2,"zeta":1}`);
  assert.equal(show("<b>&</b>"), `"<b>&</b>"`, "HTML is not escaped");
});

test("diffMessages names a message that is not a list", () => {
  const d = diffMessages(1, "hi", [{ role: "user", content: "hi" }]);
  assert.equal(d.text, `model call 1 got "hi" instead of a list of messages; the reference saw 1 message`);
  assert.equal(diffMessages(1, [{ a: 1 }], [{ a: 1 }]), null);
});

test("the side-by-side table shows the model call the text names, as each loop made it or not", async () => {
  // The stub returns before any model call; the real loop made call 1.
  const [stub] = await grade(stubLoop, "final at once");
  assert.equal(stub.text, `case "final at once": before any model call, the loop returned undefined, not a string; the reference made model call 1`);
  assert.equal(stub.call, 1, "the table shows model call 1, the one the text names");
  assert.equal(stub.got.calls, 0, "your loop made no model call");
  assert.equal(stub.want.calls, 1);
  assert.deepEqual(stub.want.messages, [{ role: "user", content: "Hi!" }], "the real loop's model call 1 is shown");

  // The loop calls the model once where the real loop never does.
  const [extra] = await grade(buggyLoop("steps <= max"), "max steps 0 never calls the model");
  assert.match(extra.text, /: the loop made model call 1; the reference stopped before any model call/);
  assert.equal(extra.call, 1);
  assert.equal(extra.got.calls, 1);
  assert.deepEqual(extra.got.messages, [{ role: "user", content: cases.find((c) => c.name === "max steps 0 never calls the model").userMsg }],
    "your loop's model call 1 is shown");
  assert.equal(extra.want.calls, 0, "the real loop made no model call");
  assert.equal(extra.want.messages, null);

  // Whatever the loop, a model call the text says a loop made is the one
  // the table shows, with that loop's messages; a loop the text says
  // stopped before it has none there.
  const loops = [stubLoop, throwsAfterOneCall, returnsANumber, ...["steps <= max", "steps from 1 < max", "stops on a tool error",
    "ignores max steps and final", "forgets the action", "undefined args for missing args"].map(buggyLoop)];
  for (const loop of loops) {
    for (const f of await grade(loop)) {
      const made = /the loop made model call (\d+)/.exec(f.text);
      if (made) {
        assert.equal(f.call, Number(made[1]), f.text);
        assert.ok(f.got.calls >= f.call && Array.isArray(f.got.messages), `${f.text}: your loop's side shows no model call ${f.call}`);
      }
      const refMade = /the reference made model call (\d+)/.exec(f.text);
      if (refMade) {
        assert.equal(f.call, Number(refMade[1]), f.text);
        assert.ok(f.want.calls >= f.call && Array.isArray(f.want.messages), `${f.text}: the real loop's side shows no model call ${f.call}`);
      }
      const stopped = /the reference stopped (?:before any model call|after model call (\d+))/.exec(f.text);
      if (stopped) {
        assert.equal(f.want.calls, Number(stopped[1] ?? 0), f.text);
        assert.ok(f.call > f.want.calls && f.want.messages === null, `${f.text}: the real loop's side shows a model call it never made`);
      }
      const loopStopped = /(?:before any model call|after model call (\d+)), the loop (?:returned|threw)/.exec(f.text);
      if (loopStopped && refMade) {
        assert.equal(f.got.calls, Number(loopStopped[1] ?? 0), f.text);
        assert.equal(f.got.messages, null, `${f.text}: your loop's side shows a model call it never made`);
      }
    }
  }
});

test("a difference reads as a sentence: when comes first, how the loop ended last", async () => {
  const texts = [];
  for (const loop of [stubLoop, throwsAfterOneCall, returnsANumber, buggyLoop("steps from 1 < max"), buggyLoop("stops on a tool error")]) {
    for (const f of await grade(loop)) texts.push(f.text);
  }
  assert.ok(texts.some((t) => t.includes("before any model call, the loop returned undefined, not a string; ")));
  assert.ok(texts.some((t) => t.includes("after model call 1, the loop returned 42, not a string; ")));
  for (const t of texts) {
    assert.doesNotMatch(t, /not a string (?:before|after|without)/, t);
    assert.doesNotMatch(t, /"[^"]*" (?:before|after) (?:any )?model call/, t);
    assert.doesNotMatch(t, /\) (?:before|after) (?:any )?model call/, t);
    assert.doesNotMatch(t, /\b1 messages\b/, t);
  }
});

test("undefined the loop passed is shown as undefined, never as null or left out", async () => {
  const [args] = await grade(buggyLoop("undefined args for missing args"), "missing args become {}");
  assert.equal(args.text, `case "missing args become {}": after model call 1, the loop called clock(undefined); the reference called clock({})`);

  const [messages] = await grade((model) => model(undefined).content, "final at once");
  assert.equal(messages.text, `case "final at once": model call 1 got undefined instead of a list of messages; the reference saw 1 message`);
  assert.equal(show(messages.got.messages), "undefined", "the table shows what model call 1 got");

  // A loop that forgets to set the output for an unknown tool.
  const noOutput = (model, tools, userMsg) => {
    const messages = [{ role: "user", content: userMsg }];
    for (;;) {
      const action = model(messages);
      if (action.type === "final") return action.content;
      let output;
      if (Object.hasOwn(tools, action.name)) output = tools[action.name](action.args ?? {});
      messages.push(action, { role: "tool", name: action.name, content: output });
    }
  };
  const [content] = await grade(noOutput, "unknown tool then final");
  assert.equal(content.text, `case "unknown tool then final": model call 2 saw message 3 = {"role":"tool","name":"search","content":undefined}; the reference has {"role":"tool","name":"search","content":"error: unknown tool 'search'"}`);
  assert.equal(show(content.got.messages[2]), `{"role":"tool","name":"search","content":undefined}`);

  const [fn] = await grade((model, tools) => {
    tools.clock(() => "noon");
    return "It is noon.";
  }, "missing args become {}");
  assert.match(fn.text, /the loop called clock\(a function\)/);
});

test("a key set to undefined still counts as left out, as JSON has it", async () => {
  const loop = (model, tools, userMsg) => {
    const messages = [{ role: "user", content: userMsg }];
    for (;;) {
      const action = model(messages);
      if (action.type === "final") return action.content;
      const output = Object.hasOwn(tools, action.name) ? tools[action.name]({ ...action.args, note: undefined }) : "";
      messages.push(action, { role: "tool", name: action.name, content: output, id: undefined });
    }
  };
  assert.deepEqual(await grade(loop, "one tool then final"), []);
  const undef = { [NOT_JSON]: "undefined" };
  assert.equal(canonical({ a: undef, b: [undef, 1] }), `{"b":[null,1]}`);
  assert.equal(show({ a: undef, b: [undef, 1] }), `{"a":undefined,"b":[undefined,1]}`);
  assert.equal(canonical(undef), "undefined", "undefined at the top is not null");
});

test("a record with entries the grader does not know is a difference in every case, never a pass", async () => {
  // What a prelude that renamed each recorded entry (setters on
  // Array.prototype) made of a loop that only ever calls model([]):
  // before, the comparison skipped the kinds it did not know, and the
  // loop scored 57 of 57.
  const observed = [];
  await gradeLoop(
    async (model) => {
      await model([]);
      return "";
    },
    cases,
    (msg) => {
      if (msg.type === "case_end") observed.push(msg.observed);
    },
  );
  const renamed = observed.map((o) => ({ trace: o.trace.map((e) => ({ ...e, kind: "renamed" })), end: o.end }));
  const passed = cases.filter((c, i) => checkCase(c, renamed[i]) === null).map((c) => c.name);
  assert.deepEqual(passed, [], "cases a record of unknown entries passed");
  const f = checkCase(cases[0], renamed[0]);
  assert.match(f.text, /entry 1 of what the loop did is not one the grader knows/);
  for (const broken of [null, {}, { trace: "x", end: {} }, { trace: [null], end: { call: 0, result: cases[0].expect.result } }]) {
    assert.notEqual(checkCase(cases[0], broken), null, `a record ${JSON.stringify(broken)} passed`);
  }
});
