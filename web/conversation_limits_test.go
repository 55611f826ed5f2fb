//go:build !(js && wasm)

package main

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// conversationError waits for the Open a real conversation dialog's error
// and returns it.
func (p *page) conversationError() string {
	p.t.Helper()
	return waitFor[string](p, waitTimeout, "the dialog to say what is wrong", `(() => { const e = document.querySelector("#conversation-error"); return !e.hidden && e.textContent; })()`)
}

// A conversation over the cap is refused whichever way it comes, before
// anything reads it, with its size and the cap named: pasted (nothing
// reaches the text box), picked as a file, or dropped on the page.
func TestOversizedConversationsAreRefusedBeforeTheyAreRead(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	waitFor[bool](p, waitTimeout, "the real API region", `!!document.querySelector("#real-api")`)
	p.clickNamed("Open a real conversation")
	waitFor[bool](p, waitTimeout, "the conversation dialog to open", `document.querySelector("#conversation-dialog").open`)
	const cap = "a conversation this page opens is at most 16 MB (16,777,216 characters)."

	eval[chromedp.Void](p, `(() => {
		const dt = new DataTransfer();
		dt.setData("text/plain", "[" + " ".repeat(17 * 1048576) + "]");
		document.querySelector("#conversation-text").dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true}));
	})()`)
	assert.Equal(t, "The pasted conversation is 17.0 MB (17,825,794 characters); "+cap+" Nothing was pasted.", p.conversationError())
	assert.Equal(t, "", p.value("#conversation-text"), "nothing reached the text box")

	eval[chromedp.Void](p, `(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([new Uint8Array(20 * 1048576)], "big.json", {type: "application/json"}));
		const input = document.querySelector("#conversation-file");
		input.files = dt.files;
		input.dispatchEvent(new Event("change"));
	})()`)
	waitFor[bool](p, waitTimeout, "the file's refusal", `document.querySelector("#conversation-error").textContent.startsWith("big.json")`)
	assert.Equal(t, "big.json is 20 MB (20,971,520 characters); "+cap, p.conversationError())

	p.click("#conversation-cancel")

	eval[chromedp.Void](p, `(() => {
		const dt = new DataTransfer();
		const bytes = new Uint8Array(17 * 1048576).fill(32); // spaces
		bytes.set(new TextEncoder().encode('{"messages": ['));
		bytes.set(new TextEncoder().encode(']}'), bytes.length - 2);
		dt.items.add(new File([bytes], "huge.json", {type: "application/json"}));
		document.body.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
		document.body.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`)
	p.waitNotice("Nor can it be a conversation: huge.json is 17 MB (17,825,792 characters); " + cap)
}

// A large conversation under the cap is read in a worker: the page goes on
// answering while the dialog says it is reading, and then it opens.
func TestALargeConversationIsReadWithoutHoldingThePage(t *testing.T) {
	t.Parallel()
	p := newPage(t)
	p.open("/")
	waitFor[bool](p, waitTimeout, "the real API region", `!!document.querySelector("#real-api")`)
	p.clickNamed("Open a real conversation")
	waitFor[bool](p, waitTimeout, "the conversation dialog to open", `document.querySelector("#conversation-dialog").open`)
	// 3,000 calls of 2 KB each: 6 MB.
	eval[chromedp.Void](p, `(() => {
		const messages = [{role: "user", content: "hi"}];
		for (let i = 0; i < 3000; i++) {
			messages.push({role: "assistant", tool_calls: [{id: "c" + i, type: "function", function: {name: "add", arguments: JSON.stringify({a: i, pad: "x".repeat(1000)})}}]});
			messages.push({role: "tool", tool_call_id: "c" + i, content: "y".repeat(1000)});
		}
		messages.push({role: "assistant", content: "done"});
		const dt = new DataTransfer();
		dt.setData("text/plain", JSON.stringify({messages}));
		document.querySelector("#conversation-text").dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true}));
		window.readingSeen = false;
		new MutationObserver(() => { if (document.querySelector("#conversation-status").textContent.startsWith("Reading the conversation (")) window.readingSeen = true; })
			.observe(document.querySelector("#conversation-status"), {childList: true, subtree: true, characterData: true});
	})()`)
	assert.Contains(t, eval[string](p, `document.querySelector("#conversation-text").placeholder`), "A conversation of 6.", "the dialog says what it holds")
	p.clickNamed("Open")
	p.answersQuickly(time.Second, "while it reads a 6 MB conversation")
	// Its code then fills the editors: a while, on a loaded machine.
	waitFor[bool](p, readyTimeout, "the conversation to open", `document.querySelector("#notice-text").textContent.includes("Opened an OpenAI Chat Completions conversation")`)
	assert.True(t, eval[bool](p, `window.readingSeen`), "the dialog said it was reading")
	assert.True(t, eval[bool](p, `performance.getEntriesByType("resource").some((r) => r.name.endsWith("/dist/conversation-worker.js"))`), "a worker read it")
}
