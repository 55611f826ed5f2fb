//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What an embed keeps of a reader's edits: each example's code apart, in
// every frame of a tutorial and after a reload; a link's code is no
// example's.

func TestPageEmbedSwitchedToAnotherExampleKeepsItsOwn(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/?embed=1#example=add")
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

func TestPageEmbedKeepsTheReadersEditsOfEachExample(t *testing.T) {
	t.Parallel()
	p := openPage(t, "/?embed=1#example=add")
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

func TestPageEmbedFramesOfOneTutorialKeepTheReadersEdits(t *testing.T) {
	t.Parallel()
	url := serveHostPage(t, "/tutorial.html", tutorialPage)
	p := newPage(t)
	p.do("opening the tutorial", chromedp.Navigate(url))
	frame := func(id string) string { return fmt.Sprintf(`document.querySelector(%s).contentWindow`, js("#"+id)) }
	ready := func(id string) {
		w := frame(id)
		waitFor[bool](p, readyTimeout, "the "+id+" frame's engine to load", engineReadyJS(w+` && `+w+`.document`))
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
