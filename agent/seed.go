package agent

import "context"

// RunAgent is the loop in the shape of the classic exercise, for people
// porting it: the model sees the messages and returns an action, each tool
// takes the call's args, and the result is the final text or MaxStepsText.
// When the model fails, the result is "error: " and the error's text.
func RunAgent(model func(messages []Message) Action, tools map[string]func(args map[string]any) (string, error), userMsg string, maxSteps int) string {
	wrapped := make(Tools, len(tools))
	for name, fn := range tools {
		wrapped[name] = func(_ context.Context, args any) (string, error) {
			obj, _ := asObject(args)
			return fn(obj)
		}
	}
	res, err := Run(context.Background(), func(_ context.Context, m []Message) (Action, error) {
		return model(m), nil
	}, wrapped, userMsg, MaxSteps(maxSteps))
	if err != nil {
		return errorPrefix + err.Error()
	}
	return res.Text
}
