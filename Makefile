# mdscheck: `make demo` shows the checker on the bundled examples,
# `make test` runs every test. See README.md.

GO      ?= go
BIN     := bin/mdscheck
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)

.PHONY: all build demo test vet fmt-check bench fuzz clean

all: build

build:
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/mdscheck

demo: build
	@echo "== mdscheck validate examples/ =="
	-@./$(BIN) validate examples/
	@echo
	@echo "== the same as JSON (first lines) =="
	-@./$(BIN) validate --format json examples/broken.yaml | head -30

test: fmt-check vet
	$(GO) test -count=1 ./...

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/...

# Each fuzz target for FUZZTIME (default 1m); the note in docs/performance.md
# says how long they ran before a release.
FUZZTIME ?= 1m
fuzz:
	$(GO) test ./core/document -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME)
	$(GO) test ./core/check -run '^$$' -fuzz FuzzCheck -fuzztime $(FUZZTIME)

clean:
	rm -rf bin dist
