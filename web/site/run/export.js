// The transcript of a run as a JSON file and as Markdown, built from the
// trace (every message, not only those in the DOM).

import { pretty, fmtCount, fmtMs, toolName } from "../util/format.js";
import { runFileJSON } from "./runfile.js";
import { jsValue, scriptSource } from "./actions.js";

// transcriptJSON resolves to the run as a run file (run/runfile.js): its
// inputs, the editors' code and every event, enough to reopen and step it.
// A run whose model was a person (Be the model) is saved with their
// answers as its model, a scripted array: the actions the loop appended,
// in order (as Use as script makes it). A fork made on the page (views/fork.js)
// is saved with the model it ran: its replayed answers, then the Model
// editor's model (run/fork-model.js, which loads the parser, so only a fork
// loads it). A fork opened from a file holds that model already.
export async function transcriptJSON(trace) {
  if (trace.modelIsPerson) {
    const answers = trace.messages().filter((m) => m.role === "assistant");
    if (!answers.some((m) => m.cut)) return runFileJSON(trace, { model: scriptSource(answers.map((m) => m.message)) });
  }
  if (!trace.forkReplay) return runFileJSON(trace);
  const { forkModel } = await import("./fork-model.js");
  const model = forkModel(trace.inputs.model, trace.forkReplay.map((a) => jsValue(a, "  ")));
  return runFileJSON(trace, model === null ? {} : { model });
}

// fence wraps text in a Markdown code fence longer than any run of
// backticks inside it.
function fence(text, lang = "") {
  const longest = Math.max(2, ...[...String(text).matchAll(/`+/g)].map((m) => m[0].length));
  const f = "`".repeat(longest + 1);
  return `${f}${lang}\n${text}\n${f}`;
}

// code wraps text in inline code, with a run of backticks longer than any
// inside it, so nothing in it (HTML, a link) is read as Markdown. Line
// breaks become spaces: a blank line would end the code span's paragraph
// and let the rest be read as Markdown.
function code(text) {
  const t = String(text).replace(/[\r\n]+/g, " ");
  const longest = Math.max(0, ...[...t.matchAll(/`+/g)].map((m) => m[0].length));
  const f = "`".repeat(longest + 1);
  return longest || /^ | $/.test(t) ? `${f} ${t} ${f}` : `${f}${t}${f}`;
}

// plain escapes text shown outside code (a stop reason from a run file):
// every Markdown punctuation character is backslash-escaped, so none
// starts HTML, a link or emphasis.
function plain(text) {
  return String(text)
    .replace(/[\r\n]+/g, " ")
    .replace(/[\\`*_{}\[\]()<>#+!|~&-]/g, "\\$&");
}

function asText(v) {
  return typeof v === "string" ? v : pretty(v);
}

// transcriptMarkdown returns the run as Markdown: one section per message,
// contents in code fences so nothing in them is read as Markdown.
export function transcriptMarkdown(trace) {
  const parts = ["# agentloop transcript", ""];
  for (const { message, role, failed, cut, step } of trace.messages()) {
    const m = message && typeof message === "object" ? message : {};
    // A content the page cut (run/trace.js) is marked in the heading too.
    const at = (step ? ` (step ${step})` : "") + (cut ? " (cut)" : "");
    if (role === "user") {
      parts.push(`**User**${at}`, fence(asText(m.content)));
    } else if (role === "tool") {
      parts.push(`**Tool result: ${code(toolName(m.name))}${failed ? ", failed" : ""}**${at}`, fence(asText(m.content)));
    } else if (m.type === "tool" && Array.isArray(m.calls)) {
      parts.push(`**Assistant: ${m.calls.length} tool calls**${at}`);
      for (const c of m.calls) parts.push(`- ${code(toolName(c && c.name))}`, fence(pretty(c && c.args !== undefined ? c.args : {}), "json"));
    } else if (m.type === "tool") {
      parts.push(`**Assistant: tool call ${code(toolName(m.name))}**${at}`, fence(pretty(m.args !== undefined ? m.args : {}), "json"));
    } else if (m.type === "final") {
      parts.push(`**Assistant: final answer**${at}`, fence(asText(m.content)));
    } else {
      parts.push(`**Assistant: response the loop cannot act on**${at}`, fence(pretty(message), "json"));
    }
    parts.push("");
  }
  const done = trace.done;
  if (done) {
    parts.push("---", "");
    const steps = `${fmtCount(done.steps)} ${done.steps === 1 ? "step" : "steps"}`;
    parts.push(`**Stopped:** ${plain(done.reason)}, ${steps}, ${fmtMs(done.ms)}`);
    if (done.reason === "final" || done.reason === "max_steps") parts.push("", fence(done.text));
    if (done.error) parts.push("", fence(done.error));
  }
  return parts.join("\n") + "\n";
}

// download offers text as a file.
export function download(filename, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
