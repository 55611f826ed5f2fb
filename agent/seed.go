package agent

import "context"

// ClassicModel is what RunAgent takes as its model: a plain function of
// the classic exercise, which sees the messages and returns an action, or
// a Model such as Script's.
type ClassicModel interface {
	func(messages []Message) Action | Model | func(context.Context, []Message) (Action, error)
}

// ClassicTools is what RunAgent takes as its tools: plain functions of the
// classic exercise, which take the call's args as an object, or Tools.
type ClassicTools interface {
	map[string]func(args map[string]any) (string, error) | Tools | map[string]Tool
}

// RunAgent is the loop in the shape of the classic exercise, for people
// porting it: a model, tools, the user's message and the step limit in,
// the final text or MaxStepsText out. The model and tools may be the
// exercise's plain functions or this package's Model (Script's, say) and
// Tools. When the model fails, the result is "error: " and the error's
// text.
func RunAgent[M ClassicModel, T ClassicTools](model M, tools T, userMsg string, maxSteps int) string {
	res, err := Run(context.Background(), asModel(model), asTools(tools), userMsg, MaxSteps(maxSteps))
	if err != nil {
		return errorPrefix + err.Error()
	}
	return res.Text
}

// asModel turns any ClassicModel into a Model.
func asModel[M ClassicModel](model M) Model {
	switch m := any(model).(type) {
	case Model:
		return m
	case func(context.Context, []Message) (Action, error):
		return m
	case func([]Message) Action:
		return func(_ context.Context, messages []Message) (Action, error) { return m(messages), nil }
	}
	panic("unreachable: ClassicModel has three forms")
}

// asTools turns any ClassicTools into Tools; a plain function gets the
// call's args as an object ({} when they are not one).
func asTools[T ClassicTools](tools T) Tools {
	switch t := any(tools).(type) {
	case Tools:
		return t
	case map[string]Tool:
		return t
	case map[string]func(map[string]any) (string, error):
		wrapped := make(Tools, len(t))
		for name, fn := range t {
			wrapped[name] = func(_ context.Context, args any) (string, error) {
				obj, _ := asObject(args)
				return fn(obj)
			}
		}
		return wrapped
	}
	panic("unreachable: ClassicTools has three forms")
}
