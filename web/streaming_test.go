//go:build !(js && wasm)

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A streamed answer on the page: Step and Back walk it delta by delta, the
// text arriving and each call's arguments growing until they parse.

func TestPageStepWalksAStreamDeltaByDelta(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("streaming")
	views := p.stepThrough()

	// The phases of step 1: the model call, its eight deltas, its end.
	require.Greater(t, len(views), 12)
	at := func(i int) streamView { return views[i].Stream }
	assert.False(t, at(1).Visible, "the model call alone shows no stream yet: %s", views[1])
	first := at(2)
	require.True(t, first.Visible, "the first delta shows the answer arriving: %s", views[2])
	assert.Equal(t, "Let me check ", first.Text)
	assert.Equal(t, []string{"Let me check "}, first.New, "the latest piece is marked")
	assert.Contains(t, views[2].Detail, `Step 1: a piece of the answer's text arrives: "Let me check ".`)
	assert.Equal(t, "model", views[2].LitPhase(), "a delta lights the model call's line")
	assert.Equal(t, "Let me check both cities.", at(3).Text, "the text grows")

	// Deltas 3 to 8 interleave the fragments of two calls.
	third := at(4)
	require.Len(t, third.Calls, 1)
	assert.Equal(t, streamCallView{Name: "weather", Args: `{"ci"}`, Open: `"}`,
		Status: `Does not parse yet: a string in an object still open ("} would close it).`}, third.Calls[0])
	sixth := at(7)
	require.Len(t, sixth.Calls, 2)
	assert.Equal(t, `{"city": "Par"}`, sixth.Calls[0].Args, "call 0 as it stood after its second piece, and its closers")
	assert.Equal(t, `{"city": "Tok"}`, sixth.Calls[1].Args)
	assert.Equal(t, []string{`: "Tok`}, sixth.New, "only the latest fragment is marked")
	last := at(9)
	for i, c := range last.Calls {
		assert.Empty(t, c.Open, "call %d's arguments are whole after the last delta", i)
		assert.Equal(t, "Nothing left open.", c.Status)
	}
	assert.Equal(t, []string{`{"city": "Paris"}`, `{"city": "Tokyo"}`}, []string{last.Calls[0].Args, last.Calls[1].Args})

	// The assembled action takes the stream's place in the transcript.
	action := -1
	for i, v := range views {
		if len(v.Transcript) == 2 && action < 0 {
			action = i
		}
	}
	require.Greater(t, action, 9)
	assert.False(t, views[action].Stream.Visible, "once the action is appended, the transcript shows it")
	assert.Equal(t, []string{"weather", "weather"}, views[action].Transcript[1].ToolNames)
	assert.Contains(t, views[len(views)-1].Banner.Text, "Paris has rain at 14 °C; Tokyo is clear at 22 °C.", "the final answer, streamed in four pieces")

	// Back walks the deltas back, restoring each view exactly.
	total := len(views)
	p.clickAndWaitPosition("#back", fmt.Sprintf("Phase %d of %d", total-1, total))
	for i := total - 2; i >= 5; i-- {
		got := p.clickAndWaitPosition("#back", fmt.Sprintf("Phase %d of %d", i, total))
		assert.Equal(t, views[i-1].Stream, got.Stream, "Back to phase %d shows the stream Step showed there", i)
		if i == 8 {
			// Two calls growing, their fragments interleaved: the
			// screenshot of a stream being stepped.
			eval[bool](p, `(() => { const s = document.querySelector("#transcript-scroll"); s.scrollTop = s.scrollHeight; return true; })()`)
			p.settle()
			p.saveScreenshot("stream-stepped.png")
		}
	}
	assert.Equal(t, views[4], p.view(), "Back to delta 3 shows what Step showed there")
}

func TestPageShowsWhereABrokenStreamStopped(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("streaming-broken")
	v := p.run()
	assert.Equal(t, "model_error", v.Banner.Reason)
	assert.Contains(t, v.Banner.Text, `step 1: malformed stream: the stream ended at byte 11 of the arguments of call 0 ("add"), inside a string in an object`)
	require.True(t, v.Stream.Visible, "the broken stream stays shown: %s", v)
	require.Len(t, v.Stream.Calls, 1)
	assert.Equal(t, `{"a": 2, "b"}`, v.Stream.Calls[0].Args)
	assert.Equal(t, `"}`, v.Stream.Calls[0].Open)
	assert.Contains(t, v.Stream.Error, "The model call failed: malformed stream: the stream ended at byte 11")
	assert.Len(t, v.Transcript, 1, "nothing of the broken stream reaches the transcript")
}

func TestPageShowsALiveStreamArriving(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("streaming-live")
	p.click("#run")
	// The model yields a word every 60 ms: the text shows before the run ends.
	text := waitFor[string](p, waitTimeout, "the streamed text to show while the run goes on",
		`(() => { const e = document.querySelector("#transcript-stream"); return !e.hidden && document.body.dataset.running === "true" ? e.querySelector(".stream-text").textContent : ""; })()`)
	assert.True(t, strings.HasPrefix("Streaming sends the answer in pieces, so you can read it while the model is still writing.", text), "the text so far is a beginning of the answer: %q", text)
	v := p.waitBanner()
	assert.False(t, v.Stream.Visible, "once the answer is appended, the transcript shows it")
	require.Len(t, v.Transcript, 2)
	assert.Equal(t, "Streaming sends the answer in pieces, so you can read it while the model is still writing.", v.Transcript[1].Text)
}

func TestRealAPIShowsAStreamedCallAsEachProvidersStreamEvents(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/")
	p.chooseExample("streaming")
	p.click("#step")
	total := p.waitFirstPhase("the first Step")
	// Phase 5: the model call 1 and its first three deltas.
	for i := 2; i <= 5; i++ {
		p.clickAndWaitPosition("#step", fmt.Sprintf("Phase %d of %d", i, total))
	}
	stream := apiRegion + ` pre[aria-label="Response stream"]`
	for format, want := range map[string][]string{
		"chat":      {`"object":"chat.completion.chunk"`, `"delta":{"content":"Let me check "}`, `"tool_calls":[{"index":0,"id":"call-1","type":"function","function":{"name":"weather","arguments":"{\"ci"}}]`},
		"responses": {"event: response.output_text.delta", "event: response.function_call_arguments.delta", `"delta":"{\"ci"`},
		"anthropic": {"event: content_block_start", `"type":"input_json_delta","partial_json":"{\"ci"`},
	} {
		p.realAPIBody(format)
		text := waitFor[string](p, waitTimeout, "the "+format+" stream events", fmt.Sprintf(`(() => { const e = document.querySelector(%s); return e && !e.hidden ? e.textContent : ""; })()`, js(stream)))
		for _, w := range want {
			assert.Contains(t, text, w, "%s: the stream so far", format)
		}
		assert.NotContains(t, text, "Tok", "%s: only the deltas so far (call 1's arrive later)", format)
	}
}
