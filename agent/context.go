package agent

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// A Trim is what a run with a ContextBudget does when the messages of a
// model call would come to more tokens than the budget. Both strategies
// keep the first user message and the latest exchange (the latest
// assistant message and the tool messages after it) as they are, and
// never part a tool call from its result: a tool message goes, or stays,
// with the assistant message that called it. A request that still does
// not fit is sent as trimmed as it can be, and its event says so.
type Trim string

// The strategies.
const (
	// TrimNone counts the tokens of each request and reports them, and
	// trims nothing. ContextBudget takes the zero Trim, and any value not
	// listed here, for it.
	TrimNone Trim = "none"
	// TrimToolOutputs replaces the content of the oldest tool messages,
	// one at a time, with TrimmedOutput until the request fits. The
	// messages themselves stay, so every call keeps its result.
	TrimToolOutputs Trim = "tool_outputs"
	// TrimExchanges drops the oldest whole exchanges (an assistant message
	// with the tool messages of its calls), one at a time, until the
	// request fits.
	TrimExchanges Trim = "exchanges"
)

// Trims lists the strategies, TrimNone first.
func Trims() []Trim { return []Trim{TrimNone, TrimToolOutputs, TrimExchanges} }

// TrimmedOutput is the content TrimToolOutputs gives a tool message whose
// output it left out of a request.
const TrimmedOutput = "[output dropped to fit the context budget]"

// ContextBudget limits the tokens of the messages each model call is
// sent: before every call the run counts them (see CountTokens) and, when
// they come to more than tokens, trims them as trim says. Only what the
// model is sent is trimmed: the run's transcript (Result.Messages, the
// message events) stays whole. Each call is preceded by an EventContext
// that says what was counted and what was left out. Zero, the default,
// and a negative value set no budget: the model gets the transcript, and
// no EventContext is reported.
func ContextBudget(tokens int, trim Trim) Option {
	if !slices.Contains(Trims(), trim) {
		trim = TrimNone
	}
	return func(c *config) { c.budget, c.trim = max(tokens, 0), trim }
}

// CountTokens sets how a run with a ContextBudget counts a message's
// tokens; EstimateTokens is the default. count is called once for each
// message of the transcript, in order, the first time a request holds it,
// and once per run for the placeholder Message{Role: RoleTool, Content:
// TrimmedOutput}, which is what every replaced output then counts as. A
// negative count counts as zero, and one above 2^40 as 2^40.
func CountTokens(count func(Message) int) Option {
	return func(c *config) { c.count = count }
}

// EstimateTokens is the default count of a message's tokens. It is an
// estimate, not any tokenizer's count: 4 tokens for the message itself
// (its role and framing), plus a token for every 4 characters, rounded up,
// of its text — the content of a user or tool message or of a final
// answer, and for a tool action each call's name and its args as JSON.
// Real tokenizers count JSON-heavy text as more tokens than that.
func EstimateTokens(m Message) int {
	return messageOverhead + (textLength(m)+3)/4
}

// messageOverhead is what EstimateTokens adds for each message.
const messageOverhead = 4

// textLength is the number of characters EstimateTokens counts in m.
func textLength(m Message) int {
	if m.Role != RoleAssistant || m.Action == nil {
		return utf8.RuneCountInString(m.Content)
	}
	switch typ, _ := m.Action.Type(); typ {
	case TypeFinal:
		return utf8.RuneCountInString(m.Action.Content())
	case TypeTool:
		calls, _ := m.Action.AppendCalls(nil)
		n := 0
		for _, c := range calls {
			n += utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(argsJSON(c.Args))
		}
		return n
	}
	return 0
}

// argsJSON is a call's args as JSON.stringify writes them, or %v when JSON
// cannot hold them.
func argsJSON(args any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(args); err != nil {
		return fmt.Sprint(args)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// A Window says what one model call of a run with a ContextBudget is sent
// (EventContext): what the transcript counts, what the request counts
// after trimming, and which messages of the transcript were left out.
type Window struct {
	Budget int  // the budget, in tokens
	Trim   Trim // the strategy
	// Tokens counts the whole transcript; Sent counts the request. Sent
	// is at most Budget unless nothing more could be trimmed.
	Tokens, Sent int
	// Dropped holds the indices, in the transcript, of the messages the
	// request leaves out (TrimExchanges); Replaced those of the tool
	// messages whose content it replaces with TrimmedOutput
	// (TrimToolOutputs). Both are in order, and nil when empty.
	Dropped, Replaced []int
}

// Fits reports whether the request is within the budget.
func (w *Window) Fits() bool { return w.Sent <= w.Budget }

func (r *run) countTokens(m Message) int {
	count := r.cfg.count
	if count == nil {
		count = EstimateTokens
	}
	return min(max(count(m), 0), maxCount)
}

// maxCount bounds a message's count, so that the sum of a transcript's
// counts cannot overflow.
const maxCount = 1 << 40

// fit decides what a request of msgs leaves out: counts holds each
// message's tokens, placeholder those of a replaced output.
func fit(msgs []Message, counts []int, budget int, trim Trim, placeholder int) *Window {
	w := &Window{Budget: budget, Trim: trim}
	for _, n := range counts[:len(msgs)] {
		w.Tokens += n
	}
	w.Sent = w.Tokens
	// Only messages before the latest exchange may go: the first user
	// message starts the first exchange, which is kept too.
	starts := exchangeStarts(msgs)
	if len(starts) < 3 {
		return w // the user's message and at most one exchange
	}
	keep := starts[len(starts)-1]
	switch trim {
	case TrimToolOutputs:
		for i := starts[1]; i < keep && w.Sent > budget; i++ {
			if msgs[i].Role == RoleTool && counts[i] > placeholder {
				w.Replaced = append(w.Replaced, i)
				w.Sent -= counts[i] - placeholder
			}
		}
	case TrimExchanges:
		for k := 1; k < len(starts)-1 && w.Sent > budget; k++ {
			for i := starts[k]; i < starts[k+1]; i++ {
				w.Dropped = append(w.Dropped, i)
				w.Sent -= counts[i]
			}
		}
	}
	return w
}

// exchangeStarts returns the index of each exchange's first message: an
// exchange is a message other than a tool message, with the tool messages
// that follow it.
func exchangeStarts(msgs []Message) []int {
	var starts []int
	for i, m := range msgs {
		if i == 0 || m.Role != RoleTool {
			starts = append(starts, i)
		}
	}
	return starts
}

// request builds the messages w says a model call is sent, in a slice of
// its own.
func request(msgs []Message, w *Window) []Message {
	sent := make([]Message, 0, len(msgs)-len(w.Dropped))
	dropped, replaced := w.Dropped, w.Replaced
	for i, m := range msgs {
		if len(dropped) > 0 && dropped[0] == i {
			dropped = dropped[1:]
			continue
		}
		if len(replaced) > 0 && replaced[0] == i {
			replaced = replaced[1:]
			m.Content = TrimmedOutput
		}
		sent = append(sent, m)
	}
	return sent
}
