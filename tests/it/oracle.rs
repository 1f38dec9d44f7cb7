//! GNU Go as an outside oracle. The self-play corpus (`corpus/gnugo/`, made by its `make.sh`)
//! reads back, the theorems hold on it, and our Chinese count with GNU Go's dead stones (the
//! records' TB/TW) gives the result GNU Go wrote in `RE`; with GNU Go installed, its Chinese and
//! Japanese scores are compared with ours live, and `jpd oracle` writes its CSV.

use std::fs;
use std::path::PathBuf;

use jipingdian::checks::{CheckOptions, Symmetries};
use jipingdian::oracle::{
    self, compare, CompareOptions, DeadSource, GnuGoConfig, GnuGoPair, OracleInput, CSV_HEADER,
};
use jipingdian::report::score::{score_bytes, ScoreOptions};
use jipingdian::rules::RuleId;
use jipingdian::sgf::parse_sgf;

use crate::util::require_tool;

fn corpus() -> Vec<PathBuf> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/gnugo");
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    v.sort();
    v
}

fn size_of(p: &PathBuf) -> u8 {
    parse_sgf(&fs::read(p).unwrap()).unwrap().size
}

fn gnugo() -> Option<GnuGoPair> {
    let path = require_tool("gnugo", oracle::find_gnugo(), oracle::GNUGO_SEARCH)?;
    Some(GnuGoPair::start(GnuGoConfig::new(path)).expect("GNU Go starts"))
}

fn input(p: &PathBuf) -> OracleInput {
    OracleInput {
        name: p.file_name().unwrap().to_string_lossy().into_owned(),
        game_seed: String::new(),
        sgf: fs::read(p).unwrap(),
    }
}

#[test]
fn gnugo_corpus_scores_as_gnugo_said_and_the_theorems_hold() {
    let files = corpus();
    assert!(files.len() >= 40, "the corpus has {} games", files.len());
    let opts = ScoreOptions {
        rules: RuleId::ALL.to_vec(),
        checks: CheckOptions {
            symmetries: Symmetries::OnePerGame,
            t11_choices: 4,
            ..CheckOptions::default()
        },
        ..ScoreOptions::default()
    };
    let mut sizes = std::collections::BTreeSet::new();
    for p in &files {
        let bytes = fs::read(p).unwrap();
        let r = score_bytes(&p.display().to_string(), &bytes, &opts)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        sizes.insert(r.size);
        let failed: Vec<_> = r
            .invariants
            .iter()
            .filter(|t| t.holds == Some(false))
            .map(|t| (&t.id, &t.detail))
            .collect();
        assert!(failed.is_empty(), "{}: {failed:?}", p.display());
        // RE is GNU Go's Chinese final_score, komi 7.5, its dead stones being the TB/TW marks.
        let chinese = r.results.iter().find(|x| x.rules == "chinese").unwrap();
        assert_eq!(
            Some(&chinese.result),
            r.sgf_result.as_ref(),
            "{}",
            p.display()
        );
    }
    assert!(sizes.len() >= 10, "sizes {sizes:?}");
}

#[test]
fn gnugo_agrees_live_on_the_small_corpus_games() {
    let Some(mut g) = gnugo() else { return };
    let small: Vec<PathBuf> = corpus().into_iter().filter(|p| size_of(p) <= 7).collect();
    assert!(small.len() >= 10);
    let japanese = "japanese".parse::<RuleId>().is_ok();
    let mut rows = Vec::new();
    for p in &small {
        rows.extend(compare(&mut g, &input(p), &CompareOptions::default()));
    }
    g.quit();
    assert_eq!(rows.len(), small.len() * if japanese { 2 } else { 1 });
    for r in &rows {
        assert_ne!(r.category_name(), "error", "{r:?}");
        assert_ne!(r.category_name(), "our_bug", "{r:?}");
        if r.rules == "chinese" {
            assert!(r.agree, "same dead stones, Chinese rules: {r:?}");
        }
        assert!(r.theorems_failed.is_empty(), "{r:?}");
    }
}

/// `(file, category, why)`: the games of `corpus/gnugo/` where our `japanese` count, with GNU
/// Go's dead stones, does not give GNU Go's Japanese score. Each was looked at on the board.
const JAPANESE_DIFFERENCES: &[(&str, &str, &str)] = &[
    (
        "gnugo-s11-l02-033.sgf",
        "dame",
        "a protective move (teire) GNU Go charges to Black and J89 does not owe: Black's string \
         L6 L5 L4 K4 L3 has two liberties (K3, L2) inside its own area beside White's cutting \
         stone J4, and GNU Go calls K2 dame (W+16.5 where the board as it stands gives \
         W+15.5). White cannot capture the string when Black answers, and each exchange White \
         starts there nets nothing: the_teire_gnugo_charges_inside_black_area_is_not_owed. \
         Under Chinese rules GNU Go agrees with us",
    ),
    (
        "gnugo-s14-l01-044.sgf",
        "gnugo_known",
        "GNU Go contradicts itself: it lists the black stone A4 as dead but B2 and A1 beside it as \
         Black's territory and B4 A3 B3 A2 B1 as dame, and its final_score (W+47.5) is one point \
         off what its own lists give (W+48.5), under Chinese rules too",
    ),
    (
        "gnugo-s17-l00-046.sgf",
        "dame",
        "the same as in game 033: GNU Go calls K14, inside Black's area beside the nine stones \
         F12-J13-G15 with the two liberties J14 and K13, dame (B+1.5 where the board as it \
         stands gives B+2.5); White's cut at K13 is answered at J14 and the exchange nets \
         nothing. Under Chinese rules GNU Go agrees with us",
    ),
];

/// The final position of a corpus game, and the record with `extra` (SGF move nodes, then two
/// virtual moves and `marks`) played after its last real move instead of its two final passes.
fn corpus_game(file: &str, extra: &str, marks: &str) -> (jipingdian::engine::Board, Vec<u8>) {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/gnugo")).join(file);
    let text = fs::read_to_string(&path).unwrap();
    let rec = parse_sgf(text.as_bytes()).unwrap();
    let opts = jipingdian::sgf::ReplayOptions::default();
    let board = jipingdian::sgf::replay_with(&rec, jipingdian::engine::PlayRules::JPD, opts)
        .unwrap()
        .game
        .board()
        .clone();
    // The records end `...;W[xx]\n;B[]\n;W[]TB[..]TW[..])`: Black passed first.
    let cut = text
        .rfind("\n;B[]\n;W[]")
        .expect("two final passes, Black first");
    let with = format!("{}\n;B[]{extra}\n;W[]\n;B[]{marks})\n", &text[..cut]);
    (board, with.into_bytes())
}

/// The points of a local fight at the liberties of the string at `at`: the string, the empty
/// points within `radius` steps of one of its liberties, and the strings of its colour beside
/// those points.
fn fight_at(
    b: &jipingdian::engine::Board,
    at: &str,
    radius: i32,
) -> Vec<jipingdian::engine::Point> {
    use jipingdian::engine::{Cell, Point};
    let n = b.size();
    let find = |h: &str| b.points().find(|&p| b.coord(p).to_human(n) == h).unwrap();
    let s = find(at);
    let owner = b.stone(s).unwrap();
    let libs: Vec<_> = b.string_liberties(s).iter().map(|&l| b.coord(l)).collect();
    let near = |p: Point| {
        let c = b.coord(p);
        libs.iter()
            .any(|d| (c.x as i32 - d.x as i32).abs() + (c.y as i32 - d.y as i32).abs() <= radius)
    };
    let mut heads = vec![b.string_head(s)];
    let mut area: Vec<Point> = Vec::new();
    for p in b.points().filter(|&p| b.cell(p) == Cell::Empty && near(p)) {
        area.push(p);
        heads.extend(
            b.adj(p)
                .iter()
                .filter(|&&q| b.stone(q) == Some(owner))
                .map(|&q| b.string_head(q)),
        );
    }
    area.extend(
        b.points()
            .filter(|&p| b.stone(p).is_some() && heads.contains(&b.string_head(p))),
    );
    area.sort_unstable();
    area.dedup();
    area
}

/// The two `dame` differences of [`JAPANESE_DIFFERENCES`] are points GNU Go deducts from
/// Black's Japanese territory as a protective move (teire) for a string short of liberties in
/// its own area: L3-L6-K4 (liberties K3 and L2) in game 033, the nine stones F12-J13-G15
/// (liberties J14 and K13) in game 046. J89 calls a string alive when the opponent cannot
/// capture it (Art. 7), and counts the board as it stands once both have passed: no move is
/// owed where the owner can answer every attack. Two facts, worked out here, say that no move is
/// owed:
/// * White moving first cannot capture any of those stones in the fight confined to the points
///   near the two liberties, the search proves (`local_attack`, with Black answering or passing;
///   a wider fight is beyond the search's budget, and GNU Go's own play as White from these
///   positions, K3, L2 or K2 in 033, gains nothing once Black answers);
/// * the attacks White can start change no Japanese count: each stone Black adds inside its
///   area is matched by a White stone taken (033: White L2, Black connects at K3, L2 is a dead
///   stone; 046: White K13, Black J14, White K14, Black K15, White L13, Black M13 takes three).
#[test]
fn the_teire_gnugo_charges_inside_black_area_is_not_owed() {
    use jipingdian::engine::Color;
    use jipingdian::report::score::DeadChoice;
    use jipingdian::settlement::referee::local_attack;
    let japanese = |bytes: &[u8]| {
        // GNU Go's counts below are with japanese's own komi, 6.5 (the records say KM[7.5]).
        let opts = ScoreOptions {
            rules: vec![RuleId::Japanese],
            komi: jipingdian::report::score::KomiChoice::Rules,
            dead: DeadChoice::Record,
            checks: CheckOptions {
                symmetries: Symmetries::Off,
                t11_choices: 1,
                ..CheckOptions::default()
            },
            ..ScoreOptions::default()
        };
        let r = score_bytes("game.sgf", bytes, &opts).unwrap();
        r.results[0].result.clone()
    };
    // (file, string, radius of the fight, the exchange, its dead stone marks, the Japanese
    // count GNU Go gives, the count as the board stands).
    let cases = [
        (
            "gnugo-s11-l02-033.sgf",
            "L4",
            2,
            "\n;W[kj]\n;B[ji]",
            "TB[kj]",
            "W+16.5",
            "W+15.5",
        ),
        (
            "gnugo-s17-l00-046.sgf",
            "J13",
            1,
            "\n;W[je]\n;B[id]\n;W[jd]\n;B[jc]\n;W[ke]\n;B[le]",
            "",
            "B+1.5",
            "B+2.5",
        ),
    ];
    for (file, at, radius, extra, marks, gnugo_says, ours) in cases {
        let (board, _) = corpus_game(file, "", "");
        let area = fight_at(&board, at, radius);
        assert_eq!(
            local_attack(&board, &area, Color::White, 500_000),
            Some(false),
            "{file}: White captures in the fight at {at}"
        );
        let (_, as_is) = corpus_game(file, "", "");
        let (_, exchanged) = corpus_game(file, extra, marks);
        // The count as the board stands is one point better for Black than GNU Go's (the
        // teire), and the exchange leaves it as it is.
        assert_eq!(japanese(&as_is), ours, "{file}");
        assert_eq!(japanese(&exchanged), ours, "{file}: after the exchange");
        let margin = |r: &str| {
            let v = jipingdian::counting::Half::parse_points(&r[2..]).unwrap().0;
            if r.starts_with('B') {
                v
            } else {
                -v
            }
        };
        assert_eq!(
            margin(ours) - margin(gnugo_says),
            2,
            "{file}: one point (two half-points)"
        );
    }
}

/// Our `japanese` count gives GNU Go's Japanese score on every GNU Go self-play game of the
/// corpus, with GNU Go's dead stones, except the listed games (each explained; a listed game
/// that agrees fails the test, so the list cannot rot). No disagreement is `our_bug`, and none
/// is filed as `seki`: GNU Go finds no seki where we count one differently.
#[test]
fn gnugo_japanese_count_agrees_on_the_corpus() {
    let Some(mut g) = gnugo() else { return };
    let files = corpus();
    let mut agree = 0;
    let mut seen = std::collections::BTreeSet::new();
    let mut unexplained = Vec::new();
    for p in &files {
        let rows = compare(&mut g, &input(p), &CompareOptions::default());
        let row = rows
            .iter()
            .find(|r| r.rules == "japanese")
            .expect("a japanese row");
        assert_ne!(row.category_name(), "error", "{row:?}");
        // The record's own result rides along, as written in RE.
        let text = std::fs::read_to_string(p).unwrap();
        let re = text
            .split("RE[")
            .nth(1)
            .and_then(|t| t.split(']').next())
            .expect("every corpus game has RE");
        assert_eq!(row.record_result, re, "{row:?}");
        let known = JAPANESE_DIFFERENCES.iter().find(|(f, _, _)| *f == row.file);
        match (row.agree, known) {
            (true, None) => agree += 1,
            (true, Some((f, _, _))) => {
                panic!("{f} agrees now: remove it from JAPANESE_DIFFERENCES")
            }
            (false, Some((f, category, why))) => {
                assert_eq!(row.category_name(), *category, "{f}: {row:?}");
                println!(
                    "known difference: {f}: gnugo {} ours {} ({}): {why}",
                    row.gnugo_result,
                    row.our_result,
                    row.category_name()
                );
                seen.insert(*f);
            }
            (false, None) => unexplained.push(format!("{row:?}")),
        }
    }
    g.quit();
    assert!(
        unexplained.is_empty(),
        "japanese differs from GNU Go:\n{}",
        unexplained.join("\n")
    );
    assert_eq!(seen.len(), JAPANESE_DIFFERENCES.len());
    assert_eq!(agree, files.len() - JAPANESE_DIFFERENCES.len());
    println!(
        "japanese: {agree} of {} games agree with GNU Go",
        files.len()
    );
}

/// Two living walls on 7x7 with a two-point gap C7-D7 between them (rows from the top):
///
/// ```text
///   A B C D E F G
/// 7 . X . . O . .
/// 6 . X X O O . .
/// ...              (rows 5-1 as row 6)
/// ```
///
/// There is no seki: GNU Go counts Black's A column (7) and White's F-G columns (14), C7 and D7
/// dame: 7 - 14 - 6.5 = W+13.5. The one-move reading calls C7 Black's and D7 White's one-sided
/// dame (a stone of the other colour there has one liberty, where it is captured); taken as seki
/// liberties they would strip both territories, 0 - 0 - 6.5 = W+6.5, a disagreement that must be
/// filed as `our_bug`, never hidden as `seki` (GNU Go sees none) or `dame`. The referee cannot
/// settle the walls (nothing is pass-alive on this board), so the one-move reading still names
/// the one-sided dame, but the Japanese count takes a one-sided dame as a seki only beside
/// strings the referee proved in seki: none here, so the counts agree (before that rule, this
/// test took the `our_bug` branch).
#[test]
fn a_seki_gnugo_does_not_see_is_our_bug() {
    let Some(mut g) = gnugo() else { return };
    let row = "X X O O . .";
    let game = crate::util::from_position(
        &format!(". X . . O . .\n{}", vec![format!(". {row}"); 6].join("\n")),
        "pass pass",
    );
    let sgf = oracle::sgf_of(&game, "gap".into(), Default::default(), None);
    let inp = OracleInput {
        name: "gap-7x7.sgf".into(),
        game_seed: String::new(),
        sgf: sgf.into_bytes(),
    };
    let rows = compare(&mut g, &inp, &CompareOptions::default());
    g.quit();
    let jp = rows.iter().find(|r| r.rules == "japanese").unwrap();
    assert_eq!(jp.gnugo_result, "W+13.5", "{jp:?}");
    let a = crate::util::analyse_game(game, &[], jipingdian::counting::Balancing::Art14);
    let st = &a.count.as_ref().unwrap().settlement_paused;
    let c7 = st.board().point(crate::util::pt("ca"));
    let b7 = st.board().point(crate::util::pt("ba"));
    let seki_taken = matches!(
        st.class(c7),
        jipingdian::settlement::PointClass::OneSidedDame(_)
    ) && st.proven_seki(b7);
    if seki_taken {
        assert!(!jp.agree, "{jp:?}");
        assert_eq!(jp.our_result, "W+6.5", "{jp:?}");
        assert_eq!(jp.category_name(), "our_bug", "{jp:?}");
    } else {
        assert!(jp.agree, "{jp:?}");
        assert_eq!(jp.our_result, "W+13.5", "{jp:?}");
    }
    // The Chinese count does not depend on it: one point to each side as one-sided dame, or
    // half a point each as dame, gives the same margin.
    let cn = rows.iter().find(|r| r.rules == "chinese").unwrap();
    assert!(cn.agree || cn.category_name() != "our_bug", "{cn:?}");
}

#[test]
fn other_dead_stones_are_categorised_as_such() {
    let Some(mut g) = gnugo() else { return };
    // A corpus game where GNU Go found dead stones, its TB/TW marks taken away: counting with
    // the record's (now empty) dead stones leaves them on the board as alive.
    let p = corpus()
        .into_iter()
        .find(|p| {
            size_of(p) <= 9
                && !parse_sgf(&fs::read(p).unwrap())
                    .unwrap()
                    .territory
                    .black
                    .is_empty()
                && {
                    let rec = parse_sgf(&fs::read(p).unwrap()).unwrap();
                    !jipingdian::sgf::replay(&rec, jipingdian::engine::PlayRules::JPD)
                        .unwrap()
                        .dead
                        .is_empty()
                }
        })
        .expect("a small corpus game with dead stones");
    let text = fs::read_to_string(&p).unwrap();
    let cut = text.find("TB[").or_else(|| text.find("TW[")).unwrap();
    let stripped = format!("{})\n", &text[..cut]);
    let mut inp = input(&p);
    inp.sgf = stripped.into_bytes();
    let opts = CompareOptions {
        dead: DeadSource::Record,
        ..CompareOptions::default()
    };
    let rows = compare(&mut g, &inp, &opts);
    g.quit();
    let chinese = rows.iter().find(|r| r.rules == "chinese").unwrap();
    assert!(!chinese.agree, "{chinese:?}");
    assert_eq!(chinese.category_name(), "dead_stones", "{chinese:?}");
    assert_eq!(chinese.dead_ours, 0);
    assert!(chinese.dead_gnugo > 0);
}

#[test]
fn jpd_oracle_writes_a_tidy_csv() {
    let Some(path) = require_tool("gnugo", oracle::find_gnugo(), oracle::GNUGO_SEARCH) else {
        return;
    };
    let out = std::env::temp_dir().join(format!("jpd-it-oracle-{}", std::process::id()));
    let _ = fs::remove_dir_all(&out);
    let files: Vec<PathBuf> = corpus()
        .into_iter()
        .filter(|p| size_of(p) == 5)
        .take(2)
        .collect();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .arg("oracle")
        .args(&files)
        .args([
            "--games", "1", "--sizes", "5", "--levels", "0", "--seed", "3",
        ])
        .arg("--gnugo")
        .arg(&path)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = fs::read_to_string(out.join("oracle.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next().unwrap(), CSV_HEADER.join(","));
    let rows: Vec<&str> = lines.collect();
    let per_game = if "japanese".parse::<RuleId>().is_ok() {
        2
    } else {
        1
    };
    assert_eq!(rows.len(), 3 * per_game);
    assert!(rows.last().unwrap().contains(",3/0,5,"), "{csv}");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("chinese: 3 games"), "{stderr}");
    // A missing GNU Go is a clear error, exit code 2.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .arg("oracle")
        .args(&files)
        .args(["--gnugo", "/nonexistent/gnugo", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/gnugo"));
    fs::remove_dir_all(&out).unwrap();
}

/// Two inputs with one file name in different folders, both disagreeing with GNU Go (the
/// Japanese count of game 033, see [`JAPANESE_DIFFERENCES`]): each keeps its SGF under
/// `disagreements/`, byte for byte, where the second used to replace the first.
#[test]
fn disagreements_of_inputs_with_one_file_name_are_both_kept() {
    let Some(path) = require_tool("gnugo", oracle::find_gnugo(), oracle::GNUGO_SEARCH) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("jpd-it-oracle-names-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/gnugo/gnugo-s11-l02-033.sgf"
    );
    let mut inputs = Vec::new();
    for (sub, extra) in [("a", ""), ("b", "\n")] {
        fs::create_dir_all(dir.join(sub)).unwrap();
        let p = dir.join(sub).join("game.sgf");
        // The second copy differs by a trailing newline, so the two files can be told apart.
        let mut bytes = fs::read(game).unwrap();
        bytes.extend_from_slice(extra.as_bytes());
        fs::write(&p, &bytes).unwrap();
        inputs.push((p, bytes));
    }
    let out = dir.join("out");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .arg("oracle")
        .args(inputs.iter().map(|(p, _)| p))
        .arg("--gnugo")
        .arg(&path)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let dis = out.join("disagreements");
    assert_eq!(fs::read(dis.join("game.sgf")).unwrap(), inputs[0].1);
    assert_eq!(fs::read(dis.join("game-2.sgf")).unwrap(), inputs[1].1);
    fs::remove_dir_all(&dir).unwrap();
}

/// A GNU Go that hangs (a wrapper script whose child sleeps and never answers): each command
/// times out, the script and its child are killed (no process is left behind), and since
/// nothing could be compared `jpd oracle` exits with 1, not 0.
#[cfg(unix)]
#[test]
fn a_hanging_gnugo_is_killed_and_nothing_compared_is_an_error() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("jpd-it-oracle-hang-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let pids = dir.join("pids");
    let script = dir.join("gnugo");
    fs::write(
        &script,
        format!(
            "#!/bin/sh\nsleep 1000 &\necho $! >> {}\nwait\n",
            pids.display()
        ),
    )
    .unwrap();
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    let game = &corpus()[0];
    let started = std::time::Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jpd"))
        .args(["oracle", "--timeout", "1", "--gnugo"])
        .arg(&script)
        .arg("--out")
        .arg(dir.join("out"))
        .arg(game)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("nothing was compared"), "{err}");
    assert!(started.elapsed().as_secs() < 60, "the timeouts ended it");
    let pids = fs::read_to_string(&pids).unwrap();
    assert!(!pids.trim().is_empty());
    for pid in pids.split_whitespace() {
        // Killed: gone, or at most a zombie until init reaps it.
        let mut alive = true;
        for _ in 0..50 {
            let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let state = stat
                .rsplit(')')
                .next()
                .and_then(|s| s.split_whitespace().next());
            if !matches!(state, Some("S" | "R" | "D")) {
                alive = false;
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        assert!(
            !alive,
            "the child {pid} of the hanging GNU Go was left running"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// An outside referee on the generator's games: GNU Go's `final_status_list dead` (Chinese
/// rules) against the referee's proven dead stones on settled 9x9 games that paused, 16 of each
/// policy. The referee never calls a stone dead that GNU Go calls alive, and the only stones
/// GNU Go alone calls dead are the stone that last took an unfilled single ko (a lone stone in
/// atari in a position the referee settles as an unfilled ko), which Part 1 item 7 lets stand
/// with its point. Asked again with each such ko filled by the side the rules give its point
/// to, GNU Go agrees: the difference is the ko convention and nothing else.
/// (`examples/referee_vs_gnugo` measures the same on 1,428 games: 26 differences, all of that
/// kind, and all gone once the ko is filled.)
#[test]
fn gnugo_finds_the_referees_dead_stones_on_generated_games() {
    use jipingdian::checks::analyse;
    use jipingdian::counting::Balancing;
    use jipingdian::engine::Phase;
    use jipingdian::harness::generate::{generate, GameSpec, Policy};
    use jipingdian::oracle::OracleRules;
    use jipingdian::settlement::referee;
    let Some(mut g) = gnugo() else { return };
    let (mut compared, mut agree, mut ko) = (0, 0, 0);
    for policy in Policy::CONCRETE {
        for index in 0..16 {
            let spec = GameSpec {
                master_seed: 2008,
                index,
                size: 9,
                policy,
            };
            let game = generate(&spec);
            if game.unsettled.is_some() || game.finished.game.phase() != Phase::Paused {
                continue;
            }
            let j = g
                .judge(&game.finished.game, OracleRules::Chinese)
                .expect("GNU Go judges");
            compared += 1;
            let mut ours = game.finished.dead.clone();
            ours.sort();
            if ours == j.dead {
                agree += 1;
                continue;
            }
            let b = game.finished.game.board();
            assert!(
                ours.iter().all(|c| j.dead.contains(c)),
                "{spec:?}: the referee calls dead {ours:?}, GNU Go {:?}",
                j.dead
            );
            for c in j.dead.iter().filter(|c| !ours.contains(c)) {
                let p = b.point(*c);
                assert!(
                    b.string_len(p) == 1 && b.liberties(p) == 1 && referee::judge(b).unfilled_ko(),
                    "{spec:?}: GNU Go alone calls {} dead, and it is no unfilled ko",
                    c.to_human(9)
                );
            }
            // The ko points of our settlement, each filled by the side it belongs to.
            let a = analyse(
                &game.finished,
                Balancing::Art14,
                &[RuleId::Chinese],
                CheckOptions::default(),
            );
            let st = &a
                .count
                .as_ref()
                .expect("a settled game counts")
                .settlement_paused;
            let fills: Vec<_> = st
                .ko_points()
                .into_iter()
                .map(|(owner, p)| (owner, b.coord(p)))
                .collect();
            assert!(!fills.is_empty(), "{spec:?}: no ko point in the settlement");
            let filled = g
                .judge_after(&game.finished.game, OracleRules::Chinese, &fills)
                .expect("GNU Go judges the filled position");
            assert_eq!(
                filled.dead, ours,
                "{spec:?}: with the ko filled ({fills:?}) GNU Go still differs"
            );
            ko += 1;
        }
    }
    g.quit();
    println!("compared {compared}, agree {agree}, unfilled ko {ko}");
    // The measured run: 76 of the 80 games compared (the `dispute` games that end by four
    // virtual moves have no dead stones), 75 agreeing, and the `endgame` game 11, an unfilled
    // ko.
    assert!(compared >= 70, "{compared} games compared");
    assert!(
        ko >= 1,
        "no unfilled ko met: the test no longer reaches the convention"
    );
    assert_eq!(agree + ko, compared);
}
