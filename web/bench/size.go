//go:build !(js && wasm)

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// kb is the unit of the size rows: 1 KB = 1000 bytes, the stricter reading
// of the budgets.
const kb = 1000

// gzipGuard is the size budget the playground met (850 KiB gzip): the row
// stays as a guard that fails on growth.
const gzipGuard = 850 * 1024

// benchSize measures row 4: web/site/main.wasm as served raw, with gzip -9 and
// with brotli (best quality), the two encodings static hosts use.
func benchSize(ctx context.Context, web string) section {
	s := section{Title: "4. Size of web/site/main.wasm (1 KB = 1000 bytes)"}
	path := filepath.Join(web, "main.wasm")
	wasm, err := os.ReadFile(path)
	if err != nil {
		s.Rows = append(s.Rows, failed("main.wasm", fmt.Errorf("%v (run make build first)", err)))
		return s
	}
	s.Rows = append(s.Rows, row{Measure: "raw", Value: float64(len(wasm)) / kb, Unit: "KB"})
	raw := map[string]int{"raw": len(wasm)}

	gz, how, err := gzipBest(ctx, path, wasm)
	if err != nil {
		s.Rows = append(s.Rows, failed("gzip -9", err))
	} else {
		raw["gzip"] = gz
		s.Rows = append(s.Rows, row{Measure: "gzip -9 (" + how + ")", Value: float64(gz) / kb, Unit: "KB", Budget: atMost(gzipGuard / kb)})
	}

	br, err := brotliBest(ctx, path)
	if err != nil {
		s.Rows = append(s.Rows, failed("brotli", err))
	} else {
		raw["brotli"] = br
		s.Rows = append(s.Rows, row{Measure: "brotli -q 11", Value: float64(br) / kb, Unit: "KB", Budget: atMost(645)})
	}
	s.Raw = map[string]any{"bytes": raw}
	return s
}

// gzipBest returns the gzip -9 size of the file: from the gzip command when
// there is one (it is what the budget was measured with), else from
// compress/gzip at its best compression.
func gzipBest(ctx context.Context, path string, data []byte) (int, string, error) {
	if _, err := exec.LookPath("gzip"); err == nil {
		out, err := exec.CommandContext(ctx, "gzip", "-9", "-n", "-c", path).Output()
		if err == nil {
			return len(out), "gzip", nil
		}
	}
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return 0, "", err
	}
	if _, err := w.Write(data); err != nil {
		return 0, "", err
	}
	if err := w.Close(); err != nil {
		return 0, "", err
	}
	return buf.Len(), "Go compress/gzip", nil
}

// brotliBest returns the file's size under the brotli command's best
// quality, installing Debian's brotli when it is missing and we may. The
// bytes are compressed once: later benches read the size kept for them.
func brotliBest(ctx context.Context, path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	sum := sha256.Sum256(data)
	key := hex.EncodeToString(sum[:])
	sizes := readBrotliSizes()
	if n, ok := sizes[key]; ok {
		return n, nil
	}
	brotli, err := ensureTool(ctx, "brotli", "brotli")
	if err != nil {
		return 0, err
	}
	out, err := exec.CommandContext(ctx, brotli, "-q", "11", "-c", path).Output()
	if err != nil {
		return 0, fmt.Errorf("brotli -q 11 %s: %v", path, err)
	}
	sizes[key] = len(out)
	writeBrotliSizes(sizes)
	return len(out), nil
}

// brotliSizes names the file that keeps each compressed size by the
// SHA-256 of the bytes compressed: brotli -q 11 takes minutes over the Go
// engine's 90 MB, and a build that did not change a file need not pay them
// again. Empty (as in the tests) keeps nothing.
var brotliSizes string

// readBrotliSizes returns the sizes kept so far; none when there is no
// file or it does not parse (it is only a cache).
func readBrotliSizes() map[string]int {
	sizes := map[string]int{}
	if brotliSizes == "" {
		return sizes
	}
	if b, err := os.ReadFile(brotliSizes); err == nil {
		if json.Unmarshal(b, &sizes) != nil {
			return map[string]int{}
		}
	}
	return sizes
}

// writeBrotliSizes keeps sizes for the next bench; a failure to write
// costs only the next bench's time, so it is not an error.
func writeBrotliSizes(sizes map[string]int) {
	if brotliSizes == "" {
		return
	}
	b, err := json.Marshal(sizes)
	if err != nil {
		return
	}
	if os.MkdirAll(filepath.Dir(brotliSizes), 0o755) == nil {
		_ = os.WriteFile(brotliSizes, b, 0o644)
	}
}
