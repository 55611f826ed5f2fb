// The page's folders are floors: a module imports from its own floor or
// from those below, never from one above, so that a folder can be read,
// tested and moved with only what is under it. The worker and the sandbox
// frame run apart from the page, and stand on the pure floors alone.
//
// A failure names the import that runs back up: move the helper it wants
// down to a floor both can reach (util/ for the DOM and text helpers,
// lib/ for what the library and the workers share, run/ for a run as data).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const SITE = new URL("../site/", import.meta.url).pathname;

// FLOORS, lowest first. agentloop.js is the library bundled from lib/.
const FLOORS = ["util", "lib", "run", "worker", "sandbox", "views", "editor", "compare", "api", "exercise", "learn", "page"];
const floorOf = (path) => (path === "agentloop.js" ? "lib" : path.split("/")[0]);

function modules() {
  const out = [];
  for (const dir of readdirSync(SITE, { withFileTypes: true })) {
    if (!dir.isDirectory() || dir.name === "dist" || dir.name === "go") continue;
    const visit = (d) => {
      for (const e of readdirSync(join(SITE, d), { withFileTypes: true })) {
        if (e.isDirectory()) visit(join(d, e.name));
        else if (e.name.endsWith(".js")) out.push(join(d, e.name));
      }
    };
    visit(dir.name);
  }
  return out;
}

test("every folder of web/site/ is a floor", () => {
  for (const dir of readdirSync(SITE, { withFileTypes: true })) {
    if (dir.isDirectory() && !["dist", "go"].includes(dir.name)) assert.ok(FLOORS.includes(dir.name), `web/site/${dir.name}/ is on no floor: add it to FLOORS in this test, above what it imports`);
  }
});

test("no import runs back up a floor", () => {
  const up = [];
  let seen = 0;
  for (const file of modules()) {
    const src = readFileSync(join(SITE, file), "utf8");
    for (const [, staticSpec, dynamicSpec] of src.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;"]*?(?:from\s*)?"(\.{1,2}\/[^"]+)"|\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g)) {
      const spec = staticSpec || dynamicSpec;
      seen++;
      const target = normalize(join(dirname(file), spec));
      if (target.startsWith("..")) continue; // outside web/site (wasm/shape.js)
      const from = FLOORS.indexOf(floorOf(file));
      const to = FLOORS.indexOf(floorOf(target));
      if (to > from) up.push(`${file} imports ${relative(".", target)} (${floorOf(target)}/ is above ${floorOf(file)}/)`);
    }
  }
  assert.ok(seen > 100, `only ${seen} imports were read: is the pattern right?`);
  assert.deepEqual(up, [], "imports that run back up");
});
