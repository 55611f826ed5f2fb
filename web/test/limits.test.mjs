// web/README.md's table of limits is the one the code's constants make
// (web/test/limits.mjs): a limit changed in the code and not in the README
// fails here, with the command that writes it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { README, limitsTable, tableIn } from "./limits.mjs";

test("web/README.md's table of limits is the one the code's constants make", () => {
  const held = tableIn(readFileSync(README, "utf8"));
  assert.notEqual(held, "", "web/README.md holds the table of limits between its markers");
  assert.equal(held, limitsTable(), "web/README.md's table of limits differs from the code's constants: run node web/test/limits.mjs");
});
