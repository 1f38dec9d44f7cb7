//! Hostile input through the whole path of `jpd score`: `parse_sgf`, `replay` and the scoring
//! (`score_bytes`: count, every rule set, the theorems). Nothing may panic, overflow the stack or
//! grow without bound; every refusal is an `SgfError` whose message names a node or a move.
//!
//! The property tests are cheap (few cases, small records) so that CI stays at a few seconds;
//! the huge records are single deterministic tests. A crash found by `cargo fuzz` (see `fuzz/`
//! and HACKING.md) goes at the end as a `fuzz_crash_*` test; about 49 minutes of fuzzing (some
//! 1.5 million executions over both targets) have found none so far.

use std::thread;

use jipingdian::checks::{CheckOptions, Symmetries};
use jipingdian::counting::Balancing;
use jipingdian::engine::PlayRules;
use jipingdian::report::score::{score_bytes, FileReport, KomiChoice, ScoreError, ScoreOptions};
use jipingdian::rules::RuleId;
use jipingdian::sgf::{parse_sgf, replay, SgfError, MAX_BYTES, MAX_NODES};
use proptest::prelude::*;

/// The options of `jpd score`, with fewer symmetries and T11 choices to keep the cases fast.
fn quick_options() -> ScoreOptions {
    ScoreOptions {
        rules: RuleId::ALL.to_vec(),
        balancing: Balancing::Art14,
        komi: KomiChoice::Record,
        checks: CheckOptions {
            symmetries: Symmetries::OnePerGame,
            t11_choices: 2,
            ..CheckOptions::default()
        },
        assume_pause: false,
        implied_passes: false,
        dead: Default::default(),
    }
}

/// Every error message must say where: a node or a move.
fn assert_located(e: &SgfError) {
    let m = e.to_string();
    assert!(
        m.contains("node ") || m.contains("move "),
        "error message names no node or move: {m}"
    );
}

/// Reads, replays and scores `bytes`; returns the report or the (located) error.
fn through_everything(bytes: &[u8]) -> Result<FileReport, SgfError> {
    match parse_sgf(bytes).and_then(|r| replay(&r, PlayRules::JPD)) {
        Ok(_) => {}
        Err(e) => {
            assert_located(&e);
            // The scoring path must refuse it the same way.
            let again = score_bytes("hostile.sgf", bytes, &quick_options()).unwrap_err();
            assert_eq!(again, ScoreError::Sgf(e.clone()));
            return Err(e);
        }
    }
    score_bytes("hostile.sgf", bytes, &quick_options()).map_err(|e| match e {
        ScoreError::Sgf(e) => e,
        e => panic!("not an SGF error: {e}"),
    })
}

/// Runs `f` on a thread with a small stack (256 KiB, a quarter of the smallest default), so that
/// any recursion over the nodes of a record shows as a stack overflow.
fn small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// A finished 5x5 game: walls on columns c and d, a dead stone in each area, territory marks.
const FINISHED_5X5: &str = "(;GM[1]FF[4]SZ[5]KM[6.5]RU[Chinese]\
    ;B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[ee];W[aa];B[];W[]\
    TB[aa:be][ca]TW[ea:ee])";

/// A 9x9 record with nested variations, several game trees and an unknown property.
const VARIATIONS_9X9: &str = "(;GM[1]SZ[9]KM[7.5]XX[unknown]\
    ;B[ee](;W[dd];B[];W[])(;W[cc];B[dc](;W[];B[])(;W[gg])))(;GM[1]SZ[9];B[aa])";

/// One way of spoiling a valid record.
#[derive(Clone, Debug)]
enum Mutation {
    /// Remove the n-th (mod count) occurrence of a structural byte.
    Drop(u8, usize),
    /// Replace a byte.
    Set(usize, u8),
    /// Insert text at a position.
    Insert(usize, &'static str),
    /// Cut the record.
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let structural = prop::sample::select(vec![b'[', b']', b'(', b')', b';', b'\\']);
    let inserts = prop::sample::select(vec![
        "SZ[1000000]",
        "SZ[0]",
        "SZ[19:9]",
        "SZ[]",
        ";B[zz]",
        ";W[zz]",
        ";B[ZZ]",
        "B[aa]",
        ";B[]",
        ";W[tt]",
        "XYZZY[what][ever]",
        "tooLong[lower case]",
        "(;C[nested](;C[deeper](;C[deepest])))",
        "(;B[aa])(;W[bb])",
        "AB[aa:ee]",
        "AW[aa:zz]",
        "AE[aa]",
        "PL[X]",
        "KM[1e308]",
        "KM[375]",
        "KM[3.75]",
        "KM[NaN]",
        "TB[aa:ss]",
        "TW[]",
        "RE[B+R]",
        "RU[Tromp-Taylor]",
        "CA[GB2312]",
        "CA[klingon]",
        "GM[2]",
        "\u{feff}",
        "\\",
        "]",
        "[",
    ]);
    prop_oneof![
        (structural, any::<usize>()).prop_map(|(b, n)| Mutation::Drop(b, n)),
        (any::<usize>(), any::<u8>()).prop_map(|(p, b)| Mutation::Set(p, b)),
        (any::<usize>(), inserts).prop_map(|(p, s)| Mutation::Insert(p, s)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(mut bytes: Vec<u8>, m: &Mutation) -> Vec<u8> {
    let n = bytes.len().max(1);
    match *m {
        Mutation::Drop(b, k) => {
            let at: Vec<usize> = (0..bytes.len()).filter(|&i| bytes[i] == b).collect();
            if !at.is_empty() {
                bytes.remove(at[k % at.len()]);
            }
        }
        Mutation::Set(p, b) => {
            if !bytes.is_empty() {
                bytes[p % n] = b;
            }
        }
        Mutation::Insert(p, s) => {
            let p = p % (bytes.len() + 1);
            bytes.splice(p..p, s.bytes());
        }
        Mutation::Truncate(p) => bytes.truncate(p % n),
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Arbitrary bytes, and arbitrary bytes behind a valid opening.
    #[test]
    fn arbitrary_bytes(tail in prop::collection::vec(any::<u8>(), 0..300), opened in any::<bool>()) {
        let mut bytes = if opened { b"(;GM[1]SZ[5]".to_vec() } else { Vec::new() };
        bytes.extend_from_slice(&tail);
        let _ = through_everything(&bytes);
    }

    /// Valid records spoiled by one to four mutations.
    #[test]
    fn mutated_valid_records(
        base in prop::sample::select(vec![FINISHED_5X5, VARIATIONS_9X9]),
        ms in prop::collection::vec(mutation(), 1..5),
    ) {
        let bytes = ms.iter().fold(base.as_bytes().to_vec(), apply);
        let _ = through_everything(&bytes);
    }
}

#[test]
fn the_unspoilt_bases_score() {
    let r = through_everything(FINISHED_5X5.as_bytes()).unwrap();
    assert_eq!(r.size, 5);
    assert_eq!(r.end, "pause");
    // The variation record's main line ends with a pause after W[dd].
    let r = through_everything(VARIATIONS_9X9.as_bytes()).unwrap();
    assert!(
        r.notes.iter().any(|n| n.contains("variations")),
        "{:?}",
        r.notes
    );
    assert!(
        r.notes.iter().any(|n| n.contains("2 game trees")),
        "{:?}",
        r.notes
    );
}

#[test]
fn huge_board_size() {
    for sz in [
        "1000000", "256", "26", "1", "0", "-19", "19:9", "", "nineteen",
    ] {
        let text = format!("(;GM[1]SZ[{sz}];B[aa];W[];B[])");
        let e = through_everything(text.as_bytes()).unwrap_err();
        assert!(
            matches!(e, SgfError::BadSize { node: 0, .. }),
            "SZ[{sz}]: {e:?}"
        );
    }
}

#[test]
fn off_board_and_malformed_moves() {
    let e = through_everything(b"(;GM[1]SZ[19];B[zz])").unwrap_err();
    assert!(
        matches!(&e, SgfError::OffBoard { node: 1, prop, .. } if prop == "B"),
        "{e:?}"
    );
    let e = through_everything(b"(;GM[1]SZ[9];B[ee];W[j])").unwrap_err();
    assert!(matches!(e, SgfError::BadValue { node: 2, .. }), "{e:?}");
    let e = through_everything(b"(;GM[1]SZ[9];B[ee];W[aaa])").unwrap_err();
    assert!(matches!(e, SgfError::BadValue { node: 2, .. }), "{e:?}");
}

#[test]
fn unknown_properties_are_ignored() {
    let r = through_everything(b"(;GM[1]SZ[5]XX[1]YY[a][b]ZZ[];B[cc]MYPROP[x];W[];B[]FOO[\\]])")
        .unwrap();
    assert_eq!(r.size, 5);
    assert_eq!(r.end, "pause");
}

#[test]
fn dropped_bracket_names_the_node() {
    // `]` of W's move dropped: the value runs on to the next `]`, and is no point.
    let e = through_everything(b"(;GM[1]SZ[9];B[ee];W[dd;B[];W[])").unwrap_err();
    assert!(matches!(e, SgfError::BadValue { node: 2, .. }), "{e:?}");
    // The last `]` dropped: the file ends inside a value.
    let e = through_everything(b"(;GM[1]SZ[9];B[ee];W[dd)").unwrap_err();
    assert!(matches!(e, SgfError::Truncated { node: 2, .. }), "{e:?}");
    // `[` dropped: a property identifier with no value.
    let e = through_everything(b"(;GM[1]SZ[9];B[ee];Wdd];B[];W[])").unwrap_err();
    assert_located(&e);
}

/// A file over [`MAX_BYTES`] is refused before any work.
#[test]
fn more_bytes_than_the_limit() {
    let mut bytes = b"(;GM[1]C[".to_vec();
    bytes.resize(MAX_BYTES + 1, b'x');
    let e = parse_sgf(&bytes).unwrap_err();
    assert_eq!(
        e,
        SgfError::TooManyBytes {
            bytes: MAX_BYTES + 1,
            limit: MAX_BYTES
        }
    );
    assert_located(&e);
}

/// A long comment is fine: memory stays a small multiple of the file.
#[test]
fn one_megabyte_comment() {
    let mut s = String::from("(;GM[1]SZ[5]C[");
    s.push_str(&"x".repeat(1 << 20));
    s.push_str("];B[cc];W[];B[])");
    let r = through_everything(s.as_bytes()).unwrap();
    assert_eq!(r.end, "pause");
}

/// 100,000 nodes in one line: refused at node `MAX_NODES + 1`, on a small stack.
#[test]
fn hundred_thousand_node_record() {
    let mut s = String::from("(;GM[1]SZ[19]");
    for i in 0..100_000 {
        s.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
    }
    s.push(')');
    let e = small_stack(move || parse_sgf(s.as_bytes()).unwrap_err());
    assert_eq!(
        e,
        SgfError::TooLarge {
            nodes: MAX_NODES + 1,
            limit: MAX_NODES
        }
    );
    assert_located(&e);
}

/// `(;(;(;...` 100,000 levels deep, closed or not, with and without properties: a clear error,
/// not a stack overflow.
#[test]
fn hundred_thousand_levels_of_nesting() {
    for (open, closed) in [
        ("(;", true),
        ("(;", false),
        ("(;C[x]", true),
        ("( ;B[]", false),
    ] {
        let mut s = String::from("(;GM[1]");
        s.push_str(&open.repeat(100_000));
        if closed {
            s.push_str(&")".repeat(100_001));
        }
        let e = small_stack(move || through_everything(s.as_bytes()).unwrap_err());
        assert!(
            matches!(e, SgfError::TooLarge { .. }),
            "{open} {closed}: {e:?}"
        );
    }
    // Nesting with no node at all: not SGF.
    let s = "(".repeat(100_000);
    let e = small_stack(move || parse_sgf(s.as_bytes()).unwrap_err());
    assert_eq!(e, SgfError::Empty);
    let mut s = "(".repeat(100_000);
    s.push_str("(;GM[1]");
    let e = small_stack(move || parse_sgf(s.as_bytes()).unwrap_err());
    assert!(matches!(e, SgfError::Truncated { .. }), "{e:?}");
}

/// Just under the limit, as a chain of nested variations: read and replayed on a small stack
/// (the reader and the drop of the tree must not recurse per node), then scored. (The scoring
/// itself keeps whole boards on the stack and needs more than 256 KiB even for 5x5, so it runs
/// on the test thread's own stack.)
#[test]
fn deepest_accepted_nesting_scores() {
    let mut s = String::from("(;GM[1]SZ[5]");
    for _ in 0..MAX_NODES - 3 {
        s.push_str("(;C[x]");
    }
    s.push_str("(;B[](;W[]");
    s.push_str(&")".repeat(MAX_NODES));
    let text = s.clone();
    let moves = small_stack(move || {
        let rec = parse_sgf(text.as_bytes()).unwrap();
        assert_eq!(rec.moves[1].node, MAX_NODES - 1);
        let done = replay(&rec, PlayRules::JPD).unwrap();
        done.record.moves.len()
    });
    assert_eq!(moves, 2);
    assert_eq!(through_everything(s.as_bytes()).unwrap().end, "pause");
}

/// A root with thousands of sibling variations, each a broken record: the main line is read.
#[test]
fn wide_variations() {
    let mut s = String::from("(;GM[1]SZ[5](;B[cc];W[];B[])");
    for _ in 0..MAX_NODES / 2 - 10 {
        s.push_str("(;B[zz])");
    }
    s.push(')');
    let r = through_everything(s.as_bytes()).unwrap();
    assert!(r.notes.iter().any(|n| n.contains("variations")));
}

/// Many game trees after the first: only the first is read, and the note counts them.
#[test]
fn fifty_thousand_game_trees() {
    let s = "(;GM[1]SZ[5];B[cc];W[];B[])".repeat(50_000);
    let r = through_everything(s.as_bytes()).unwrap();
    assert!(
        r.notes.iter().any(|n| n.contains("50000 game trees")),
        "{:?}",
        r.notes
    );
}

/// Many values in one property, most of them repeated.
#[test]
fn many_values_in_one_property() {
    let mut s = String::from("(;GM[1]SZ[19]AB");
    for i in 0..100_000 {
        let x = (b'a' + (i % 19) as u8) as char;
        let y = (b'a' + (i / 19 % 2) as u8) as char;
        s.push_str(&format!("[{x}{y}]"));
    }
    s.push_str("RE[W+R])");
    let r = through_everything(s.as_bytes()).unwrap();
    assert_eq!(r.end, "resignation");
}
