# enrich: build, test, demo and benchmarks. `make help` lists the targets.

GO          ?= go
BIN         := bin
STATICCHECK := $(BIN)/staticcheck
STATICCHECK_VERSION := v0.8.2
FUZZTIME    ?= 5s

.PHONY: help build test vet lint unit fuzz demo bench bench-sheets clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-8s %s\n", $$1, $$2}'

build: ## build bin/enrich
	$(GO) build -o $(BIN)/enrich ./cmd/enrich

test: vet lint unit fuzz ## everything CI runs: vet, staticcheck, race tests, short fuzzing

vet:
	$(GO) vet ./...

$(STATICCHECK):
	GOBIN=$(abspath $(BIN)) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

lint: $(STATICCHECK)
	$(STATICCHECK) ./...

unit:
	$(GO) test -race -timeout 15m ./...

# Each fuzz target runs for FUZZTIME; the seeds already run in `unit`.
FUZZ_TARGETS := ./sources/csvfile:FuzzCSV ./internal/sheetxml:FuzzCells ./internal/ident:FuzzNormalizeLinkedIn ./internal/ident:FuzzNormalizeEmail ./internal/ident:FuzzNormalizePhone ./internal/ident:FuzzNormalizeUID ./emulator/search:FuzzParseQuery ./api:FuzzParseResults ./emulator/world:FuzzFind
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzz $$pkg $$name ($(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$name$$" -fuzztime $(FUZZTIME) $$pkg; \
	done

demo: build ## run the real pipeline on a sample sheet against the embedded emulator
	$(BIN)/enrich demo --dir demo-out

bench: ## benchmarks (see BENCHMARKS.md)
	$(GO) test -run '^$$' -bench . -benchtime 1x ./...

bench-sheets: ## the sheet figures (read, plan, run, export, .xlsx) as one table against their limits
	$(GO) test -run '^$$' -bench '^BenchmarkSheets$$' -benchtime 1x -timeout 60m ./pipeline/

clean:
	rm -rf $(BIN) demo-out
