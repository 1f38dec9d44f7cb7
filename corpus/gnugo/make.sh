#!/usr/bin/env bash
# Regenerates the GNU Go self-play corpus of this folder (48 games, master seed 2008) with the
# jpd binary built by `cargo build --release` and GNU Go 3.8 (`apt-get install gnugo`).
# The games depend only on the seed and the GNU Go version. Takes a few minutes on one core.
set -euo pipefail
cd "$(dirname "$0")/../.."
JPD=${JPD:-./target/release/jpd}
OUT=corpus/gnugo
# Small boards at every level, middle boards at the lower levels, large boards at levels 0-1
# (GNU Go's higher levels take minutes a game there).
"$JPD" oracle --self-play --seed 2008 --games 30 --first 0 --sizes 5,6,7,8,9 --levels 0-10 --out "$OUT"
"$JPD" oracle --self-play --seed 2008 --games 10 --first 30 --sizes 10,11,12,13 --levels 0-4 --out "$OUT"
"$JPD" oracle --self-play --seed 2008 --games 8 --first 40 --sizes 14,15,17,19 --levels 0-1 --out "$OUT"
