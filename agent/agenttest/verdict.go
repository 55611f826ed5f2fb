package agenttest

import "fmt"

// A Verdict is the outcome of one case, for a harness that is not a Go
// test (the playground's Go Exercise, say) and reports each case itself.
type Verdict struct {
	// FollowUp names the follow-up the case belongs to; "" for a case of
	// the classic loop ([Cases]).
	FollowUp string
	// Case is the case's name.
	Case string
	// Diff is the first difference from the reference, in the words
	// TestLoop and TestFollowUps report (`case "NAME": ...`); "" when the
	// loop did what the reference did.
	Diff string
}

// Passed reports whether the loop did on the case what the reference did.
func (v Verdict) Passed() bool { return v.Diff == "" }

// CheckLoop runs loop on every case of [Cases], in order, and returns one
// Verdict per case. It is TestLoop without package testing: a panic in
// loop fails the case it happened in, and a loop that never returns
// without calling the model blocks CheckLoop too.
func CheckLoop(loop Loop) []Verdict {
	cases := Cases()
	verdicts := make([]Verdict, len(cases))
	for i, c := range cases {
		verdicts[i] = Verdict{Case: c.Name}
		if err := c.Check(loop); err != nil {
			verdicts[i].Diff = err.Error()
		}
	}
	return verdicts
}

// Check runs loop on c and returns the first difference from the
// reference as an error (`case "NAME": ...`), or nil when there is none.
func (c Case) Check(loop Loop) error {
	if loop == nil {
		return fmt.Errorf("case %q: the Loop is nil", c.Name)
	}
	return check(c, loop)
}
