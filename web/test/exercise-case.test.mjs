// "Open in playground" turns an Exercise case into the playground's
// fields: the code it writes must give back the case's script and tools.
import { test } from "node:test";
import assert from "node:assert/strict";
import { playgroundState, scriptSource, toolsSource } from "../site/exercise/case.js";

const c = {
  name: "tool fails then final",
  userMsg: "Divide 1 by 0.",
  maxSteps: 5,
  defaultMaxSteps: false,
  script: [
    { role: "assistant", type: "tool", name: "divide", args: { a: 1, b: 0 } },
    { role: "assistant", type: "final", content: "Cannot divide by zero." },
  ],
  tools: { divide: { fails: "division by zero" }, "météo ☀": { returns: 'it\'s "sunny"\n' }, empty: { returns: "" } },
};

test("the Model editor gets the script, an array the editor reads back as is", () => {
  const src = playgroundState(c).model;
  assert.deepEqual(new Function(`return (${src});`)(), c.script);
  assert.equal(scriptSource([]), "[]");
});

test("the Tools editor gets functions that return or throw as the case says", () => {
  const tools = new Function(`return (${playgroundState(c).tools});`)();
  assert.deepEqual(Object.keys(tools), ["divide", "météo ☀", "empty"]);
  assert.throws(() => tools.divide({ a: 1, b: 0 }), { message: "division by zero" });
  assert.equal(tools["météo ☀"](), 'it\'s "sunny"\n');
  assert.equal(tools.empty(), "");
  assert.equal(toolsSource({}), "{}");
});

test("the fields get the user message and max steps", () => {
  const s = playgroundState(c);
  assert.equal(s.userMsg, "Divide 1 by 0.");
  assert.equal(s.maxSteps, "5");
});
