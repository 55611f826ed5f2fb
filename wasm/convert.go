//go:build js && wasm

package main

import (
	"math"
	"strconv"
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
			return next, &argError{"Error", "reading " + strings.Join(path[:i+1], ".") + ": " + err.Error()}
		}
		if next.IsUndefined() {
			return next, &argError{"Error", strings.Join(path[:i+1], ".") + " is undefined in this JavaScript environment"}
		}
		v = next
	}
	return v, nil
}

// jsType is JavaScript's typeof of v, with "null" for null. Unlike
// safejs.Value.Type, it does not panic on a BigInt.
func jsType(v safejs.Value) (typ string) {
	defer func() {
		if recover() != nil {
			typ = "bigint"
		}
	}()
	switch v.Type() {
	case safejs.TypeUndefined:
		return "undefined"
	case safejs.TypeNull:
		return "null"
	case safejs.TypeBoolean:
		return "boolean"
	case safejs.TypeNumber:
		return "number"
	case safejs.TypeString:
		return "string"
	case safejs.TypeSymbol:
		return "symbol"
	case safejs.TypeFunction:
		return "function"
	}
	return "object"
}

// isArray reports whether v is a JavaScript array.
func (b *bridge) isArrayValue(v safejs.Value) bool {
	if jsType(v) != "object" {
		return false
	}
	res, err := b.isArray.Invoke(v)
	if err != nil {
		return false
	}
	ok, err := res.Bool()
	return err == nil && ok
}

// describe names v's type, and its value when that is short, for an error
// message: `number 1.5`, `string "3"`, `null`, `an array`.
func (b *bridge) describe(v safejs.Value) string {
	switch typ := jsType(v); typ {
	case "undefined", "null":
		return typ
	case "boolean":
		t, _ := v.Bool()
		return "boolean " + strconv.FormatBool(t)
	case "number":
		f, _ := v.Float()
		return "number " + formatNumber(f)
	case "string":
		s, _ := v.String()
		if len(s) > 40 {
			s = s[:40] + "..."
		}
		return "string " + strconv.Quote(s)
	case "function":
		return "a function"
	case "symbol":
		return "a symbol"
	case "bigint":
		return "a bigint"
	}
	if b.isArrayValue(v) {
		return "an array"
	}
	return "an object"
}

// formatNumber prints f as JavaScript would.
func formatNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
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
