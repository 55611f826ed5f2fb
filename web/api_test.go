//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// "As a real API": each model call as a provider's request, a real
// conversation stepped through the real loop, and two runs compared.

// apiRegion is the "As a real API" region, found by its accessible name.
const apiRegion = `section[aria-labelledby="real-api-heading"]`

// realAPIBody picks format in the region's Format control and returns the
// request and response bodies it shows, parsed as JSON.
func (p *page) realAPIBody(format string) (request, response map[string]any) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, "the As a real API region", fmt.Sprintf(`(() => { const r = document.querySelector(%s);
		return !!r && r.querySelector("h2").textContent === "As a real API" && !!r.querySelector('select[aria-label="Format"]'); })()`, js(apiRegion)))
	p.setValue(apiRegion+` select[aria-label="Format"]`, format)
	body := waitFor[string](p, waitTimeout, "the "+format+" request body", fmt.Sprintf(`(() => {
		const t = document.querySelector(%s).textContent;
		try { const v = JSON.parse(t); return (%s in v) && t; } catch { return false; } })()`,
		js(apiRegion+` pre[aria-label="Request body"]`), js(map[string]string{"chat": "messages", "responses": "input", "anthropic": "max_tokens"}[format])))
	require.NoError(p.t, json.Unmarshal([]byte(body), &request), "the request body is JSON")
	text := p.text(apiRegion + ` pre[aria-label="Response body"]`)
	if strings.HasPrefix(text, "{") {
		require.NoError(p.t, json.Unmarshal([]byte(text), &response), "the response body is JSON")
	}
	return request, response
}

// lookAt scrolls sel into view, as a reader turning to it would.
func (p *page) lookAt(sel string) {
	p.t.Helper()
	eval[bool](p, `(() => { `+must(sel)+`.scrollIntoView({block: "start"}); return true; })()`)
	p.settle()
}

// screenshotOf scrolls sel into view and saves a screenshot named name.
func (p *page) screenshotOf(sel, name string) {
	p.t.Helper()
	p.lookAt(sel)
	p.saveScreenshot(name)
}

// jsonPath reads v at a path of keys and indexes, failing with the path.
func jsonPath(t *testing.T, v any, path ...any) any {
	t.Helper()
	for i, k := range path {
		switch key := k.(type) {
		case string:
			m, ok := v.(map[string]any)
			require.True(t, ok, "%v is not an object at %v", v, path[:i])
			v = m[key]
		case int:
			l, ok := v.([]any)
			require.True(t, ok && key < len(l), "%v has no [%d] at %v", v, key, path[:i])
			v = l[key]
		}
	}
	return v
}

func TestRealAPIShowsTheSeedsLastModelCallAsEachProvidersRequest(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	dir := p.allowDownloads(t)
	p.open("/")
	p.run()

	chat, chatResponse := p.realAPIBody("chat")
	msgs := jsonPath(t, chat, "messages").([]any)
	require.Len(t, msgs, 3, "model call 2 gets the user message, the call and its result: %v", msgs)
	assert.Equal(t, map[string]any{"role": "user", "content": "What is 2 + 3?"}, msgs[0])
	id := jsonPath(t, msgs, 1, "tool_calls", 0, "id")
	assert.NotEmpty(t, id, "the call has an id")
	assert.Equal(t, map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{
		"id": id, "type": "function", "function": map[string]any{"name": "add", "arguments": `{"a":2,"b":3}`},
	}}}, msgs[1], "the assistant's tool_calls carry the args as a JSON string")
	assert.Equal(t, map[string]any{"role": "tool", "tool_call_id": id, "content": "5"}, msgs[2], "the result answers the call by its id")
	assert.Equal(t, "function", jsonPath(t, chat, "tools", 0, "type"))
	assert.Equal(t, "add", jsonPath(t, chat, "tools", 0, "function", "name"))
	assert.Equal(t, "object", jsonPath(t, chat, "tools", 0, "function", "parameters", "type"), "the tool has a JSON Schema")
	assert.Equal(t, "The answer is 5.", jsonPath(t, chatResponse, "choices", 0, "message", "content"), "the response is the final answer")
	assert.Contains(t, p.text(apiRegion), "add: schema inferred from 1 call", "the region says the schema was inferred")
	assert.Contains(t, p.text(apiRegion+` ul[aria-label="Protocol check"]`), "Nothing here that OpenAI Chat Completions would refuse")

	p.clickNamed("Copy")
	copied := waitFor[string](p, waitTimeout, "Copy to put the body on the clipboard", `navigator.clipboard.readText().then((t) => t.startsWith("{") && t)`)
	var fromClipboard map[string]any
	require.NoError(t, json.Unmarshal([]byte(copied), &fromClipboard))
	assert.Equal(t, chat, fromClipboard, "Copy copies the request body shown")

	responses, _ := p.realAPIBody("responses")
	input := jsonPath(t, responses, "input").([]any)
	require.Len(t, input, 3, "%v", input)
	callID := jsonPath(t, input, 1, "call_id")
	assert.Equal(t, map[string]any{"type": "function_call", "call_id": callID, "name": "add", "arguments": `{"a":2,"b":3}`}, input[1])
	assert.Equal(t, map[string]any{"type": "function_call_output", "call_id": callID, "output": "5"}, input[2])
	assert.Equal(t, "add", jsonPath(t, responses, "tools", 0, "name"))

	anthropic, anthropicResponse := p.realAPIBody("anthropic")
	amsgs := jsonPath(t, anthropic, "messages").([]any)
	require.Len(t, amsgs, 3, "%v", amsgs)
	useID := jsonPath(t, amsgs, 1, "content", 0, "id")
	assert.Equal(t, map[string]any{"role": "assistant", "content": []any{map[string]any{
		"type": "tool_use", "id": useID, "name": "add", "input": map[string]any{"a": 2.0, "b": 3.0},
	}}}, amsgs[1], "the call is a tool_use block with its args as an object")
	assert.Equal(t, map[string]any{"role": "user", "content": []any{map[string]any{
		"type": "tool_result", "tool_use_id": useID, "content": "5",
	}}}, amsgs[2], "the result is a tool_result block in a user message")
	assert.Equal(t, "add", jsonPath(t, anthropic, "tools", 0, "name"))
	assert.Equal(t, "object", jsonPath(t, anthropic, "tools", 0, "input_schema", "type"))
	assert.Equal(t, "end_turn", jsonPath(t, anthropicResponse, "stop_reason"))
	assert.Empty(t, p.axeSerious(t), "the region has no serious accessibility violations")
	p.screenshotOf(apiRegion, "real-api-anthropic.png")

	// Export writes the whole run, the final answer too, as the
	// provider's conversation.
	p.clickNamed("Export conversation")
	var exported map[string]any
	require.NoError(t, json.Unmarshal(downloaded(t, dir), &exported), "Export conversation writes JSON")
	all := jsonPath(t, exported, "messages").([]any)
	require.Len(t, all, 4, "the conversation holds every message: %v", all)
	assert.Equal(t, []any{map[string]any{"type": "text", "text": "The answer is 5."}}, jsonPath(t, all, 3, "content"))

	// While stepping, the region follows the model call stepped to.
	p.setValue(apiRegion+` select[aria-label="Format"]`, "chat")
	// (The region renders while it is on screen: the test looks at it
	// after each step, as a reader would.)
	summary := func() string {
		p.lookAt(apiRegion)
		return p.text("#real-api-summary")
	}
	p.click("#step")
	for i := 0; i < 10 && !strings.HasPrefix(summary(), "Model call 1 "); i++ {
		p.click("#step")
	}
	require.True(t, strings.HasPrefix(summary(), "Model call 1 "), "stepping reaches model call 1; the region says %q", p.text("#real-api-summary"))
	stepped, _ := p.realAPIBody("chat")
	assert.Len(t, jsonPath(t, stepped, "messages"), 1, "at model call 1 the request holds the user message only")
}

// unansweredRunFile is a crafted run: the model calls add, and the next
// model call comes with no result for it.
const unansweredRunFile = `{"format": "agentloop-run", "version": 1,
  "inputs": {"model": "[]", "tools": "{ add: ({ a, b }) => a + b }", "userMsg": "What is 2 + 3?", "maxSteps": 3, "timeLimitMs": 2000},
  "events": [
    {"kind": "message", "role": "user", "step": 0, "index": 0, "message": {"role": "user", "content": "What is 2 + 3?"}},
    {"kind": "model_start", "step": 1},
    {"kind": "model_end", "step": 1, "ms": 1},
    {"kind": "message", "role": "assistant", "step": 1, "index": 1, "message": {"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 3}}},
    {"kind": "model_start", "step": 2},
    {"kind": "model_end", "step": 2, "ms": 1},
    {"kind": "message", "role": "assistant", "step": 2, "index": 2, "message": {"role": "assistant", "type": "final", "content": "5"}},
    {"kind": "done", "step": 2, "reason": "final", "text": "5", "steps": 2, "ms": 2, "stepMs": [1, 1]}
  ]}`

func TestRealAPIProtocolCheckNamesACallWithoutAResult(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.dropFile("unanswered.json", unansweredRunFile)
	p.waitNotice("Opened unanswered.json")
	for _, tc := range []struct{ format, words string }{
		{"chat", "OpenAI refuses an assistant message whose tool_calls are not each answered"},
		{"anthropic", "Anthropic refuses a tool_use block without a tool_result"},
	} {
		p.realAPIBody(tc.format)
		check := p.text(apiRegion + ` ul[aria-label="Protocol check"]`)
		assert.Contains(t, check, "messages[1] (assistant, model call 1) calls add with id", "%s: the check names the call's message", tc.format)
		assert.Contains(t, check, "but no tool message answers it", tc.format)
		assert.Contains(t, check, tc.words, "the check says what %s refuses", tc.format)
	}
	p.do("emulating a dark scheme", colorScheme("dark"))
	p.screenshotOf(apiRegion+` ul[aria-label="Protocol check"]`, "real-api-protocol-check-dark.png")
}

// Real conversations, as the providers' APIs hold them.
const (
	chatConversation = `{"model": "gpt-4o", "messages": [
  {"role": "system", "content": "You are a weather bot."},
  {"role": "user", "content": "Weather in Paris and Tokyo?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_p", "type": "function", "function": {"name": "weather", "arguments": "{\"city\":\"Paris\"}"}},
    {"id": "call_t", "type": "function", "function": {"name": "weather", "arguments": "{\"city\":\"Tokyo\"}"}}]},
  {"role": "tool", "tool_call_id": "call_p", "content": "rain, 14 °C"},
  {"role": "tool", "tool_call_id": "call_t", "content": "clear, 22 °C"},
  {"role": "assistant", "content": "Paris: rain. Tokyo: clear."}]}`
	anthropicConversation = `{"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [
  {"role": "user", "content": "What is 12 times 7?"},
  {"role": "assistant", "content": [{"type": "text", "text": "Let me compute."}, {"type": "tool_use", "id": "toolu_01", "name": "multiply", "input": {"a": 12, "b": 7}}]},
  {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "84"}]},
  {"role": "assistant", "content": [{"type": "text", "text": "12 times 7 is 84."}]}]}`
)

// openConversation pastes text into the Open a real conversation dialog
// and presses Open.
func (p *page) openConversation(text string) {
	p.t.Helper()
	p.clickNamed("Open a real conversation")
	waitFor[bool](p, waitTimeout, "the conversation dialog to open", `document.querySelector("#conversation-dialog").open`)
	p.setValue("#conversation-text", text)
	p.clickNamed("Open")
}

func TestRealConversationsOpenAndStepToTheirRecordedAnswer(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	for _, tc := range []struct {
		name, text, label, final string
		calls                    []string
		drop                     bool
	}{
		{"chat", chatConversation, "OpenAI Chat Completions", "Paris: rain. Tokyo: clear.", []string{"weather", "weather"}, false},
		{"anthropic", anthropicConversation, "Anthropic Messages", "12 times 7 is 84.", []string{"multiply"}, true},
	} {
		if tc.drop {
			// Dropped on the page, a conversation that is no run file
			// opens as a conversation.
			p.dropFile("claude.json", tc.text)
			p.waitNotice("an " + tc.label + " conversation (claude.json)")
		} else {
			p.openConversation(tc.text)
			p.waitNotice("an " + tc.label + " conversation")
			assert.False(t, eval[bool](p, `document.querySelector("#conversation-dialog").open`), "%s: the dialog closes", tc.name)
		}
		assert.Contains(t, p.value("#model-editor"), "Recorded from an "+tc.label+" conversation", "%s: the Model editor holds the recorded turns", tc.name)
		assert.Equal(t, "false", eval[string](p, `document.body.dataset.running`), "%s: nothing runs until Step or Run", tc.name)
		assert.Empty(t, p.view().Transcript, "%s: no run is shown before Step", tc.name)

		p.click("#step")
		waitFor[bool](p, waitTimeout, tc.name+": the run to be recorded for Step", `/^Phase \d+ of \d+$/.test(document.querySelector("#step-position").textContent.trim())`)
		for i := 0; i < 40 && !eval[bool](p, `/^Phase (\d+) of \1$/.test(document.querySelector("#step-position").textContent.trim())`); i++ {
			p.click("#step")
		}
		v := p.view()
		require.NotEmpty(t, v.Transcript, "%s: stepping shows the conversation", tc.name)
		last := v.Transcript[len(v.Transcript)-1]
		assert.Equal(t, tc.final, last.Text, "%s: the loop reproduces the recorded final answer", tc.name)
		assert.Equal(t, "final", v.Banner.Reason, "%s: the run ends with the final answer", tc.name)
		assert.Equal(t, tc.calls, v.Transcript[1].ToolNames, "%s: the recorded calls are made", tc.name)
		assert.Equal(t, 0, v.Transcript.count(func(m msg) bool { return m.Failed }), "%s: every recorded result comes back", tc.name)
		p.saveScreenshot("real-conversation-" + tc.name + ".png")
	}

	model := p.value("#model-editor")
	p.openConversation(`{"messages": [{"role": "user", "content": "2+3?"}, {"role": "assistant", "content": null, "tool_calls": [{"id": "a", "type": "function", "function": {"name": "add", "arguments": "{a: 2}"}}]}]}`)
	errText := waitFor[string](p, waitTimeout, "the dialog to say what is wrong", `(() => { const e = document.querySelector("#conversation-error"); return !e.hidden && e.textContent; })()`)
	assert.Contains(t, errText, "messages[1].tool_calls[0].function.arguments is not JSON", "the error names the field")
	assert.Contains(t, errText, "Nothing was changed")
	assert.True(t, eval[bool](p, `document.querySelector("#conversation-dialog").open`), "the dialog stays open to fix it")
	assert.Equal(t, model, p.value("#model-editor"), "a broken conversation changes no editor")
	p.screenshotOf("#conversation-dialog", "real-conversation-broken.png")
}

func TestCompareNamesTheFirstDifferenceOfAForkAtModelCall1(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	p.run()
	assert.False(t, p.visible("#compare-runs-button"), "with one run there is nothing to compare")
	p.click(`#transcript li.msg[data-role="assistant"] .fork-here`)
	waitFor[bool](p, waitTimeout, "the fork dialog to open", `document.querySelector("#fork-dialog").open`)
	p.setValue("#fork-action", `{"role": "assistant", "type": "tool", "name": "add", "args": {"a": 2, "b": 30}}`)
	p.click("#fork-run")
	p.waitBanner()

	p.clickNamed("Compare")
	region := `section[aria-labelledby="compare-heading"]`
	first := waitFor[string](p, waitTimeout, "the Compare runs region", fmt.Sprintf(`(() => { const r = document.querySelector(%s);
		return !!r && r.checkVisibility() && r.querySelector("h2").textContent === "Compare runs" && r.querySelector(".compare-first").textContent; })()`, js(region)))
	assert.Contains(t, first, "first difference at model call 1: args {a: 2, b: 30} vs {a: 2, b: 3}", "Compare names the first difference")
	rows := eval[[]string](p, `[...document.querySelectorAll("#compare-rows > li")].map((li) => li.textContent)`)
	require.Len(t, rows, 2, "one row per model call")
	assert.Contains(t, rows[0], `add: "32"`, "the fork's row shows what its messages gained")
	assert.Contains(t, rows[0], `add: "5"`, "the original's row shows what its messages gained")

	// Step moves both sides together: the row of the model call stepped
	// to is marked.
	p.click("#step")
	for i := 0; i < 10 && !p.exists(`#compare-rows > li[aria-current="step"]`); i++ {
		p.click("#step")
	}
	assert.Equal(t, "1", eval[string](p, `document.querySelector('#compare-rows > li[aria-current="step"]').dataset.call`), "stepping marks model call 1 on both sides")
	p.screenshotOf(`section[aria-labelledby="compare-heading"]`, "compare-runs.png")
}

func TestCompareAnOpenedRunFileWithTheRunBeforeOnAPhone(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.do("emulating a phone", chromedp.EmulateViewport(390, 844))
	p.open("/")
	p.run()
	p.dropFile("hello.json", helloRunFile)
	p.waitNotice("Opened hello.json")
	p.clickNamed("Compare")
	region := `section[aria-labelledby="compare-heading"]`
	first := waitFor[string](p, waitTimeout, "the Compare runs region on the Loop tab", fmt.Sprintf(`(() => { const r = document.querySelector(%s);
		return !!r && r.checkVisibility() && r.querySelector(".compare-first").textContent; })()`, js(region)))
	assert.Equal(t, `first difference at the user message: "Hi" vs "What is 2 + 3?" (this run vs the run before).`, first,
		"the opened run is compared with the run shown before it")
	assert.Equal(t, "true", eval[string](p, `document.querySelector("#tab-loop").getAttribute("aria-selected")`), "behind the tabs, Compare shows the Loop tab")
	p.screenshotOf(region, "compare-runs-phone.png")
}
