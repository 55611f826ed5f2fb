// The tools a provider is told about, each with a JSON Schema for its
// args. A tool declares its schema (and a description) as properties of
// its function, written in the Tools editor as
//
//   add: Object.assign(({ a, b }) => a + b, {
//     description: "Adds two numbers.",
//     schema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
//   }),
//
// The page never runs the Tools editor's code to read them (only Run does,
// in the sandbox): the declaration is read from the source by a parser,
// so it must be written out as a literal. A tool without one gets a schema
// inferred from the args it was called with in the run, marked inferred.
// Pure (no DOM); it loads the parser, so the page imports it only with
// the "As a real API" region.

import { Parser } from "acorn";
import { readSource } from "../run/source-form.js";

const OPTIONS = { ecmaVersion: "latest", sourceType: "script", allowReturnOutsideFunction: true };

// declaredTools reads the Tools editor's source: [{name, schema?,
// description?, problem?}] in the object's order, or null when the
// source does not say which tools there are without running it. problem
// says why a declaration could not be read.
export function declaredTools(source) {
  const object = toolsObject(String(source ?? ""));
  if (!object) return null;
  const out = [];
  for (const p of object.properties) {
    if (p.type !== "Property" || p.computed) continue;
    const name = p.key.type === "Identifier" ? p.key.name : p.key.type === "Literal" ? String(p.key.value) : null;
    if (name === null) continue;
    out.push({ name, ...declaration(p.value) });
  }
  return out;
}

// toolsObject finds the object literal of the tools: the editor's one
// expression, or the object a top-level `tools` is declared as.
function toolsObject(source) {
  const read = readSource(source);
  if (read.error) return null;
  let ast;
  try {
    ast = Parser.parse(read.form === "expression" ? `(${read.body}\n)` : read.body, OPTIONS);
  } catch {
    return null;
  }
  if (read.form === "expression") return objectOf(ast.body[0] && ast.body[0].expression);
  for (const s of ast.body) {
    if (s.type !== "VariableDeclaration") continue;
    for (const d of s.declarations) if (d.id.type === "Identifier" && d.id.name === "tools") return objectOf(d.init);
  }
  return null;
}

function objectOf(node) {
  while (node && node.type === "ParenthesizedExpression") node = node.expression;
  return node && node.type === "ObjectExpression" ? node : null;
}

// declaration reads Object.assign(fn, {schema, description}).
function declaration(node) {
  if (!node || node.type !== "CallExpression") return {};
  const c = node.callee;
  const isAssign = c.type === "MemberExpression" && !c.computed && c.object.type === "Identifier" && c.object.name === "Object" && c.property.name === "assign";
  if (!isAssign || node.arguments.length < 2 || node.arguments[1].type !== "ObjectExpression") return {};
  const out = {};
  for (const p of node.arguments[1].properties) {
    if (p.type !== "Property" || p.computed) continue;
    const key = p.key.type === "Identifier" ? p.key.name : p.key.value;
    if (key !== "schema" && key !== "description") continue;
    const value = literal(p.value);
    if (value === NOT_LITERAL) out.problem = `its ${key} is not written out as a literal (the page reads it without running your code)`;
    else if (key === "schema" && (value === null || typeof value !== "object" || Array.isArray(value))) out.problem = "its schema is not an object";
    else if (key === "description" && typeof value !== "string") out.problem = "its description is not a string";
    else out[key] = value;
  }
  return out;
}

const NOT_LITERAL = Symbol("not a literal");

// literal evaluates a JSON-like literal (objects, arrays, strings,
// numbers, booleans, null, a negative number, a template without
// expressions), or returns NOT_LITERAL.
function literal(node) {
  switch (node.type) {
    case "Literal":
      return node.regex || typeof node.value === "bigint" ? NOT_LITERAL : node.value;
    case "TemplateLiteral":
      return node.expressions.length === 0 ? node.quasis[0].value.cooked : NOT_LITERAL;
    case "UnaryExpression":
      return node.operator === "-" && node.argument.type === "Literal" && typeof node.argument.value === "number" ? -node.argument.value : NOT_LITERAL;
    case "ArrayExpression": {
      const out = [];
      for (const e of node.elements) {
        const v = e ? literal(e) : NOT_LITERAL;
        if (v === NOT_LITERAL) return NOT_LITERAL;
        out.push(v);
      }
      return out;
    }
    case "ObjectExpression": {
      const out = {};
      for (const p of node.properties) {
        if (p.type !== "Property" || p.computed || p.kind !== "init" || p.method) return NOT_LITERAL;
        const v = literal(p.value);
        if (v === NOT_LITERAL) return NOT_LITERAL;
        out[p.key.type === "Identifier" ? p.key.name : String(p.key.value)] = v;
      }
      return out;
    }
    default:
      return NOT_LITERAL;
  }
}

// inferSchema returns a schema for args objects seen in calls: each key's
// type as its values had (several: a list), required when every call gave it.
export function inferSchema(argsList) {
  const objects = argsList.filter((a) => a && typeof a === "object" && !Array.isArray(a));
  const properties = {};
  const counts = {};
  for (const a of objects) {
    for (const [k, v] of Object.entries(a)) {
      counts[k] = (counts[k] || 0) + 1;
      const t = jsonType(v);
      const p = properties[k] || (properties[k] = { type: t });
      if (p.type !== t && !(Array.isArray(p.type) && p.type.includes(t))) p.type = [].concat(p.type, t);
    }
  }
  const required = Object.keys(counts).filter((k) => objects.length > 0 && counts[k] === objects.length);
  const schema = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

function jsonType(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  if (typeof v === "boolean" || typeof v === "string" || typeof v === "object") return typeof v;
  return "string";
}

// toolsOf returns the tools a provider is told about at every model call
// of a run: [{name, description?, schema, inferred, problem?}]. source is
// the Tools editor's code; calls are every call of the run ({name, args}),
// whose args give the inferred schemas and whose names add the tools the
// source does not list (a model may call a tool that does not exist: the
// provider would not have been told about it, so it is not added when the
// source lists its tools).
export function toolsOf(source, calls) {
  const declared = declaredTools(source);
  const names = declared ? declared.map((d) => d.name) : [...new Set(calls.map((c) => c.name))];
  return names.map((name) => {
    const d = (declared && declared.find((x) => x.name === name)) || {};
    const tool = { name };
    if (d.description !== undefined) tool.description = d.description;
    if (d.schema) return { ...tool, schema: d.schema, inferred: false };
    const args = calls.filter((c) => c.name === name).map((c) => c.args);
    return { ...tool, schema: inferSchema(args), inferred: true, calls: args.length, ...(d.problem ? { problem: d.problem } : {}) };
  });
}
