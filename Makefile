# The two commands of the README: `make report` (the main job) and `make test` (the tests).
CARGO ?= cargo

.PHONY: test test-clients report build bench fmt clippy exhaustive

build:
	$(CARGO) build --release

test:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) test
	$(MAKE) test-clients

# jpd through the clients of other software (docs/GTP.md, docs/PYTHON.md): `jpd gtp` driven by
# Sabaki's GTP controller (node, tests/gtp-client/) and the Python package against the CLI
# (pytest, python/tests/). Needs node with npm, and pip with maturin and pytest (.ci/run
# installs them). JPD_BIN: the jpd both compare with, by default the one `cargo test` built
# (the test profile: the build below is a no-op after `cargo test`). The Python package is built
# with its dev profile (opt-level 1, python/Cargo.toml): a third of the release build's time.
JPD_BIN ?= target/debug/jpd
PYTHON ?= python3
test-clients:
	$(CARGO) build --profile test --bin jpd
	cd tests/gtp-client && npm ci --no-audit --no-fund --loglevel=error && JPD_BIN=../../$(JPD_BIN) node --test
	MATURIN_PEP517_ARGS="--profile dev" $(PYTHON) -m pip install --quiet ./python
	JPD_BIN=$(JPD_BIN) $(PYTHON) -m pytest -q python/tests

# The default equivalence campaign: 100,000 games, 9x9, 13x13 and 19x19, mixed policies, seed
# 2008. Writes reports/ (games.csv and scores.csv stay out of git; the rest is committed).
REPORT_GAMES ?= 100000
report: build
	rm -rf reports/violations
	./target/release/jpd run --games $(REPORT_GAMES) --sizes 9,13,19 --policy mixed --seed 2008 --out reports --force
	./target/release/jpd findings reports

bench:
	$(CARGO) bench --bench playout

fmt:
	$(CARGO) fmt

clippy:
	$(CARGO) clippy --all-targets -- -D warnings

# Every legal position of the boards 1x1 to 4x4 through the campaign's pipeline (jpd exhaust),
# written to reports/exhaustive/<size>/; 4x4 takes one position per symmetry class and the
# campaign's referee budget shrunk to 1,000 nodes a search, and resumes from its checkpoint
# when interrupted. `make report` reads what is there; it never reruns this.
exhaustive: build
	for n in 1 2 3; do ./target/release/jpd exhaust --size $$n --out reports/exhaustive/$$n || exit $$?; done
	nice -n 10 ./target/release/jpd exhaust --size 4 --classes --nodes 1000 --out reports/exhaustive/4
	./target/release/jpd findings reports
