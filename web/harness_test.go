//go:build !(js && wasm)

// The browser tests drive the playground in headless Chromium with chromedp,
// the way a user would: they click, type and read what the page shows.
//
// One Chromium serves the whole test binary (it is started on first use and
// stopped by TestMain); every test gets its own tab in its own browser context,
// so localStorage and permissions never leak from one test to the next. The
// page is served from web/site/ by web/internal/static's Handler, as make
// serve does, so the tests see exactly what a static host would serve.
//
// Because nothing but the browser and the server is shared, the tests run
// in parallel (t.Parallel); the few that bound a time on the wall clock run
// alone first, and say so. What the browser itself shares between its
// contexts, the clipboard, a test holds while it copies (holdClipboard).
// This file holds what acts on the page; view_test.go what reads it.

package main

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/web/internal/headless"
	"agentloop.dev/web/internal/static"
)

// The browser and the server, one of each for the test binary.

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
	for _, f := range []string{"main.wasm", "wasm_exec.js", "agent-loop.go.txt", "agentloop.js", "dist/app.js", "dist/sandbox.js", "dist/worker.js", "cases.json"} {
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
		// A tutorial's page, served beside agentloop.js (tutorial_page_test.go).
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

// tutorialFiles are a tutorial author's page, served beside
// web/site/agentloop.js as if it were theirs.
var tutorialFiles = map[string]string{
	"/agentloop-page.html": "testdata/agentloop-page.html",
	"/agentloop-page.js":   "testdata/agentloop-page.js",
	// The same page under a Content-Security-Policy that allows neither
	// the sandbox frame nor WebAssembly.
	"/agentloop-strict-page.html": "testdata/agentloop-strict-page.html",
	// ... and one that allows WebAssembly but not eval.
	"/agentloop-noeval-page.html": "testdata/agentloop-noeval-page.html",
}

// serveHostPage serves the site with one page of html at path beside it,
// as a tutorial author's page that embeds the playground, and returns that
// page's URL. The server closes after the test's tab (cleanups run last
// first), so nothing the page still loads meets a closed server.
func serveHostPage(t *testing.T, path, html string) string {
	mux := http.NewServeMux()
	mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(html))
	})
	mux.Handle("/", static.Handler("site"))
	host := httptest.NewServer(mux)
	t.Cleanup(host.Close)
	return host.URL + path
}

// openPage opens a fresh tab, as newPage does, and loads path in it.
func openPage(t testing.TB, path string) *page {
	t.Helper()
	p := newPage(t)
	p.open(path)
	return p
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

// Tabs: one per test, each in a browser context of its own, watching for
// what a user would count as the page going wrong.

// page is one browser tab showing the playground, owned by one test.
type page struct {
	t     testing.TB // the test, or the subtest (use), it reports to
	owner testing.TB // the test that opened it
	ctx   context.Context

	mu        sync.Mutex
	problems  []string         // console errors, uncaught exceptions, dialogs
	dialogs   []string         // messages of alert/confirm/prompt dialogs
	allowed   []*regexp.Regexp // console errors this test expects
	clipboard bool             // whether its test holds the clipboard
}

// clipboard is the browser's one clipboard: headless Chromium keeps a
// single one for all its browser contexts. A test that copies holds it
// until it ends, so that no other test's copy lands between its own copy
// and its reading it back.
var clipboard sync.Mutex

// holdClipboard keeps the clipboard to p's test until that test ends; a
// test that holds it already goes on at once.
func (p *page) holdClipboard() {
	p.mu.Lock()
	held := p.clipboard
	p.clipboard = true
	p.mu.Unlock()
	if held {
		return
	}
	clipboard.Lock()
	p.owner.Cleanup(clipboard.Unlock)
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
	p := &page{t: t, owner: t, ctx: ctx}
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
			// Every notice the page shows is recorded (waitNotice).
			if _, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: noticeRecorderJS}); err != nil {
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

// Talking to the page: every question has a time limit, and every wait
// names what it waited for.

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

// awaitWork evaluates expr, a promise of work that takes the page a while
// (axe-core's check, say), and decodes its result into T. It fails the test,
// naming what, when the work takes longer than timeout; eval's limit is for
// questions a page answers at once.
func awaitWork[T any](p *page, timeout time.Duration, what, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("waited %v for %s, in vain: %v", timeout, what, err)
	}
	return v
}

// callOn calls the JavaScript function fn with this bound to the remote
// object id and decodes its result into T.
func callOn[T any](p *page, id runtime.RemoteObjectID, fn string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, answerTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.CallFunctionOn[T](fn, func(params *runtime.CallFunctionOnParams) { params.ObjectID = id }))
	if err != nil {
		p.t.Fatalf("calling %s: %v", fn, err)
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

// Loading: a page counts as loaded once its engine is ready.

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

// reopen loads path afresh, as a user coming back to it would: a page of
// its own, not a jump within the one shown.
func (p *page) reopen(path string) {
	p.t.Helper()
	p.do("leaving the page", chromedp.Navigate("about:blank"))
	p.open(path)
}

// openURL loads a full address, such as a share link, and waits for the
// engine.
func (p *page) openURL(u string) {
	p.t.Helper()
	p.do("loading "+u, chromedp.Navigate(u))
	p.waitReady()
}

// setHash follows a link to hash on the page already open, as a click on
// a tutorial's "try this" link would.
func (p *page) setHash(hash string) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`(location.hash = %s, true)`, js(hash)))
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

// Emulation: the screen, the colour scheme, the network and downloads.

// colorScheme emulates prefers-color-scheme (light or dark).
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}

// mobile emulates a 375x812 phone.
func mobile() chromedp.Action[chromedp.Void] {
	return chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))
}

// throttle holds every request of the tab to c, with the HTTP cache off,
// so that each load downloads everything at c's pace.
func (p *page) throttle(c network.Conditions) {
	p.t.Helper()
	p.do("throttling the network", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			return fmt.Errorf("disabling the cache: %w", err)
		}
		_, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{&c},
		})
		return err
	}))
}

// allowDownloads makes the tab save downloads into a new temporary folder,
// which it returns.
func (p *page) allowDownloads(t *testing.T) string {
	dir := t.TempDir()
	_, err := chromedp.CallBrowser(p.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior:         browser.SetDownloadBehaviorBehaviorAllow,
		BrowserContextID: chromedp.FromContext(p.ctx).BrowserContextID,
		DownloadPath:     dir,
	})
	require.NoError(t, err)
	return dir
}

// downloaded waits for the one .json file in dir and returns its contents.
func downloaded(t *testing.T, dir string) []byte {
	t.Helper()
	var file string
	require.Eventually(t, func() bool {
		names, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		if len(names) == 1 {
			file = names[0]
		}
		return file != ""
	}, waitTimeout, pollInterval, "Export JSON downloads a .json file")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	return data
}

// Acting as a user: the mouse, the keyboard, the fields and the menus.

// click clicks the element sel with the mouse, as a user would, once it is
// visible.
func (p *page) click(sel string) {
	p.t.Helper()
	p.settle()
	p.do("clicking "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// clickAt clicks the middle of sel with the mouse, where a reader would.
func (p *page) clickAt(sel string) {
	p.t.Helper()
	r := p.rectOf(sel)
	p.do("clicking "+sel, chromedp.MouseClickXY((r.Left+r.Right)/2, (r.Top+r.Bottom)/2))
}

// clickNamed clicks the visible button whose accessible name (its text or
// aria-label) is name, as a user picking it by its label would.
func (p *page) clickNamed(name string) {
	p.t.Helper()
	found := eval[bool](p, fmt.Sprintf(`(() => {
		for (const b of document.querySelectorAll("[data-test-click]")) delete b.dataset.testClick;
		const b = [...document.querySelectorAll("button")].find((b) =>
			b.checkVisibility() && (b.getAttribute("aria-label") || b.textContent).trim() === %s);
		if (b) b.dataset.testClick = "";
		return !!b;
	})()`, js(name)))
	if !found {
		p.t.Fatalf("the page shows no button named %q; it shows: %s", name, p.summary())
	}
	p.click("[data-test-click]")
}

// approvalDecision is what a person decides about a tool call that waits
// for approval, as an example's decide lists it.
type approvalDecision struct {
	Decision string         `json:"decision"` // approve, deny or edit
	Reason   string         `json:"reason"`
	Args     map[string]any `json:"args"`
}

// decide waits for the approval panel and decides the call it shows with
// the mouse, as a person would: Approve; Deny, the reason, Deny the call;
// or Edit arguments, the JSON, Run with these arguments.
func (p *page) decide(d approvalDecision) {
	p.t.Helper()
	waitFor[bool](p, waitTimeout, "the approval panel to show a call", `document.querySelector("#approval-panel").checkVisibility()`)
	switch d.Decision {
	case "approve":
		p.click("#approval-approve")
	case "deny":
		p.click("#approval-deny")
		p.setValue("#approval-reason", d.Reason)
		p.click("#approval-deny-send")
	case "edit":
		args, err := json.Marshal(d.Args)
		require.NoError(p.t, err)
		p.click("#approval-edit")
		p.setValue("#approval-edit-args", string(args))
		p.click("#approval-edit-send")
	default:
		p.t.Fatalf("no such decision %q", d.Decision)
	}
}

// runDeciding clicks Run and, each time a tool call waits for approval,
// makes the next of decisions, until the run ends; it returns the view
// then. A call beyond decisions fails the test: the run would wait.
func (p *page) runDeciding(decisions []approvalDecision) pageView {
	p.t.Helper()
	p.click("#run")
	return p.decideUntilEnd(decisions)
}

// decideUntilEnd makes the next of decisions each time a tool call of the
// run under way waits for approval, until the run ends; it returns the
// view then.
func (p *page) decideUntilEnd(decisions []approvalDecision) pageView {
	p.t.Helper()
	for i := 0; ; i++ {
		state := waitFor[string](p, 3*waitTimeout, "the run to end or a call to wait for approval",
			`(() => { if (document.querySelector("#approval-panel").checkVisibility()) return "waiting";
				const b = document.querySelector("#stop-banner");
				return !!b && b.checkVisibility() && !!b.dataset.reason && document.body.dataset.running !== "true" ? "ended" : null; })()`)
		if state == "ended" {
			return p.view()
		}
		require.Less(p.t, i, len(decisions), "call %d waits for approval, and the test has no decision for it: %s", i+1, p.summary())
		p.decide(decisions[i])
		// The panel goes as the decision is made; wait for it to, so that
		// the next round sees the next call.
		waitFor[bool](p, waitTimeout, "the decided call's panel to go", `!document.querySelector("#approval-panel").checkVisibility()`)
	}
}

// press sends a key to the page with the focus outside the editors.
func (p *page) press(key string) {
	p.t.Helper()
	p.do("pressing a key", chromedp.KeyEvent(key))
}

// wheelTo scrolls with the mouse wheel over the point (x, y), as a reader
// would, until sel is wholly inside the viewport. The wheel scrolls only
// what a reader can scroll: never a box whose overflow is hidden, as the
// embed's body is.
func (p *page) wheelTo(sel string, x, y float64) {
	p.t.Helper()
	// In view: inside the screen and inside the box that scrolls it (an
	// embed's Exercise scrolls below the frame's header, which would cover
	// what is above that box's top). Above it, the wheel turns up.
	where := fmt.Sprintf(`(() => { const e = %s; const r = e.getBoundingClientRect();
		let top = 0, bottom = innerHeight;
		for (let a = e.parentElement; a; a = a.parentElement) {
			const o = getComputedStyle(a).overflowY;
			if ((o === "auto" || o === "scroll") && a.scrollHeight > a.clientHeight) {
				const b = a.getBoundingClientRect(); top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom); break;
			}
		}
		return r.top < top - 0.5 ? "above" : r.bottom > bottom + 0.5 ? "below" : "in"; })()`, must(sel))
	for i := 0; i < 40; i++ {
		at := eval[string](p, where)
		if at == "in" {
			break
		}
		delta := 100.0
		if at == "above" {
			delta = -100
		}
		// The protocol wants deltaX too, which the typed params leave
		// out when it is zero.
		p.do("turning the mouse wheel", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			return tg.Call(ctx, "Input.dispatchMouseEvent", map[string]any{
				"type": input.DispatchMouseEventTypeMouseWheel, "x": x, "y": y, "deltaX": 0, "deltaY": delta}, nil)
		}))
		// The wheel scrolls by the next frames; wait for them, not a time.
		p.settle()
	}
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

func (p *page) fill(f fields) {
	p.t.Helper()
	p.setEditor("model-editor", f.Model)
	p.setEditor("tools-editor", f.Tools)
	p.setValue("#user-message", f.UserMessage)
	p.setValue("#max-steps", f.MaxSteps)
	p.setValue("#time-limit", f.TimeLimit)
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

// pickInMenu picks the option value ("" is "Your own code") in the
// examples menu, as a user choosing it would.
func (p *page) pickInMenu(value string) {
	p.t.Helper()
	p.setValue("#example-select", value)
}

// pickInMenuByLabel picks the examples menu's option whose text is label,
// as a user reading the menu would.
func (p *page) pickInMenuByLabel(label string) {
	p.t.Helper()
	value, ok := tryWaitFor[string](p, waitTimeout, fmt.Sprintf(`(() => { const o = [...document.querySelector("#example-select").options].find((o) => o.textContent === %s); return o ? o.value || "own" : ""; })()`, js(label)))
	if ok != nil {
		p.t.Fatalf("the examples menu has no %q; it offers %s", label,
			eval[string](p, `[...document.querySelector("#example-select").options].map((o) => o.textContent).join(" | ")`))
	}
	if value == "own" {
		value = ""
	}
	p.pickInMenu(value)
}

// chooseRunFile saves data as a file called name and chooses it with
// Open run's file picker, as a user would.
func (p *page) chooseRunFile(name string, data []byte) {
	p.t.Helper()
	path := filepath.Join(p.t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		p.t.Fatalf("saving the run file %s: %v", name, err)
	}
	p.do("choosing the run file "+name, chromedp.SetUploadFiles(chromedp.CSS("#open-run-file"), []string{path}))
}

// dropFile drops a file with the text onto the page, as dragging it from
// the desktop would.
func (p *page) dropFile(name, text string) {
	p.t.Helper()
	eval[chromedp.Void](p, fmt.Sprintf(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([%s], %s, {type: "application/json"}));
		document.body.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
		document.body.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`, js(text), js(name)))
}

// tabStop is a control the Tab key reached.
type tabStop struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	InRun bool   `json:"inRun"`
}

// tabThroughRunBar focuses the user message and presses Tab until the focus
// leaves the run bar, returning each control it reached on the way and
// checking each is on screen.
func (p *page) tabThroughRunBar(t *testing.T, where string) []tabStop {
	t.Helper()
	p.do("focusing the user message", chromedp.Focus(chromedp.CSS("#user-message")))
	var stops []tabStop
	for i := 0; i < 20; i++ {
		s := eval[tabStop](p, `(() => { const e = document.activeElement; const inRun = !!e.closest(".runbar");
			return {id: e.id, inRun, name: inRun ? `+accessibleNameJS+`(e) : ""}; })()`)
		if !s.InRun {
			return stops
		}
		stops = append(stops, s)
		p.onScreen(t, "#"+s.ID, where+", with the focus on it")
		p.do("pressing Tab", chromedp.KeyEvent(kb.Tab))
	}
	t.Fatalf("Tab never left the run bar %s: %v", where, stops)
	return nil
}

func ids(stops []tabStop) []string {
	out := make([]string, len(stops))
	for i, s := range stops {
		out[i] = s.ID
	}
	return out
}

var positionRE = regexp.MustCompile(`^Phase (\d+) of (\d+)$`)

// clickAndWaitPosition clicks sel and waits until #step-position says want.
func (p *page) clickAndWaitPosition(sel, want string) pageView {
	p.t.Helper()
	p.click(sel)
	waitFor[bool](p, waitTimeout, fmt.Sprintf("#step-position to say %q after clicking %s", want, sel),
		fmt.Sprintf(`document.querySelector("#step-position").textContent.replace(/\s+/g, " ").trim() === %s`, js(want)))
	return p.view()
}

// stepThrough clicks Step until the last phase of the run the editors
// hold, and returns the view at each phase.
func (p *page) stepThrough() []pageView {
	p.t.Helper()
	p.click("#step")
	total := p.waitFirstPhase("the first Step")
	views := []pageView{p.view()}
	for i := 2; i <= total; i++ {
		views = append(views, p.clickAndWaitPosition("#step", fmt.Sprintf("Phase %d of %d", i, total)))
	}
	return views
}

// runTimed runs with the time limit set to limitMs, and returns the view
// at the run's end and how long after Run it came; it waits for that end
// longer than the limit, so that the test, not the wait, judges how long
// the run took. The limit is back at the default (2000 ms) after.
func (p *page) runTimed(limitMs string) (pageView, time.Duration) {
	p.t.Helper()
	limit, err := strconv.Atoi(limitMs)
	if err != nil {
		p.t.Fatalf("the time limit %q is not a number of milliseconds", limitMs)
	}
	p.setValue("#time-limit", limitMs)
	start := time.Now()
	p.click("#run")
	v := p.waitBannerWithin(3*waitTimeout + time.Duration(limit)*time.Millisecond)
	took := time.Since(start)
	p.setValue("#time-limit", "2000")
	return v, took
}

// answerTool answers the model call with a call of tool name with args.
func (p *page) answerTool(name, args string) {
	p.t.Helper()
	p.click("#be-model-kind-tool")
	p.setValue("#be-model-call-list .be-call-name", name)
	p.setValue("#be-model-call-list .be-call-args", args)
	p.click("#be-model-send")
}

// answerFinal answers the model call with a final answer.
func (p *page) answerFinal(text string) {
	p.t.Helper()
	p.click("#be-model-kind-final")
	p.setValue("#be-model-answer", text)
	p.click("#be-model-send")
}

// playTheSeedsModel answers the add example's two model calls as the
// person playing the model, once the page asks for the first: a call of
// add with args, then the final answer. It returns the view at the run's
// end.
func (p *page) playTheSeedsModel(args, final string) pageView {
	p.t.Helper()
	p.answerTool("add", args)
	p.waitAsked(2)
	p.answerFinal(final)
	return p.waitBanner()
}

// openExercise switches to the Exercise and waits for Your loop.
func (p *page) openExercise() {
	p.t.Helper()
	p.clickNamed("Exercise")
	waitFor[bool](p, waitTimeout, "the Exercise to show Your loop", `document.querySelector("#loop-editor").checkVisibility()`)
}

// startInterview sets the interview's length in minutes, presses Start
// interview and waits until the interview's stage shows.
func (p *page) startInterview(minutes string) {
	p.t.Helper()
	p.setValue("#interview-minutes", minutes)
	p.clickNamed("Start interview")
	waitFor[bool](p, waitTimeout, "the interview to start", `document.querySelector("#interview-stage").checkVisibility()`)
}

// check presses Check and waits until the page says how many cases pass.
func (p *page) check() string {
	p.t.Helper()
	p.clickNamed("Check")
	return p.waitChecked("Check")
}

// Share links, as the page writes them.

// share presses Share and returns the link it puts in the address bar.
// Share copies the link too, so the test holds the clipboard from then on.
func (p *page) share() string {
	p.t.Helper()
	p.holdClipboard()
	p.clickNamed("Share")
	return waitFor[string](p, waitTimeout, "Share to put the state in the address (#state=...)",
		`location.hash.startsWith("#state=") && location.href`)
}

// encodeStateLink returns a share link's #state= payload for state:
// base64url(deflate-raw(JSON)), as the page writes it.
func encodeStateLink(t *testing.T, state map[string]string) string {
	t.Helper()
	data, err := json.Marshal(state)
	require.NoError(t, err)
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	require.NoError(t, err)
	_, err = w.Write(data)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// decodeState decodes a #state= share link's payload:
// base64url(deflate-raw(JSON)).
func decodeState(t *testing.T, link string) map[string]any {
	t.Helper()
	u, err := url.Parse(link)
	require.NoError(t, err)
	enc, ok := strings.CutPrefix(u.Fragment, "state=")
	require.True(t, ok, "the share link's hash starts with #state=; it is %q", u.Fragment)
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(enc, "="))
	require.NoError(t, err, "the state is base64url")
	js, err := io.ReadAll(flate.NewReader(bytes.NewReader(raw)))
	require.NoError(t, err, "the state is deflate-raw compressed")
	var state map[string]any
	require.NoError(t, json.Unmarshal(js, &state), "the state is JSON: %s", js)
	return state
}

// Health: the page answers, leaves no worker running, still runs the seed,
// and has no serious accessibility violation.

// answersQuickly fails the test if the page's main thread does not answer
// within d: the page froze.
func (p *page) answersQuickly(d time.Duration, while string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.now()`)); err != nil {
		p.t.Fatalf("the page froze %s: it did not answer within %v (%v)", while, d, err)
	}
}

// workers returns how many Web Workers the page's tab has alive.
func (p *page) workers() int {
	p.t.Helper()
	infos, err := chromedp.Targets(p.ctx)
	if err != nil {
		p.t.Fatalf("listing the browser's targets: %v", err)
	}
	bc := chromedp.FromContext(p.ctx).BrowserContextID
	n := 0
	for _, i := range infos {
		if i.Type == "worker" && i.BrowserContextID == bc {
			n++
		}
	}
	return n
}

// assertWorkersBackTo waits until the tab has no more workers than before:
// a worker left running user code (a while (true) {} say) would keep a
// core busy for as long as the page is open.
func (p *page) assertWorkersBackTo(t *testing.T, before int, what string) {
	t.Helper()
	var now int
	ok := assert.Eventually(t, func() bool { now = p.workers(); return now <= before }, waitTimeout, 50*time.Millisecond)
	if !ok {
		t.Errorf("%s left a worker running: %d workers are alive, %d were before the run", what, now, before)
	}
}

// assertStillWorks runs the seed's example and checks it ends as it should:
// the page recovered from whatever the test did before.
func (p *page) assertStillWorks(t *testing.T) {
	t.Helper()
	p.chooseExample("add")
	assertAddTranscript(t, p.value("#user-message"), p.run())
}

// axePath is axe-core as make's tools-axe target installs it.
const axePath = "node_modules/axe-core/axe.min.js"

type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

func (v axeViolation) String() string {
	return fmt.Sprintf("%s (%s): %s, at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "; "))
}

// axeSerious runs axe-core on the page and returns its serious and critical
// violations.
func (p *page) axeSerious(t *testing.T) []axeViolation {
	t.Helper()
	src, err := os.ReadFile(axePath)
	if err != nil {
		unavailable(t, fmt.Errorf("the accessibility check needs axe-core at web/%s: run make tools-axe (npm ci --prefix web) first", axePath))
	}
	if !eval[bool](p, `typeof window.axe === "object"`) {
		eval[chromedp.Void](p, string(src)+"\n;undefined")
	}
	// axe-core takes seconds on a busy machine.
	return awaitWork[[]axeViolation](p, 2*waitTimeout, "axe-core to check the page", `axe.run(document, {resultTypes: ["violations"]}).then((r) => r.violations
		.filter((v) => v.impact === "serious" || v.impact === "critical")
		.map((v) => ({id: v.id, impact: v.impact, help: v.help,
			nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + " " + (n.failureSummary || "").replace(/\s+/g, " "))})))`)
}

// assertAccessible fails t with each serious or critical violation axe-core
// finds on the page, saying where the page was.
func (p *page) assertAccessible(t *testing.T, where string) {
	t.Helper()
	for _, v := range p.axeSerious(t) {
		t.Errorf("axe-core finds a serious accessibility violation %s: %s", where, v)
	}
}
