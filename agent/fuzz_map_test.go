package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// FuzzMapAction feeds the loop actions decoded from arbitrary JSON, the
// way a model's output arrives: whatever the text, the run ends with a
// reason, a malformed action is a *MalformedError whose words start with
// "malformed action: ", and every tool call the loop made got an object.
func FuzzMapAction(f *testing.F) {
	for _, seed := range []string{
		`{"type":"final","content":"done"}`,
		`{"type":"tool","name":"echo","args":{"a":1}}`,
		`{"type":"tool","name":"echo"}`,
		`{"type":"tool","calls":[{"name":"echo","id":7},{"name":"nope","args":{}}]}`,
		`{"type":"tool","calls":[]}`,
		`{"type":"tool","calls":[1]}`,
		`{"type":"tool","calls":"x"}`,
		`{"type":"tool","name":3}`,
		`{"type":"tool","name":"echo","args":[1]}`,
		`{"type":"answer"}`,
		`{"usage":{"input_tokens":1e300,"output_tokens":-1e300},"type":"final"}`,
		`{}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var m agent.Map
		if json.Unmarshal([]byte(text), &m) != nil || m == nil {
			return
		}
		echo := func(_ context.Context, args any) (string, error) {
			_, ok := args.(map[string]any)
			assert.True(t, ok, "a tool got args %T, not an object", args)
			return "ok", nil
		}
		res, err := agent.Run(context.Background(), agent.Script(m, agent.Final("after")), agent.Tools{"echo": echo}, "Go.", agent.MaxSteps(2))
		require.NotNil(t, res)
		switch res.Reason {
		case agent.StopFinal:
			assert.NoError(t, err)
		case agent.StopModelError:
			var malformed *agent.MalformedError
			require.True(t, errors.As(err, &malformed), "a model error from a Map is not a MalformedError: %v", err)
			assert.True(t, strings.HasPrefix(malformed.Error(), "malformed action: "), "%q", malformed.Error())
			assert.NotContains(t, malformed.Error(), "problem ", "a problem without words: %q", malformed.Error())
		default:
			t.Fatalf("a run of a Map action ended for %q: %v", res.Reason, err)
		}
	})
}
