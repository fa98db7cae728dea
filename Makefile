# enrich: build, test, demo and benchmarks. `make help` lists the targets.

GO          ?= go
BIN         := bin
STATICCHECK := $(BIN)/staticcheck
STATICCHECK_VERSION := v0.8.2
FUZZTIME    ?=

.PHONY: help build test redis-server databases chromium podman vet lint unit fuzz demo image torture bench bench-sheets report-shot report-narrow realism man clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-12s %s\n", $$1, $$2}'

# The version and commit come from git when there is one; `enrich --version`
# prints them.
VERSION     ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

build: ## build bin/enrich
	$(GO) build -buildvcs=auto -ldflags "-X main.version=$(VERSION)" -o $(BIN)/enrich ./cmd/enrich

test: redis-server databases chromium vet lint unit fuzz ## everything CI runs: vet, staticcheck, race tests, short fuzzing

# The tests of the budget shared across machines start Debian's
# redis-server; it is installed when missing.
redis-server:
	@command -v redis-server >/dev/null 2>&1 || { \
		echo "installing redis-server: the tests of the shared budget start one"; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq redis-server; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq redis-server; fi; }

# The tests of database tables start Debian's postgresql and read back
# what enrich wrote with psql and sqlite3; they are installed when missing.
databases:
	@{ command -v sqlite3 && command -v psql && ls /usr/lib/postgresql/*/bin/postgres; } >/dev/null 2>&1 || { \
		echo "installing postgresql and sqlite3: the tests of database tables start one and read back with their clients"; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq postgresql sqlite3; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq postgresql sqlite3; fi; }

# The report's page is measured at a phone's width in Debian's chromium,
# headless; it is installed when missing.
chromium:
	@command -v $(CHROMIUM) >/dev/null 2>&1 || { \
		echo "installing chromium: a test of the report renders its page at a phone's width"; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq chromium; fi; }

# The image is built and run by Debian's podman, without a daemon, with
# runc as its runtime (see image); they are installed when missing.
podman:
	@{ command -v podman && command -v runc; } >/dev/null 2>&1 || { \
		echo "installing podman and runc: make image builds with them, and a test runs the image"; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq podman runc; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq podman runc; fi; }

vet:
	$(GO) vet ./...

$(STATICCHECK):
	GOBIN=$(abspath $(BIN)) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

lint: $(STATICCHECK)
	$(STATICCHECK) ./...

# -race turns on checkptr everywhere; bbolt's page arithmetic is left
# without it, because the damaged-journal tests feed bbolt wild pages on
# purpose and checkptr makes that a fatal error instead of the fault the
# state package contains (the release binary has no checkptr). The
# end-to-end package takes about 14 minutes of it on two cores; the
# timeout is a guard against a hang, well above that.
# TestRealism, the emulator world's counts over 20,000 people, runs apart
# without the race detector, which would make it take over twenty minutes;
# the other tests of its package race the generation's goroutines.
unit:
	$(GO) test -race -gcflags='go.etcd.io/bbolt/...=-d=checkptr=0' -timeout 25m -skip '^TestRealism$$' ./...
	$(GO) test -run '^TestRealism$$' -count 1 -timeout 25m ./emulator/world/

# Each fuzz target runs for a count of inputs, about five seconds' worth on
# two cores: a duration (-fuzztime 5s) races Go 1.26's fuzzing coordinator,
# which can fail a target with "context deadline exceeded" as the time runs
# out (go.dev/issue/75804). FUZZTIME (a duration or a count such as 1000x)
# runs every target for that long instead. The seeds already run in `unit`.
FUZZ_TARGETS := ./sources/csvfile:FuzzCSV:40000 ./internal/sheetxml:FuzzCells:100000 \
	./internal/ident:FuzzNormalizeLinkedIn:75000 ./internal/ident:FuzzNormalizeEmail:60000 \
	./internal/ident:FuzzNormalizePhone:15000 ./internal/ident:FuzzNormalizeUID:100000 \
	./emulator/search:FuzzParseQuery:35000 ./api/wire:FuzzParseResults:70000 ./api/wire:FuzzLenientText:60000 \
	./emulator/world:FuzzFind:80000 ./internal/redact:FuzzText:100000 ./sources:FuzzSharedStrings:5000 ./state:FuzzJournal:150 \
	./sinks:FuzzAppendEscaped:50000 ./internal/untrusted:FuzzMessage:50000 ./internal/untrusted:FuzzText:100000 \
	./api:FuzzServiceMessage:20000 ./internal/places:FuzzParse:100000
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; rest=$${t#*:}; name=$${rest%%:*}; limit=$${rest#*:}x; \
		[ -z "$(FUZZTIME)" ] || limit=$(FUZZTIME); \
		echo "fuzz $$pkg $$name ($$limit)"; \
		$(GO) test -run '^$$' -fuzz "^$$name$$" -fuzztime $$limit $$pkg; \
	done

demo: build ## run the real pipeline on a sample sheet against the embedded emulator
	$(BIN)/enrich demo --dir demo-out

# The image (deploy/image/Containerfile): the static binary, stamped as
# build stamps it, FROM scratch with this machine's CA certificates and a
# user enrich (65532) that owns /data; nothing is pulled. It is tagged
# IMAGE:VERSION and IMAGE:latest in podman's store, then started once to
# print its version. PODMAN may carry podman's global flags (a store of
# its own: --root, --runroot); IMAGE_CONTEXT is where the build's files
# are gathered.
#
# PODMAN_RUN are the flags the image runs with here (e2e/image_test.go uses
# the same): podman's default runtime, crun, refuses a machine whose
# cgroups are v1 and v2 at once ("cgroups in hybrid mode not supported"),
# so runc runs it; and podman asks for limits of open files and processes
# (1,048,576 and more) above what a root without CAP_SYS_RESOURCE may set,
# so the limits are given, below any machine's.
PODMAN        ?= podman
IMAGE         ?= enrich
IMAGE_CONTEXT ?= $(BIN)/image
PODMAN_RUN    ?= --runtime runc --ulimit nofile=4096:4096 --ulimit nproc=4096:4096
image: podman ## build the OCI image enrich:VERSION (and :latest) with podman, FROM scratch
	@test -r /etc/ssl/certs/ca-certificates.crt || { echo "image needs /etc/ssl/certs/ca-certificates.crt: apt-get install -y ca-certificates"; exit 1; }
	@mkdir -p $(IMAGE_CONTEXT)/data $(IMAGE_CONTEXT)/root/tmp && chmod 1777 $(IMAGE_CONTEXT)/root/tmp
	CGO_ENABLED=0 $(GO) build -buildvcs=auto -ldflags "-X main.version=$(VERSION)" -o $(IMAGE_CONTEXT)/enrich ./cmd/enrich
	cp /etc/ssl/certs/ca-certificates.crt deploy/image/passwd deploy/image/group $(IMAGE_CONTEXT)/
	$(PODMAN) build --build-arg VERSION=$(VERSION) -t $(IMAGE):$(VERSION) -t $(IMAGE):latest -f deploy/image/Containerfile $(IMAGE_CONTEXT)
	$(PODMAN) run --rm --network none $(PODMAN_RUN) $(IMAGE):$(VERSION) --version

# The generative suite: for each seed a drawn sheet and fault schedule, the
# real binary run until complete, invariants checked. The default test run
# runs a slice of it (seeds 1 to 10); this runs SEEDS from SEED. KEEP=DIR
# keeps each seed's sheet, journal and outputs in DIR/seed-N, for reading
# a failure.
SEEDS ?= 200
SEED  ?= 1
torture: ## the generative end-to-end suite over SEEDS seeds (default 200) from SEED; KEEP=DIR keeps their files
	$(GO) test -run '^TestTorture$$' -timeout 180m ./e2e/ -seeds $(SEEDS) -seed $(SEED) $(if $(KEEP),-keep $(KEEP))

bench: ## benchmarks (see BENCHMARKS.md)
	$(GO) test -run '^$$' -bench . -benchtime 1x ./...

# The sample report's page, rendered by Debian's chromium (apt-get install -y
# chromium) to the PNG the README shows. The page fetches nothing, so
# chromium runs with every network feature off.
CHROMIUM      ?= chromium
REPORT_SAMPLE := report/testdata/sample-run.json
report-shot: ## render the sample run report headless to docs/report.png
	@command -v $(CHROMIUM) >/dev/null || { echo "report-shot needs $(CHROMIUM): apt-get install -y chromium"; exit 1; }
	@mkdir -p $(BIN) docs
	$(GO) run ./report/internal/render $(REPORT_SAMPLE) $(BIN)/report-sample.html
	@profile=$$(mktemp -d) && trap 'rm -rf "$$profile"' EXIT && \
	$(CHROMIUM) --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
		--user-data-dir="$$profile" --window-size=1200,2040 --screenshot=docs/report.png \
		file://$(abspath $(BIN))/report-sample.html 2>$(BIN)/chromium.log || { cat $(BIN)/chromium.log; exit 1; }
	@echo "wrote docs/report.png"

# The sample report at a phone's width (390 px), measured in headless
# chromium: nothing wider than the screen, the rows to fix readable, several
# of them in their box; bin/report-390.png is the page as it looks.
report-narrow: ## render the sample report at 390 px in chromium, check its layout, write bin/report-390.png
	@command -v $(CHROMIUM) >/dev/null || { echo "report-narrow needs $(CHROMIUM): apt-get install -y chromium"; exit 1; }
	@mkdir -p $(BIN)
	$(GO) test -count=1 -run '^TestNarrowPage$$' ./report/ -chromium.shot $(abspath $(BIN))/report-390.png
	@echo "wrote $(BIN)/report-390.png"

bench-sheets: ## the sheet figures (read, plan, run, export, .xlsx) as one table against their limits
	$(GO) test -run '^$$' -bench '^BenchmarkSheets$$' -benchtime 1x -timeout 60m ./pipeline/

realism: ## the emulator world's realism check at 20,000 and 1,000,000 people, each also ten years on, and its ready time and memory at a million
	$(GO) test -run '^TestRealism$$' -count 1 ./emulator/world/ -realism.people 20000
	$(GO) test -run '^TestRealism$$' -count 1 -timeout 60m ./emulator/world/ -realism.people 1000000
	$(GO) test -run '^$$' -bench '^BenchmarkReady$$' -benchtime 1x -timeout 30m ./cmd/enrich/

man: ## write the manual pages of every command to man/ (read one with man -l man/enrich-run.1)
	$(GO) run -ldflags "-X main.version=$(VERSION)" ./cmd/enrich man --dir man

clean:
	rm -rf $(BIN) demo-out man
