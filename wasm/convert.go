//go:build js && wasm

package main

import (
	"errors"
	"math"
	"time"

	"github.com/hack-pad/safejs"
)

// Conversions between JavaScript values and Go values.

// property reads the property name of v, such as Function of globalThis,
// and fails when it is missing.
func property(v safejs.Value, name string) (safejs.Value, error) {
	p, err := v.Get(name)
	if err != nil {
		return p, errors.New("reading " + name + ": " + err.Error())
	}
	if p.IsUndefined() {
		return p, errors.New(name + " is undefined in this JavaScript environment")
	}
	return p, nil
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
