//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What the page keeps of the user's inputs, and where: a reload, a share
// link, a run file and "Restore my code" carry every field, the Tool
// timeout too; an embed keeps each example's code apart.

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

// reopen loads path afresh, as a user coming back to it would: a page of
// its own, not a jump within the one shown.
func (p *page) reopen(path string) {
	p.t.Helper()
	p.do("leaving the page", chromedp.Navigate("about:blank"))
	p.open(path)
}

func TestPersistToolTimeoutSurvivesAReload(t *testing.T) {
	p := newPage(t)
	p.open("/#example=tool-timeout")
	require.Equal(t, "300", p.value("#tool-timeout"), "the example sets a 300 ms tool timeout")
	p.reload()
	assert.Equal(t, "300", p.value("#tool-timeout"), "a reload shows the tool timeout as it was")
	assertRunsWithToolTimeout(t, p)

	p.setValue("#tool-timeout", "")
	p.reload()
	assert.Equal(t, "", p.value("#tool-timeout"), "a tool timeout the user emptied stays empty after a reload")
}

func TestPersistShareLinkCarriesTheToolTimeout(t *testing.T) {
	p := newPage(t)
	p.open("/#example=tool-timeout")
	p.click("#share")
	link := waitFor[string](p, waitTimeout, "Share to put the state in the address (#state=...)",
		`location.hash.startsWith("#state=") && location.href`)
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

func TestPersistRunFileAndRestoreCarryTheToolTimeout(t *testing.T) {
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
	path := filepath.Join(t.TempDir(), "tool-timeout-run.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))

	b := newPage(t)
	b.open("/")
	const own = "// my own model\n[{type: \"final\", content: \"mine\"}]\n"
	b.setEditor("model-editor", own)
	b.setValue("#tool-timeout", "250")
	b.do("choosing the run file", chromedp.SetUploadFiles(chromedp.CSS("#open-run-file"), []string{path}))
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

// embedCaption waits until the embed's caption says want.
func (p *page) embedCaption(want string) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, fmt.Sprintf("the embed's caption to say %q", want),
		fmt.Sprintf(`document.querySelector("#embed-caption").textContent === %s`, js(want)))
}

const (
	addTitle   = "Add two numbers (the seed example)"
	chainTitle = "A chain of two tools"
)

func TestPersistEmbedSwitchedToAnotherExampleKeepsItsOwn(t *testing.T) {
	p := newPage(t)
	p.open("/?embed=1#example=add")
	addModel := p.value("#model-editor")
	eval[string](p, `location.hash = "#example=chain"`)
	p.embedCaption(chainTitle)
	chainModel := p.value("#model-editor")
	require.NotEqual(t, addModel, chainModel)

	p.reopen("/?embed=1#example=add")
	assert.Equal(t, addTitle, p.text("#embed-caption"), "the add embed shows add, not the example it was last switched to")
	assert.Equal(t, addModel, p.value("#model-editor"), "the add embed holds add's code")

	// A link's code, put in the frame's hash, is no example's either.
	link := encodeStateLink(t, map[string]string{"model": `[{type: "final", content: "linked"}]`, "tools": "{}"})
	eval[string](p, fmt.Sprintf(`location.hash = %s`, js("state="+link)))
	waitFor[bool](p, waitTimeout, "the link's code in the Model editor", `document.querySelector("#model-editor").value.includes("linked")`)
	assert.Equal(t, "agentloop playground", p.text("#embed-caption"), "the link's code is not called the add example, edited")
	p.reopen("/?embed=1#example=add")
	assert.Equal(t, addModel, p.value("#model-editor"), "a link opened in the add embed leaves add's code alone")
}

func TestPersistEmbedKeepsTheReadersEditsOfEachExample(t *testing.T) {
	p := newPage(t)
	p.open("/?embed=1#example=add")
	const addEdit = "// my add\n[{type: \"final\", content: \"add, edited\"}]\n"
	p.setEditor("model-editor", addEdit)
	p.embedCaption(addTitle + " (edited)")

	eval[string](p, `location.hash = "#example=chain"`)
	p.embedCaption(chainTitle)
	assert.NotEqual(t, addEdit, p.value("#model-editor"), "the chain example shows its own code")
	const chainEdit = "// my chain\n[{type: \"final\", content: \"chain, edited\"}]\n"
	p.setEditor("model-editor", chainEdit)

	eval[string](p, `location.hash = "#example=add"`)
	p.embedCaption(addTitle + " (edited)")
	assert.Equal(t, addEdit, p.value("#model-editor"), "back at add, the reader's edits of add are there")

	p.reopen("/?embed=1#example=add")
	assert.Equal(t, addEdit, p.value("#model-editor"), "a reload keeps the reader's edits of add")
	assert.Equal(t, addTitle+" (edited)", p.text("#embed-caption"), "the reloaded embed still says which example it is, edited")
	p.reopen("/?embed=1#example=chain")
	assert.Equal(t, chainEdit, p.value("#model-editor"), "the chain embed keeps the reader's edits of chain")
	assert.Equal(t, chainTitle+" (edited)", p.text("#embed-caption"))
}

// tutorialPage embeds the add example twice and the chain example once, as a
// tutorial might; frames of one origin share localStorage.
const tutorialPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A tutorial</title>
<link rel="icon" href="data:,"></head>
<body><h1>Build an agent loop</h1>
<iframe id="first-add" src="/?embed=1#example=add" title="the add example" width="720" height="640"></iframe>
<iframe id="chain" src="/?embed=1#example=chain" title="the chain example" width="720" height="640"></iframe>
<iframe id="second-add" src="/?embed=1#example=add" title="the add example again" width="720" height="640"></iframe>
</body></html>`

func TestPersistEmbedFramesOfOneTutorialKeepTheReadersEdits(t *testing.T) {
	url := serveHostPage(t, "/tutorial.html", tutorialPage)
	p := newPage(t)
	p.do("opening the tutorial", chromedp.Navigate(url))
	frame := func(id string) string { return fmt.Sprintf(`document.querySelector(%s).contentWindow`, js("#"+id)) }
	ready := func(id string) {
		w := frame(id)
		waitFor[bool](p, readyTimeout, "the "+id+" frame's engine to load", w+` && `+w+`.document.body && `+w+`.document.body.dataset.engine === "ready"`)
	}
	message := func(id string) string {
		return eval[string](p, frame(id)+`.document.querySelector("#user-message").value`)
	}
	for _, id := range []string{"first-add", "chain", "second-add"} {
		ready(id)
	}
	shipped := message("first-add")

	// The reader changes the message in the first add frame and in the chain
	// frame; the second add frame, loaded before, still shows the shipped add.
	for id, text := range map[string]string{"first-add": "What is 20 + 22?", "chain": "Chain, edited"} {
		eval[chromedp.Void](p, fmt.Sprintf(`(() => { const w = %s; const e = w.document.querySelector("#user-message");
			e.value = %s; e.dispatchEvent(new w.Event("input", {bubbles: true})); })()`, frame(id), js(text)))
	}
	assert.Equal(t, shipped, message("second-add"))
	// The unedited frame goes away (the reader scrolls a lazy frame out, or
	// the host removes it): it must not write the shipped code over the
	// reader's edits.
	eval[chromedp.Void](p, `document.querySelector("#second-add").remove()`)

	// The tutorial's next page embeds add again.
	eval[chromedp.Void](p, `(() => { const f = document.createElement("iframe"); f.id = "next-add";
		f.src = "/?embed=1#example=add"; f.width = 720; f.height = 640; document.body.append(f); })()`)
	ready("next-add")
	assert.Equal(t, "What is 20 + 22?", message("next-add"), "another add frame shows the reader's edits of add, which the unedited frame did not overwrite")
	assert.Equal(t, addTitle+" (edited)", eval[string](p, frame("next-add")+`.document.querySelector("#embed-caption").textContent`))
	assert.Equal(t, "Chain, edited", message("chain"), "the chain frame keeps its own edits")
	waitFor[bool](p, waitTimeout, "the frames to load what they load after the engine",
		lazyLoadedJS(frame("first-add"))+" && "+lazyLoadedJS(frame("chain"))+" && "+lazyLoadedJS(frame("next-add")))
}
