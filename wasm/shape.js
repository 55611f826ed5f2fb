"use strict";
// What is a model and what are tools: the one check of their shape, for
// both of its readers. check.js words its findings as runAgent's argument
// errors; the playground's worker (web/site/worker/compile.js) words them
// for the editors, before a run, as what the code gives.
//
// The bridge compiles this file with its others into one function whose
// parameter is exports (protocol.go); the worker's bundle imports it as the
// CommonJS module that the exports lines make of it (esbuild), and so do
// the page's node tests.

// isObject tells an object (not null, not an array, not a function) from
// anything else: what tools, an options object or an action must be.
function isObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }

// isModel tells a model: a function (messages) => action, or an array of
// scripted actions.
function isModel(v) { return Array.isArray(v) || typeof v === "function"; }

// loneSurrogate finds a UTF-16 surrogate without its pair: Go's strings are
// UTF-8, in which such a name would turn into U+FFFD and could meet
// another tool's name.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// readTools reads the tools of an object (isObject): its own names, then
// each tool once, in order (a getter runs once). It returns {names, fns},
// or what the first that is not a tool is:
//   {problem: "names", error}       reading its names threw error (a Proxy)
//   {problem: "name", name}         name is not well-formed Unicode
//   {problem: "read", name, error}  reading tools[name] threw error
//   {problem: "kind", name, value}  tools[name] is value, not a function
function readTools(tools) {
  let names;
  try {
    names = Object.keys(tools);
  } catch (error) {
    return { problem: "names", error: error };
  }
  const fns = [];
  for (const name of names) {
    if (loneSurrogate.test(name)) return { problem: "name", name: name };
    let value;
    try {
      value = tools[name];
    } catch (error) {
      return { problem: "read", name: name, error: error };
    }
    if (typeof value !== "function") return { problem: "kind", name: name, value: value };
    fns.push(value);
  }
  return { names: names, fns: fns };
}

exports.isObject = isObject;
exports.isModel = isModel;
exports.readTools = readTools;
