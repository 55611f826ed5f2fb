//go:build js && wasm

package main

import (
	"errors"
	"time"
	"unsafe"

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

// float64Bytes returns the bytes of f, which are those of a Float64Array:
// WebAssembly is little-endian, like every JavaScript engine that runs it.
// The bytes are f's own, not a copy.
func float64Bytes(f []float64) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(f))), 8*len(f))
}
