// The table of limits in web/README.md ("Limits and safety"), made from
// the constants the page's code uses: limits.test.mjs checks that the
// README holds it as made here, and
//
//   node web/test/limits.mjs
//
// writes it there after a limit changes.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MAX_CONVERSATION_CHARS, MAX_CONVERSATION_DEPTH } from "../site/api/read-conversation.js";
import { MAX_DEPTH as RUN_FILE_DEPTH } from "../site/run/runfile.js";
import { MAX_RUN_FILE_BYTES } from "../site/page/open-run.js";
import { MAX_INFLATED } from "../site/page/share.js";
import { MAX_STEPS_LIMIT, TIME_LIMIT_MIN, TIME_LIMIT_MAX, DEFAULT_TIME_LIMIT_MS, TOOL_TIMEOUT_MAX } from "../site/lib/run-inputs.js";
import { MAX_STRING, MAX_DEPTH as EVENT_DEPTH, MAX_KEYS, MAX_ITEMS } from "../site/worker/outbox.js";
import { FULL_CONTENT_BUDGET } from "../site/run/trace.js";
import { HOST_MAX_ID_CHARS, HOST_RATE_MS } from "../site/page/host-messages.js";
import { MAX_REPORTED_HEIGHT } from "../site/page/embed-frame.js";
import { MAX_SANDBOXED_RUNS } from "../site/lib/turns.js";

export const README = fileURLToPath(new URL("../README.md", import.meta.url));
const BEGIN = "<!-- limits: made by web/test/limits.mjs from the code's constants; do not edit by hand -->";
const END = "<!-- end of limits -->";

const n = (v) => v.toLocaleString("en-US");
const mb = (size, unit) => `${size / 1048576} MB (${n(size)} ${unit})`;

// ROWS: what is bounded, the bound, and what happens past it.
const ROWS = [
  ["a conversation opened in As a real API (pasted, dropped or picked)", mb(MAX_CONVERSATION_CHARS, "characters"), "refused before it is parsed, with its size and the cap named"],
  ["how deep a conversation's values nest (a call's args among them)", `${MAX_CONVERSATION_DEPTH} levels`, "refused, naming where and the limit"],
  ["a run file", mb(MAX_RUN_FILE_BYTES, "bytes"), "refused before it is read"],
  ["how deep a run file's values nest", `${RUN_FILE_DEPTH} levels`, "refused, naming where and the limit"],
  ["a share link's state, inflated", mb(MAX_INFLATED, "bytes"), "the link is refused"],
  ["Max steps in the page", n(MAX_STEPS_LIMIT), "the field says so and nothing runs"],
  ["Time limit (ms)", `${n(TIME_LIMIT_MIN)} to ${n(TIME_LIMIT_MAX)}, default ${n(DEFAULT_TIME_LIMIT_MS)}`, "the field says so and nothing runs; a link sets at most the default"],
  ["Tool timeout (ms)", `0 (none) to ${n(TOOL_TIMEOUT_MAX)}`, "the field says so and nothing runs"],
  ["a string in an event, as it crosses from the worker", `${n(MAX_STRING)} characters`, "cut, and the cut says how much"],
  ["how deep and wide an event's values are, as they cross", `${EVENT_DEPTH} levels, ${n(MAX_KEYS)} keys, ${n(MAX_ITEMS)} items`, "deeper values become `[…]`, the rest is counted"],
  ["full contents the page keeps of a run's messages and tool outputs", `${n(FULL_CONTENT_BUDGET)} characters`, "older ones are cut to their first 1,000 characters, marked"],
  ["an example's id or a request's id in a host's message", `${HOST_MAX_ID_CHARS} characters`, "the request is refused, and its reply says why"],
  ["host requests acted on", `one at a time, at most one per ${HOST_RATE_MS} ms, after a run it started has ended`, "the latest waiting is kept; each one it replaces is replied `replaced`"],
  ["the height an embed reports", `${n(MAX_REPORTED_HEIGHT)} px`, "the report says at most that"],
  ["runAgentSandboxed runs in flight", `${MAX_SANDBOXED_RUNS}`, "later runs wait their turn, in order"],
];

// limitsTable returns the README's table, between its markers.
export function limitsTable() {
  const lines = ["| limit | value | past it |", "| --- | --- | --- |", ...ROWS.map((r) => `| ${r.join(" | ")} |`)];
  return `${BEGIN}\n${lines.join("\n")}\n${END}`;
}

// tableIn returns the table the README text holds, markers and all, or "".
export function tableIn(text) {
  const a = text.indexOf(BEGIN);
  const b = text.indexOf(END);
  return a < 0 || b < a ? "" : text.slice(a, b + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = readFileSync(README, "utf8");
  const old = tableIn(text);
  if (!old) throw new Error(`${README} has no table of limits: put ${BEGIN} and ${END} where it goes`);
  writeFileSync(README, text.replace(old, limitsTable()));
}
