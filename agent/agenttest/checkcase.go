package agenttest

// CheckCase runs loop on c, as TestLoop's subtest for c does, and returns
// the first difference from the reference loop, or nil when there is none.
// It is for runners other than go test (the playground's Go Exercise): the
// verdict and its wording are TestLoop's.
func CheckCase(c Case, loop Loop) error {
	return check(c, loop)
}
