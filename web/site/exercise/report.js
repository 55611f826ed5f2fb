// The Interview report: how an interview went (exercise/interview.js
// keeps its state), shown on the page and exported as one self-contained
// HTML file to keep or send. On the page it is built with createElement
// and textContent; the exported file is text in which everything that
// came from the user (their code above all) is escaped.
//
// With no server, nothing proves a report was not edited (in storage or
// in the file): it says it is self-reported, and gives the SHA-256 of the
// final code and the seed each Check drew its cases from, so that a
// reviewer can check the code and draw the same cases again.

import { h } from "../util/dom.js";
import { checkSeed } from "./draw.js";

// SELF_REPORTED is what the report says of itself.
export const SELF_REPORTED =
  "Self-reported: this report was written by the browser the interview ran in, with no server to witness it, so nothing proves it was not edited. To check it, run the final code (its SHA-256 is below) on the cases each Check drew from its seed.";

// codeDigest resolves to the SHA-256 of code (as UTF-8), in hex.
export async function codeDigest(code) {
  const sum = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(String(code)));
  return [...new Uint8Array(sum)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// clock writes ms as m:ss.
export function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
// reportOf turns an interview's state into what the report says, the same
// for the page and the file.
export function reportOf(st) {
  const took = (s) => (s.startedAt === null ? "not reached" : clock((s.endedAt ?? st.ended.at) - s.startedAt));
  return {
    title: "Interview report",
    summary: `The interview ended ${st.ended.why === "ended" ? "at End interview" : `because ${st.ended.why}`}, after ${clock(st.ended.at - st.startedAt)} of ${clock(st.durationMs)}; ${st.checks.length} ${st.checks.length === 1 ? "Check" : "Checks"} in all.`,
    stages: st.stages.map((s) => ({ name: s.name, time: took(s), checks: String(s.checks), result: s.passed ? "passed" : s.startedAt === null ? "not reached" : "not passed" })),
    failed: st.checks
      .map((c, i) => ({ n: i + 1, stage: st.stages[c.stage] ? st.stages[c.stage].name : "", passed: c.passed, total: c.total, diff: c.firstDiff }))
      .filter((c) => c.diff),
    code: st.finalCode,
    codeTitle: { go: "Final code (Go, loop.go)", javascript: "Final code (JavaScript)" }[st.language] || "Final code",
    revealed: st.revealed.map((r) => ({ stage: st.stages[r.stage] ? st.stages[r.stage].name : "", cases: r.cases })),
    selfReported: SELF_REPORTED,
    seeds: `Interview seed ${st.seed}; ${st.checks.length ? st.checks.map((_, k) => `Check ${k + 1} drew from seed ${checkSeed(st.seed, k)}`).join(", ") : "no Check drew cases"}.`,
  };
}

// digestLine words the code's digest.
function digestLine(digest) {
  return `SHA-256 of the final code: ${digest}`;
}

// failedLine words one failed Check.
function failedLine(c) {
  return `Check ${c.n} (${c.stage}, ${c.passed} of ${c.total} pass): ${c.diff}`;
}

const STAGE_COLUMNS = ["Stage", "Time", "Checks", "Result"];

// renderReport shows the report of an ended interview in el, with its
// Export report button.
export function renderReport(el, st) {
  const r = reportOf(st);
  const link = h("a", { className: "report-download", hidden: true, text: "Download the report" });
  const exportButton = h("button", { type: "button", text: "Export report" });
  const digest = h("p", { className: "report-digest", text: digestLine("…") });
  const digested = codeDigest(r.code);
  digested.then((d) => (digest.textContent = digestLine(d)));
  exportButton.addEventListener("click", async () => {
    const url = URL.createObjectURL(new Blob([reportHTML(r, await digested)], { type: "text/html" }));
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = url;
    link.download = "interview-report.html";
    link.hidden = false;
    link.click();
  });
  el.replaceChildren(
    h("h2", { id: "interview-report-heading", text: r.title }),
    h("p", { className: "report-summary", text: r.summary }),
    h("p", { className: "report-self-reported", text: r.selfReported }),
    h(
      "table",
      { className: "report-stages" },
      h("caption", { text: "Time per stage" }),
      h("thead", {}, h("tr", {}, ...STAGE_COLUMNS.map((c) => h("th", { scope: "col", text: c })))),
      h("tbody", {}, ...r.stages.map((s) => h("tr", {}, h("th", { scope: "row", text: s.name }), h("td", { text: s.time }), h("td", { text: s.checks }), h("td", { text: s.result })))),
    ),
    h("h3", { text: "First difference of each failed Check" }),
    r.failed.length ? h("ol", { className: "report-failed" }, ...r.failed.map((c) => h("li", { text: failedLine(c) }))) : h("p", { text: "No Check failed." }),
    h("h3", { text: r.codeTitle }),
    h("pre", { className: "report-code", text: r.code || "(none)" }),
    digest,
    h("p", { className: "report-seeds", text: r.seeds }),
    h("h3", { text: "Cases revealed" }),
    h("ul", { className: "report-revealed" }, ...r.revealed.map((x) => h("li", { text: `${x.stage}: ${x.cases.join("; ")}` }))),
    h("p", {}, exportButton, " ", link),
  );
}

// escape makes text safe inside HTML elements and attribute values.
export function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// reportHTML writes the report as one HTML document, with its style and
// no script: every text is escaped. digest is codeDigest's of r.code.
export function reportHTML(r, digest) {
  const e = escape;
  const rows = r.stages.map((s) => `<tr><th scope="row">${e(s.name)}</th><td>${e(s.time)}</td><td>${e(s.checks)}</td><td>${e(s.result)}</td></tr>`).join("\n");
  const failed = r.failed.length ? `<ol>\n${r.failed.map((c) => `<li>${e(failedLine(c))}</li>`).join("\n")}\n</ol>` : "<p>No Check failed.</p>";
  const revealed = r.revealed.map((x) => `<li>${e(x.stage)}: ${e(x.cases.join("; "))}</li>`).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(r.title)}</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 0.25rem 0.75rem; border-top: 1px solid #8888; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 0.75rem; background: #8881; border-radius: 6px; }
li { overflow-wrap: anywhere; }
</style>
</head>
<body>
<h1>${e(r.title)}</h1>
<p>${e(r.summary)}</p>
<p>${e(r.selfReported)}</p>
<table>
<caption>Time per stage</caption>
<thead><tr>${STAGE_COLUMNS.map((c) => `<th scope="col">${e(c)}</th>`).join("")}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>First difference of each failed Check</h2>
${failed}
<h2>${e(r.codeTitle)}</h2>
<pre>${e(r.code || "(none)")}</pre>
<p>${e(digestLine(digest))}</p>
<p>${e(r.seeds)}</p>
<h2>Cases revealed</h2>
<ul>
${revealed}
</ul>
</body>
</html>
`;
}
