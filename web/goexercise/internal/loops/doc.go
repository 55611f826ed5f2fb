// Package loops holds, one package each, the wrong loops the Go Exercise's
// tests grade both natively and in the browser engine under Node, to show
// that the two give the same verdicts: a loop that forgets to append the
// assistant's action (noappend), one that passes nil args (nilargs), one
// that runs one step too few (offbyone), one that panics (panics) and one
// whose goroutine panics, which ends the program (goroutine).
package loops
