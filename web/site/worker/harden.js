// Freezes the worker's realm before any user code runs in it, so that the
// worker's own code (the outbox, the Exercise's recorder, the channel to
// the page, the Go bridge) reads the built-ins it was written against.
// User code evaluated later (the Model, Tools and Your-loop editors) can
// then no longer rewrite what the worker records or sends: no setter on
// Array.prototype[0], no Object.prototype.toJSON, no JSON.stringify of its
// own, no MessageEvent.prototype.data getter that hands it the port.
//
// The built-ins of JavaScript are frozen by SES's lockdown(), which knows
// every one of them; the browser's own objects on the worker's paths (its
// channel, its clock, its timers, the bridge's encoders) are frozen here
// with harden(), and the globals that name them are made constant, since
// the worker's code and wasm_exec.js look some of them up at each call.

import "ses";

// User code keeps what a program of its own may rely on: readable stack
// traces (compile.js places an error in its editor by them), eval (the
// editors' code is evaluated), the locale's formats and the plain console.
const OPTIONS = {
  errorTaming: "unsafe",
  stackFiltering: "verbose",
  overrideTaming: "moderate",
  consoleTaming: "unsafe",
  localeTaming: "unsafe",
  evalTaming: "unsafe-eval",
  errorTrapping: "none",
  unhandledRejectionTrapping: "none",
  reporting: "none",
};

// The browser's interfaces whose prototypes the worker's paths read.
const HOST_INTERFACES = [
  "EventTarget",
  "Event",
  "MessageEvent",
  "MessagePort",
  "AbortController",
  "AbortSignal",
  "TextEncoder",
  "TextDecoder",
  "Performance",
  "Crypto",
];

// The browser's objects the worker and wasm_exec.js call.
const HOST_OBJECTS = ["performance", "crypto"];

// The globals looked up at call time by the worker's code, the engine and
// wasm_exec.js (Reflect.get, new Uint8Array, setTimeout, performance.now…).
const CONSTANT_GLOBALS = [
  "globalThis",
  "self",
  "Reflect",
  "Object",
  "Array",
  "Function",
  "JSON",
  "Promise",
  "Error",
  "TypeError",
  "RangeError",
  "Map",
  "Set",
  "Symbol",
  "String",
  "Number",
  "Math",
  "Date",
  "Uint8Array",
  "Float64Array",
  "DataView",
  "WebAssembly",
  "setTimeout",
  "clearTimeout",
  "queueMicrotask",
  ...HOST_INTERFACES,
  ...HOST_OBJECTS,
];

// hardenRealm freezes the realm. It runs once per worker: each worker
// serves a single run.
export function hardenRealm() {
  globalThis.lockdown(OPTIONS);
  const harden = globalThis.harden;
  for (const name of HOST_INTERFACES) {
    const Interface = globalThis[name];
    if (typeof Interface === "function") harden(Interface.prototype);
  }
  for (const name of HOST_OBJECTS) {
    const object = globalThis[name];
    if (object !== null && typeof object === "object") harden(object);
  }
  for (const name of CONSTANT_GLOBALS) constant(name);
}

// constant makes the global name keep the value it has now.
function constant(name) {
  const desc = Object.getOwnPropertyDescriptor(globalThis, name);
  if (!desc || !desc.configurable) return;
  Object.defineProperty(globalThis, name, { value: globalThis[name], writable: false, enumerable: desc.enumerable, configurable: false });
}
