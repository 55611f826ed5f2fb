//go:build !(js && wasm)

// Package headless holds the one way this project starts Chromium: headless,
// with a profile of its own and nothing that reaches the network, for the
// browser tests and the benchmarks alike.
package headless

import "github.com/chromedp/chromedp"

// Options returns the allocator options that start the Chromium at path
// headless, with userDataDir as a fresh profile, and without the background
// work (updates, sync, first-run pages) that would reach the network.
func Options(path, userDataDir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(userDataDir),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	}
}
