//go:build js && wasm

package main

import (
	"fmt"
	"os"
	"syscall/js"
	"testing"
	"time"

	"github.com/hack-pad/safejs"
	"github.com/stretchr/testify/require"
)

// The tests call the real globalThis.runAgent, as a page would, with
// JavaScript functions made by eval, and await its promise from Go.

func TestMain(m *testing.M) {
	if _, err := register(safejs.Global()); err != nil {
		fmt.Fprintln(os.Stderr, "register:", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// jsEval evaluates JavaScript source, an expression, in the global scope.
func jsEval(t testing.TB, src string) js.Value {
	t.Helper()
	var v js.Value
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("evaluating %s: %v", src, r)
			}
		}()
		v = js.Global().Call("eval", "("+src+")")
	}()
	return v
}

// settled is what a promise settled with.
type settled struct {
	value    js.Value
	rejected bool
}

// errorText is the rejection's name and message, "TypeError: ...", or
// String() of a rejection that is not an Error.
func (s settled) errorText() string {
	if !s.rejected {
		return ""
	}
	if s.value.Type() == js.TypeObject && s.value.Get("message").Type() == js.TypeString {
		return s.value.Get("name").String() + ": " + s.value.Get("message").String()
	}
	return s.value.String()
}

// await waits for promise p to settle, for at most a minute (the machine may be busy). The goroutine
// blocks on a channel, which hands the event loop back to JavaScript.
func await(t testing.TB, p js.Value) settled {
	t.Helper()
	ch := await2(p)
	select {
	case s := <-ch:
		return s
	case <-time.After(time.Minute):
		t.Fatal("the promise did not settle within a minute")
		return settled{}
	}
}

// await2 returns a channel that receives what p settles with.
func await2(p js.Value) <-chan settled {
	ch := make(chan settled, 1)
	var onOK, onErr js.Func
	onOK = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- settled{value: args[0]}
		onOK.Release()
		onErr.Release()
		return nil
	})
	onErr = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- settled{value: args[0], rejected: true}
		onOK.Release()
		onErr.Release()
		return nil
	})
	p.Call("then", onOK, onErr)
	return ch
}

// runAgent calls globalThis.runAgent with args and returns its promise.
func runAgent(t testing.TB, args ...any) js.Value {
	t.Helper()
	p := js.Global().Call("runAgent", args...)
	require.Equal(t, "Promise", p.Get("constructor").Get("name").String(), "runAgent must return a Promise")
	return p
}

// resolves runs runAgent and requires its promise to resolve with a string.
func resolves(t testing.TB, args ...any) string {
	t.Helper()
	s := await(t, runAgent(t, args...))
	require.False(t, s.rejected, "runAgent rejected: %s", s.errorText())
	require.Equal(t, js.TypeString, s.value.Type(), "runAgent resolved with a %s, want a string", s.value.Type())
	return s.value.String()
}

// rejects runs runAgent and requires its promise to reject; it returns
// the rejection.
func rejects(t testing.TB, args ...any) settled {
	t.Helper()
	s := await(t, runAgent(t, args...))
	require.True(t, s.rejected, "runAgent resolved with %q, want a rejection", s.value.String())
	return s
}

// jsJSON is JSON.stringify(v).
func jsJSON(v js.Value) string {
	return js.Global().Get("JSON").Call("stringify", v).String()
}
