//go:build js && wasm

// Command wasm is the agent loop's bridge to JavaScript. Built with
// GOOS=js GOARCH=wasm, it defines
//
//	globalThis.runAgent(model, tools, userMsg, maxStepsOrOptions) → Promise<string>
//
// which runs [agent.Run] over JavaScript functions: the model is a function
// of the messages (or an array of scripted actions), the tools an object of
// functions, and the promise resolves with the final answer. The bridge
// decides nothing about the loop; it translates values and events, and it
// keeps JavaScript values on the JavaScript side, because crossing between
// Go and JavaScript is what costs time. The README documents the contract.
//
// Every JavaScript access goes through github.com/hack-pad/safejs, and every
// entry from JavaScript recovers from panics, so bad input rejects a promise
// and never ends the Go program.
package main

import (
	"fmt"
	"sync"

	"github.com/hack-pad/safejs"
)

func main() {
	if _, err := register(safejs.Global()); err != nil {
		println("runAgent bridge:", err.Error())
		return
	}
	select {} // serve runAgent calls until the page goes away
}

// A bridge holds what every run shares: the compiled engine factory, the
// Go functions JavaScript calls, and the runs in flight.
type bridge struct {
	factory  safejs.Value // makeEngine of engine.js
	errorFn  safejs.Value // Error
	start    safejs.Func  // called by runAgent, in a microtask of its own
	wakeFunc safejs.Func  // called by the engines: wake(id, k)

	mu   sync.Mutex
	runs map[int]*run
	last int
}

// register compiles the engine and defines globalThis.runAgent.
func register(global safejs.Value) (*bridge, error) {
	b := &bridge{runs: make(map[int]*run)}
	function, err := property(global, "Function")
	if err != nil {
		return nil, err
	}
	object, err := property(global, "Object")
	if err != nil {
		return nil, err
	}
	if b.errorFn, err = property(global, "Error"); err != nil {
		return nil, err
	}
	define, err := function.New("exports", engineSource())
	if err != nil {
		return nil, fmt.Errorf("compiling the engine: %w", err)
	}
	exports, err := object.New()
	if err != nil {
		return nil, err
	}
	if _, err := define.Invoke(exports); err != nil {
		return nil, fmt.Errorf("defining the engine: %w", err)
	}
	if b.factory, err = property(exports, "makeEngine"); err != nil {
		return nil, err
	}
	makeRunAgent, err := property(exports, "makeRunAgent")
	if err != nil {
		return nil, err
	}
	if b.start, err = safejs.FuncOf(b.startRun); err != nil {
		return nil, err
	}
	if b.wakeFunc, err = safejs.FuncOf(b.wake); err != nil {
		return nil, err
	}
	runAgent, err := makeRunAgent.Invoke(b.start.Value())
	if err != nil {
		return nil, fmt.Errorf("creating runAgent: %w", err)
	}
	if err := global.Set("runAgent", runAgent); err != nil {
		return nil, fmt.Errorf("setting globalThis.runAgent: %w", err)
	}
	return b, nil
}

// newError returns a new JavaScript Error with message msg.
func (b *bridge) newError(msg string) safejs.Value {
	e, err := b.errorFn.New(msg)
	if err != nil {
		v, _ := safejs.ValueOf(msg) // a message is better than nothing
		return v
	}
	return e
}

// add records r as in flight and gives it an id.
func (b *bridge) add(r *run) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.last++
	r.id = b.last
	b.runs[r.id] = r
}

func (b *bridge) remove(id int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.runs, id)
}

func (b *bridge) lookup(id int) *run {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.runs[id]
}
