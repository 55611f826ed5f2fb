// The number fields explain a bad value and accept what the loop accepts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkMaxSteps, checkTimeLimit } from "../site/page/fields.js";

test("max steps is a whole number from 0 to 100,000", () => {
  // As a number field lets them be typed, too.
  for (const [text, value] of [["0", 0], ["10", 10], [" 7 ", 7], ["100000", 100000], ["1e3", 1000], ["10.0", 10], ["1E5", 100000]]) {
    assert.deepEqual(checkMaxSteps(text), { value }, text);
  }
  for (const text of ["-1", "2.5", "100001", "ten", "1e6", "2.5e-1", "0x10"]) {
    assert.match(checkMaxSteps(text).error, new RegExp(`"${text}" is not`), text);
  }
  // Empty is the loop's default; text a number field cannot read is not.
  assert.deepEqual(checkMaxSteps(""), { value: 10 });
  assert.deepEqual(checkMaxSteps("  "), { value: 10 });
  assert.match(checkMaxSteps("", { badInput: true }).error, /is not a number/);
});

test("the time limit is a whole number of milliseconds from 50 to 600,000", () => {
  assert.deepEqual(checkTimeLimit("50"), { value: 50 });
  assert.deepEqual(checkTimeLimit("600000"), { value: 600000 });
  for (const text of ["49", "600001", "1.5", "soon"]) assert.match(checkTimeLimit(text).error, /from 50 to 600,000/, text);
  assert.match(checkTimeLimit(" ").error, /^Enter a time limit/);
});
