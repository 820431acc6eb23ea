# Helpgraph. `make run` builds the sample help center offline and serves the
# chat on http://localhost:8080; `make test` runs every test.
GO      ?= go
BIN     := bin/helpgraph
ADDR    ?= :8080
PAGES   ?= testdata/helpcenter
TEMPL_VERSION := $(shell $(GO) list -m -f '{{.Version}}' github.com/a-h/templ)

.PHONY: run build-graph test check generate bench tools

# "helpgraph ask" embeds Kùzu, a native library shipped in the go-kuzu module
# (built with cgo; gcc is needed). The binary finds it in the module cache,
# or next to itself ($ORIGIN), where it is copied so bin/ can be moved.
KUZU_LIB = $(shell $(GO) list -m -f '{{.Dir}}' github.com/kuzudb/go-kuzu)/lib/dynamic/$(shell $(GO) env GOOS)-$(shell $(GO) env GOARCH)/libkuzu.so

$(BIN): FORCE
	CGO_LDFLAGS='-Wl,-rpath,$$ORIGIN' $(GO) build -o $(BIN) ./cmd/helpgraph
	@if [ -f "$(KUZU_LIB)" ]; then cp -f "$(KUZU_LIB)" $(dir $(BIN)) && chmod u+w $(dir $(BIN))libkuzu.so; fi

FORCE:

# The main job: build the graph from the bundled help center, then serve it.
run: $(BIN)
	$(BIN) build --pages $(PAGES)
	$(BIN) serve --addr $(ADDR)

build-graph: $(BIN)
	$(BIN) build --pages $(PAGES)

# Every test. Browser tests need Debian's chromium (see .ci/run); they say so
# and skip without it unless HELPGRAPH_REQUIRE_BROWSER=1.
# The Neo4j contract suite needs HELPGRAPH_TEST_NEO4J_URI; the second line
# shows whether it ran or was skipped, which plain `go test ./...` hides.
test:
	$(GO) test -count=1 ./...
	@$(GO) test -count=1 -v -run '^TestStore$$' ./graph/neo4j | grep -E '^(--- |ok|FAIL)|skipped'

# What CI checks besides the tests: formatting, vet, generated templ code.
check: tools
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed on:"; gofmt -l .; exit 1; }
	$(GO) vet ./...
	$$($(GO) env GOPATH)/bin/templ generate >/dev/null
	@git diff --exit-code -- '*_templ.go' || { echo "templ generated files are stale: run make generate"; exit 1; }

generate: tools
	$$($(GO) env GOPATH)/bin/templ generate

tools:
	@test -x "$$($(GO) env GOPATH)/bin/templ" && "$$($(GO) env GOPATH)/bin/templ" version | grep -q "$(TEMPL_VERSION:v%=%)" \
		|| $(GO) install github.com/a-h/templ/cmd/templ@$(TEMPL_VERSION)

bench:
	$(GO) test -run '^$$' -bench . -benchtime 3x ./...
