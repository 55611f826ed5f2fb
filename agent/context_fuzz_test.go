package agent_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// FuzzContextBudget plays random long runs under a random budget and
// strategy. Each byte of the script is a step: its low two bits make 1 to
// 4 calls (parallel from 2 on, with ids), and the rest pick each output's
// size; a call of a tool that does not exist fails. Whatever the script,
// every request keeps the first user message, pairs every call with its
// result and every result with its call, is the transcript less what its
// event names, counts what its event says, and is over the budget only
// when nothing more could be trimmed. The transcript itself stays whole.
func FuzzContextBudget(f *testing.F) {
	f.Add(uint16(100), byte(1), []byte{0, 1, 2, 3, 0x40, 0x81, 0xff, 7})
	f.Add(uint16(50), byte(2), []byte{3, 3, 3, 3, 3, 3})
	f.Add(uint16(0), byte(2), []byte{1})
	f.Add(uint16(1), byte(1), []byte{0xfc, 0xfd, 0xfe, 0xff, 0, 0})
	f.Add(uint16(400), byte(0), []byte{0x13, 0x27, 0x3a})
	f.Add(uint16(7), byte(3), []byte{0x10, 0x20})
	f.Add(uint16(60), byte(2), []byte{0x40, 0x41, 0x80, 0x23, 0x50})
	f.Add(uint16(60), byte(1), []byte{0x41, 0x40, 0x83, 0x22, 0x50})

	f.Fuzz(func(t *testing.T, budget uint16, trimPick byte, script []byte) {
		if len(script) > 64 {
			script = script[:64]
		}
		trim := []agent.Trim{agent.TrimNone, agent.TrimToolOutputs, agent.TrimExchanges, "unknown"}[trimPick%4]
		var requests [][]agent.Message
		step := 0
		model := func(_ context.Context, msgs []agent.Message) (agent.Action, error) {
			requests = append(requests, append([]agent.Message(nil), msgs...))
			if step >= len(script) {
				return agent.Final("done"), nil
			}
			b := script[step]
			step++
			return fuzzAction(step, b), nil
		}
		var rec recorder
		res, err := agent.Run(context.Background(), model, agent.Tools{"read": readTool}, "Read it all.",
			agent.MaxSteps(len(script)+1), agent.ContextBudget(int(budget), trim), agent.CountTokens(lengthCount), agent.OnEvent(rec.observe))
		require.NoError(t, err)
		require.Equal(t, agent.StopFinal, res.Reason)

		windows := contextEvents(rec.events)
		if budget == 0 {
			require.Empty(t, windows, "no budget, no context event")
			for k, req := range requests {
				require.Len(t, req, len(res.Messages[:len(req)]), "request %d", k+1)
			}
			return
		}
		require.Len(t, windows, len(requests), "one context event per model call")
		place := lengthCount(agent.Message{Role: agent.RoleTool, Content: agent.TrimmedOutput})
		for k, req := range requests {
			w := windows[k].Window
			where := fmt.Sprintf("step %d (%s, budget %d)", k+1, trim, budget)
			require.Equal(t, k+1, windows[k].Step, where)
			require.NotEmpty(t, req, where)
			assert.Equal(t, res.Messages[0], req[0], "%s: the first user message is sent", where)
			checkPaired(t, req, where)

			// The request is the transcript so far, less Dropped, with the
			// outputs of Replaced replaced.
			held := transcriptAt(res.Messages, k)
			dropped, replaced := set(w.Dropped), set(w.Replaced)
			var want []agent.Message
			tokens, sent := 0, 0
			for i, m := range held {
				tokens += lengthCount(m)
				if dropped[i] {
					continue
				}
				if replaced[i] {
					require.Equal(t, agent.RoleTool, m.Role, "%s: message %d is replaced but is no tool message", where, i)
					m.Content = agent.TrimmedOutput
				}
				sent += lengthCount(m)
				want = append(want, m)
			}
			require.Equal(t, want, req, where)
			assert.Equal(t, tokens, w.Tokens, "%s: Tokens", where)
			assert.Equal(t, sent, w.Sent, "%s: Sent", where)
			if trim == "unknown" {
				assert.Equal(t, agent.TrimNone, w.Trim, "%s: an unknown strategy is TrimNone", where)
			} else {
				assert.Equal(t, trim, w.Trim, where)
			}
			assert.Equal(t, int(budget), w.Budget, where)

			if w.Fits() {
				continue
			}
			// Over the budget: nothing more could go.
			last := lastExchange(held)
			switch trim {
			case agent.TrimExchanges:
				assert.Len(t, req, 1+len(held)-last, "%s: over the budget with an exchange still droppable", where)
			case agent.TrimToolOutputs:
				for i := 1; i < last; i++ {
					if held[i].Role == agent.RoleTool && !replaced[i] {
						assert.LessOrEqual(t, lengthCount(held[i]), place, "%s: over the budget with output %d still replaceable", where, i)
					}
				}
			default:
				assert.Equal(t, w.Tokens, w.Sent, "%s: %q trims nothing", where, trim)
			}
		}
		for _, m := range res.Messages {
			require.NotEqual(t, agent.TrimmedOutput, m.Content, "the transcript holds a placeholder")
		}
	})
}

// fuzzAction is the tool action of byte b at step: 1 to 4 calls (the low
// two bits), each output's size from the rest; a call whose size bits are
// 0b111111 names a tool that does not exist.
func fuzzAction(step int, b byte) agent.Action {
	n := 1 + int(b&3)
	calls := make([]agent.Call, n)
	for c := range calls {
		size := int(b>>2) * (c + 1)
		name := "read"
		if b>>2 == 63 && c == 0 {
			name = "nope"
		}
		calls[c] = agent.Call{Name: name, Args: map[string]any{"n": size}, ID: fmt.Sprintf("s%d.%d", step, c+1)}
	}
	if n == 1 {
		return agent.ToolCall(calls[0].Name, calls[0].Args.(map[string]any))
	}
	return agent.ParallelCalls(calls...)
}

// transcriptAt is the transcript the k-th (0-based) model call was made
// with: the messages before the (k+1)-th assistant message.
func transcriptAt(msgs []agent.Message, k int) []agent.Message {
	seenActions := 0
	for i, m := range msgs {
		if m.Role == agent.RoleAssistant {
			if seenActions == k {
				return msgs[:i]
			}
			seenActions++
		}
	}
	return msgs
}

// lastExchange is the index where the latest exchange after the user's
// message begins, or len(msgs) when there is none.
func lastExchange(msgs []agent.Message) int {
	for i := len(msgs) - 1; i > 0; i-- {
		if msgs[i].Role != agent.RoleTool {
			return i
		}
	}
	return len(msgs)
}

func set(indices []int) map[int]bool {
	s := map[int]bool{}
	for _, i := range indices {
		s[i] = true
	}
	return s
}

// checkPaired fails unless every tool action of req is followed by exactly
// one tool message per call, with the call's name and id, in call order,
// and every tool message follows such an action.
func checkPaired(t *testing.T, req []agent.Message, where string) {
	t.Helper()
	for i := 0; i < len(req); i++ {
		m := req[i]
		switch m.Role {
		case agent.RoleTool:
			require.Fail(t, "a result without its call", "%s: message %d (%s) follows no call of its own", where, i, line(m))
		case agent.RoleAssistant:
			calls, err := m.Action.AppendCalls(nil)
			require.NoError(t, err, where)
			for c, call := range calls {
				require.Less(t, i+1+c, len(req), "%s: call %d of message %d has no result", where, c, i)
				got := req[i+1+c]
				require.Equal(t, agent.RoleTool, got.Role, "%s: call %d of message %d has no result", where, c, i)
				require.Equal(t, call.Name+"#"+call.ID, got.Name+"#"+got.ID, "%s: call %d of message %d has another's result", where, c, i)
			}
			i += len(calls)
		}
	}
}
