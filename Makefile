# Lifeline: `make run` runs the product, `make test` runs every test.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

BIN := bin/lifeline
BENCH_BIN := bin/lifeline-bench
SMTPTEST_BIN := bin/lifeline-smtptest
NPM_INSTALL := npm install --no-audit --no-fund --loglevel=error
# A ceiling, not a goal: on a machine loaded 13 times over (load 27 on two
# cores) lifeline/api, 169 tests each on the real program, took over 20 minutes.
GO_TEST_FLAGS ?= -race -timeout 30m
# Each test database on TimescaleDB is slower to clone and start.
TIMESCALE_TEST_FLAGS ?= -race -timeout 25m

.PHONY: help run build web deps-run deps-test deps-bench check-tree test test-go test-web test-e2e test-fuzz test-contract vet clean fuzz soak bench bench-build bench-engine bench-ingest bench-api bench-connections bench-chat bench-delivery bench-signals bench-scaleout

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

run: deps-run build ## install what is missing, build, and run on the embedded defaults
	./$(BIN) serve

build: web ## build the web app and the binary that embeds it
	go build -o $(BIN) ./cmd/lifeline

web: webapp/node_modules/.installed
	cd webapp && npm run build

# npm install, not npm ci: the registry mirror lacks some other-platform
# optional packages the lockfile names, so npm ci fails; npm install keeps
# the lockfile unchanged (see docs/development.md).
webapp/node_modules/.installed: webapp/package.json webapp/package-lock.json
	cd webapp && $(NPM_INSTALL)
	touch $@

deps-run:
	@scripts/ensure-deps.sh run

deps-test:
	@scripts/ensure-deps.sh test

test: deps-test check-tree build vet test-go test-fuzz test-web test-e2e test-contract ## every test: Go (-race), web unit, browser end-to-end
	@echo "make test: all suites passed"

check-tree: ## fail if git tracks a binary, a data/ folder or an oversized file
	scripts/check-tree.sh

vet:
	go vet ./...

# The suites that use storage run a second time on TimescaleDB ("TimescaleDB
# variant", LIFELINE_TEST_ENGINE=timescale) where the extension is installed
# for the machine's PostgreSQL; elsewhere one line says why not.
# Of ingest, the package that stores fixes: its subpackages speak MQTT and
# NATS, or read devices only (natsauth), the same on both engines.
STORAGE_PKGS := ./store/... ./ingest ./firmware-sim/...
# Of the api suite, the variant runs only the tests whose requests reach the
# time series (fixes, battery readings, history retention, export, account
# deletion, /readyz's engine): the other ~85 behave the same on both engines
# and would double the longest suite (docs/development.md).
TIMESCALE_API_TESTS := ^(TestPhoneCorpusThroughTheServer|TestPhoneIngestKeepsTheFix|TestErasedAccountLeavesNoTrace|TestReadyzNamesTheStorageEngine|TestHealthAndReadiness|TestExportHoldsEveryTableOfTheUserOnly|TestDeleteAccountRemovesEveryRow|TestAccountEndpointsOnlyTouchTheSignedInUser|TestDeletingTheAccountEndsItsSessions|TestHistoryRetentionChoice|TestPairListAndRevokeABracelet|TestShareLocationFromTheBrowser|TestPhoneAppsFixturesThroughTheServer|TestOwnTracksPhoneEntersAvoidZone|TestAvoidZoneAlertWithEvidence|TestIsolationMatrix|TestLiveEventsReachOnlyTheirUser|TestLiveEventsNeverCrossUsers|TestTesterViewSeesPacketsLiveAcrossNodes|TestCareCircleFlow|TestSupporterIsolationMatrix|TestShareLinkShowsOnlyTheLatestPositionUntilItEnds|TestSupporterExportAndDeletion|TestSOSTakesThePositionTheBrowserHas|TestSOSMessagesCarryThePositionSentWithIt)$$

# Of cmd/lifeline and app, the tests that migrate, start the server on its data and
# store fixes: the others (Mosquitto scale-out, the content and devices
# commands) do the same on both engines and took five minutes more.
TIMESCALE_CMD_TESTS := ^(TestMigrateCommand|TestServeRunsAndStopsCleanly|TestBraceletEnteringAnAvoidZone|TestBraceletBackResolvesItsOfflineAlert|TestRetentionJobCountsWhatItDeletes)$$
# Of the fault suite, the faults of storage: a kill between commit and
# acknowledgement or send, PostgreSQL restarted, a read-only database. The
# connection and descriptor faults never reach the time series.
TIMESCALE_FAULTS_TESTS := ^(TestSIGKILLMidIngest|TestSIGKILLBetweenCommitAndSend|TestPostgresRestartMidIngest|TestReadOnlyDatabase)$$

# internal/bench/chateval holds the chat safety layer's figures to their
# floors by training a model per author: -race found nothing there and made
# it the last two minutes of the run, so it runs without. Thirty-three
# authors (round 11), two trained at a time, take about 5 minutes on a quiet
# machine and 10 at load 8, so the ceiling is 25 (10 until round 10).
test-go:
	go test $(GO_TEST_FLAGS) $$(go list ./... | grep -v '/internal/bench/chateval$$')
	go test -timeout 25m ./internal/bench/chateval/
	@if why=$$(scripts/timescale-installed.sh); then \
		echo "TimescaleDB variant: the storage suites again on TimescaleDB (LIFELINE_TEST_ENGINE=timescale)"; \
		LIFELINE_TEST_ENGINE=timescale go test $(TIMESCALE_TEST_FLAGS) $(STORAGE_PKGS) && \
		LIFELINE_TEST_ENGINE=timescale go test $(TIMESCALE_TEST_FLAGS) -run '$(TIMESCALE_API_TESTS)|$(TIMESCALE_CMD_TESTS)|$(TIMESCALE_FAULTS_TESTS)' ./api/ ./app/ ./cmd/lifeline/ ./faults/; \
	else \
		echo "TimescaleDB variant skipped: $$why"; \
	fi

# Every Go fuzz target (scripts/fuzz.sh finds them): FUZZTIME each.
FUZZTIME ?= 60s
fuzz: ## run every fuzz target for FUZZTIME (default 60s) each, and the contract suite at 240 requests per operation
	FUZZTIME=$(FUZZTIME) scripts/fuzz.sh
	$(MAKE) test-contract CONTRACT_RUNS=240

test-fuzz: ## a quick pass over every fuzz target (1s each, about a minute)
	FUZZTIME=1s scripts/fuzz.sh

# Types, lint and unit tests, then the first-load budget: a production build whose initial JavaScript
# stays within 120 KiB gzip, OpenLayers and ApexCharts in lazy chunks.
test-web: webapp/node_modules/.installed
	cd webapp && npm run typecheck && npm run lint && npm run test && node scripts/bundle-report.mjs --check

# The browser suite's mail server (internal/smtptest as a process), beside
# lifeline, which never links it. Browser workers: every test stands alone,
# and one worker kept the two cores about a third busy, so two run at a time
# (E2E_WORKERS=1 for one; docs/development.md, "Time of make test").
E2E_WORKERS ?= 2
test-e2e: build
	go build -o $(SMTPTEST_BIN) ./cmd/lifeline-smtptest
	cd webapp && LIFELINE_BIN=$(CURDIR)/$(BIN) LIFELINE_SMTPTEST_BIN=$(CURDIR)/$(SMTPTEST_BIN) npm run e2e -- --workers $(E2E_WORKERS)

soak: deps-test ## the long fault tests (10,000 idle bracelets); see docs/faults.md
	ulimit -n 65536 2>/dev/null || ulimit -n $$(ulimit -Hn); \
	LIFELINE_SOAK=1 go test -race -timeout 30m -v -run '^TestSoak' ./faults/

clean: ## remove build output (not ./data)
	rm -rf bin webapp/dist/app webapp/e2e/.artifacts

bench: bench-engine bench-ingest bench-api bench-chat bench-delivery bench-signals ## every benchmark (about 20 minutes); writes BENCHMARKS.md
	@echo "make bench: BENCHMARKS.md updated"

bench-engine: deps-bench ## geofence checks per second at 10 to 100,000 zones, fix-to-alert latency
	scripts/bench-engine.sh

bench-ingest: deps-bench bench-build ## ingest end to end vs the bare broker and raw COPY, on each storage engine, and a row per protocol; writes BENCHMARKS.md
	$(BENCH_ENV) scripts/bench-ingest.sh

bench-connections: deps-bench bench-build ## 10,000 (DEVICES="10000 100000") connected bracelets: RSS and CPU per connection, latency at 30 s and 5 s reporting, a wrong-token flood, fix to alert, reconnect storms; writes BENCHMARKS.md
	$(BENCH_ENV) scripts/bench-connections.sh

bench-delivery: deps-test ## SOS-to-email latency alone and behind 1,000 hanging webhooks, deliveries per second to local SMTP and webhook servers; writes BENCHMARKS.md
	scripts/bench-delivery.sh

bench-scaleout: deps-test ## the scale-out topology (three NATS nodes, two workers, two API nodes) at DEVICES=2000 bracelets: publish to PUBACK against the embedded broker, then a broker node, a worker and an API node SIGKILLed: seconds to reconnect and to the next alert; then FLEET=100000 lean bracelets across six nodes, sampled every 30 s, two nodes SIGKILLed; writes BENCHMARKS.md
	scripts/bench-scaleout-cluster.sh

bench-chat: ## the chat's safety layer: recall per category and false alarms with 95% intervals on the held-out and development sets, against the old phrase table; latency; writes BENCHMARKS.md
	scripts/bench-chat.sh

bench-signals: deps-bench bench-build ## the early-warning signals on a SYNTHETIC cohort with injected shifts: sensitivity, detection delay, false alarms per person-month; 10,000 people's signals timed and batch-loaded; writes BENCHMARKS.md
	$(BENCH_ENV) scripts/bench-signals.sh

bench-api: deps-bench bench-build ## API under load on a seeded large data set and bytes on disk per fix, on each storage engine; query plans, web bundle size; writes BENCHMARKS.md
	$(BENCH_ENV) scripts/bench-api.sh

# The product as make build ships it, and beside it the benchmarks' own
# tools (seeder, load generator, baselines), which lifeline never links.
bench-build: build
	go build -o $(BENCH_BIN) ./cmd/lifeline-bench

# ENGINES: the storage engines bench-ingest and bench-api measure side by
# side, plain PostgreSQL first (the baseline of every engine ratio);
# TimescaleDB only where the extension is installed.
ENGINES ?= plain timescale
BENCH_ENV := LIFELINE_BIN=$(CURDIR)/$(BIN) LIFELINE_BENCH_BIN=$(CURDIR)/$(BENCH_BIN) ENGINES="$(ENGINES)"

deps-bench:
	@scripts/ensure-deps.sh bench

# The API contract checked by tools nobody here wrote: Stoplight Prism as a
# validating proxy in front of the real binary, schema-driven requests
# (fast-check) and part of the browser suite through it (webapp/contract/).
# CONTRACT_RUNS requests per operation and kind; make fuzz runs 20 times more.
CONTRACT_RUNS ?= 12
test-contract: build webapp/node_modules/.installed ## the OpenAPI contract: Prism's validating proxy and schema-driven requests against the real server
	cd webapp && LIFELINE_BIN=$(CURDIR)/$(BIN) CONTRACT_RUNS=$(CONTRACT_RUNS) npx playwright test -c playwright.contract.config.ts
