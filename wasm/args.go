//go:build js && wasm

package main

import (
	"math"
	"strconv"
	"time"

	"agentloop.dev/agent"
	"github.com/hack-pad/safejs"
)

// Checking runAgent's arguments, before anything runs.

// An argError is a bad argument of runAgent. It rejects the run's promise
// with a JavaScript error made by the constructor named ctor.
type argError struct {
	ctor string // "Error", "TypeError" or "RangeError"
	msg  string
}

func (e *argError) Error() string { return e.msg }

func typeError(msg string) error  { return &argError{"TypeError", "runAgent: " + msg} }
func rangeError(msg string) error { return &argError{"RangeError", "runAgent: " + msg} }

// maxSafeInteger is JavaScript's Number.MAX_SAFE_INTEGER.
const maxSafeInteger = 1<<53 - 1

// A spec is runAgent's arguments, checked.
type spec struct {
	model       safejs.Value // a function, or null when script is set
	script      safejs.Value // an array of actions, or null
	tools       safejs.Value
	names       safejs.Value // Object.keys(tools)
	toolNames   []string
	userMsg     safejs.Value
	text        string // userMsg in Go
	maxSteps    int
	onEvent     safejs.Value // a function, or null
	signal      safejs.Value // an AbortSignal, or null
	aborted     bool         // signal was aborted before the run
	toolTimeout time.Duration
}

// parse checks runAgent(model, tools, userMsg, maxStepsOrOptions).
func (b *bridge) parse(model, tools, userMsg, opts safejs.Value) (*spec, error) {
	s := &spec{model: safejs.Null(), script: safejs.Null(), onEvent: safejs.Null(), signal: safejs.Null(),
		maxSteps: agent.DefaultMaxSteps}
	switch {
	case jsType(model) == "function":
		s.model = model
	case b.isArrayValue(model):
		s.script = model
	default:
		return nil, typeError("model must be a function (messages) => action, or an array of scripted actions; got " + b.describe(model))
	}
	if err := b.parseTools(s, tools); err != nil {
		return nil, err
	}
	if jsType(userMsg) != "string" {
		return nil, typeError("userMsg must be a string, got " + b.describe(userMsg))
	}
	s.userMsg = userMsg
	var err error
	if s.text, err = userMsg.String(); err != nil {
		return nil, &argError{"Error", "runAgent: reading userMsg: " + err.Error()}
	}
	switch jsType(opts) {
	case "undefined", "null":
		return s, nil
	case "number":
		s.maxSteps, err = b.parseMaxSteps(opts, "maxSteps")
		return s, err
	case "object":
		if !b.isArrayValue(opts) {
			return s, b.parseOptions(s, opts)
		}
	}
	return nil, typeError("maxSteps must be a non-negative integer (or the 4th argument an options object {maxSteps, onEvent, signal, toolTimeoutMs}), got " + b.describe(opts))
}

// parseTools checks that tools is an object of functions and reads its
// names: its own enumerable string keys, as Object.keys gives them.
func (b *bridge) parseTools(s *spec, tools safejs.Value) error {
	if jsType(tools) != "object" || b.isArrayValue(tools) {
		return typeError("tools must be an object of name → function (args) => result, got " + b.describe(tools))
	}
	names, err := b.keys.Invoke(tools)
	if err != nil {
		return typeError("reading the names of tools: " + err.Error())
	}
	n, err := names.Length()
	if err != nil {
		return typeError("reading the names of tools: " + err.Error())
	}
	s.tools, s.names, s.toolNames = tools, names, make([]string, n)
	for i := range n {
		name, err := names.Index(i)
		if err == nil {
			s.toolNames[i], err = name.String()
		}
		if err != nil {
			return typeError("reading the names of tools: " + err.Error())
		}
		fn, err := tools.Get(s.toolNames[i])
		if err != nil {
			return typeError("reading tools[" + strconv.Quote(s.toolNames[i]) + "]: " + err.Error())
		}
		if jsType(fn) != "function" {
			return typeError("tools[" + strconv.Quote(s.toolNames[i]) + "] must be a function (args) => result, got " + b.describe(fn))
		}
	}
	return nil
}

// parseOptions reads {maxSteps, onEvent, signal, toolTimeoutMs}; a missing,
// undefined or null field keeps its default.
func (b *bridge) parseOptions(s *spec, opts safejs.Value) error {
	field := func(name string) (safejs.Value, bool, error) {
		v, err := opts.Get(name)
		if err != nil {
			return v, false, typeError("reading options." + name + ": " + err.Error())
		}
		t := jsType(v)
		return v, t != "undefined" && t != "null", nil
	}
	v, ok, err := field("maxSteps")
	if err != nil {
		return err
	}
	if ok {
		if s.maxSteps, err = b.parseMaxSteps(v, "options.maxSteps"); err != nil {
			return err
		}
	}
	if v, ok, err = field("onEvent"); err != nil {
		return err
	}
	if ok {
		if jsType(v) != "function" {
			return typeError("options.onEvent must be a function (event) => void, got " + b.describe(v))
		}
		s.onEvent = v
	}
	if v, ok, err = field("signal"); err != nil {
		return err
	}
	if ok {
		if err := b.parseSignal(s, v); err != nil {
			return err
		}
	}
	if v, ok, err = field("toolTimeoutMs"); err != nil {
		return err
	}
	if ok {
		if jsType(v) != "number" {
			return typeError("options.toolTimeoutMs must be a non-negative number of milliseconds, got " + b.describe(v))
		}
		ms, _ := v.Float()
		if !(ms >= 0) || math.IsInf(ms, 1) {
			return rangeError("options.toolTimeoutMs must be a non-negative number of milliseconds, got " + b.describe(v))
		}
		s.toolTimeout = time.Duration(ms * float64(time.Millisecond))
	}
	return nil
}

// parseMaxSteps reads a non-negative integer; name says where it came from.
func (b *bridge) parseMaxSteps(v safejs.Value, name string) (int, error) {
	if jsType(v) != "number" {
		return 0, typeError(name + " must be a non-negative integer, got " + b.describe(v))
	}
	f, _ := v.Float()
	if !(f >= 0) || f != math.Trunc(f) || f > maxSafeInteger {
		return 0, rangeError(name + " must be a non-negative integer, got " + b.describe(v))
	}
	return int(f), nil
}

// parseSignal checks that v looks like an AbortSignal and notes whether it
// has already fired.
func (b *bridge) parseSignal(s *spec, v safejs.Value) error {
	bad := typeError("options.signal must be an AbortSignal, got " + b.describe(v))
	if jsType(v) != "object" {
		return bad
	}
	aborted, err := v.Get("aborted")
	if err != nil || jsType(aborted) != "boolean" {
		return bad
	}
	for _, method := range []string{"addEventListener", "removeEventListener"} {
		if m, err := v.Get(method); err != nil || jsType(m) != "function" {
			return bad
		}
	}
	s.signal = v
	s.aborted, _ = aborted.Bool()
	return nil
}
