//go:build !(js && wasm)

// The browser tests drive the playground in headless Chromium with chromedp,
// the way a user would: they click, type and read what the page shows.
//
// One Chromium serves the whole test binary (it is started on first use and
// stopped by TestMain); every test gets its own tab in its own browser context,
// so localStorage and permissions never leak from one test to the next. The
// page is served from web/site/ by web/internal/static's Handler, as make
// serve does, so the tests see exactly what a static host would serve.

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"agentloop.dev/web/internal/headless"
	"agentloop.dev/web/internal/static"
)

const (
	// defaultChromium is where Debian's chromium package puts the browser;
	// the environment variable CHROMIUM overrides it.
	defaultChromium = "/usr/bin/chromium"

	// screenshotDir receives a screenshot of every failed test and the
	// review screenshots; it is gitignored.
	screenshotDir = "testdata/screenshots"

	// readyTimeout bounds the first load: the page, the worker and the
	// wasm engine it compiles.
	readyTimeout = 30 * time.Second
	// waitTimeout bounds every wait for something the page should show.
	waitTimeout = 15 * time.Second
	// answerTimeout bounds one question to the page; a page that cannot
	// answer within it has frozen its main thread.
	answerTimeout = 10 * time.Second
	// pollInterval is how often a wait re-checks the page.
	pollInterval = 20 * time.Millisecond
)

// shared is the one browser and web server of the test binary.
var shared struct {
	once        sync.Once
	err         error
	ctx         context.Context // the browser's first tab; new tabs derive from it
	cancel      context.CancelFunc
	allocCancel context.CancelFunc
	server      *httptest.Server
	dataDir     string
}

func TestMain(m *testing.M) {
	code := m.Run()
	stopBrowser()
	os.Exit(code)
}

// startBrowser starts the server and Chromium once, on the first browser
// test, so that other tests in this package run without either.
func startBrowser() error {
	shared.once.Do(func() { shared.err = launch() })
	return shared.err
}

// checkBuilt reports the build outputs the page needs that are missing.
func checkBuilt() error {
	for _, f := range []string{"main.wasm", "wasm_exec.js", "agent-loop.go.txt", "agentloop.js", "dist/app.js", "dist/worker.js", "cases.json"} {
		if _, err := os.Stat(filepath.Join("site", f)); err != nil {
			return fmt.Errorf("web/site/%s is missing: run make build first", f)
		}
	}
	return nil
}

func launch() error {
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = defaultChromium
	}
	if _, err := os.Stat(chromium); err != nil {
		return fmt.Errorf("the browser tests need Chromium, and there is none at %s: "+
			"install it with `sudo apt-get install -y chromium` (make test does this itself when run as root), "+
			"or set CHROMIUM=/path/to/chromium", chromium)
	}
	dir, err := os.MkdirTemp("", "agentloop-chromium-")
	if err != nil {
		return fmt.Errorf("creating Chromium's user-data dir: %w", err)
	}
	shared.dataDir = dir
	site := static.Handler("site")
	shared.server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A tutorial's page, served beside agentloop.js (agentloop_test.go).
		if file, ok := tutorialFiles[r.URL.Path]; ok {
			w.Header().Set("Cache-Control", "no-cache")
			http.ServeFile(w, r, file)
			return
		}
		site.ServeHTTP(w, r)
	}))

	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), headless.Options(chromium, dir)...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	shared.ctx, shared.cancel, shared.allocCancel = ctx, cancel, allocCancel
	// The first Do starts the browser and binds it to ctx, so it must not
	// carry a timeout of its own.
	if err := chromedp.Do(ctx); err != nil {
		return fmt.Errorf("starting Chromium (%s): %w", chromium, err)
	}
	return nil
}

func stopBrowser() {
	if shared.cancel != nil {
		shared.cancel()
		shared.allocCancel()
	}
	if shared.server != nil {
		shared.server.Close()
	}
	if shared.dataDir != "" {
		os.RemoveAll(shared.dataDir)
	}
}

// page is one browser tab showing the playground, owned by one test.
type page struct {
	t   testing.TB
	ctx context.Context

	mu       sync.Mutex
	problems []string         // console errors, uncaught exceptions, dialogs
	dialogs  []string         // messages of alert/confirm/prompt dialogs
	allowed  []*regexp.Regexp // console errors this test expects
}

// newPage opens a fresh tab, in a browser context of its own (empty storage),
// with a 1280x900 viewport. It fails the test when the browser cannot start.
// When the test ends, the tab's unexpected console errors, exceptions and
// dialogs fail it, and a failed test leaves a screenshot behind.
func newPage(t testing.TB) *page {
	t.Helper()
	if err := checkBuilt(); err != nil {
		unavailable(t, err)
	}
	return newTab(t)
}

// requireEnv names the variable make test sets so that a missing browser
// or build fails the browser tests instead of skipping them.
const requireEnv = "AGENTLOOP_REQUIRE_BROWSER"

// unavailable ends a browser test that cannot run: it fails when make test
// asked for the browser layer ($AGENTLOOP_REQUIRE_BROWSER=1), and skips
// with the reason otherwise, so that go test ./... passes where only Go is
// installed.
func unavailable(t testing.TB, err error) {
	t.Helper()
	if os.Getenv(requireEnv) == "1" {
		t.Fatal(err)
	}
	t.Skipf("skipping the browser test: %v (make test runs it)", err)
}

// newTab is newPage without the check that the page is built.
func newTab(t testing.TB) *page {
	t.Helper()
	if err := startBrowser(); err != nil {
		unavailable(t, err)
	}
	// A screenshot left by an earlier failure of this test would mislead.
	failShot := filepath.Join(screenshotDir, sanitize(t.Name())+".png")
	os.Remove(failShot)
	ctx, cancel := chromedp.NewContext(shared.ctx, chromedp.WithNewBrowserContext())
	p := &page{t: t, ctx: ctx}
	if err := chromedp.Listen(ctx, p.observe); err != nil {
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	t.Cleanup(func() {
		p.checkProblems()
		if t.Failed() {
			p.saveScreenshot(filepath.Base(failShot))
		}
		cancel()
	})
	c := chromedp.FromContext(ctx)
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		// Share copies the link; grant the clipboard as a user clicking
		// "Allow" would, so the copy can succeed and be read back.
		_, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission:       &browser.PermissionDescriptor{Name: name},
			Setting:          browser.PermissionSettingGranted,
			Origin:           shared.server.URL,
			BrowserContextID: c.BrowserContextID,
		})
		if err != nil {
			t.Fatalf("granting %s: %v", name, err)
		}
	}
	p.do("set up the tab",
		chromedp.EmulateViewport(1280, 900),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			// A headless tab is never focused; the clipboard and
			// :focus-visible need a focused document.
			if _, err := cdp.Call(ctx, tg, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
				return err
			}
			// Overlay scrollbars, as on phones: the layout gets the whole
			// width, and full-page screenshots are not cut at the right.
			_, err := cdp.Call(ctx, tg, emulation.SetScrollbarsHidden, emulation.SetScrollbarsHiddenParams{Hidden: true})
			return err
		}),
	)
	return p
}

// observe records what a user would count as the page going wrong. It runs
// on the tab's event loop, so it must return at once and send no command.
func (p *page) observe(ev any) {
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			p.problem("console." + string(ev.Type) + ": " + formatArgs(ev.Args))
		}
	case *runtime.EventExceptionThrown:
		p.problem("uncaught exception: " + exceptionText(ev.ExceptionDetails))
	case *log.EventEntryAdded:
		// Chromium asks for /favicon.ico on its own; a page without one is
		// not broken.
		if ev.Entry.Level == log.EntryLevelError && !strings.HasSuffix(ev.Entry.URL, "/favicon.ico") {
			p.problem("browser log: " + ev.Entry.Text + " " + ev.Entry.URL)
		}
	case *cdppage.EventJavascriptDialogOpening:
		p.mu.Lock()
		p.dialogs = append(p.dialogs, string(ev.Type)+": "+ev.Message)
		p.mu.Unlock()
		p.problem(fmt.Sprintf("a %s dialog opened: %q", ev.Type, ev.Message))
		// A dialog blocks the page; dismiss it from outside the event loop.
		go chromedp.Call(p.ctx, cdppage.HandleJavaScriptDialog, cdppage.HandleJavaScriptDialogParams{Accept: false})
	}
}

func (p *page) problem(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, re := range p.allowed {
		if re.MatchString(s) {
			return
		}
	}
	p.problems = append(p.problems, s)
}

// allowConsole tells the harness that console errors matching pattern are
// part of what this test provokes.
func (p *page) allowConsole(pattern string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.allowed = append(p.allowed, regexp.MustCompile(pattern))
}

// dialogsOpened returns the dialogs the page opened so far.
func (p *page) dialogsOpened() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.dialogs...)
}

// takeProblems returns the problems seen so far and forgets them.
func (p *page) takeProblems() []string {
	// A round trip makes sure every event sent before it has been seen.
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
	defer cancel()
	chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`0`))
	p.mu.Lock()
	defer p.mu.Unlock()
	probs := p.problems
	p.problems = nil
	return probs
}

func (p *page) checkProblems() {
	for _, s := range p.takeProblems() {
		p.t.Errorf("the page reported a problem a user could see in the console: %s", s)
	}
}

func formatArgs(args []*runtime.RemoteObject) string {
	parts := make([]string, 0, len(args))
	for _, a := range args {
		switch {
		case a.Type == runtime.RemoteObjectTypeString:
			var s string
			if json.Unmarshal(a.Value, &s) == nil {
				parts = append(parts, s)
				continue
			}
			parts = append(parts, string(a.Value))
		case a.Description != "":
			parts = append(parts, a.Description)
		case len(a.Value) > 0:
			parts = append(parts, string(a.Value))
		default:
			parts = append(parts, string(a.Type))
		}
	}
	return strings.Join(parts, " ")
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d == nil {
		return "(no details)"
	}
	s := d.Text
	if d.Exception != nil && d.Exception.Description != "" {
		s += " " + d.Exception.Description
	}
	if d.URL != "" {
		s += fmt.Sprintf(" (%s:%d:%d)", d.URL, d.LineNumber+1, d.ColumnNumber+1)
	}
	return s
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

func sanitize(name string) string { return unsafeName.ReplaceAllString(name, "_") }

// saveScreenshot writes the tab's viewport to testdata/screenshots/name and
// logs the path. It reports, but does not fail on, a screenshot it cannot take.
func (p *page) saveScreenshot(name string) string {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Logf("no screenshot: %v", err)
		return ""
	}
	return writeScreenshot(p.t, name, buf)
}

func writeScreenshot(t testing.TB, name string, png []byte) string {
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		t.Logf("no screenshot: %v", err)
		return ""
	}
	path := filepath.Join(screenshotDir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Logf("no screenshot: %v", err)
		return ""
	}
	abs, _ := filepath.Abs(path)
	t.Logf("screenshot: %s", abs)
	return abs
}

// use makes t, a subtest of p's test, the test p reports to until t ends.
// A failed subtest leaves a screenshot of its own.
func (p *page) use(t *testing.T) {
	parent := p.t
	p.t = t
	os.Remove(filepath.Join(screenshotDir, sanitize(t.Name())+".png"))
	t.Cleanup(func() {
		if t.Failed() {
			p.saveScreenshot(sanitize(t.Name()) + ".png")
		}
		p.t = parent
	})
}

// url returns the address of path (e.g. "/?embed=1#example=add") on the
// test server.
func (p *page) url(path string) string { return shared.server.URL + path }

// do runs actions, failing the test with what was being done.
func (p *page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// open loads path and waits until the page's engine is ready to run.
func (p *page) open(path string) {
	p.t.Helper()
	p.do("loading "+path, chromedp.Navigate(p.url(path)))
	p.waitReady()
}

// reload reloads the tab as the user's F5 would and waits for the engine.
func (p *page) reload() {
	p.t.Helper()
	p.do("reloading the page", chromedp.Reload())
	p.waitReady()
}

// waitReady waits for body[data-engine=ready], failing if the page says
// the engine failed.
func (p *page) waitReady() {
	p.t.Helper()
	const cond = `document.body && document.body.dataset.engine !== "loading" && document.body.dataset.engine`
	deadline := time.Now().Add(readyTimeout)
	var state string
	for {
		// Wait in short rounds: a page that threw while loading will never
		// be ready, and its exception says why sooner than the timeout.
		var err error
		state, err = tryWaitFor[string](p, 500*time.Millisecond, cond)
		if err == nil {
			break
		}
		p.mu.Lock()
		probs := p.problems
		p.problems = nil // reported here, not again when the test ends
		p.mu.Unlock()
		if len(probs) > 0 {
			p.t.Fatalf("the page broke while loading (body[data-engine] never became ready): %s", strings.Join(probs, "; "))
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waited %v for the page's engine to load (body[data-engine] = ready), in vain; the page showed: %s", readyTimeout, p.summary())
		}
	}
	if state != "ready" {
		p.t.Fatalf("the page's engine did not load: body[data-engine] = %q; the page showed: %s", state, p.text("body"))
	}
	// Once the engine is up, the plain text boxes become code editors.
	waitFor[bool](p, waitTimeout, "the code editors", `[...document.querySelectorAll(".editor")].every((box) => box.querySelector(".cm-editor") !== null)`)
}

// eval evaluates expr in the page (awaiting a promise) and decodes the result
// into T. It fails the test if the page throws or does not answer in time.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, answerTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			p.t.Fatalf("the page froze: it did not answer within %v (evaluating %s)", answerTimeout, expr)
		}
		p.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitFor polls the JavaScript expression cond until it is truthy and returns
// its value; it fails the test, naming what, when timeout passes first.
func waitFor[T any](p *page, timeout time.Duration, what, cond string) T {
	p.t.Helper()
	v, err := tryWaitFor[T](p, timeout, cond)
	if err != nil {
		p.t.Fatalf("waited %v for %s, in vain (%v); the page showed: %s", timeout, what, err, p.summary())
	}
	return v
}

// tryWaitFor is waitFor that returns the error instead of failing.
func tryWaitFor[T any](p *page, timeout time.Duration, cond string) (T, error) {
	ctx, cancel := context.WithTimeout(p.ctx, timeout+2*time.Second)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Poll[T](cond,
		chromedp.WithPollingInterval(pollInterval), chromedp.WithPollingTimeout(timeout)))
}

// js quotes s as a JavaScript string literal.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// must returns a JavaScript expression for the element sel that throws a
// readable error when the page has no such element.
func must(sel string) string {
	return fmt.Sprintf(`(document.querySelector(%[1]s) || (() => { throw new Error("the page has no element " + %[1]s) })())`, js(sel))
}

// click clicks the element sel with the mouse, as a user would, once it is
// visible.
func (p *page) click(sel string) {
	p.t.Helper()
	p.settle()
	p.do("clicking "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// text returns the element's textContent with runs of white space folded.
func (p *page) text(sel string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`%s.textContent.replace(/\s+/g, " ").trim()`, must(sel)))
}

// value returns the value of an input, select or textarea, or the text of
// a code editor (its text box, e.g. #model-editor, reads like a field).
func (p *page) value(sel string) string {
	p.t.Helper()
	return eval[string](p, must(sel)+`.value`)
}

// exists reports whether the page has an element matching sel.
func (p *page) exists(sel string) bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`document.querySelector(%s) !== null`, js(sel)))
}

// visible reports whether sel exists and is rendered (not hidden, not
// display:none, not in a hidden ancestor).
func (p *page) visible(sel string) bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%s); return !!e && e.checkVisibility(); })()`, js(sel)))
}

// setValue sets a field's value and dispatches input and change events, as
// typing and leaving the field would.
func (p *page) setValue(sel, v string) {
	p.t.Helper()
	eval[chromedp.Void](p, fmt.Sprintf(`(() => { const e = %s; e.value = %s;
		e.dispatchEvent(new Event("input", {bubbles: true}));
		e.dispatchEvent(new Event("change", {bubbles: true})); })()`, must(sel), js(v)))
}

// setEditor replaces the source in the code editor whose text box is id
// ("model-editor" or "tools-editor") as a user pasting it would: focus the
// editor, select all with Ctrl+A, and paste (a paste event carrying the
// text, which the editor takes as it takes the clipboard's), or press
// Backspace when src is empty.
func (p *page) setEditor(id, src string) {
	p.t.Helper()
	sel := "#" + id
	replace := chromedp.KeyEvent(kb.Backspace)
	if src != "" {
		replace = chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const data = new DataTransfer();
			data.setData("text/plain", %s);
			document.activeElement.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true})); })()`, js(src)))
	}
	p.do("pasting into "+sel,
		chromedp.Focus(chromedp.CSS(sel)),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		replace,
	)
	waitFor[bool](p, waitTimeout, "the editor "+sel+" to hold what was pasted", fmt.Sprintf(`%s.value === %s`, must(sel), js(src)))
}

// lazyLoadedJS is true, in the window win, once the page there has loaded
// all it loads by itself after the engine is ready (page/app.js marks
// "lazy-loaded"): a test whose own server closes when it ends waits for it.
func lazyLoadedJS(win string) string {
	return win + `.performance.getEntriesByName("lazy-loaded").length > 0`
}

// settle waits until the page has drawn two frames: the code editors
// scroll their text into view when they next draw, and a click before
// that would land where the scroll moves the page to, as a person's would
// not.
func (p *page) settle() {
	p.t.Helper()
	eval[bool](p, `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))`)
}

// chooseExample picks the example id from the examples menu and waits until
// the editors show it. It empties the editors first, so that it can tell the
// example has loaded even when they already held it.
func (p *page) chooseExample(id string) {
	p.t.Helper()
	has := eval[bool](p, fmt.Sprintf(`[...%s.options].some(o => o.value === %s)`, must("#example-select"), js(id)))
	if !has {
		p.t.Fatalf("the examples menu has no example %q; it offers %s", id,
			eval[string](p, `[...document.querySelector("#example-select").options].map(o => o.value).join(", ")`))
	}
	p.setEditor("model-editor", "")
	p.setEditor("tools-editor", "")
	p.setValue("#example-select", id)
	waitFor[bool](p, waitTimeout, "the editors to show example "+id,
		fmt.Sprintf(`document.querySelector("#example-select").value === %s &&
			document.querySelector("#model-editor").value !== "" && document.querySelector("#tools-editor").value !== ""`, js(id)))
}
