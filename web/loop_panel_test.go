//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent"
)

// The Loop panel: it shows agent/loop.go as it is, and lights the line that
// ended each kind of run.

// Every way a run ends lights the line of agent/loop.go that ended it,
// as the done event names it.
func TestPageLoopPanelLightsTheLineThatEndedTheRun(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name         string
		model, tools string
		maxSteps     string
		stopAtOnce   bool // press Stop in the same task as Run
		reason       string
		phase        string
		banner       string
	}{
		{name: "final answer", model: `[{type: "final", content: "done"}]`, reason: "final", phase: "final", banner: "done"},
		{name: "max steps", model: `function model() { return {type: "tool", name: "t", args: {}}; }`, tools: `{ t: () => "x" }`, maxSteps: "2",
			reason: "max_steps", phase: "max_steps", banner: "Stopped: reached max steps."},
		{name: "model returns a string", model: `function model() { return "just text"; }`, reason: "model_error", phase: "error_model", banner: "step 1"},
		{name: "model throws a malformed-looking error", model: `function model() { throw new Error("malformed output of type X"); }`,
			reason: "model_error", phase: "error_model", banner: "malformed output of type X"},
		{name: "tool call without a name", model: `[{type: "tool", args: {}}]`, reason: "model_error", phase: "error_calls", banner: "step 1"},
		{name: "unknown action type", model: `[{type: "answer", content: "5"}]`, reason: "model_error", phase: "error_type", banner: `"answer"`},
		{name: "Stop before the first model call", model: `[{type: "final", content: "never"}]`, stopAtOnce: true,
			reason: "canceled", phase: "canceled_before_model", banner: "Canceled"},
	}
	p := openPage(t, "/")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p.use(t)
			tools := tc.tools
			if tools == "" {
				tools = "{}"
			}
			steps := tc.maxSteps
			if steps == "" {
				steps = "10"
			}
			p.setEditor("model-editor", tc.model)
			p.setEditor("tools-editor", tools)
			p.setValue("#max-steps", steps)
			var v pageView
			if tc.stopAtOnce {
				eval[bool](p, `(() => { document.querySelector("#run").click(); document.querySelector("#stop").click(); return true; })()`)
				v = p.waitBanner()
			} else {
				v = p.run()
			}
			assert.Equal(t, tc.reason, v.Banner.Reason, "the stop reason; the page showed %s", v)
			assert.Equal(t, tc.phase, v.LitPhase(), "the lit line of the Loop panel; the page showed %s", v)
			assert.Contains(t, v.Banner.Text, tc.banner, "the banner says what ended the run")
			assert.NotContains(t, v.Banner.Text+v.Detail, "undefined", "nothing reads \"undefined\"")
		})
	}
}

func TestPageLoopPanelShowsTheRealLoopSource(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	waitFor[bool](p, waitTimeout, "the Loop panel to show the loop's source", `document.querySelectorAll("#loop-source .loop-line").length > 0`)
	shown := eval[[]string](p, `[...document.querySelectorAll("#loop-source .loop-line")].map(e => e.textContent)`)
	text := "\n" + strings.Join(shown, "\n") + "\n"
	for _, l := range loopFuncs(t) {
		assert.Contains(t, shown, l, "the Loop panel shows this line of loop or callTool as agent/loop.go has it")
	}
	for _, ph := range agent.Phases() {
		assert.Equal(t, 1, strings.Count(text, "// phase: "+string(ph)+"\n"), "the Loop panel has one line of phase %s", ph)
	}
	marked := eval[[]string](p, `[...document.querySelectorAll("#loop-source .loop-line[data-phase]")].map(e => e.dataset.phase)`)
	assert.Len(t, marked, len(agent.Phases()), "each phase marks one line, and only phases do: %v", marked)

	// Go indents with tabs; every level must look as wide as the others.
	// x of the first character after the leading tabs, by number of tabs.
	xs := eval[map[string]float64](p, `(() => {
		const out = {};
		for (const li of document.querySelectorAll("#loop-source .loop-line")) {
			// The line's text may be split among highlighted tokens.
			const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
			let tabs = 0, node = null, at = -1;
			while ((node = walker.nextNode())) {
				const lead = node.data.match(/^\t*/)[0].length;
				tabs += lead;
				if (lead < node.data.length) { at = lead; break; }
			}
			if (at < 0 || String(tabs) in out) continue;
			const r = document.createRange();
			r.setStart(node, at);
			r.setEnd(node, at + 1);
			out[tabs] = r.getBoundingClientRect().left;
		}
		return out;
	})()`)
	require.Contains(t, xs, "0", "the panel has unindented lines")
	require.Contains(t, xs, "1", "the panel has lines indented once")
	require.Contains(t, xs, "2", "the panel has lines indented twice")
	step := xs["2"] - xs["1"]
	assert.Greater(t, step, 0.0, "an indent moves the text right")
	for n := 1; ; n++ {
		cur, ok := xs[fmt.Sprint(n)]
		if !ok {
			break
		}
		assert.InDelta(t, step, cur-xs[fmt.Sprint(n-1)], 1, "indent level %d is as wide as the others (x by tabs: %v)", n, xs)
	}
}

// loopFuncs returns the lines of agent/loop.go's loop and callTool.
func loopFuncs(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile("../agent/loop.go")
	require.NoError(t, err)
	lines := strings.Split(string(src), "\n")
	var out []string
	for _, name := range []string{"loop", "callTool"} {
		start := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "func (r *run) "+name+"(") {
				start = i
			}
			if start >= 0 && l == "}" {
				out = append(out, lines[start:i+1]...)
				break
			}
		}
		require.GreaterOrEqual(t, start, 0, "agent/loop.go has func (r *run) %s", name)
	}
	return out
}

// The Loop panel never cuts a line off: a line too long for the panel
// wraps, so the lit line and its "// phase:" mark are readable at every
// width, on a laptop and on a phone.
func TestPageLoopPanelWrapsLongLinesInsteadOfCuttingThem(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ width, height int64 }{{1366, 768}, {375, 800}} {
		t.Run(fmt.Sprintf("%dx%d", size.width, size.height), func(t *testing.T) {
			t.Parallel()
			p := newPage(t)
			p.do("sizing the window", chromedp.EmulateViewport(size.width, size.height))
			p.open("/")
			p.run()
			// Below two columns the Loop panel is behind its tab.
			eval[chromedp.Void](p, `(() => { const panel = document.querySelector("#loop-source").closest('[role="tabpanel"]');
				if (panel) document.querySelector('[role="tab"][aria-controls="' + panel.id + '"]').click(); })()`)
			require.True(t, p.visible("#loop-source .loop-line.current"), "the run's last phase is lit in the Loop panel")
			type overflow struct {
				Line  string  `json:"line"`
				Right float64 `json:"right"`
				Panel float64 `json:"panel"`
			}
			cut := eval[[]overflow](p, `(() => {
				const panel = document.querySelector("#loop-scroll").getBoundingClientRect().right;
				const out = [];
				for (const li of document.querySelectorAll("#loop-source .loop-line")) {
					const r = document.createRange();
					r.selectNodeContents(li);
					const right = Math.max(0, ...[...r.getClientRects()].map((c) => c.right));
					if (right > panel + 0.5) out.push({line: li.textContent.trim(), right, panel});
				}
				return out;
			})()`)
			assert.Empty(t, cut, "at %d px these lines of the loop run past the Loop panel's right edge", size.width)
			lit := eval[string](p, `document.querySelector("#loop-source .loop-line.current").textContent`)
			assert.Contains(t, lit, "// phase: final", "the lit line shows its phase mark")
			p.saveScreenshot(fmt.Sprintf("loop-lines-%dx%d.png", size.width, size.height))
		})
	}
}
