// Package loops2 holds, one package each, wrong level-2 loops (the
// interviewer's follow-ups) that the Go Exercise's tests grade both
// natively and in the browser engine under Node, to show that the two give
// the same verdicts: one that runs an action's calls one after another
// (sequential), one that never sums "usage" (nousage) and one that drops
// the calls' ids (noids).
package loops2
