# agentloop: make serve runs the playground, make test runs every test.
GO       ?= go
PORT     ?= 8080
GOROOT   := $(shell $(GO) env GOROOT)
WASM_EXEC_JS := $(firstword $(wildcard $(GOROOT)/lib/wasm/wasm_exec.js $(GOROOT)/misc/wasm/wasm_exec.js))
WASM_EXEC    := $(firstword $(wildcard $(GOROOT)/lib/wasm/go_js_wasm_exec $(GOROOT)/misc/wasm/go_js_wasm_exec))
WASM_ENV := GOOS=js GOARCH=wasm
# The Go starter's files as the page serves them (see their rule below).
GO_STARTER_TXT := $(patsubst web/goexercise/starter/%,web/site/exercise/go-starter/%.txt,$(wildcard web/goexercise/starter/*))
GO_REFERENCE_TXT := web/site/exercise/go-reference/example_test.go.txt web/site/exercise/go-reference/example_followup_test.go.txt

.PHONY: all build goengine serve test vet test-native test-wasm test-browser test-page test-types bench clean tools-node tools-chromium tools-axe tools-npm

all: build

## build: compile the bridge to web/site/main.wasm, copy wasm_exec.js and the loop's source beside it,
## write the Exercise's cases.json and followups.json (level 2), bundle the library into web/site/agentloop.js
## and the page and its workers into web/site/dist/ (npm packages from web/package-lock.json), and prepare the
## Go Exercise's engine in web/site/go/ (see goengine).
build: web/site/main.wasm web/site/wasm_exec.js web/site/agent-loop.go.txt $(GO_STARTER_TXT) $(GO_REFERENCE_TXT) web/site/agentloop.js web/site/dist/app.js web/site/cases.json web/site/followups.json goengine

# Two packages are compiled without inlining: each inlined call records a node
# in the binary's tables for tracebacks, and these two record many. fmt runs
# only to format an error; the runtime's atomic operations, plain loads and
# stores on single-threaded js/wasm, become one call deeper. main.wasm is
# about 22 KB smaller gzipped, and BenchmarkRunAgent no slower. Row 4b of the
# bench builds with the same flags (web/bench/wasmsize.go; its test checks).
web/site/main.wasm: go.mod go.sum $(wildcard agent/*.go wasm/*.go wasm/*.js)
	$(WASM_ENV) $(GO) build -trimpath -gcflags=fmt=-l -gcflags=internal/runtime/atomic=-l -ldflags="-s -w" -o $@ ./wasm

# wasm_exec.js must match the Go that built main.wasm, so it is copied, never committed.
web/site/wasm_exec.js: $(WASM_EXEC_JS)
	cp $< $@

# The Go starter the Exercise zips (web/goexercise/starter, tested by
# web/goexercise/starter_test.go), published as text: no Go source is
# served under web/site/ as such.
web/site/exercise/go-starter/%.txt: web/goexercise/starter/%
	@mkdir -p $(@D)
	cp $< $@

# The Go Exercise's "Compare with the reference" shows the loop of
# agenttest's own examples (exercise/go-reference.js reads it from them).
web/site/exercise/go-reference/%.txt: agent/agenttest/%
	@mkdir -p $(@D)
	cp $< $@

# The page's Loop panel shows the real loop, not a copy kept by hand.
web/site/agent-loop.go.txt: agent/loop.go
	cp $< $@

# The npm packages (CodeMirror, acorn, esbuild, axe-core), exactly as
# web/package-lock.json pins them: installed when missing or older than the
# lockfile. npm ci writes node_modules/.package-lock.json last.
NPM_STAMP := web/node_modules/.package-lock.json
$(NPM_STAMP): web/package.json web/package-lock.json
	@$(call need,npm,npm,the page's build and the browser tests)
	npm ci --prefix web --no-audit --no-fund
	@touch $@

tools-npm: $(NPM_STAMP)

# The page (entry page/app.js), the sandbox frame's script (sandbox/main.js)
# and its workers (entries worker/worker.js and worker/go-grader.js, which
# import wasm_exec.js) bundled by esbuild, minified, with source maps. The
# page is ES modules, what loads later (the editors) split into chunks; the
# frame's script and the workers are classic scripts, because the sandbox
# frame's opaque origin can load only those without CORS, and the JS worker
# is in strict mode, which SES's lockdown needs and an IIFE of esbuild's
# does not declare. Every source of web/site is a prerequisite (lib/ too:
# the frame and the workers import lib/protocol.js and lib/event-wire.js),
# and the bridge's wasm/shape.js, which the worker shares; the outputs live
# in dist/. The page's own worker that reads
# pasted conversations (api/conversation-worker.js) runs no user code, off
# the sandbox frame.
#
# The page imports the library (page/engine.js) by its served URL,
# ../agentloop.js, kept as an import (--external) so that the page and
# index.html's early <script type="module" src="agentloop.js"> are one
# module. esbuild keeps that path as written, which is right from dist/ but
# not from dist/chunks/: the build fails if a chunk imports it.
ESBUILD_FLAGS := --bundle --minify --sourcemap --target=es2022 --log-level=warning
SITE_JS := $(shell find web/site -name '*.js' -not -path 'web/site/dist/*' -not -name wasm_exec.js -not -name agentloop.js)
web/site/dist/app.js: $(SITE_JS) wasm/shape.js web/site/wasm_exec.js $(NPM_STAMP)
	rm -rf web/site/dist
	web/node_modules/.bin/esbuild web/site/page/app.js $(ESBUILD_FLAGS) --splitting --format=esm \
	  --external:../agentloop.js --outdir=web/site/dist --chunk-names=chunks/[name]-[hash]
	@if grep -lE 'from ?"\.\./agentloop\.js"' web/site/dist/chunks/*.js; then \
	  echo "these chunks import ../agentloop.js, which is not there from dist/chunks/: import page/engine.js only from page/app.js" >&2; exit 1; fi
	web/node_modules/.bin/esbuild web/site/sandbox/main.js $(ESBUILD_FLAGS) --format=iife --banner:js='"use strict";' --outfile=web/site/dist/sandbox.js
	web/node_modules/.bin/esbuild web/site/worker/worker.js $(ESBUILD_FLAGS) --format=iife --banner:js='"use strict";' --outfile=web/site/dist/worker.js
	web/node_modules/.bin/esbuild web/site/worker/go-grader.js $(ESBUILD_FLAGS) --format=iife --outfile=web/site/dist/go-worker.js
	web/node_modules/.bin/esbuild web/site/api/conversation-worker.js $(ESBUILD_FLAGS) --format=iife --outfile=web/site/dist/conversation-worker.js

# agentloop.js, the library a tutorial page imports (entry lib/agentloop.js):
# one ES module with no imports, so that the main.wasm download starts as it
# runs, with no further fetch first. Served beside it, agentloop.d.ts types
# it for the editors of the pages that import it; the banner names it for
# tools that look for a module's types by URL (Deno's @ts-self-types).
LIB_JS := $(wildcard web/site/lib/*.js) web/site/util/format.js web/site/util/defer.js
web/site/agentloop.js: $(LIB_JS) $(NPM_STAMP)
	web/node_modules/.bin/esbuild web/site/lib/agentloop.js $(ESBUILD_FLAGS) --format=esm --outfile=$@ \
	  '--banner:js=/* @ts-self-types="./agentloop.d.ts" */'

# The Exercise mode grades the learner's loop on agenttest's cases, computed
# by running the real loop: one source of truth, never a copy kept by hand.
web/site/cases.json: go.mod go.sum $(wildcard agent/*.go agent/agenttest/*.go web/cmd/cases/*.go)
	$(GO) run ./web/cmd/cases -o $@

# Level 2, the interviewer's follow-ups, computed the same way.
web/site/followups.json: go.mod go.sum $(wildcard agent/*.go agent/agenttest/*.go web/cmd/cases/*.go)
	$(GO) run ./web/cmd/cases -followups -o $@

# The Go Exercise compiles a learner's loop.go in the browser with Go's own
# compiler and linker, built for js/wasm from this Go's GOROOT, unchanged,
# and links it with package archives from the go command's build cache
# (web/cmd/goengine packs them, with the harness and a manifest whose URLs
# carry content hashes). The compiler and linker depend only on the Go
# version, so they are rebuilt only when it changes; the archives and the
# manifest when the library, the harness or the packer do.
GO_ENGINE := web/site/go
GO_VERSION_FILE := $(firstword $(wildcard $(GOROOT)/VERSION) $(GOROOT)/bin/go)
GO_ENGINE_SOURCES := $(filter-out %_test.go,$(wildcard agent/*.go agent/agenttest/*.go web/goexercise/*/*.go web/cmd/goengine/*.go))

goengine: $(GO_ENGINE)/manifest.json

$(GO_ENGINE)/compile.wasm $(GO_ENGINE)/link.wasm: $(GO_ENGINE)/%.wasm: $(GO_VERSION_FILE)
	@mkdir -p $(@D)
	$(WASM_ENV) $(GO) build -trimpath -ldflags="-s -w" -o $@ cmd/$*

$(GO_ENGINE)/manifest.json: $(GO_ENGINE)/compile.wasm $(GO_ENGINE)/link.wasm go.mod go.sum $(GO_ENGINE_SOURCES)
	$(GO) run ./web/cmd/goengine -go $(GO) -o $(GO_ENGINE)

## serve: build, then serve web/site/ on 127.0.0.1:$(PORT) until Ctrl+C.
serve: build
	$(GO) run ./web -addr 127.0.0.1:$(PORT) -dir web/site

## test: vet, then the native, wasm (Node), page module (node --test), type and browser (Chromium) tests.
test: vet test-native test-wasm test-page test-types

vet:
	$(GO) vet ./...
	$(WASM_ENV) $(GO) vet ./...

# The Go packages run under the race detector; the browser tests (./web)
# do not: their Go side only drives Chromium, where the race detector sees
# nothing. Every package is tested once. The browser tests need the built
# page and Chromium; they run four at a time, a tab each (much of a browser
# test is waiting for the page, so four keep two cores busier than two).
GO_PACKAGES = $(filter-out agentloop.dev/web,$(shell $(GO) list ./...))
BROWSER_PARALLEL ?= 4
test-native: build tools-chromium tools-axe
	$(GO) test -race -count=1 $(GO_PACKAGES)
	AGENTLOOP_REQUIRE_BROWSER=1 $(GO) test -count=1 -timeout 30m -parallel $(BROWSER_PARALLEL) ./web

test-wasm: tools-node
	$(WASM_ENV) $(GO) test -count=1 -exec="$(WASM_EXEC)" ./wasm/... ./agent/...

# The page's pure modules (web/site/**/*.js that touch no DOM), under node's runner;
# the Exercise's tests read the cases make build writes (both levels), the lessons' and the interview's draws run main.wasm.
test-page: tools-node $(NPM_STAMP) web/site/cases.json web/site/followups.json web/site/main.wasm web/site/wasm_exec.js
	node --test web/test/*.test.mjs

# agentloop.d.ts, checked by the TypeScript compiler on a typed example of
# a tutorial page's use (web/test/types/), as an author's editor would.
test-types: $(NPM_STAMP)
	web/node_modules/.bin/tsc --noEmit -p web/test/types

test-browser: build tools-chromium tools-axe
	AGENTLOOP_REQUIRE_BROWSER=1 $(GO) test -count=1 -parallel $(BROWSER_PARALLEL) -v ./web

## bench: the benchmark report (see README, Performance): one table, raw figures in .bench/last.json.
bench: build tools-chromium
	GO=$(GO) $(GO) run ./web/bench

clean:
	rm -f web/site/main.wasm web/site/wasm_exec.js web/site/agent-loop.go.txt web/site/cases.json web/site/followups.json
	rm -f web/site/agentloop.js web/site/agentloop.js.map
	rm -rf web/site/exercise/go-starter web/site/exercise/go-reference
	rm -rf web/site/dist $(GO_ENGINE)
	rm -rf web/testdata/screenshots .bench web/node_modules

# Installers. $(call need,COMMAND,PACKAGE,WHO): when COMMAND is missing, install
# Debian's PACKAGE as root, or else tell WHO needs it and how to install it.
define need
command -v $(1) >/dev/null 2>&1 || { \
  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
    echo "Installing $(2) for $(3) (apt-get)..."; \
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null; \
  else \
    echo "$(1) is missing; $(3) need it. Install it with: sudo apt-get install -y $(2)" >&2; exit 1; \
  fi; }
endef

tools-chromium:
	@$(call need,$${CHROMIUM:-chromium},chromium,the browser tests)

tools-node:
	@$(call need,node,nodejs,the wasm tests)

# The accessibility check injects axe-core (npm, pinned in web/package-lock.json).
tools-axe: $(NPM_STAMP)
