//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Tool timeout is carried like every field: by a reload, a share link, a
// run file and Restore my code; a link or file made before it was carried
// opens with none.

// fromTheCache is how the tool-timeout example ends when its 300 ms tool
// timeout is set: the slow tool times out, and the model asks the cache.
const fromTheCache = "Oslo: snow, -3 °C (from the cache: the live weather timed out)."

// assertRunsWithToolTimeout runs the page's code and checks that the run
// used the tool-timeout example's 300 ms limit: without it, the slow tool
// outlives the 2000 ms time limit and the run stops with a timeout.
func assertRunsWithToolTimeout(t *testing.T, p *page) {
	t.Helper()
	v := p.run()
	assert.Equal(t, "final", v.Banner.Reason, "the run ends with the cached answer, as the tool timeout lets it; the banner said %q", v.Banner.Text)
	assert.Contains(t, v.Banner.Text, fromTheCache)
}

func TestPageToolTimeoutSurvivesAReload(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/#example=tool-timeout")
	require.Equal(t, "300", p.value("#tool-timeout"), "the example sets a 300 ms tool timeout")
	p.reload()
	assert.Equal(t, "300", p.value("#tool-timeout"), "a reload shows the tool timeout as it was")
	assertRunsWithToolTimeout(t, p)

	p.setValue("#tool-timeout", "")
	p.reload()
	assert.Equal(t, "", p.value("#tool-timeout"), "a tool timeout the user emptied stays empty after a reload")
}

func TestPageShareLinkCarriesTheToolTimeout(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/#example=tool-timeout")
	link := p.share()
	assert.Equal(t, "300", decodeState(t, link)["toolTimeoutMs"], "the link holds the tool timeout")

	q := newPage(t) // a browser of its own: only the link can say 300
	q.openURL(link)
	assert.Equal(t, "300", q.value("#tool-timeout"), "the link sets the tool timeout")
	assertRunsWithToolTimeout(t, q)

	// A link made before links carried the tool timeout ran with none.
	old := encodeStateLink(t, map[string]string{"model": `[{type: "final", content: "old"}]`, "tools": "{}", "userMessage": "Hi", "maxSteps": "10"})
	q.reopen("/#state=" + old)
	assert.Equal(t, `[{type: "final", content: "old"}]`, q.value("#model-editor"), "the old link opens")
	assert.Equal(t, "", q.value("#tool-timeout"), "an old link opens with no tool timeout, not the one the page held")
}

func TestPageRunFileAndRestoreCarryTheToolTimeout(t *testing.T) {
	t.Parallel()
	a := newPage(t)
	dir := a.allowDownloads(t)
	a.open("/#example=tool-timeout")
	assertRunsWithToolTimeout(t, a)
	a.click("#export-json")
	data := downloaded(t, dir)
	var file map[string]any
	require.NoError(t, json.Unmarshal(data, &file))
	inputs := file["inputs"].(map[string]any)
	assert.Equal(t, 300.0, inputs["toolTimeoutMs"], "the run file holds the tool timeout: %s", data)

	b := openPage(t, "/")
	const own = "// my own model\n[{type: \"final\", content: \"mine\"}]\n"
	b.setEditor("model-editor", own)
	b.setValue("#tool-timeout", "250")
	b.chooseRunFile("tool-timeout-run.json", data)
	b.waitNotice("The run file tool-timeout-run.json replaced your code")
	assert.Equal(t, "300", b.value("#tool-timeout"), "the run file sets the tool timeout its run had")
	b.click("#notice-action")
	waitFor[bool](b, waitTimeout, "Restore my code to bring back the user's model", `document.querySelector("#model-editor").value.startsWith("// my own model")`)
	assert.Equal(t, "250", b.value("#tool-timeout"), "Restore my code brings back the user's tool timeout")

	b.dropFile("tool-timeout-run.json", string(data))
	b.waitNotice("The run file tool-timeout-run.json replaced your code")
	assert.Equal(t, "300", b.value("#tool-timeout"))
	assertRunsWithToolTimeout(t, b)

	// A run file from before run files kept the tool timeout ran with none.
	delete(inputs, "toolTimeoutMs")
	older, err := json.Marshal(file)
	require.NoError(t, err)
	b.dropFile("older-run.json", string(older))
	b.waitNotice("Opened older-run.json")
	assert.Equal(t, "", b.value("#tool-timeout"), "an older run file opens with no tool timeout, not the one the page held")
}
