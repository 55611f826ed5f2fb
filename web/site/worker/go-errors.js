// Reads what the Go toolchain and runtime print when something goes wrong
// into records the Exercise can mark in the editor. Pure: no DOM, no
// worker.

// The RunAgent each level's harness calls, for the error when loop.go's
// differs: the classic loop (agenttest.Loop) and the follow-ups
// (agenttest.FollowUpLoop).
export const SIGNATURES = {
  1: "func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string",
  2: "func RunAgent(ctx context.Context, model agenttest.FollowUpModel, tools map[string]agenttest.FollowUpTool, userMsg string, opts agenttest.Options) (agenttest.Answer, error)",
};

// compileErrors parses gc's report ("loop.go:3:2: undefined: x", with
// indented lines that continue the one before) into [{line, column,
// message}]. Lines about no position (gc's "too many errors") are left
// out; a report with no position at all becomes one error at line 1.
export function compileErrors(text, file) {
  const errors = [];
  const at = new RegExp(`^(?:.*/)?${file.replace(/\./g, "\\.")}:(\\d+)(?::(\\d+))?: (.*)$`);
  for (const line of text.split("\n")) {
    const m = at.exec(line);
    if (m) {
      errors.push({ line: Number(m[1]), column: m[2] ? Number(m[2]) : 1, message: m[3] });
    } else if (/^\s/.test(line) && line.trim() && errors.length > 0) {
      errors[errors.length - 1].message += `\n${line.trim()}`;
    }
  }
  if (errors.length === 0 && text.trim()) errors.push({ line: 1, column: 1, message: text.trim() });
  return errors;
}

// compileReport turns what gc printed when the program's main package
// did not compile into the errors to mark in loop.go: gc's own at their
// lines when it names loop.go's; the RunAgent wanted when only main.go,
// the file beside it that calls RunAgent, fails; and anything else (the
// compiler out of memory, an error a //line directive laid in another
// file) in the compiler's own words, without the goroutines' stacks,
// at line 1. An error past the file's last line (gc's "unexpected EOF"
// after its final newline) is laid at the end of that line, where the
// reader sees what is missing.
export function compileReport(text, source, level, allowed) {
  if (/^(?:.*\/)?loop\.go:\d/m.test(text)) return offeredOnly(compileErrors(text, "loop.go"), allowed).map((e) => withinFile(e, source));
  if (/^(?:.*\/)?main\.go:\d/m.test(text)) return [signatureError(source, text, level)];
  const words = text.trim().split(/\n\s*\n/)[0].trim();
  return [{ line: 1, column: 1, message: words || "the Go compiler failed and said nothing" }];
}

// withinFile lays an error past source's last line at that line's end.
function withinFile(e, source) {
  const lines = String(source).split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  if (e.line <= lines.length || lines.length === 0) return e;
  return { ...e, line: lines.length, column: new TextEncoder().encode(lines[lines.length - 1]).length + 1 };
}

// offeredOnly rewrites gc's "could not import P (…)" as the Exercise's
// refusal naming what is offered: an import the scan of go-imports.js did
// not read (an escaped path) still gets the same words.
export function offeredOnly(errors, allowed) {
  return errors.map((e) => {
    const m = /^could not import (\S+)/.exec(e.message);
    if (!m) return e;
    const path = m[1].replace(/^agentloop\.dev\/not-offered\//, "");
    return { ...e, message: notOffered(path, allowed) };
  });
}

// notOffered says that path may not be imported, and what may.
export function notOffered(path, allowed) {
  return `import "${path}" is not offered here; a loop may import ${[...allowed].sort().join(", ")}`;
}

// signatureError is the error when loop.go compiles but the harness that
// calls its RunAgent does not: gc's complaint, placed at loop.go's func
// RunAgent (or line 1 when there is none). level names the harness, and
// so the RunAgent it calls.
export function signatureError(source, harnessText, level = 1) {
  const signature = SIGNATURES[level];
  const lines = String(source).split("\n");
  const i = lines.findIndex((l) => /^func\s+RunAgent\b/.test(l));
  const detail = compileErrors(harnessText, "main.go")
    .map((e) => e.message)
    .join("; ");
  return {
    line: i < 0 ? 1 : i + 1,
    column: 1,
    message: `loop.go must define ${signature}${detail ? ` (${detail})` : ""}`,
  };
}

// crashReport reads how the program died from the end of what it printed
// on fd 2 (Go's runtime writes "panic: …" or "fatal error: …", then the
// goroutines' stacks; the last such line is the runtime's, whatever the
// loop printed before): {text, message, at?}. text is the part of the output
// the report is; message its first line, "the loop panicked: …" for a
// panic; at the first loop.go:LINE in the stacks.
export function crashReport(output, code) {
  const starts = [...output.matchAll(/^(panic: |fatal error: )/gm)];
  if (starts.length === 0) {
    return { text: "", message: `the program stopped with exit code ${code} before every case was graded` };
  }
  const text = output.slice(starts[starts.length - 1].index);
  const first = text.split("\n")[0];
  const message = first.startsWith("panic: ") ? `the loop panicked: ${first.slice("panic: ".length).replace(/ \[recovered[^\]]*\]$/, "")}` : first;
  const where = /^\s+(?:.*\/)?(loop\.go):(\d+)/m.exec(text);
  return { text, message, ...(where ? { at: `${where[1]}:${where[2]}` } : {}) };
}
