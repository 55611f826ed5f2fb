//go:build !(js && wasm)

package main

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseBenchReadsPerStepMetricsOrDividesPerOp(t *testing.T) {
	out := []byte(`goos: linux
BenchmarkRun/steps=10-2      	  200000	      5000 ns/op	       500.0 ns/step	       2.000 allocs/step	     960 B/op	      20 allocs/op
BenchmarkRun/steps=1000-2    	    1652	    684381 ns/op	  500365 B/op	      29 allocs/op
BenchmarkRun/steps=100000    	       4	 343395148 ns/op	89969936 B/op	      64 allocs/op
BenchmarkOther/steps=7-2     	       1	 1 ns/op
PASS
`)
	got := parseBench(out)
	assert.Equal(t, map[int]benchResult{
		10:     {nsPerStep: 500, allocsPerStep: 2},
		1000:   {nsPerStep: 684.381, allocsPerStep: 0.029},
		100000: {nsPerStep: 3433.95148, allocsPerStep: 0.00064},
	}, got)
}

func TestStatusSaysOkOrByHowMuchABudgetIsMissed(t *testing.T) {
	tests := []struct {
		name string
		row  row
		want string
	}{
		{"under a ceiling", row{Value: 0.8, Unit: "µs/step", Budget: atMost(1)}, "ok"},
		{"on a ceiling", row{Value: 780, Unit: "KB", Budget: atMost(780)}, "ok"},
		{"over a ceiling", row{Value: 20, Unit: "µs/step", Budget: atMost(10)}, "MISS by 2×"},
		{"under a floor", row{Value: 4, Unit: "×", Budget: atLeast(10)}, "MISS by 2.5×"},
		{"no budget", row{Value: 4, Unit: "ms"}, ""},
		{"no value", failed("x", errors.New("no page")), "n/a (see notes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.row.status())
		})
	}
}

func TestNumbersShowAboutThreeSignificantDigits(t *testing.T) {
	assert.Equal(t, "684 ns/step", number(684.381, "ns/step"))
	assert.Equal(t, "1.25 µs/step", number(1.2549, "µs/step"))
	assert.Equal(t, "0.029 allocs/step", number(0.029, "allocs/step"))
	assert.Equal(t, "12×", number(12.0, "×"))
	assert.Equal(t, "≥ 10×", row{Unit: "×", Budget: atLeast(10)}.budget())
}

func TestMissesLineSaysNoneWhenEveryBudgetIsMet(t *testing.T) {
	var buf bytes.Buffer
	printMisses(&buf, []section{{Title: "4. Size", Rows: []row{
		{Measure: "gzip", Value: 700, Unit: "KB", Budget: atMost(780)},
		{Measure: "raw", Value: 2000, Unit: "KB"},
	}}})
	assert.Equal(t, "misses: none of 1 budgets\n", buf.String(), "a row without a budget is not counted")
}

func TestMedianOfOddAndEvenCounts(t *testing.T) {
	assert.Equal(t, 3.0, median([]float64{5, 1, 3}))
	assert.Equal(t, 2.5, median([]float64{4, 1, 3, 2}))
	assert.True(t, math.IsNaN(median(nil)))
}

func TestTableAlignsColumnsAndListsNotes(t *testing.T) {
	var buf bytes.Buffer
	printTable(&buf, []section{{Title: "1. Size", Rows: []row{
		{Measure: "gzip", Value: 800, Unit: "KB", Budget: atMost(780)},
		failed("brotli", errors.New("brotli is not installed")),
	}}})
	assert.Equal(t, `measure  | value  | budget   | status
-------------------------------------------------
1. Size
  gzip   | 800 KB | ≤ 780 KB | MISS by 1.03×
  brotli | n/a    |          | n/a (see notes)
-------------------------------------------------
notes:
  brotli: brotli is not installed
misses: 1 of 1 budgets: 1 gzip (MISS by 1.03×)
`, buf.String())
}
