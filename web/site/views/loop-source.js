// Reading the loop's source: agent/loop.go (copied beside the page as
// agent-loop.go.txt by make build) holds the loop function and callTool,
// whose lines carry "// phase: NAME" marks. The page shows those two
// functions and lights the line whose mark is an event's phase; nothing
// here knows the code itself, so the panel follows the loop as it changes.

// The functions the Loop panel shows, in this order.
export const SHOWN_FUNCS = ["loop", "callTool"];

const PHASE = /\/\/ phase: (\w+)\s*$/;

// phaseMark returns the phase a line of source marks, or "".
export function phaseMark(line) {
  const m = PHASE.exec(line);
  return m ? m[1] : "";
}

// extractFunc returns the lines of the function (or method) name, with its
// doc comment, as {lines, firstLine} (1-based), or null when the file has
// none.
export function extractFunc(lines, name) {
  const head = new RegExp(`^func (\\(\\w+ \\*?\\w+\\) )?${name}\\(`);
  const start = lines.findIndex((l) => head.test(l));
  if (start < 0) return null;
  let end = start;
  while (end < lines.length && lines[end] !== "}") end++;
  if (end === lines.length) return null;
  let first = start;
  while (first > 0 && lines[first - 1].startsWith("//")) first--;
  return { lines: lines.slice(first, end + 1), firstLine: first + 1 };
}

// extractLoop returns the lines the Loop panel shows: the functions of
// SHOWN_FUNCS, each {number, text} with its line number in the file, and
// {gap: true} between two functions that are not next to each other. It
// returns {lines} or {error} naming what is missing.
export function extractLoop(text) {
  const all = String(text).replace(/\r\n/g, "\n").split("\n");
  const lines = [];
  let next = 0; // the line number after the last one taken
  for (const name of SHOWN_FUNCS) {
    const f = extractFunc(all, name);
    if (!f) return { error: `it has no func ${name}` };
    if (next) {
      // Blank lines between two functions are shown as they are; other
      // code between them is left out, and the gap says so.
      const between = all.slice(next - 1, f.firstLine - 1);
      if (between.length <= 2 && between.every((l) => l.trim() === "")) {
        between.forEach((l, i) => lines.push({ number: next + i, text: l }));
      } else {
        lines.push({ gap: true });
      }
    }
    f.lines.forEach((l, i) => lines.push({ number: f.firstLine + i, text: l }));
    next = f.firstLine + f.lines.length;
  }
  return { lines };
}
