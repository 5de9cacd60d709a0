# AccountLink: two commands on a fresh Debian 12 machine (README).
SHELL := /bin/bash
.DEFAULT_GOAL := help
export PATH := $(CURDIR)/.build/python/bin:$(PATH)

.PHONY: help deps build release run test test-swift test-peers demo bench clean fuzz soak chaos deb ios-typecheck

help:
	@echo "make run    build (release) and serve on http://127.0.0.1:8080 with SQLite"
	@echo "make test   install test dependencies and run every test"
	@echo "make demo   the whole story end to end on a throwaway database"
	@echo "make bench  the benchmarks"
	@echo "make fuzz   each libFuzzer target for FUZZ_SECONDS (60) seconds"
	@echo "make soak   SOAK_SECONDS (600) of load at ~70% of the peak rate; errors and RSS"
	@echo "make chaos  refresh rotation under faults, kill -9 and database restarts; prints its figures"
	@echo "make ios-typecheck  type-check the Apple-only Swift (kit glue, guides) against the stand-ins"
	@echo "make deb    the Debian package accountlink_VERSION_ARCH.deb in .build/deb (docs/deploy.md)"

# The release binary carries the Swift runtime (static stdlib), so the package and a copied binary
# need only Debian's libraries; make test builds it the same way, so make deb reuses it.
RELEASE_BUILD := swift build -c release --product accountlink --static-swift-stdlib

deps:
	@scripts/install-deps.sh build

release: deps
	$(RELEASE_BUILD)

run: release
	.build/release/accountlink serve

test:
	@scripts/install-deps.sh test
	swift build --build-tests
	$(RELEASE_BUILD)
	scripts/test-postgres.sh scripts/run-tests.sh

# Every line of Swift only an Apple platform compiles, type-checked here (IOSTypecheck/README.md);
# scripts/run-tests.sh runs it as part of `make test`.
ios-typecheck:
	python3 scripts/ios-typecheck.py

demo: release
	.build/release/accountlink demo

bench: release
	@scripts/install-deps.sh bench
	swift build -c release --product accountlink-bench
	scripts/bench.sh

clean:
	rm -rf .build

fuzz: deps
	swift build --product accountlink-fuzz
	scripts/fuzz.sh

soak: release
	@scripts/install-deps.sh test
	scripts/soak.sh

chaos: release
	@scripts/install-deps.sh test
	scripts/test-postgres.sh .build/python/bin/python scripts/chaos.py

deb: release
	@scripts/install-deps.sh deb
	scripts/build-deb.sh
