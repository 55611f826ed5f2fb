//go:build !(js && wasm)

// Command web serves the playground's folder on localhost for development:
//
//	go run ./web -addr 127.0.0.1:8080 -dir web/site
//
// Any static file server does the same job in production; this one only
// makes sure .wasm goes out as application/wasm and nothing is cached, so a
// rebuild shows on reload.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"agentloop.dev/web/internal/static"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", "web/site", "folder to serve")
	flag.Parse()
	if _, err := os.Stat(*dir + "/main.wasm"); err != nil {
		log.Fatalf("%s/main.wasm is missing: run make build first (or make serve)", *dir)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("cannot listen on %s: %v (set PORT= to use another port)", *addr, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	srv := &http.Server{Handler: static.Handler(*dir), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	fmt.Printf("agentloop playground: http://%s/  (Ctrl+C stops it)\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
