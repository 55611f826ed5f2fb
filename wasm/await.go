//go:build js && wasm

package main

import (
	"context"

	"github.com/hack-pad/safejs"
)

// What safejs lacks: awaiting a JavaScript promise, and reading a number
// cheaply. float is the bridge's one use of the syscall/js value behind a
// safejs.Value.

// float reads the number v holds. A number lives in the Value itself
// (NaN-boxed), so reading it runs no JavaScript; safejs.Value.Float would
// still guard the read with a deferred recover and a closure, which costs
// about 1 µs in Chromium, twice per step. Checking the type first makes
// the read unable to panic.
func float(v safejs.Value) (float64, bool) {
	if v.Type() != safejs.TypeNumber {
		return 0, false
	}
	return safejs.Unsafe(v).Float(), true
}

// Awaiting a JavaScript promise.
//
// A goroutine that awaits a promise blocks on a channel, which parks only
// that goroutine: the Go runtime goes back to the JavaScript event loop
// when every goroutine is blocked, so other runs go on meanwhile. The
// engine attaches the promise's callbacks itself and calls one Go function,
// wake(id, k), when promise k of run id settles; the goroutine then takes
// the outcome from the engine. One Go function for all promises of all
// runs spares a js.FuncOf (and its release) per await.

// wake is the Go side of the engines' wake(id, k). Promise numbers start at
// 1; k == 0 says the run's AbortSignal fired. It reports whether the run is
// still in flight. It never blocks and never takes a run's op lock: an
// abort() inside a model or tool calls it nested, while the run's
// goroutine is inside a call to the engine.
func (b *bridge) wake(_ safejs.Value, args []safejs.Value) (alive any) {
	defer func() {
		if recover() != nil {
			alive = false
		}
	}()
	if len(args) < 2 || args[0].Type() != safejs.TypeNumber || args[1].Type() != safejs.TypeNumber {
		return false
	}
	id, _ := args[0].Int()
	k, _ := args[1].Int()
	r := b.lookup(id)
	if r == nil {
		return false
	}
	if k == 0 {
		r.cancel()
		return true
	}
	select {
	case r.waiter(k) <- struct{}{}:
	default:
	}
	return true
}

// waiter returns the channel on which promise k's settlement arrives.
// Whichever of wake and await comes first creates it.
func (r *run) waiter(k int) chan struct{} {
	r.waitMu.Lock()
	defer r.waitMu.Unlock()
	ch, ok := r.waits[k]
	if !ok {
		ch = make(chan struct{}, 1)
		r.waits[k] = ch
	}
	return ch
}

// await blocks until promise k settles or ctx is done. In the second case
// it tells the engine to drop the promise, so its late settlement is
// ignored, and returns ctx's error.
func (r *run) await(ctx context.Context, k int) error {
	ch := r.waiter(k)
	defer func() {
		r.waitMu.Lock()
		delete(r.waits, k)
		r.waitMu.Unlock()
	}()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		_, _ = r.number(opDrop, k, 0) // an engine that fails here only keeps a promise longer
		return ctx.Err()
	}
}
