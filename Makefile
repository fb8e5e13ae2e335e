# mdscheck: `make demo` shows the checker on the bundled examples,
# `make test` runs every test. See README.md.

GO      ?= go
# The deterministic benchmark corpus of ../shared/tools/gencorpus.
MDSCHECK_CORPUS ?= $(abspath ./.corpus)
export MDSCHECK_CORPUS
# Go packages of this module; npm's node_modules can hold stray .go files.
GOPKGS   = $(shell $(GO) list ./... | grep -v /node_modules/)
BIN     := bin/mdscheck
# What `mdscheck version` prints: the tag without its v (v1.2.3 gives
# 1.2.3, commits past it give 1.2.3-4-gabc1234), or dev before the first
# tag; the commit (-dirty when the tree has changes); the build time.
VERSION ?= $(or $(shell git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null | sed 's/^v//'),dev)
COMMIT  ?= $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD 2>/dev/null && echo "$$c" || echo "$$c-dirty"; } || echo unknown)
DATE    ?= $(shell date -u +%Y-%m-%dT%H:%M:%SZ)
LDFLAGS := -s -w -X main.version=$(VERSION) -X main.commit=$(COMMIT) -X main.date=$(DATE)
TMP     ?= $(or $(TMPDIR),/tmp)

.PHONY: all build release test-release demo test need need-npm test-go test-npm test-js test-vscode vet fmt-check bench lsp-bench fuzz wasm policy playground playground-dist vsix vsix-all test-vsix-all clean

all: build

build:
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/mdscheck

# The release archives for linux, darwin and windows on amd64 and arm64,
# with checksums.txt, in $(RELEASE_DIR) (see scripts/release.sh; on a tag
# v1.2.3, VERSION is 1.2.3). dist/mdscheck.wasm beside it stays.
# RELEASE_TARGETS='linux/amd64' builds only some of them.
RELEASE_DIR ?= dist/release
RELEASE_TARGETS ?=
release:
	VERSION='$(VERSION)' LDFLAGS='$(LDFLAGS)' TARGETS='$(RELEASE_TARGETS)' scripts/release.sh '$(RELEASE_DIR)'

# release/'s tests of the archives, and of the Action installing them, on
# all six platforms; test-go builds and checks only this machine's archive
# and the Windows zip, since cross-compiling six takes minutes.
test-release:
	$(GO) test -count=1 -timeout 30m -run '^(TestRelease|TestActionInstallsForEachRunner)' ./release -release-all

# examples/broken.yaml has mistakes on purpose, so validate exits 1 there.
demo: build
	@echo "== mdscheck validate examples/ =="
	@./$(BIN) validate examples/ || echo "(exit status $$?: mistakes found, as expected for examples/broken.yaml)"
	@echo
	@echo "== the valid examples alone =="
	@./$(BIN) validate examples/opensearch.yaml examples/grafana.yaml examples/kafka.yaml
	@echo
	@echo "== one finding as JSON (mdscheck validate --format json) =="
	@./$(BIN) validate --format json examples/broken.yaml | sed -n '/"diagnostics"/,/^        }/p' | head -40

# Everything: the Go tests (the wasm tests build the module themselves),
# and beside them the npm side: the npm workspace's tests (the wasm
# package in Node, the playground in headless Chromium, the VS Code
# extension), then the extension in real VS Code. scripts/need.sh first
# installs what a fresh machine lacks (npm ci, Debian packages), or says
# how. The Go tests keep two cores busy, while the npm side waits much of
# its time on Chromium and VS Code starting and answering: at once they
# take less wall time than one after the other (docs/performance.md,
# "Test times"). -Otarget prints each side's output whole when it ends,
# instead of interleaving their lines; each side's exit status counts.
# `make test-go` and `make test-npm` run one side.
test: need fmt-check vet
	@echo "make test: the Go tests and the npm side run at once; each one's output follows when it ends"
	@$(MAKE) --no-print-directory -j2 -Otarget test-go test-npm

# The npm side of make test: test-js, then test-vscode, one after the
# other, since both build the extension in editors/vscode.
test-npm: need
	@$(MAKE) --no-print-directory test-js
	@$(MAKE) --no-print-directory test-vscode

need:
	@scripts/need.sh

# The build targets that run npm (playground, vsix) install the npm
# workspace the same way, so that each works on a fresh clone, without
# the Debian packages only the tests use.
need-npm:
	@scripts/need.sh --npm

# A package's tests may take longer than go test's default 10 minutes on
# a loaded machine: the timeout is a guard against a hang, not a measure
# of speed. go test starts the packages in the order given: the costliest
# first (wasm alone is a third of the processor time), so that none of
# them is left to run alone on one core at the end while the other idles.
# The test binaries are linked without their symbol table and DWARF
# (-s -w), which nothing in a test reads: some 10% less link time over
# the 40 binaries. docs/performance.md, "Fourth round", has the numbers.
SLOW_PKGS = $(addprefix github.com/mdscheck/mdscheck/,wasm release lsp cmd/mdscheck core/lang wasm/example policy)
TEST_PKGS = $(SLOW_PKGS) $(filter-out $(SLOW_PKGS),$(GOPKGS))
test-go: need
	$(GO) test -count=1 -timeout 30m -ldflags='-s -w' $(TEST_PKGS)

test-js: need wasm
	npm test --workspaces --if-present

# The .vsix of `make vsix` in real VS Code (code-server, driven by headless
# Chromium; editors/vscode/test/real), and the web .vsix (the target web of
# `make vsix-all`, which the test packages itself) in VS Code for the web,
# code-server's workbench running it in its web worker extension host,
# with screenshots in editors/vscode/test-results/. The tests run
# scripts/need-vscode.sh, which
# installs code-server and Node 24 into ~/.cache/mdscheck-test the first
# time (minutes: it builds code-server's native modules).
test-vscode: need vsix
	npm run test:real --workspace editors/vscode

# The WebAssembly module (a WASI reactor) for browsers and embedding hosts.
# Inlining is off in the packages where it buys no measurable speed (1.6%
# on validate): it keeps the module under its budget of 1.2 MiB gzip and
# 4.5 MiB raw. Measured 2026-12-07 (docs/performance.md, "Test times"):
# with these flags 4,376,770 bytes raw, 1,188,524 gzip; without them
# 4,625,795 raw and 1,284,243 gzip, over the gzip budget, so they stay.
# fmt only formats messages, off the hot path; core/document joined the
# list when the secret masking and YAML Test Suite conformance added
# 150 KB of code; core/cross when the gate's reader of files kept in
# Secrets (issue 22) took the module 931 bytes over the gzip budget
# (1,259,222 -> 1,252,952 gzip, 4,612,677 -> 4,596,393 raw): the checks
# across resources run once per set, not per byte; core/field when the
# findings that say which of their words are mdscheck's own (issue 22)
# took it 987 bytes over (1,259,278 -> 1,258,001 gzip, 4,617,592 ->
# 4,613,208 raw): a path is written once per finding; and core/decimal
# when those findings, kept only where they hold a secret in mdscheck's
# words, left the module 90 bytes over (1,258,381 -> 1,257,833 gzip): a
# number is compared once per value checked; and the standard library's
# strings when the gate's reading of values glued to signs (issue 22,
# attack 16) took it 5 KB over (1,263,273 -> 1,257,800 gzip): the
# package's own calls among its functions, not ours into it, lose
# inlining, and validate's CPU time in Node on the 1.5 MB stream, a flow
# stream and a quoted one stayed within the noise of alternated runs
# (docs/performance.md, "The module's budget, fourth round"); and the
# standard library's reflect when the gate's table of keys (issue 22) took
# it 723 bytes over (1,259,014 -> 1,257,175 gzip): nothing that checks
# calls reflect per byte, and validate in Node stayed within the noise
# (docs/performance.md, "Secrets that share their first bytes"); and
# slices when the answer past a call's budget that quotes nothing of the
# user's (issue 22, attack 18) took it 14 bytes over (1,258,305 ->
# 1,257,688): its generic functions, instantiated for our types, are
# called once per finding or per form, not per byte.
# internal/wasmbuild reads these flags from here to
# build the module that wasm/ and wasm/example test.
WASM_GCFLAGS := -gcflags=github.com/mdscheck/mdscheck/wasm=-l -gcflags=github.com/mdscheck/mdscheck/core/check=-l -gcflags=github.com/mdscheck/mdscheck/core/schema=-l -gcflags=github.com/mdscheck/mdscheck/core/lang=-l -gcflags=github.com/mdscheck/mdscheck/core/document=-l -gcflags=fmt=-l -gcflags=github.com/mdscheck/mdscheck/core/change=-l -gcflags=github.com/mdscheck/mdscheck/core/secret=-l -gcflags=github.com/mdscheck/mdscheck/core/report=-l -gcflags=unicode/utf8=-l -gcflags=github.com/mdscheck/mdscheck/core/cross=-l -gcflags=github.com/mdscheck/mdscheck/core/field=-l -gcflags=github.com/mdscheck/mdscheck/core/decimal=-l -gcflags=strings=-l -gcflags=reflect=-l -gcflags=slices=-l

wasm: dist/mdscheck.wasm dist/wasm-THIRD-PARTY-NOTICES

dist/mdscheck.wasm: $(shell find core wasm -name '*.go' -not -name '*_test.go' 2>/dev/null) $(wildcard core/schema/data/*.txt) go.mod
	@mkdir -p dist
	GOOS=wasip1 GOARCH=wasm $(GO) build -buildmode=c-shared -trimpath -ldflags '-s -w' $(WASM_GCFLAGS) -o $@ ./wasm

# The Kubewarden admission policy (a WASI command, docs/admission.md):
# dist/policy/policy.wasm and its metadata.yml.
policy: dist/policy/policy.wasm dist/policy/metadata.yml

dist/policy/policy.wasm: $(shell find core policy internal/config -name '*.go' -not -name '*_test.go' 2>/dev/null) $(wildcard core/schema/data/*.txt) go.mod
	@mkdir -p dist/policy
	GOOS=wasip1 GOARCH=wasm $(GO) build -trimpath -ldflags '-s -w' -o $@ ./policy

dist/policy/metadata.yml: policy/metadata.yml
	@mkdir -p dist/policy
	cp $< $@

# The licences of Go and goccy/go-yaml, whose code the module holds; the
# npm package ships them beside it (wasm/js/scripts/prepack.js).
dist/wasm-THIRD-PARTY-NOTICES: go.mod go.sum internal/notices/main.go
	@mkdir -p dist
	$(GO) run ./internal/notices -title 'the mdscheck WebAssembly module' -go wasip1/wasm:./wasm -o $@

# Build the playground and serve it on localhost.
playground: need-npm wasm
	npm run build --workspace editors/playground
	npm run serve --workspace editors/playground

# The playground as a folder for any static web host, dist/playground:
# relative URLs only, and a .br and a .gz beside every file for servers
# that send those (editors/playground/README.md says what a host must set),
# and THIRD-PARTY-NOTICES: the licences of CodeMirror, Lezer, Go and the
# other code the page bundles, read from the dependency trees
# (scripts/dist.js runs internal/notices).
playground-dist: need-npm wasm
	npm run dist --workspace editors/playground -- $(abspath dist/playground)

# The VS Code extension, with the server program for this platform and the
# WebAssembly module (for vscode.dev) inside.
vsix: need-npm build wasm
	npm run package --workspace editors/vscode

# A .vsix for each platform the Marketplace serves (its program
# cross-compiled) and one for vscode.dev, in editors/vscode/vsix/.
vsix-all: need-npm wasm
	VERSION=$(VERSION) npm run package:all --workspace editors/vscode

# The extension's package-all test on all five platforms: test-js builds
# and checks only this machine's .vsix, the Windows one and the web one.
test-vsix-all: need-npm wasm
	npm run build --workspace editors/vscode
	cd editors/vscode && MDSCHECK_PACKAGE_ALL=1 node --test test/package-all.test.mjs

lsp-bench: $(MDSCHECK_CORPUS)/manifest.json
	$(GO) test -run '^$$' -bench . -benchmem ./lsp/...

vet:
	$(GO) vet $(GOPKGS)

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# Benchmarks run on the deterministic corpus of ../shared/tools/gencorpus.
bench: $(MDSCHECK_CORPUS)/manifest.json
	$(GO) test -run '^$$' -bench . -benchmem ./core/...

$(MDSCHECK_CORPUS)/manifest.json:
	$(GO) run ../shared/tools/gencorpus/main.go -out $(MDSCHECK_CORPUS)

# Each fuzz target for FUZZTIME (default 1m); the note in docs/performance.md
# says how long they ran before a release.
FUZZTIME ?= 1m
fuzz:
	$(GO) test ./core/document -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME)
	$(GO) test ./core/check -run '^$$' -fuzz FuzzCheck -fuzztime $(FUZZTIME)
	$(GO) test ./core/check -run '^$$' -fuzz FuzzSuppressions -fuzztime $(FUZZTIME)
	$(GO) test ./lsp -run '^$$' -fuzz FuzzFrames -fuzztime $(FUZZTIME)
	$(GO) test ./core/lang -run '^$$' -fuzz FuzzComplete -fuzztime $(FUZZTIME)
	$(GO) test ./core/lang -run '^$$' -fuzz FuzzHover -fuzztime $(FUZZTIME)
	$(GO) test ./core/decimal -run '^$$' -fuzz FuzzCmp -fuzztime $(FUZZTIME)
	$(GO) test ./core/pattern -run '^$$' -fuzz FuzzAgreesWithRegexp -fuzztime $(FUZZTIME)
	$(GO) test ./core/document -run '^$$' -fuzz FuzzReaderAgrees -fuzztime $(FUZZTIME)
	$(GO) test ./core/check -run '^$$' -fuzz FuzzAddressesAsNetip -fuzztime $(FUZZTIME)

clean:
	rm -rf bin dist editors/vscode/vsix
