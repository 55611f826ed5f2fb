//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"agentloop.dev/web/internal/headless"
	"agentloop.dev/web/internal/static"
)

// serve starts a local static server over the site folder, as the dev
// server serves web/site/: .wasm as application/wasm and nothing cached.
// The bench's own pages (web/bench/*.html, *.js) are served under /bench/.
// overrides maps URL paths to files served in their place.
func serve(site string, overrides map[string]string) *httptest.Server {
	files := static.Handler(site)
	benchPages := http.StripPrefix("/bench/", static.Handler(benchDir))
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if file, ok := overrides[r.URL.Path]; ok {
			w.Header().Set("Cache-Control", "no-cache")
			http.ServeFile(w, r, file)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/bench/") {
			benchPages.ServeHTTP(w, r)
			return
		}
		files.ServeHTTP(w, r)
	}))
}

// chromiumPath finds the browser: $CHROMIUM, else chromium on PATH.
func chromiumPath() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("chromium not found: install it (sudo apt-get install -y chromium) or set CHROMIUM=/path/to/chrome")
}

// A browser is one headless Chromium with a fresh profile of its own.
type browser struct {
	ctx     context.Context // the first tab's chromedp context
	cancel  func()
	profile string
}

// newBrowser starts headless Chromium with a fresh, empty profile and one
// tab. extra flags are added to the quiet defaults (no network besides the
// test server, no first-run work). Close it when done.
func newBrowser(parent context.Context, path string, extra ...chromedp.ExecAllocatorOption) (*browser, error) {
	profile, err := os.MkdirTemp("", "agentloop-bench-profile-")
	if err != nil {
		return nil, err
	}
	opts := append(headless.Options(path, profile), extra...)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(parent, opts...)
	ctx, cancelTab := chromedp.NewContext(allocCtx)
	b := &browser{ctx: ctx, profile: profile, cancel: func() {
		cancelTab()
		cancelAlloc()
	}}
	// The first Run starts the browser; it must not carry a timeout, or the
	// timeout would end the browser too.
	if err := chromedp.Do(ctx); err != nil {
		b.Close()
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	return b, nil
}

// Close stops the browser and removes its profile.
func (b *browser) Close() {
	b.cancel()
	os.RemoveAll(b.profile)
}

// evaluate runs a JavaScript expression in the tab, awaits it when it is a
// Promise and decodes its JSON value into T.
func evaluate[T any](ctx context.Context, timeout time.Duration, expr string) (T, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil && ctx.Err() != nil {
		return v, fmt.Errorf("gave up after %v: %w", timeout, err)
	}
	return v, err
}

// navigate loads url in the tab and waits for its load event.
func navigate(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return chromedp.Do(ctx, chromedp.Navigate(url))
}

// addScriptOnLoad makes the tab run js in every new document before the
// page's own scripts.
func addScriptOnLoad(ctx context.Context, js string) error {
	_, err := chromedp.Run(ctx, func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument,
			page.AddScriptToEvaluateOnNewDocumentParams{Source: js})
		return chromedp.Void{}, err
	})
	return err
}
