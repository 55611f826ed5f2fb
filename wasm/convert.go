//go:build js && wasm

package main

import (
	"errors"
	"math"
	"strings"
	"time"

	"github.com/hack-pad/safejs"
)

// Conversions between JavaScript values and Go values.

// property reads a dotted path of properties of v, such as Array.isArray,
// and fails when one is missing.
func property(v safejs.Value, path ...string) (safejs.Value, error) {
	for i, p := range path {
		next, err := v.Get(p)
		if err != nil {
			return next, errors.New("reading " + strings.Join(path[:i+1], ".") + ": " + err.Error())
		}
		if next.IsUndefined() {
			return next, errors.New(strings.Join(path[:i+1], ".") + " is undefined in this JavaScript environment")
		}
		v = next
	}
	return v, nil
}

// milliseconds is d in JavaScript's unit of time, as a float.
func milliseconds(d time.Duration) float64 {
	return float64(d) / float64(time.Millisecond)
}

// float64Bytes encodes ms as the bytes of a little-endian Float64Array,
// the byte order of WebAssembly and of every JavaScript engine it runs in.
func float64Bytes(ms []float64) []byte {
	out := make([]byte, 8*len(ms))
	for i, f := range ms {
		bits := math.Float64bits(f)
		for j := range 8 {
			out[8*i+j] = byte(bits >> (8 * j))
		}
	}
	return out
}
