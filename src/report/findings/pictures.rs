//! The worked examples of `FINDINGS.md`: which games are picked, their SGF and SVG files.

use super::*;

/// A game chosen to be drawn.
pub(super) struct Pick {
    pub(super) stem: String,
    pub(super) game: u64,
    pub(super) title: String,
    pub(super) caption: String,
}

/// The first failure of each theorem (violations.csv order) and the first divergence of each
/// cause (divergences.csv order; one with a different winner if any).
pub(super) fn example_picks(dir: &Path) -> Result<Vec<Pick>, FindingsError> {
    let mut picks = Vec::new();
    theorem_picks(dir, &mut picks)?;
    finding_picks(dir, &mut picks)?;
    cause_picks(dir, &mut picks)?;
    Ok(picks)
}

/// The first failure of each theorem, from violations.csv (panics are not drawn).
fn theorem_picks(dir: &Path, picks: &mut Vec<Pick>) -> Result<(), FindingsError> {
    let mut seen = std::collections::BTreeSet::new();
    each_row(&dir.join("violations.csv"), |v: ViolationRow| {
        let th = v.theorem;
        if th == "panic" || !seen.insert(th.clone()) {
            return Ok(());
        }
        let game = v.key.game;
        picks.push(Pick {
            stem: format!("theorem-{th}-game-{game}"),
            game,
            title: format!("{th} fails on game {game}"),
            caption: v.detail.chars().take(300).collect(),
        });
        Ok(())
    })?;
    Ok(())
}

/// Per finding, the game FINDINGS.md names: one whose winner changes when there is one, else
/// one on the smallest board, else the first (from findings.csv).
fn finding_picks(dir: &Path, picks: &mut Vec<Pick>) -> Result<(), FindingsError> {
    // Keyed by id, so that F10 comes after F9.
    let mut first: BTreeMap<FindingId, ((bool, u8), u64, String)> = BTreeMap::new();
    each_row(&dir.join("findings.csv"), |r: FindingRow| {
        if r.matters != 1 {
            return Ok(());
        }
        let rank = (r.winner_changes != 1, r.key.size);
        let Ok(id) = r.finding.parse::<FindingId>() else {
            return Ok(());
        };
        if matches!(first.get(&id), Some((best, _, _)) if *best <= rank) {
            return Ok(());
        }
        first.insert(id, (rank, r.key.game, r.detail.chars().take(300).collect()));
        Ok(())
    })?;
    for (f, (_, game, caption)) in first {
        picks.push(Pick {
            stem: format!("finding-{f}-game-{game}"),
            game,
            title: format!("{f} on game {game}"),
            caption,
        });
    }
    Ok(())
}

/// Per divergence cause, the first divergence (one with a different winner if any), from
/// divergences.csv.
fn cause_picks(dir: &Path, picks: &mut Vec<Pick>) -> Result<(), FindingsError> {
    // Per cause: the first divergence, and the first with a different winner.
    let mut first: Vec<Option<(u64, String, String)>> = vec![None; Cause::ALL.len()];
    let mut first_win: Vec<Option<(u64, String, String)>> = vec![None; Cause::ALL.len()];
    each_row(&dir.join("divergences.csv"), |r: DivergenceRow| {
        if first_win.iter().all(Option::is_some) {
            return Ok(());
        }
        let won = r.winner_differs == 1;
        for (k, &c) in Cause::ALL.iter().enumerate() {
            let v = r.cause_points(c).0.as_f64();
            if v == 0.0 {
                continue;
            }
            let what = || {
                (
                    r.key.game,
                    r.rules.to_string(),
                    format!(
                        "{} {} against jpd-tangsong {}; {} term {:+}",
                        r.rules,
                        r.result,
                        r.jpd_tangsong_result,
                        c.as_str(),
                        v
                    ),
                )
            };
            if first[k].is_none() {
                first[k] = Some(what());
            }
            if won && first_win[k].is_none() {
                first_win[k] = Some(what());
            }
        }
        Ok(())
    })?;
    for (k, c) in Cause::ALL.iter().enumerate() {
        if let Some((game, rules, caption)) = first_win[k].clone().or(first[k].clone()) {
            picks.push(Pick {
                stem: format!("cause-{}-game-{game}-{rules}", c.as_str()),
                game,
                title: format!("{} on game {game}", c.as_str()),
                caption,
            });
        }
    }
    Ok(())
}

/// Writes `examples/` (each pick as SGF and SVG, regenerated from its seed) and
/// `divergences.svg` (the chart of divergence rates by cause and size).
pub(super) fn write_pictures(dir: &Path) -> Result<(), FindingsError> {
    let manifest = Manifest::read(dir).map_err(|e| FindingsError::Manifest(e.to_string()))?;
    let campaign = manifest
        .campaign()
        .map_err(|e| FindingsError::Manifest(e.to_string()))?;
    let opts = manifest
        .run_options()
        .map_err(|e| FindingsError::Manifest(e.to_string()))?;
    let edir = dir.join("examples");
    if edir.exists() {
        std::fs::remove_dir_all(&edir).map_err(io_err(&edir))?;
    }
    for p in example_picks(dir)? {
        let g = generate(&campaign.spec(p.game));
        let a = analyse(&g.finished, opts.balancing, &RuleId::ALL, opts.checks);
        let Ok(count) = &a.count else { continue };
        let caption = format!("{}{}", p.caption, japanese_note(&p.stem, count));
        write_example(
            &edir,
            &p.stem,
            &g.finished,
            count,
            &a.results,
            &p.title,
            &caption,
        )
        .map_err(io_err(&edir.join(&p.stem)))?;
        // A finding's example also gets its shortest settled prefix that still shows it and
        // a game on a smaller board that shows it too, each with the line that regenerates it.
        if let Some(id) = p
            .stem
            .strip_prefix("finding-")
            .and_then(|r| r.split('-').next())
        {
            let spec = campaign.spec(p.game);
            let row = ViolationRow {
                key: RowKey::new(&spec, g.policy),
                theorem: id.to_string(),
                detail: p.caption.clone(),
            };
            for (suffix, w) in shrinker(&spec, &g, &row) {
                let path = edir.join(format!("{}-{suffix}.sgf", p.stem));
                crate::files::write_atomic(&path, w.to_sgf().as_bytes())?;
            }
        }
    }
    // The chart: per cause and size, divergent comparisons over all comparisons.
    let div = read_divergences(dir)?;
    if !div.is_empty() {
        let sizes: Vec<u32> = div
            .iter()
            .map(|(_, sz, _)| *sz)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let causes: Vec<String> = Cause::ALL.iter().map(|c| c.as_str().to_string()).collect();
        let values: Vec<Vec<f64>> = causes
            .iter()
            .map(|cause| {
                sizes
                    .iter()
                    .map(|&sz| {
                        let (mut n, mut d) = (0u64, 0u64);
                        for (_, s2, row) in &div {
                            if *s2 != sz {
                                continue;
                            }
                            d += row.compared;
                            n += row
                                .causes
                                .iter()
                                .find(|(c, _, _)| c == cause)
                                .map(|x| x.1)
                                .unwrap_or(0);
                        }
                        if d == 0 {
                            0.0
                        } else {
                            (10000.0 * n as f64 / d as f64).round() / 100.0
                        }
                    })
                    .collect()
            })
            .collect();
        let series: Vec<String> = sizes.iter().map(|s| format!("{s}x{s}")).collect();
        let svg = bar_chart(
            "Divergences from jpd-tangsong by cause and board size",
            &causes,
            &series,
            &values,
            "% of comparisons",
        );
        let path = dir.join("divergences.svg");
        crate::files::write_atomic(&path, svg.as_bytes())?;
    }
    Ok(())
}

/// For a divergence picture of a Japanese-style rule set, a caption line naming the empty points
/// drawn as territory that this rule set does not count (seki regions, ko points, teire), so the picture
/// frames them; empty for any other picture.
pub(super) fn japanese_note(stem: &str, count: &crate::counting::Count) -> String {
    let reading = if stem.ends_with("-japanese-literal") {
        DameReading::Literal
    } else if stem.ends_with("-japanese") || stem.ends_with("-korean") {
        DameReading::Filled
    } else {
        return String::new();
    };
    let st = &count.settlement_paused;
    let b = st.board();
    let un = japanese_unscored(st, reading);
    let points: Vec<String> = b
        .points()
        .filter(|p| un[p.idx()].is_some())
        .map(|p| b.coord(p).to_human(b.size()))
        .collect();
    if points.is_empty() {
        return String::new();
    }
    format!(
        "\nDrawn as territory but not counted by this rule set (seki regions, ko points, teire): {}",
        points.join(" ")
    )
}
