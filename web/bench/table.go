//go:build !(js && wasm)

package main

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
)

// A section is one numbered part of the report: a title and its rows.
type section struct {
	Title string `json:"title"`
	Rows  []row  `json:"rows"`
	// Raw holds the section's samples and anything else worth keeping.
	Raw map[string]any `json:"raw,omitempty"`
}

// A row is one measure: its value, unit and budget, or why it is missing.
type row struct {
	Measure string  `json:"measure"`
	Value   float64 `json:"value"`
	Unit    string  `json:"unit"`
	Budget  *budget `json:"budget,omitempty"`
	Err     string  `json:"error,omitempty"`
}

// A budget bounds a value from above (Op "<=") or below (Op ">=").
type budget struct {
	Op    string  `json:"op"`
	Limit float64 `json:"limit"`
}

func atMost(limit float64) *budget  { return &budget{Op: "<=", Limit: limit} }
func atLeast(limit float64) *budget { return &budget{Op: ">=", Limit: limit} }

// failed returns a row that says why its measure is missing.
func failed(measure string, err error) row {
	return row{Measure: measure, Err: err.Error()}
}

// Met reports whether the row's value is within its budget; rows without
// a value or a budget are never misses.
func (r row) Met() bool {
	if r.Err != "" || r.Budget == nil {
		return true
	}
	if r.Budget.Op == "<=" {
		return r.Value <= r.Budget.Limit
	}
	return r.Value >= r.Budget.Limit
}

func (r row) value() string {
	if r.Err != "" {
		return "n/a"
	}
	return number(r.Value, r.Unit)
}

func (r row) budget() string {
	if r.Budget == nil {
		return ""
	}
	op := "≤"
	if r.Budget.Op == ">=" {
		op = "≥"
	}
	return op + " " + number(r.Budget.Limit, r.Unit)
}

func (r row) status() string {
	switch {
	case r.Err != "":
		return "n/a (see notes)"
	case r.Budget == nil:
		return ""
	case r.Met():
		return "ok"
	}
	// How far off, as a factor of the budget: 2× means twice the limit
	// (or half the floor).
	by := r.Value / r.Budget.Limit
	if r.Budget.Op == ">=" {
		by = r.Budget.Limit / r.Value
	}
	return fmt.Sprintf("MISS by %s", trim(by, 3)+"×")
}

// number formats v with its unit, with about three significant digits.
func number(v float64, unit string) string {
	s := trim(v, 3)
	switch unit {
	case "×":
		return s + "×"
	case "":
		return s
	}
	return s + " " + unit
}

// trim formats v with about sig significant digits and no trailing zeros.
func trim(v float64, sig int) string {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return fmt.Sprint(v)
	}
	digits := sig - 1 - int(math.Floor(math.Log10(math.Abs(v))))
	if digits < 0 {
		digits = 0
	}
	s := fmt.Sprintf("%.*f", digits, v)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// printTable writes the sections as one aligned text table, then the notes
// that explain the missing values and the line of missed budgets.
func printTable(w io.Writer, sections []section) {
	header := []string{"measure", "value", "budget", "status"}
	cells := [][]string{header}
	for _, s := range sections {
		cells = append(cells, []string{s.Title})
		for _, r := range s.Rows {
			cells = append(cells, []string{"  " + r.Measure, r.value(), r.budget(), r.status()})
		}
	}
	width := make([]int, len(header))
	for _, c := range cells {
		if len(c) == 1 {
			continue // section titles span the table
		}
		for i, v := range c {
			width[i] = max(width[i], utf8.RuneCountInString(v))
		}
	}
	total := len(width) * 3
	for _, n := range width {
		total += n
	}
	rule := strings.Repeat("-", total)
	for i, c := range cells {
		if len(c) == 1 {
			if i > 1 {
				fmt.Fprintln(w, rule)
			}
			fmt.Fprintln(w, c[0])
			continue
		}
		var line strings.Builder
		for j, v := range c {
			if j > 0 {
				line.WriteString(" | ")
			}
			line.WriteString(v)
			if j < len(c)-1 {
				line.WriteString(strings.Repeat(" ", width[j]-utf8.RuneCountInString(v)))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(line.String(), " "))
		if i == 0 {
			fmt.Fprintln(w, rule)
		}
	}
	fmt.Fprintln(w, rule)
	notes := 0
	for _, s := range sections {
		for _, r := range s.Rows {
			if r.Err == "" {
				continue
			}
			if notes == 0 {
				fmt.Fprintln(w, "notes:")
			}
			notes++
			fmt.Fprintf(w, "  %s: %s\n", strings.TrimSpace(r.Measure), r.Err)
		}
	}
	printMisses(w, sections)
}

// printMisses ends the report with one line naming every missed budget by
// its section's number and its measure, so that a reader of a long table
// (or of CI's log) sees at once what is over.
func printMisses(w io.Writer, sections []section) {
	var missed []string
	budgets := 0
	for _, s := range sections {
		number, _, _ := strings.Cut(s.Title, ".")
		for _, r := range s.Rows {
			if r.Budget == nil || r.Err != "" {
				continue
			}
			budgets++
			if !r.Met() {
				missed = append(missed, fmt.Sprintf("%s %s (%s)", number, strings.TrimSpace(r.Measure), r.status()))
			}
		}
	}
	if len(missed) == 0 {
		fmt.Fprintf(w, "misses: none of %d budgets\n", budgets)
		return
	}
	fmt.Fprintf(w, "misses: %d of %d budgets: %s\n", len(missed), budgets, strings.Join(missed, "; "))
}

// median returns the median of xs (the mean of the middle two for an even
// count), or NaN for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
