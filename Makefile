# The two commands of the README: `make report` (the main job) and `make test` (the tests).
CARGO ?= cargo

.PHONY: test report build bench fmt clippy

build:
	$(CARGO) build --release

test:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) test

report: build
	./target/release/jpd score --format text corpus/*.sgf > /dev/null
	@echo "the default campaign (jpd run) arrives with the harness; see the README"

bench:
	$(CARGO) bench --bench playout

fmt:
	$(CARGO) fmt

clippy:
	$(CARGO) clippy --all-targets -- -D warnings
