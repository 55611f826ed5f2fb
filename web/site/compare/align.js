// Two runs side by side, aligned by model call: for each call, what the
// model answered in each run and what each run's messages gained at that
// step (the action and the tools' results), and the first place they
// differ, said in words ("first difference at model call 1: args {a: 2,
// b: 30} vs {a: 2, b: 3}"). Pure (no DOM): a function of the two traces'
// messages (run/trace.js).

// alignRuns returns {rows, first}: rows[k-1] = {call: k, a, b, same} with
// a and b the step's {answer, gained} of each run (null when that run
// made no call k), and first the sentence of the first difference (or
// null when the runs' messages are the same).
export function alignRuns(traceA, traceB) {
  const stepsA = stepsOf(traceA.messages());
  const stepsB = stepsOf(traceB.messages());
  const n = Math.max(stepsA.calls.length, stepsB.calls.length);
  const rows = [];
  let first = null;
  if (stepsA.user !== stepsB.user) first = `first difference at the user message: ${quote(stepsA.user)} vs ${quote(stepsB.user)}`;
  for (let k = 1; k <= n; k++) {
    const a = stepsA.calls[k - 1] || null;
    const b = stepsB.calls[k - 1] || null;
    const diff = difference(a, b);
    rows.push({ call: k, a, b, same: diff === null });
    if (diff && !first) first = `first difference at model call ${k}: ${diff}`;
  }
  return { rows, first };
}

// stepsOf groups messages by the model call that added them: {user,
// calls: [{answer, gained: [message]}]}.
function stepsOf(messages) {
  const out = { user: undefined, calls: [] };
  for (const m of messages) {
    if (m.role === "user" && out.calls.length === 0) {
      out.user = m.message && m.message.content;
      continue;
    }
    if (m.role === "assistant") out.calls.push({ answer: m.message, gained: [m] });
    else if (out.calls.length > 0) out.calls[out.calls.length - 1].gained.push(m);
  }
  return out;
}

// difference words how step a differs from step b, or returns null.
function difference(a, b) {
  if (!a && !b) return null;
  if (!a || !b) return `${a ? describe(a.answer) : "no call"} vs ${b ? describe(b.answer) : "no call"}`;
  const x = a.answer || {};
  const y = b.answer || {};
  if (x.type !== y.type) return `${describe(x)} vs ${describe(y)}`;
  if (x.type === "final") return x.content === y.content ? resultsDiffer(a, b) : `final answer ${quote(x.content)} vs ${quote(y.content)}`;
  if (x.type === "tool") {
    const cx = callsOf(x);
    const cy = callsOf(y);
    if (cx.length !== cy.length) return `${describe(x)} vs ${describe(y)}`;
    for (let i = 0; i < cx.length; i++) {
      const which = cx.length > 1 ? `call ${i + 1}: ` : "";
      if (cx[i].name !== cy[i].name) return `${which}calls ${cx[i].name} vs ${cy[i].name}`;
      if (compact(cx[i].args) !== compact(cy[i].args)) return `${which}args ${compact(cx[i].args)} vs ${compact(cy[i].args)}`;
    }
    return resultsDiffer(a, b);
  }
  return compact(x) === compact(y) ? resultsDiffer(a, b) : `${compact(x)} vs ${compact(y)}`;
}

function resultsDiffer(a, b) {
  const n = Math.max(a.gained.length, b.gained.length);
  for (let i = 1; i < n; i++) {
    const x = a.gained[i];
    const y = b.gained[i];
    const cx = x ? x.message && x.message.content : undefined;
    const cy = y ? y.message && y.message.content : undefined;
    if (!x || !y || compact(cx) !== compact(cy)) {
      const name = (x || y).message && (x || y).message.name;
      return `the result of ${name} ${x ? quote(cx) : "(none)"} vs ${y ? quote(cy) : "(none)"}`;
    }
  }
  return null;
}

function callsOf(action) {
  if (Array.isArray(action.calls)) return action.calls.map((c) => ({ name: c && c.name, args: c && c.args }));
  return [{ name: action.name, args: action.args }];
}

// describe names an answer in a few words.
export function describe(action) {
  if (!action || typeof action !== "object") return "no answer";
  if (action.type === "final") return `final answer ${quote(action.content)}`;
  if (action.type === "tool") {
    const calls = callsOf(action);
    return calls.length === 1 ? `calls ${calls[0].name} ${compact(calls[0].args ?? {})}` : `${calls.length} calls (${calls.map((c) => c.name).join(", ")})`;
  }
  return `an action of type ${compact(action.type)}`;
}

// gainedText words a message a step added, for the rows.
export function gainedText(m) {
  const msg = m.message || {};
  if (m.role === "assistant") return describe(msg);
  if (m.role === "tool") return `${msg.name}: ${quote(msg.content)}${m.failed ? " (failed)" : ""}`;
  return `${m.role}: ${quote(msg.content)}`;
}

function quote(v) {
  const s = typeof v === "string" ? JSON.stringify(v) : compact(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}

// compact writes a JSON value on one line, as {a: 2, b: 30}: keys that are
// identifiers unquoted.
export function compact(v) {
  if (v === undefined) return "undefined";
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? String(v);
  if (Array.isArray(v)) return `[${v.map(compact).join(", ")}]`;
  const parts = Object.entries(v).map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${compact(x)}`);
  return `{${parts.join(", ")}}`;
}
