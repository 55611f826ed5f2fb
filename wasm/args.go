//go:build js && wasm

package main

import (
	"time"

	"agentloop.dev/agent"
	"github.com/hack-pad/safejs"
)

// Checking runAgent's arguments.
//
// The arguments are checked in JavaScript, at the start of the engine
// factory (checkSource), for a reason of safety more than speed: reading a
// property of a user's object may run a getter or a Proxy trap that
// throws, and syscall/js catches exceptions only in calls (Call, Invoke,
// New), not in Get, Index or Length, whose exception would unwind through
// the Go program. So Go never reads a user's object; the factory reads
// each argument once, rejects the promise with a TypeError or RangeError
// that names the argument, or returns what Go needs.

// checkSource starts the factory's body: it checks the arguments and
// leaves them in variables for the engine, or rejects the promise and
// returns null. A read that throws is reported, never propagated.
const checkSource = `"use strict";
// describe names a value's type, and its value when short, for an error.
function describe(v) {
  if (v === null) return "null";
  switch (typeof v) {
    case "undefined": return "undefined";
    case "string": return "string " + JSON.stringify(v.length > 40 ? v.slice(0, 40) + "..." : v);
    case "number": case "boolean": return typeof v + " " + String(v);
    case "bigint": return "a bigint";
    case "symbol": return "a symbol";
    case "function": return "a function";
  }
  return Array.isArray(v) ? "an array" : "an object";
}

// errorText is what a failure reads as: an Error's message, or String() of
// anything else that was thrown.
function errorText(e) {
  try {
    if (e !== null && typeof e === "object" && typeof e.message === "string" && e.message !== "") return e.message;
    return String(e);
  } catch (_) {
    return "unprintable error";
  }
}

function isObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
function isSteps(v) { return Number.isInteger(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER; }

let script = null, names = null, fns = [], maxSteps = -1, onEvent = null, signal = null, aborted = false, toolTimeoutMs = 0;
try {
  const read = (o, name, where) => {
    try {
      return o[name];
    } catch (e) {
      throw new TypeError("runAgent: reading " + where + ": " + errorText(e));
    }
  };
  if (Array.isArray(model)) {
    script = model;
    model = null;
  } else if (typeof model !== "function") {
    throw new TypeError("runAgent: model must be a function (messages) => action, or an array of scripted actions; got " + describe(model));
  }
  if (!isObject(tools)) throw new TypeError("runAgent: tools must be an object of name → function (args) => result, got " + describe(tools));
  try {
    names = Object.keys(tools);
  } catch (e) {
    throw new TypeError("runAgent: reading the names of tools: " + errorText(e));
  }
  for (const n of names) {
    const f = read(tools, n, "tools[" + JSON.stringify(n) + "]");
    if (typeof f !== "function") throw new TypeError("runAgent: tools[" + JSON.stringify(n) + "] must be a function (args) => result, got " + describe(f));
    fns.push(f);
  }
  if (typeof userMsg !== "string") throw new TypeError("runAgent: userMsg must be a string, got " + describe(userMsg));
  if (typeof options === "number") {
    if (!isSteps(options)) throw new RangeError("runAgent: maxSteps must be a non-negative integer, got " + describe(options));
    maxSteps = options;
  } else if (isObject(options)) {
    const steps = read(options, "maxSteps", "options.maxSteps");
    if (steps !== undefined && steps !== null) {
      if (typeof steps !== "number") throw new TypeError("runAgent: options.maxSteps must be a non-negative integer, got " + describe(steps));
      if (!isSteps(steps)) throw new RangeError("runAgent: options.maxSteps must be a non-negative integer, got " + describe(steps));
      maxSteps = steps;
    }
    const f = read(options, "onEvent", "options.onEvent");
    if (f !== undefined && f !== null) {
      if (typeof f !== "function") throw new TypeError("runAgent: options.onEvent must be a function (event) => void, got " + describe(f));
      onEvent = f;
    }
    const s = read(options, "signal", "options.signal");
    if (s !== undefined && s !== null) {
      const fired = isObject(s) ? read(s, "aborted", "options.signal.aborted") : undefined;
      if (typeof fired !== "boolean" ||
          typeof read(s, "addEventListener", "options.signal.addEventListener") !== "function" ||
          typeof read(s, "removeEventListener", "options.signal.removeEventListener") !== "function") {
        throw new TypeError("runAgent: options.signal must be an AbortSignal, got " + describe(s));
      }
      signal = s;
      aborted = fired;
    }
    const ms = read(options, "toolTimeoutMs", "options.toolTimeoutMs");
    if (ms !== undefined && ms !== null) {
      if (typeof ms !== "number") throw new TypeError("runAgent: options.toolTimeoutMs must be a non-negative number of milliseconds, got " + describe(ms));
      if (!(ms >= 0 && ms < Infinity)) throw new RangeError("runAgent: options.toolTimeoutMs must be a non-negative number of milliseconds, got " + describe(ms));
      toolTimeoutMs = ms;
    }
  } else if (options !== undefined && options !== null) {
    throw new TypeError("runAgent: maxSteps must be a non-negative integer (or the 4th argument an options object {maxSteps, onEvent, signal, toolTimeoutMs}), got " + describe(options));
  }
} catch (e) {
  reject(e);
  return null;
}
`

// The factory's result, after the engine: [engine, grow, ops, names,
// maxSteps, aborted, toolTimeoutMs, events, userMsg].
const (
	madeEngine = iota
	madeGrow
	madeOps
	madeNames
	madeMaxSteps
	madeAborted
	madeToolTimeout
	madeEvents
	madeUserMsg
)

// A spec is runAgent's arguments, as the factory checked them.
type spec struct {
	names       []string // the tools' names, by index
	maxSteps    int
	aborted     bool // the signal fired before the run
	toolTimeout time.Duration
	events      bool // the caller gave onEvent
	userMsg     string
}

// readSpec reads the factory's result. Every value in it is the engine's
// own, so reading cannot run user code.
func readSpec(made safejs.Value) (*spec, error) {
	s := &spec{}
	at := func(i int) safejs.Value {
		v, err := made.Index(i)
		if err != nil {
			return safejs.Undefined()
		}
		return v
	}
	names := at(madeNames)
	n, err := names.Length()
	if err != nil {
		return nil, err
	}
	s.names = make([]string, n)
	for i := range s.names {
		name, err := names.Index(i)
		if err != nil {
			return nil, err
		}
		if s.names[i], err = name.String(); err != nil {
			return nil, err
		}
	}
	if s.maxSteps, err = at(madeMaxSteps).Int(); err != nil {
		return nil, err
	}
	if s.maxSteps < 0 {
		s.maxSteps = agent.DefaultMaxSteps
	}
	if s.aborted, err = at(madeAborted).Bool(); err != nil {
		return nil, err
	}
	ms, err := at(madeToolTimeout).Float()
	if err != nil {
		return nil, err
	}
	s.toolTimeout = time.Duration(ms * float64(time.Millisecond))
	if s.events, err = at(madeEvents).Bool(); err != nil {
		return nil, err
	}
	s.userMsg, err = at(madeUserMsg).String()
	return s, err
}
