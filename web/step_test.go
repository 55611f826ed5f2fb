//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// view is everything Step and Back change on the page.
type view struct {
	Position    string   `json:"position"`
	Current     []int    `json:"current"`     // indexes of .loop-line.current
	CurrentText []string `json:"currentText"` // their text
	AriaCurrent []string `json:"ariaCurrent"` // their aria-current
	Transcript  string   `json:"transcript"`  // #transcript's HTML
	Messages    int      `json:"messages"`
	Banner      string   `json:"banner"` // reason and text, or "" when hidden
	Detail      string   `json:"detail"` // the page's words for the phase, if it has any
}

const viewJS = `(() => {
	const lines = [...document.querySelectorAll("#loop-source .loop-line")];
	const cur = lines.filter(e => e.classList.contains("current"));
	const b = document.querySelector("#stop-banner");
	const pos = document.querySelector("#step-position");
	return {
		position: pos ? pos.textContent.replace(/\s+/g, " ").trim() : "",
		current: cur.map(e => lines.indexOf(e)),
		currentText: cur.map(e => e.textContent),
		ariaCurrent: cur.map(e => e.getAttribute("aria-current") || ""),
		transcript: document.querySelector("#transcript").innerHTML,
		messages: document.querySelectorAll("#transcript li.msg").length,
		banner: b && b.checkVisibility() ? (b.dataset.reason || "") + ": " + b.textContent.replace(/\s+/g, " ").trim() : "",
		detail: (document.querySelector("#phase-detail") || {textContent: ""}).textContent.trim(),
	};
})()`

func (p *page) view() view {
	p.t.Helper()
	return eval[view](p, viewJS)
}

var (
	positionRE = regexp.MustCompile(`^Phase (\d+) of (\d+)$`)
	phaseRE    = regexp.MustCompile(`// phase: (\w+)`)
)

// clickAndWaitPosition clicks sel and waits until #step-position says want.
func (p *page) clickAndWaitPosition(sel, want string) view {
	p.t.Helper()
	p.click(sel)
	waitFor[bool](p, waitTimeout, fmt.Sprintf("#step-position to say %q after clicking %s", want, sel),
		fmt.Sprintf(`document.querySelector("#step-position").textContent.replace(/\s+/g, " ").trim() === %s`, js(want)))
	return p.view()
}

func TestPageStepAndBackWalkThePhases(t *testing.T) {
	p := newPage(t)
	p.open("/")
	userMsg := p.value("#user-message")

	p.click("#step")
	pos := waitFor[string](p, waitTimeout, "#step-position to show \"Phase 1 of N\" after the first Step",
		`(() => { const t = document.querySelector("#step-position").textContent.replace(/\s+/g, " ").trim(); return /^Phase 1 of \d+$/.test(t) && t; })()`)
	m := positionRE.FindStringSubmatch(pos)
	require.NotNil(t, m)
	var total int
	fmt.Sscan(m[2], &total)
	require.GreaterOrEqual(t, total, 6, "the add example has at least the phases user, model, action, tool, result, final")
	require.Less(t, total, 100, "a two-step run has a handful of phases, not %d", total)

	views := []view{p.view()}
	for i := 2; i <= total; i++ {
		views = append(views, p.clickAndWaitPosition("#step", fmt.Sprintf("Phase %d of %d", i, total)))
	}

	var phases []string
	for i, v := range views {
		require.Len(t, v.Current, 1, "at phase %d exactly one line of the Loop panel is highlighted; %d are", i+1, len(v.Current))
		assert.Equal(t, "step", v.AriaCurrent[0], "the highlighted line has aria-current=step at phase %d", i+1)
		ph := phaseRE.FindStringSubmatch(v.CurrentText[0])
		require.NotNil(t, ph, "at phase %d the highlighted line is a phase of the loop; it is %q", i+1, strings.TrimSpace(v.CurrentText[0]))
		if len(phases) == 0 || phases[len(phases)-1] != ph[1] {
			phases = append(phases, ph[1])
		}
		if i > 0 {
			before, after := views[i-1], v
			before.Position, after.Position = "", ""
			assert.NotEqual(t, before, after, "Step from phase %d to %d changed nothing on the page but the position", i, i+1)
			assert.GreaterOrEqual(t, v.Messages, views[i-1].Messages, "Step never removes messages")
		}
		if i < len(views)-1 {
			assert.Empty(t, v.Banner, "the stop banner waits for the last phase; at phase %d it shows %q", i+1, v.Banner)
		}
	}
	assert.Equal(t, "user", phases[0], "stepping starts at the user's message")
	assert.Equal(t, "final", phases[len(phases)-1], "stepping ends at the final answer")
	assert.True(t, isSubsequence([]string{"user", "model", "action", "tool", "result", "model", "action", "final"}, phases),
		"the highlighted lines follow the loop: user, model, action, tool, result, model, action, final; they went %v", phases)
	assert.Equal(t, 1, views[0].Messages, "at phase 1 only the user's message is shown")

	last := views[len(views)-1]
	assert.Equal(t, 4, last.Messages, "after the last phase the whole transcript is shown")
	assert.True(t, strings.HasPrefix(last.Banner, "final: "), "after the last phase the stop banner shows the final reason; it shows %q", last.Banner)
	assertAddTranscript(t, userMsg, p.transcript(), p.currentBanner())

	// Back restores each earlier view exactly, down to phase 1 ...
	for i := total - 1; i >= 1; i-- {
		got := p.clickAndWaitPosition("#back", fmt.Sprintf("Phase %d of %d", i, total))
		assert.Equal(t, views[i-1], got, "Back to phase %d does not show what Step showed there", i)
	}
	// ... and Step goes forward through the same views again.
	for i := 2; i <= 3; i++ {
		got := p.clickAndWaitPosition("#step", fmt.Sprintf("Phase %d of %d", i, total))
		assert.Equal(t, views[i-1], got, "Step after Back to phase %d does not show what it showed the first time", i)
	}
}

// isSubsequence reports whether want appears in got in order, not
// necessarily next to each other.
func isSubsequence(want, got []string) bool {
	i := 0
	for _, g := range got {
		if i < len(want) && g == want[i] {
			i++
		}
	}
	return i == len(want)
}

// loopSource returns the lines of agent/loop.go's loop function.
func loopSource(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile("../agent/loop.go")
	require.NoError(t, err)
	lines := strings.Split(string(src), "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "func (r *run) loop(") {
			start = i
		}
		if start >= 0 && l == "}" {
			return lines[start : i+1]
		}
	}
	t.Fatal("agent/loop.go has no func (r *run) loop")
	return nil
}

func TestPageLoopPanelShowsTheRealLoopSource(t *testing.T) {
	p := newPage(t)
	p.open("/")
	want := loopSource(t)
	waitFor[bool](p, waitTimeout, "the Loop panel to show the loop's source", `document.querySelectorAll("#loop-source .loop-line").length > 0`)
	got := eval[[]string](p, `[...document.querySelectorAll("#loop-source .loop-line")].map(e => e.textContent)`)

	trim := func(ls []string) []string {
		out := make([]string, len(ls))
		for i, l := range ls {
			out[i] = strings.TrimSpace(l)
		}
		return out
	}
	// The panel may show the function with or without its doc comment;
	// the function itself must be there, line for line.
	g := trim(got)
	w := trim(want)
	start := -1
	for i := range g {
		if g[i] == w[0] {
			start = i
			break
		}
	}
	require.GreaterOrEqual(t, start, 0, "the Loop panel shows %q; it shows %q", w[0], g)
	require.GreaterOrEqual(t, len(g)-start, len(w), "the Loop panel shows the whole loop function")
	assert.Equal(t, w, g[start:start+len(w)], "the Loop panel shows agent/loop.go's loop function as it is")
	for _, ph := range []string{"user", "model", "action", "tool", "result", "final", "max_steps", "error", "canceled"} {
		assert.Contains(t, strings.Join(g, "\n"), "// phase: "+ph, "the Loop panel has the line of phase %s", ph)
	}

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
