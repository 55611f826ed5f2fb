// A run of a page setup under node, for the converters' tests: the agent
// loop of agent/loop.go as its events tell it (user message, then per
// step the model's action and the tools' results in call order), with
// the editors' code evaluated in a vm context, so a tool that never
// returns is stopped as the page's watchdog stops it. The browser tests
// run the real loop; this one gives the node tests runs of every shipped
// example without a browser.

import vm from "node:vm";
import { readSource, wrap } from "../site/run/source-form.js";

// Long enough that a loaded machine never stops a quick call.
const WATCHDOG_MS = 1500;

// runSetup runs {model, tools, userMsg, maxSteps, toolTimeoutMs} and
// resolves to its events.
export async function runSetup(setup) {
  // The code's timers are cleared when the run is over: a slow tool that
  // timed out does not keep node waiting.
  const timers = [];
  const ctx = vm.createContext({
    setTimeout: (fn, ms) => {
      const t = setTimeout(fn, ms);
      timers.push(t);
      return t;
    },
    console,
  });
  try {
    return await loop(setup, ctx);
  } finally {
    for (const t of timers) clearTimeout(t);
  }
}

// assembled is the action a scripted stream's deltas make, as the loop
// assembles them (agent.Answer.Map); it throws for a stream the loop
// would refuse, whose exact words the real loop's tests hold.
function assembled(deltas) {
  let text = "";
  const calls = [];
  for (const d of deltas) {
    if (d.call === undefined) text += d.text;
    else if (calls[d.call]) calls[d.call].args += d.args ?? "";
    else calls[d.call] = { name: d.name, id: d.id, args: d.args ?? "" };
  }
  if (calls.length === 0) return { role: "assistant", type: "final", content: text };
  const list = calls.map((c) => {
    const out = { name: c.name };
    if (c.args !== "") out.args = JSON.parse(c.args);
    if (c.id !== undefined) out.id = c.id;
    return out;
  });
  const action = list.length === 1 ? { role: "assistant", type: "tool", ...list[0] } : { role: "assistant", type: "tool", calls: list };
  if (text !== "") action.content = text;
  return action;
}

async function loop(setup, ctx) {
  const model = evaluate(setup.model, "model", ctx);
  const tools = evaluate(setup.tools, "tools", ctx);
  ctx.__call = (fn, arg) => fn(arg);
  const call = (fn, arg) => {
    ctx.__fn = fn;
    ctx.__arg = arg;
    return vm.runInContext("__call(__fn, __arg)", ctx, { timeout: WATCHDOG_MS });
  };
  const maxSteps = Number(setup.maxSteps) || 10;
  const toolTimeout = Number(setup.toolTimeoutMs) || 0;
  const events = [];
  const messages = [];
  const append = (phase, role, message, step, failed) => {
    messages.push(message);
    const e = { kind: "message", phase, role, step, index: messages.length - 1, message };
    if (role === "tool") e.failed = failed;
    events.push(e);
  };
  const done = (phase, step, reason, text) => events.push({ kind: "done", phase, step, reason, text });
  append("user", "user", { role: "user", content: setup.userMsg }, 0);
  for (let step = 1; step <= maxSteps; step++) {
    events.push({ kind: "model_start", phase: "model", step });
    let action;
    try {
      if (Array.isArray(model)) {
        if (step > model.length) throw new Error(`script exhausted at step ${step}`);
        action = JSON.parse(JSON.stringify(model[step - 1]));
      } else {
        let answer = await call(model, messages.slice());
        if (answer && typeof answer[Symbol.asyncIterator] === "function") {
          // An async function* model: its deltas, as a scripted stream.
          const deltas = [];
          for await (const d of answer) deltas.push(d);
          answer = { stream: deltas };
        }
        action = JSON.parse(JSON.stringify(answer));
      }
      if (action && Array.isArray(action.stream)) action = assembled(action.stream);
    } catch (err) {
      done("error_model", step, "model_error", `step ${step}: model: ${err.message}`);
      return events;
    }
    events.push({ kind: "model_end", phase: "model", step });
    append("action", "assistant", action, step);
    if (action.type === "final") {
      done("final", step, "final", action.content);
      return events;
    }
    if (action.type !== "tool") {
      done("error_type", step, "model_error", `step ${step}: malformed action`);
      return events;
    }
    const calls = Array.isArray(action.calls) ? action.calls : [action];
    const results = [];
    for (const [i, c] of calls.entries()) {
      events.push({ kind: "tool_start", phase: "tool", step, call: i, name: c.name });
      const fn = tools[c.name];
      if (typeof fn !== "function") {
        results.push({ c, content: `error: unknown tool '${c.name}'`, failed: true });
        continue;
      }
      try {
        let out = call(fn, c.args ?? {});
        if (out && typeof out.then === "function") {
          let timer;
          const late = new Promise((_, reject) => {
            if (toolTimeout > 0) timer = setTimeout(() => reject(new Error(`tool '${c.name}' timed out after ${toolTimeout}ms`)), toolTimeout);
          });
          try {
            out = await Promise.race([out, late]);
          } finally {
            clearTimeout(timer);
          }
        }
        results.push({ c, content: typeof out === "string" ? out : JSON.stringify(out), failed: false });
      } catch (err) {
        if (err && err.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
          done("tool", step, "timeout", `tool '${c.name}' at step ${step} did not return within ${WATCHDOG_MS} ms`);
          return events;
        }
        results.push({ c, content: `error: ${err.message}`, failed: true });
      }
    }
    for (const r of results) {
      const msg = { role: "tool", name: r.c.name, content: r.content };
      if (r.c.id !== undefined) msg.id = String(r.c.id);
      append("result", "tool", msg, step, r.failed);
    }
  }
  done("max_steps", maxSteps, "max_steps", "Stopped: reached max steps.");
  return events;
}

function evaluate(source, editor, ctx) {
  const read = readSource(source);
  if (read.error) throw new Error(`${editor}: ${read.error.message} at line ${read.error.line}`);
  const factory = vm.runInContext(wrap(read, editor, `${editor}.js`), ctx);
  return vm.runInContext("(f) => f()", ctx)(factory);
}
