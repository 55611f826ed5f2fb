package agent

import (
	"context"
	"fmt"
	"sync/atomic"
)

// Script returns a model that plays actions in order: the k-th call returns
// actions[k-1], and a call past the end fails with "script exhausted at
// step N". A script keeps its place, so use a new one for each run.
func Script(actions ...Action) Model {
	var calls atomic.Int64
	return func(context.Context, []Message) (Action, error) {
		k := int(calls.Add(1))
		if k > len(actions) {
			return nil, fmt.Errorf("script exhausted at step %d", k)
		}
		return actions[k-1], nil
	}
}
