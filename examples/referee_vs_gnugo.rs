//! Dead stones of the referee against GNU Go's on settled generated games.
//!
//! `cargo run --release --example referee_vs_gnugo -- GAMES_PER_POLICY SIZES`, for instance
//! `-- 50 9,13`. For each size and concrete policy it generates games (master seed 2008), keeps
//! the settled ones that paused, replays each on GNU Go (`--chinese-rules`) and compares
//! `final_status_list dead` with the referee's proven dead stones. A disagreement is printed
//! with the game's spec and, for each differing stone, whether Benson calls it pass-alive (then
//! GNU Go is wrong to call it dead) or in the opponent's pass-alive territory (then GNU Go is
//! wrong to call it alive). A game whose only differences are the stones that last took an
//! unfilled single ko (whose point the rules give to that stone's side, Part 1 item 7, where
//! GNU Go reads the ko as still to be fought) is asked again with each such ko filled by the
//! side that holds it; `agree_with_ko_filled` counts the games that agree either way: the same
//! question with the ko convention taken out. It also compares GNU Go's Chinese `final_score`
//! with our `chinese` count of the same game (our dead stones), and prints each score
//! difference.
use jipingdian::checks::{analyse, CheckOptions};
use jipingdian::counting::Balancing;
use jipingdian::engine::{Coord, Phase};
use jipingdian::harness::generate::{generate, GameSpec, Policy};
use jipingdian::oracle::{find_gnugo, judge, judge_after, GnuGoConfig, OracleRules};
use jipingdian::rules::RuleId;
use jipingdian::settlement::PassAlive;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let sizes: Vec<u8> = args
        .get(2)
        .map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or(vec![9, 13]);
    let gnugo = find_gnugo().expect("GNU Go (apt-get install gnugo)");
    let cfg = GnuGoConfig::new(gnugo);
    let mut engine = cfg.spawn(OracleRules::Chinese).expect("GNU Go starts");
    println!(
        "size,policy,games,settled_paused,agree,differ,gnugo_wrong_by_proof,unfilled_ko,other,agree_with_ko_filled,score_agree,score_differ,score_differ_no_open_point"
    );
    for &size in &sizes {
        for policy in Policy::CONCRETE {
            let (mut games, mut settled, mut agree, mut differ, mut gnugo_wrong) = (0, 0, 0, 0, 0);
            let (mut ko, mut other, mut agree_ko_filled) = (0, 0, 0);
            let (mut score_agree, mut score_differ, mut score_unexplained) = (0, 0, 0);
            for index in 0..n {
                let spec = GameSpec {
                    master_seed: 2008,
                    index,
                    size,
                    policy,
                };
                let g = generate(&spec);
                games += 1;
                if g.unsettled.is_some() || g.finished.game.phase() != Phase::Paused {
                    continue;
                }
                settled += 1;
                let j = match judge(&mut engine, &g.finished.game, OracleRules::Chinese) {
                    Ok(j) => j,
                    Err(e) => {
                        eprintln!("{size} {policy} {index}: GNU Go: {e}");
                        engine = cfg.spawn(OracleRules::Chinese).expect("GNU Go restarts");
                        continue;
                    }
                };
                let a = analyse(
                    &g.finished,
                    Balancing::Art14,
                    &[RuleId::Chinese],
                    CheckOptions::default(),
                );
                // What the position leaves open, where the conventions part: an ordinary dame
                // left unfilled (half each here, to whoever alone can fill it for GNU Go), an
                // unfilled ko, a one-sided dame or shared liberty of a seki.
                let open_points = a.count.as_ref().map_or(0, |c| {
                    let t = &c.tally_paused;
                    t.dame_left
                        + t.ko_points.black
                        + t.ko_points.white
                        + t.shared_liberties
                        + t.one_sided_dame.black
                        + t.one_sided_dame.white
                });
                match a.results.first() {
                    Some(r) if r.margin == j.margin => score_agree += 1,
                    r => {
                        score_differ += 1;
                        score_unexplained += (open_points == 0) as u32;
                        eprintln!(
                            "score: jpd replay --seed 2008 --game {index} --size {size} --policy {policy}: chinese {} GNU Go {}{}",
                            r.map(|r| r.result.as_str()).unwrap_or("none"),
                            j.result,
                            if open_points == 0 { " (no open point: unexplained)" } else { "" }
                        );
                    }
                }
                let mut ours: Vec<Coord> = g.finished.dead.clone();
                ours.sort();
                if ours == j.dead {
                    agree += 1;
                    continue;
                }
                differ += 1;
                let b = g.finished.game.board();
                let pa = PassAlive::analyse(b);
                let mut proof = false;
                let mut ko_only = true;
                let mut notes = Vec::new();
                for c in ours.iter().filter(|c| !j.dead.contains(c)) {
                    let p = b.point(*c);
                    let pd = pa.territory(p).is_some();
                    notes.push(format!(
                        "ours only {}{}",
                        c.to_human(size),
                        if pd { " (pass-dead)" } else { "" }
                    ));
                    proof |= pd;
                    ko_only = false;
                }
                for c in j.dead.iter().filter(|c| !ours.contains(c)) {
                    let p = b.point(*c);
                    let alive = pa.alive_stone(p).is_some();
                    // The stone that last took an unfilled ko: the rules give it the point
                    // (Part 1 item 7); GNU Go, reading the ko as lost, calls it dead.
                    ko_only &= b.string_len(p) == 1
                        && b.liberties(p) == 1
                        && jipingdian::settlement::referee::judge(b).unfilled_ko();
                    notes.push(format!(
                        "gnugo only {}{}",
                        c.to_human(size),
                        if alive { " (pass-alive)" } else { "" }
                    ));
                    proof |= alive;
                }
                gnugo_wrong += proof as u32;
                ko += (!proof && ko_only) as u32;
                other += (!proof && !ko_only) as u32;
                if !proof && ko_only {
                    // The ko points of the paused position, each filled by its owner.
                    let fills: Vec<_> = a.count.as_ref().map_or(Vec::new(), |c| {
                        let ko = c.settlement_paused.ko_points();
                        ko.into_iter().map(|(o, p)| (o, b.coord(p))).collect()
                    });
                    match judge_after(&mut engine, &g.finished.game, OracleRules::Chinese, &fills) {
                        Ok(j2) if j2.dead == ours => {
                            agree_ko_filled += 1;
                            notes.push("GNU Go agrees once the ko is filled".into());
                        }
                        Ok(j2) => notes.push(format!(
                            "with the ko filled GNU Go still differs: {:?}",
                            j2.dead.iter().map(|c| c.to_human(size)).collect::<Vec<_>>()
                        )),
                        Err(e) => {
                            notes.push(format!("with the ko filled, GNU Go: {e}"));
                            engine = cfg.spawn(OracleRules::Chinese).expect("GNU Go restarts");
                        }
                    }
                }
                eprintln!(
                    "differ: jpd replay --seed 2008 --game {index} --size {size} --policy {policy}: {}",
                    notes.join(", ")
                );
            }
            println!(
                "{size},{policy},{games},{settled},{agree},{differ},{gnugo_wrong},{ko},{other},{},{score_agree},{score_differ},{score_unexplained}",
                agree + agree_ko_filled
            );
        }
    }
}
