// The READMEs name files by their paths, in backticks: each such path is
// one that exists, so that a move or a rename cannot leave the reference
// pointing nowhere. A path is read from the repository's root, from web/
// or from web/site/ (the READMEs name files from each); make build writes
// the outputs they name (dist/, main.wasm, cases.json) first.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;
const BASES = ["", "web/", "web/site/"];
// What reads as a path and is not one of the repository's.
const ELSEWHERE = new Set([
  "cmd/compile", // Go's own, in GOROOT
  "cmd/link",
  ".bench/last.json", // what make bench writes
  "web/testdata/screenshots/", // what the browser tests write
]);
// The first folder of a path: one of those at the bases. Anything else
// with a slash (application/wasm, @lezer/highlight, /dev/reports) is not
// a path of the repository's.
const folders = new Set(BASES.flatMap((b) => readdirSync(join(ROOT, b), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)));

export function pathsIn(text) {
  const paths = [];
  for (const [, p] of text.matchAll(/`([^`\s]+)`/g)) {
    const first = p.split("/")[0];
    if (p.includes("/") && folders.has(first) && /^[\w./@[\]-]+$/.test(p) && !ELSEWHERE.has(p)) paths.push(p);
  }
  return paths;
}

for (const doc of ["README.md", "web/README.md"]) {
  test(`every path ${doc} names in backticks exists`, () => {
    const paths = pathsIn(readFileSync(join(ROOT, doc), "utf8"));
    assert.ok(paths.length > 10, `${doc} names hardly any paths: is the test reading it?`);
    const missing = paths.filter((p) => !BASES.some((b) => existsSync(join(ROOT, b, p))));
    assert.deepEqual(missing, [], `${doc} names paths that do not exist (from the root, web/ or web/site/): fix the names, or the files`);
  });
}
