//go:build js && wasm

package main

import (
	"math"
	"time"

	"agentloop.dev/agent"
	"github.com/hack-pad/safejs"
)

// runAgent's arguments. check.js checks them (see there why in
// JavaScript); makeEngine returns them with the engine, and Go reads them
// from that object, which is the engine's own: reading it cannot run user
// code.

// A spec is runAgent's arguments, as the engine checked them.
type spec struct {
	names       []string // the tools' names, by index
	maxSteps    int
	aborted     bool // the signal fired before the run
	toolTimeout time.Duration
	budget      float64 // maxTranscriptBytes
	events      bool    // the caller gave onEvent
	approve     bool    // the caller gave approve
	userMsg     string
	// contextBudget and trim are the options of agent.ContextBudget: 0
	// for none.
	contextBudget int
	trim          agent.Trim
}

// readSpec reads what makeEngine returned.
func readSpec(made safejs.Value) (*spec, error) {
	s := &spec{}
	names, err := made.Get("names")
	if err != nil {
		return nil, err
	}
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
	get := func(name string) safejs.Value {
		if err != nil {
			return safejs.Undefined()
		}
		var v safejs.Value
		v, err = made.Get(name)
		return v
	}
	if s.maxSteps, err = get("maxSteps").Int(); err != nil {
		return nil, err
	}
	if s.maxSteps < 0 {
		s.maxSteps = agent.DefaultMaxSteps
	}
	if s.aborted, err = get("aborted").Bool(); err != nil {
		return nil, err
	}
	ms, err := get("toolTimeoutMs").Float()
	if err != nil {
		return nil, err
	}
	s.toolTimeout = toolTimeout(ms)
	if s.budget, err = get("maxTranscriptBytes").Float(); err != nil {
		return nil, err
	}
	if s.events, err = get("events").Bool(); err != nil {
		return nil, err
	}
	if s.approve, err = get("approve").Bool(); err != nil {
		return nil, err
	}
	if s.userMsg, err = get("userMsg").String(); err != nil {
		return nil, err
	}
	tokens, err := get("contextBudget").Float()
	if err != nil {
		return nil, err
	}
	s.contextBudget = agent.ClampCount(tokens)
	trim, err := get("trim").String()
	s.trim = agent.Trim(trim)
	return s, err
}

// toolTimeout converts toolTimeoutMs, a finite non-negative number, into
// a Duration, to the nearest nanosecond: 0 is no limit, a positive value
// that would round to 0 is one nanosecond (it must not become no limit),
// and a value beyond what a Duration holds is the longest Duration.
func toolTimeout(ms float64) time.Duration {
	ns := ms * float64(time.Millisecond)
	switch {
	case ns >= math.MaxInt64:
		return math.MaxInt64
	case ns > 0 && ns < 1:
		return 1
	}
	return time.Duration(math.Round(ns))
}
