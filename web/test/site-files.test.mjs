// The page's sources keep their shape: no module under web/site/ is over
// 400 lines, and page/app.js, which only wires the parts, stays within
// 250. Build outputs (dist/, and the files make build copies or bundles)
// are not sources.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const site = fileURLToPath(new URL("../site/", import.meta.url));
const BUILT = new Set(["dist", "agentloop.js", "wasm_exec.js", "go"]);

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (BUILT.has(e.name) && dir === site) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".js") ? [path] : [];
  });
}

const lines = (path) => readFileSync(path, "utf8").split("\n").length - 1;

test("no module under web/site/ is over 400 lines", () => {
  const long = sources(site).filter((p) => lines(p) > 400).map((p) => `${relative(site, p)}: ${lines(p)} lines`);
  assert.deepEqual(long, []);
});

test("page/app.js, wiring only, is at most 250 lines", () => {
  assert.ok(lines(join(site, "page/app.js")) <= 250, `page/app.js has ${lines(join(site, "page/app.js"))} lines`);
});
