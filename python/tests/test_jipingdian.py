"""The Python package against the command line: ``jipingdian.score`` and ``jipingdian.rules``
return what ``jpd score --format json`` and ``jpd rules --format json`` print (the CLI's JSON is
the independent source), and bad input raises ``ValueError`` with the CLI's message.

The records: every 36th file of corpus/real in path order (11 records; JPD_PY_FULL=1 takes all
367, several minutes). The jpd binary: JPD_BIN, else target/release/jpd, else target/debug/jpd.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

import jipingdian

ROOT = Path(__file__).resolve().parents[2]


def jpd_binary() -> str:
    if os.environ.get("JPD_BIN"):
        return str(Path(os.environ["JPD_BIN"]).resolve())
    for p in ("target/release/jpd", "target/debug/jpd"):
        if (ROOT / p).exists():
            return str(ROOT / p)
    pytest.fail("no jpd binary: build it (cargo build --release) or set JPD_BIN")


JPD = jpd_binary()
ALL = sorted(
    str(p.relative_to(ROOT)) for p in (ROOT / "corpus" / "real").rglob("*") if p.suffix.lower() == ".sgf"
)
RECORDS = ALL if os.environ.get("JPD_PY_FULL") == "1" else ALL[::36]


def cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([JPD, *args], cwd=ROOT, input=stdin, capture_output=True, check=False)


def cli_json(*args: str):
    out = cli(*args)
    assert out.returncode == 0, out.stderr.decode()
    return json.loads(out.stdout)


def test_the_corpus_is_there():
    assert len(ALL) == 367
    assert len(RECORDS) >= 10


def test_rules_are_jpd_rules():
    got = jipingdian.rules()
    assert got == cli_json("rules", "--format", "json")
    assert [r["id"] for r in got][:2] == ["jpd-tangsong", "jpd-tangsong-simple"] or len(got) == 22


@pytest.mark.parametrize("dead", ["proven", "estimate"])
def test_score_is_jpd_score_on_the_corpus(dead):
    """Every rule set, the record's komi: the whole report, key for key."""
    expected = cli_json("score", "--format", "json", "--dead", dead, *RECORDS)
    assert len(expected) == len(RECORDS)
    for file, want in zip(RECORDS, expected):
        got = jipingdian.score((ROOT / file).read_bytes(), dead=dead, name=file)
        assert isinstance(got, list) and len(got) == 1
        assert got[0] == want, file


def test_options_are_jpd_scores_options():
    """Two rule sets, the marks as dead stones, komi 0.5 given as a number; text input."""
    file = "corpus/real/gnugo-3.8/9x9-2.sgf"
    want = cli_json(
        "score", "--format", "json", "--rules", "chinese,japanese", "--dead", "record", "--komi", "0.5", file
    )
    text = (ROOT / file).read_text(encoding="utf-8")
    got = jipingdian.score(text, rules="chinese,japanese", dead="record", komi=0.5, name=file)
    assert got == want
    assert [v["rules"] for v in got[0]["verdict"]] == ["chinese", "japanese"]
    assert all(v["komi"] == 0.5 for v in got[0]["verdict"])


HOSTILE = [
    b"",
    b"\xff\x00\x1b(\x80",
    b"(;GM[1]SZ[9];B[ee];W[dd",
    b"(;GM[1]SZ[30];B[aa])",
    b"(;GM[1]SZ[9];B[ee];W[ee];B[];W[])",
    b"(;GM[1]SZ[9];B[ee];B[dd];W[];B[])",
    b"(;GM[1]SZ[9];B[zz])",
    b"(;GM[1]SZ[9]" + b"(;B[aa]" * 30000,
]


@pytest.mark.parametrize("bad", HOSTILE, ids=range(len(HOSTILE)))
def test_bad_records_raise_the_cli_message(bad):
    out = cli("score", "--dead", "proven", "-", stdin=bad)
    assert out.returncode == 2
    with pytest.raises(ValueError) as e:
        jipingdian.score(bad)
    assert out.stderr.decode().strip() == f"jpd score: -: {e.value}"


@pytest.mark.parametrize(
    "kwargs, flag",
    [
        ({"rules": "chinese,nope"}, ["--rules", "chinese,nope"]),
        ({"dead": "guess"}, ["--dead", "guess"]),
        ({"komi": "6.4"}, ["--komi", "6.4"]),
        ({"komi": "six"}, ["--komi", "six"]),
        ({"balancing": "art99"}, ["--balancing", "art99"]),
    ],
)
def test_bad_options_raise_the_cli_message(kwargs, flag):
    file = "corpus/real/gnugo-3.8/9x9-2.sgf"
    out = cli("score", *flag, file)
    assert out.returncode == 2
    with pytest.raises(ValueError) as e:
        jipingdian.score((ROOT / file).read_bytes(), **kwargs)
    assert str(e.value) and str(e.value) in out.stderr.decode()


def test_a_record_must_be_text_or_bytes():
    with pytest.raises(ValueError, match="SGF text"):
        jipingdian.score(42)
