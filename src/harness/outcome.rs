//! One verified game: what the campaign writes about it, as rows of its CSV tables.
//!
//! [`run_game`] regenerates a game from its [`GameSpec`], counts and checks it, and returns a
//! [`GameOutcome`]: one [`GameRow`] (games.csv), one [`ScoreRow`] per rule set (scores.csv) and
//! one [`ViolationRow`] per failed theorem (violations.csv), plus what the summary needs. A
//! panic inside the game is caught and becomes a violation with the game's seed.

use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};

use serde::{Deserialize, Serialize};

use super::generate::{generate, EdgeCases, GameSpec, Generated, Policy};
use crate::checks::{
    analyse_with, Analysis, CheckOptions, Details, Symmetries, TheoremId, Verdict, Verdicts,
};
use crate::counting::{Balancing, Points};
use crate::engine::{Color, End, Phase};
use crate::rules::{Cause, Divergence, RuleId};

/// The columns that open every row of the campaign's five CSV files (games, scores,
/// violations, findings, divergences): which game the row is about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowKey {
    /// Index of the game in the campaign.
    pub game: u64,
    /// The per-game seed (derived from the master seed and the index).
    pub seed: u64,
    /// Board size.
    pub size: u8,
    /// The policy that generated it.
    pub policy: Cow<'static, str>,
}

impl RowKey {
    /// The key of the game `spec` made with `policy` (the concrete policy of a `mixed` game).
    pub fn new(spec: &GameSpec, policy: Policy) -> RowKey {
        RowKey {
            game: spec.index,
            seed: spec.seed(),
            size: spec.size,
            policy: Cow::Borrowed(policy.name()),
        }
    }
}

/// A CSV row type whose first columns are the [`RowKey`]'s (`game`, `seed`, `size`, `policy`),
/// then its own fields in order. The csv crate cannot write a `#[serde(flatten)]` field, so the
/// key is written and read here column by column: the bytes are those of a flat struct. The
/// fields' attributes are their documentation only (no serde attributes). With `deserialize`,
/// the row is also read back by its header, through a flat twin.
macro_rules! keyed_row {
    (
        $(#[$attr:meta])*
        pub struct $name:ident: deserialize {
            $(
                $(#[$fattr:meta])*
                pub $f:ident: $t:ty,
            )*
        }
    ) => {
        keyed_row! {
            $(#[$attr])*
            pub struct $name {
                $(
                    $(#[$fattr])*
                    pub $f: $t,
                )*
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                /// The row as the file holds it: the key's columns, then the row's own.
                #[derive(Deserialize)]
                struct Flat {
                    game: u64,
                    seed: u64,
                    size: u8,
                    policy: Cow<'static, str>,
                    $($f: $t,)*
                }
                let r = Flat::deserialize(d)?;
                Ok($name {
                    key: RowKey {
                        game: r.game,
                        seed: r.seed,
                        size: r.size,
                        policy: r.policy,
                    },
                    $($f: r.$f,)*
                })
            }
        }
    };
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $(
                $(#[$fattr:meta])*
                pub $f:ident: $t:ty,
            )*
        }
    ) => {
        $(#[$attr])*
        pub struct $name {
            /// The game the row is about.
            pub key: RowKey,
            $(
                $(#[$fattr])*
                pub $f: $t,
            )*
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeStruct;
                let fields = [$(stringify!($f)),*].len();
                let mut st = s.serialize_struct(stringify!($name), 4 + fields)?;
                st.serialize_field("game", &self.key.game)?;
                st.serialize_field("seed", &self.key.seed)?;
                st.serialize_field("size", &self.key.size)?;
                st.serialize_field("policy", &self.key.policy)?;
                $(st.serialize_field(stringify!($f), &self.$f)?;)*
                st.end()
            }
        }
    };
}

keyed_row! {
    /// A row of games.csv. Points are in points (`24.5`), counts are integers; an empty cell
    /// means not applicable (a resigned game has no count).
    #[derive(Clone, Debug, PartialEq)]
    pub struct GameRow {
        /// All moves of the record (real and virtual).
        pub moves: u32,
        /// Real moves of Black.
        pub real_black: u32,
        /// Real moves of White.
        pub real_white: u32,
        /// Virtual moves of Black (played, not balancing).
        pub virtual_black: u32,
        /// Virtual moves of White.
        pub virtual_white: u32,
        /// Negative moves of Black made by balancing.
        pub negative_black: u32,
        /// How the game ended: pause, four_passes, no_result.
        pub end: &'static str,
        /// First passer: black, white or empty.
        pub first_passer: &'static str,
        /// Last mover: black, white or empty.
        pub last_mover: &'static str,
        /// Black's stones captured during play.
        pub prisoners_black: u32,
        /// White's stones captured during play.
        pub prisoners_white: u32,
        /// Black's dead stones.
        pub dead_black: u32,
        /// White's dead stones.
        pub dead_white: u32,
        /// k after balancing.
        pub k: Option<i64>,
        /// Black's territory b.
        pub territory_black_points: Option<Points>,
        /// White's territory w.
        pub territory_white_points: Option<Points>,
        /// Shared points q after balancing.
        pub shared_points: Option<u32>,
        /// Black's area B after balancing.
        pub area_black_points: Option<Points>,
        /// White's area W after balancing.
        pub area_white_points: Option<Points>,
        /// Black's fill-up count.
        pub fill_up_black_points: Option<Points>,
        /// White's fill-up count.
        pub fill_up_white_points: Option<Points>,
        /// Overflow s.
        pub overflow_s: Option<i64>,
        /// Edge case flags, 0 or 1.
        pub seki_with_eyes: u8,
        /// Seki eyes of one colour only.
        pub seki_eyes_one_side: u8,
        /// Seki eyes of both colours.
        pub seki_eyes_both_sides: u8,
        /// A hanezeki-like shape.
        pub hanezeki_like: u8,
        /// A one-sided dame.
        pub one_sided_dame: u8,
        /// An unfilled single ko.
        pub unfilled_ko: u8,
        /// Dame left unfilled.
        pub dame_left: u8,
        /// Art. 17 overflow.
        pub overflow: u8,
        /// White passed first and Black has no stone touching White.
        pub no_boundary_stone: u8,
        /// Play resumed after a pause.
        pub dispute: u8,
        /// Ended by four virtual moves.
        pub four_pass_end: u8,
        /// A real move recreated an earlier position (no-result option) or was refused for it.
        pub cycle: u8,
        /// No real move was made (and the game did not end by four virtual moves, counted
        /// apart).
        pub no_real_move: u8,
        /// 1 when the referee settled the position (or the game ended by four virtual moves), 0
        /// when it could not: such a game is counted but no verdict is drawn from it.
        pub settled: u8,
        /// Why the referee could not settle it (empty when settled).
        pub unsettled_reason: &'static str,
        /// Theorems that failed, space-separated.
        pub theorems_failed: String,
        /// The game's sekis as shape keys (16 hex digits each, space-separated, one per
        /// distinct shape on the board: [`crate::harness::seki_shape`]); empty without seki.
        pub seki_shapes: String,
    }
}

keyed_row! {
    /// A row of scores.csv: one per game and rule set.
    #[derive(Clone, Debug, PartialEq)]
    pub struct ScoreRow {
        /// Rule set id.
        pub rules: &'static str,
        /// Komi in points, compensation included.
        pub komi_points: Points,
        /// Black's points under the rule set's own method.
        pub black_points: Points,
        /// White's points.
        pub white_points: Points,
        /// Black minus White minus komi.
        pub margin_b_minus_w: Points,
        /// black, white or draw.
        pub winner: &'static str,
        /// B+2.5, W+0.5, 0.
        pub result: String,
    }
}

keyed_row! {
    /// A row of violations.csv: one per failed theorem (or caught panic).
    #[derive(Clone, Debug, PartialEq)]
    pub struct ViolationRow: deserialize {
        /// The theorem's id (`T1`, ...), or `panic`.
        pub theorem: String,
        /// The one-line detail.
        pub detail: String,
    }
}

keyed_row! {
    /// A row of findings.csv: one per settled game and finding that applies to it.
    #[derive(Clone, Debug, Default, PartialEq)]
    pub struct FindingRow: deserialize {
        /// The finding's id (`F1`, ...).
        pub finding: Cow<'static, str>,
        /// 1 when the text's reading makes a difference on this game.
        pub matters: u8,
        /// 1 when it changes jpd-tangsong's margin.
        pub margin_changes: u8,
        /// 1 when it changes the winner.
        pub winner_changes: u8,
        /// The one-line detail.
        pub detail: String,
    }
}

keyed_row! {
    /// A row of divergences.csv: one per game and rule set whose winner or board margin differs
    /// from jpd-tangsong's, with the named causes that account for the difference (half-points
    /// written as points; each cause column is the other rule set's term minus jpd-tangsong's).
    #[derive(Clone, Debug, Default, PartialEq)]
    pub struct DivergenceRow: deserialize {
        /// The other rule set.
        pub rules: Cow<'static, str>,
        /// jpd-tangsong's result.
        pub jpd_tangsong_result: String,
        /// The other rule set's result.
        pub result: String,
        /// 1 when the winners differ.
        pub winner_differs: u8,
        /// The other's margin minus jpd-tangsong's, komi included.
        pub margin_difference_points: Points,
        /// Komi: jpd-tangsong's base komi minus the other's.
        pub komi_points: Points,
        /// The Art. 12 first-pass point.
        pub first_pass_points: Points,
        /// Last-move parity.
        pub last_move_parity_points: Points,
        /// Virtual moves before the final pause.
        pub early_pass_points: Points,
        /// AGA pass stones.
        pub pass_stones_points: Points,
        /// Points in seki (J89 Art. 8).
        pub seki_points_points: Points,
        /// Territory beside an unfilled ordinary dame, taken as seki by the literal J89 Art. 8.
        pub dame_seki_literal_points: Points,
        /// One-sided dame.
        pub one_sided_dame_points: Points,
        /// Own liberties in mixed regions after four virtual moves.
        pub four_pass_liberty_points: Points,
        /// Unfilled single ko.
        pub unfilled_ko_points: Points,
        /// Forced teire (a Japanese count after the dame are filled).
        pub teire_points: Points,
        /// Dead stones left on the board.
        pub dead_stones_on_board_points: Points,
        /// The Art. 11 balancing reading.
        pub balancing_b1_points: Points,
        /// The strict Art. 10 reading.
        pub ownership_c1_points: Points,
        /// What the causes leave unexplained (0 unless something is wrong: theorem T17).
        pub unexplained_points: Points,
    }
}

impl DivergenceRow {
    fn new(spec: &GameSpec, policy: Policy, d: &Divergence) -> DivergenceRow {
        let c = |x: Cause| Points(d.causes.get(x));
        DivergenceRow {
            key: RowKey::new(spec, policy),
            rules: d.rules.as_str().into(),
            jpd_tangsong_result: d.reference.clone(),
            result: d.result.clone(),
            winner_differs: d.winner_differs as u8,
            margin_difference_points: Points(d.margin_difference),
            komi_points: c(Cause::Komi),
            first_pass_points: c(Cause::FirstPass),
            last_move_parity_points: c(Cause::LastMoveParity),
            early_pass_points: c(Cause::EarlyPass),
            pass_stones_points: c(Cause::PassStones),
            seki_points_points: c(Cause::SekiPoints),
            dame_seki_literal_points: c(Cause::DameSekiLiteral),
            one_sided_dame_points: c(Cause::OneSidedDame),
            four_pass_liberty_points: c(Cause::FourPassLiberty),
            unfilled_ko_points: c(Cause::UnfilledKo),
            teire_points: c(Cause::Teire),
            dead_stones_on_board_points: c(Cause::DeadStonesOnBoard),
            balancing_b1_points: c(Cause::BalancingB1),
            ownership_c1_points: c(Cause::OwnershipC1),
            unexplained_points: Points(d.unexplained),
        }
    }
}

impl DivergenceRow {
    /// The term of cause `x`, as its `*_points` column holds it.
    pub fn cause_points(&self, x: Cause) -> Points {
        match x {
            Cause::Komi => self.komi_points,
            Cause::FirstPass => self.first_pass_points,
            Cause::LastMoveParity => self.last_move_parity_points,
            Cause::EarlyPass => self.early_pass_points,
            Cause::PassStones => self.pass_stones_points,
            Cause::SekiPoints => self.seki_points_points,
            Cause::DameSekiLiteral => self.dame_seki_literal_points,
            Cause::OneSidedDame => self.one_sided_dame_points,
            Cause::FourPassLiberty => self.four_pass_liberty_points,
            Cause::UnfilledKo => self.unfilled_ko_points,
            Cause::Teire => self.teire_points,
            Cause::DeadStonesOnBoard => self.dead_stones_on_board_points,
            Cause::BalancingB1 => self.balancing_b1_points,
            Cause::OwnershipC1 => self.ownership_c1_points,
        }
    }
}

/// Everything about one game.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// The spec it was made from.
    pub spec: GameSpec,
    /// games.csv row.
    pub game: GameRow,
    /// scores.csv rows.
    pub scores: Vec<ScoreRow>,
    /// violations.csv rows.
    pub violations: Vec<ViolationRow>,
    /// divergences.csv rows.
    pub divergences: Vec<DivergenceRow>,
    /// The divergences themselves (for the summary).
    pub divergence_causes: Vec<Divergence>,
    /// Each theorem's verdict (all not applicable after a panic).
    pub verdicts: Verdicts,
    /// findings.csv rows: the findings that apply to the game.
    pub findings: Vec<FindingRow>,
    /// The edge cases the game contains.
    pub edges: EdgeCases,
    /// Why the referee could not settle the game (`None`: settled).
    pub unsettled: Option<crate::settlement::referee::Unsettled>,
}

/// How much to check per game in a campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Theorem checking options.
    pub checks: CheckOptions,
    /// Balancing reading.
    pub balancing: Balancing,
}

impl Default for RunOptions {
    /// The campaign default: T8 on one symmetry per game, T11 sampled at 4 choices, the
    /// details of the failures only (the only ones a campaign writes).
    fn default() -> Self {
        RunOptions {
            checks: CheckOptions {
                symmetries: Symmetries::OnePerGame,
                t11_choices: 4,
                details: Details::Failures,
                f11_one_in: crate::checks::CAMPAIGN_F11_ONE_IN,
            },
            balancing: Balancing::Art14,
        }
    }
}

fn colour(c: Option<Color>) -> &'static str {
    c.map(|c| c.name()).unwrap_or("")
}

/// Generates, counts and checks one game. Never panics: a panic inside becomes a violation.
pub fn run_game(spec: &GameSpec, opts: &RunOptions) -> GameOutcome {
    run_with(spec, opts, || generate(spec))
}

/// [`run_game`] with the game made by `make` rather than by [`generate`] (`jpd exhaust` makes
/// the games of a position together, judging the position once); `make` must give the game
/// `spec` names. Never panics: a panic inside `make` or the checks becomes a violation.
pub fn run_with(
    spec: &GameSpec,
    opts: &RunOptions,
    make: impl FnOnce() -> Generated,
) -> GameOutcome {
    let spec = *spec;
    match catch_unwind(AssertUnwindSafe(|| {
        let g = make();
        let a = analyse_with(
            &g.finished,
            opts.balancing,
            &RuleId::ALL,
            opts.checks,
            g.pass_alive.as_ref(),
        );
        outcome(&spec, &g, a)
    })) {
        Ok(o) => o,
        Err(e) => {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panic".to_string());
            panicked(&spec, &msg)
        }
    }
}

/// The outcome of a game the referee left unsettled, without counting it: its games.csv row
/// has the history columns and the reason but no count columns, it has no score, no verdict
/// (every theorem not applicable) and no finding. A campaign counts such games anyway (their
/// rows carry the counts); `jpd exhaust`, where most positions are unsettled and counting them
/// is most of the cost, does not. `g.unsettled` must be set.
pub fn unsettled_outcome(spec: &GameSpec, g: &Generated) -> GameOutcome {
    debug_assert!(g.unsettled.is_some());
    let a = Analysis {
        // Not counted: no count column is written (a count error is written nowhere).
        count: Err(crate::counting::CountError::NotFinished),
        fill_up: None,
        results: Vec::new(),
        divergences: Vec::new(),
        sheet: None,
        theorems: TheoremId::ALL
            .iter()
            .map(|&id| crate::checks::TheoremResult {
                id,
                verdict: Verdict::NotApplicable,
                detail: "unsettled".into(),
            })
            .collect(),
        findings: Vec::new(),
    };
    outcome(spec, g, a)
}

fn panicked(spec: &GameSpec, msg: &str) -> GameOutcome {
    let game = GameRow {
        key: RowKey::new(spec, spec.policy),
        moves: 0,
        real_black: 0,
        real_white: 0,
        virtual_black: 0,
        virtual_white: 0,
        negative_black: 0,
        end: "panic",
        first_passer: "",
        last_mover: "",
        prisoners_black: 0,
        prisoners_white: 0,
        dead_black: 0,
        dead_white: 0,
        k: None,
        territory_black_points: None,
        territory_white_points: None,
        shared_points: None,
        area_black_points: None,
        area_white_points: None,
        fill_up_black_points: None,
        fill_up_white_points: None,
        overflow_s: None,
        seki_with_eyes: 0,
        seki_eyes_one_side: 0,
        seki_eyes_both_sides: 0,
        hanezeki_like: 0,
        one_sided_dame: 0,
        unfilled_ko: 0,
        dame_left: 0,
        overflow: 0,
        no_boundary_stone: 0,
        dispute: 0,
        four_pass_end: 0,
        cycle: 0,
        no_real_move: 0,
        settled: 0,
        unsettled_reason: "",
        theorems_failed: "panic".into(),
        seki_shapes: String::new(),
    };
    GameOutcome {
        spec: *spec,
        game,
        scores: Vec::new(),
        divergences: Vec::new(),
        divergence_causes: Vec::new(),
        violations: vec![ViolationRow {
            key: RowKey::new(spec, spec.policy),
            theorem: "panic".into(),
            detail: msg.replace('\n', " "),
        }],
        verdicts: Verdicts::all(Verdict::NotApplicable),
        findings: Vec::new(),
        edges: EdgeCases::default(),
        unsettled: None,
    }
}

/// The edge cases of a game: the generator's, with those its count and its end show.
fn edge_cases(g: &Generated, c: Option<&crate::counting::Count>) -> EdgeCases {
    let game = &g.finished.game;
    let mut edges = g.edges;
    if let Some(c) = c {
        let t = &c.tally_paused;
        edges.seki_with_eyes = t.seki_eyes.black + t.seki_eyes.white > 0;
        edges.seki_eyes_both_sides = t.seki_eyes.black > 0 && t.seki_eyes.white > 0;
        edges.seki_eyes_one_side = edges.seki_with_eyes && !edges.seki_eyes_both_sides;
        edges.one_sided_dame = t.one_sided_dame.black + t.one_sided_dame.white > 0;
        edges.unfilled_ko = t.ko_points.black + t.ko_points.white > 0;
        edges.dame_left = t.dame_left > 0;
        edges.overflow = c.s > 0;
        edges.no_boundary_stone =
            c.plan.fallback == Some(crate::counting::Fallback::NoBoundaryStone);
    }
    edges.dispute |= game.disputes() > 0;
    edges.four_pass_end |= game.phase() == Phase::Ended(End::FourPasses);
    edges.cycle |= game.phase() == Phase::Ended(End::NoResultCycle);
    // Counted apart from the four-pass ends, so that the two add up.
    edges.no_real_move = game.last_mover().is_none() && !edges.four_pass_end;
    edges
}

/// The game's row of `games.csv`.
fn game_row(spec: &GameSpec, g: &Generated, a: &Analysis, edges: &EdgeCases) -> GameRow {
    let game = &g.finished.game;
    let c = a.count.as_ref().ok();
    let pts = Points;
    let failed: Vec<&str> = a
        .theorems
        .iter()
        .filter(|t| t.verdict == Verdict::Fails)
        .map(|t| t.id.as_str())
        .collect();
    GameRow {
        key: RowKey::new(spec, g.policy),
        moves: game.records().len() as u32,
        real_black: game.real_moves().black,
        real_white: game.real_moves().white,
        virtual_black: game.virtual_moves().black,
        virtual_white: game.virtual_moves().white,
        negative_black: c.map(|c| c.negatives.len() as u32).unwrap_or(0),
        end: match game.phase() {
            Phase::Paused => "pause",
            Phase::Ended(End::FourPasses) => "four_passes",
            Phase::Ended(End::NoResultCycle) => "no_result",
            Phase::Ended(End::Resignation(_)) => "resignation",
            Phase::Playing => "playing",
        },
        first_passer: colour(game.first_passer()),
        last_mover: colour(game.last_mover()),
        prisoners_black: game.captured().black,
        prisoners_white: game.captured().white,
        dead_black: c.map(|c| c.dead.black as u32).unwrap_or(0),
        dead_white: c.map(|c| c.dead.white as u32).unwrap_or(0),
        k: c.map(|c| c.k()),
        territory_black_points: c.map(|c| pts(c.territory.black)),
        territory_white_points: c.map(|c| pts(c.territory.white)),
        shared_points: c.map(|c| c.shared),
        area_black_points: c.map(|c| pts(c.area.black)),
        area_white_points: c.map(|c| pts(c.area.white)),
        fill_up_black_points: a.fill_up.as_ref().map(|f| pts(f.count.black)),
        fill_up_white_points: a.fill_up.as_ref().map(|f| pts(f.count.white)),
        overflow_s: c.map(|c| c.s),
        seki_with_eyes: edges.seki_with_eyes as u8,
        seki_eyes_one_side: edges.seki_eyes_one_side as u8,
        seki_eyes_both_sides: edges.seki_eyes_both_sides as u8,
        hanezeki_like: edges.hanezeki_like as u8,
        one_sided_dame: edges.one_sided_dame as u8,
        unfilled_ko: edges.unfilled_ko as u8,
        dame_left: edges.dame_left as u8,
        overflow: edges.overflow as u8,
        no_boundary_stone: edges.no_boundary_stone as u8,
        dispute: edges.dispute as u8,
        four_pass_end: edges.four_pass_end as u8,
        cycle: edges.cycle as u8,
        no_real_move: edges.no_real_move as u8,
        settled: g.unsettled.is_none() as u8,
        unsettled_reason: g.unsettled.map(|r| r.as_str()).unwrap_or(""),
        theorems_failed: failed.join(" "),
        seki_shapes: match (c, g.unsettled) {
            // Only where the count saw a seki point (the tally), so that most games skip it.
            (Some(c), None)
                if c.tally_paused.seki_eyes.black
                    + c.tally_paused.seki_eyes.white
                    + c.tally_paused.shared_liberties
                    + c.tally_paused.one_sided_dame.black
                    + c.tally_paused.one_sided_dame.white
                    > 0 =>
            {
                crate::harness::seki_shape::seki_shapes(game.board(), &c.settlement_paused)
                    .iter()
                    .map(|k| format!("{k:016x}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            }
            _ => String::new(),
        },
    }
}

fn outcome(spec: &GameSpec, g: &Generated, mut a: Analysis) -> GameOutcome {
    if g.unsettled.is_some() {
        // No verdict from a position the referee could not settle: its counts are written,
        // its checks and divergences are not.
        for t in &mut a.theorems {
            t.verdict = Verdict::NotApplicable;
            t.detail = "unsettled".into();
        }
        a.divergences.clear();
        a.findings.clear();
    }
    let edges = edge_cases(g, a.count.as_ref().ok());
    let row = game_row(spec, g, &a, &edges);
    let pts = Points;
    let Analysis {
        results,
        theorems,
        divergences,
        findings,
        ..
    } = a;
    let findings = findings
        .into_iter()
        .filter(|f| f.applies)
        .map(|f| FindingRow {
            key: RowKey::new(spec, g.policy),
            finding: f.id.as_str().into(),
            matters: f.matters as u8,
            margin_changes: f.margin_changes as u8,
            winner_changes: f.winner_changes as u8,
            detail: f.detail,
        })
        .collect();
    let scores = results
        .into_iter()
        .map(|r| ScoreRow {
            key: RowKey::new(spec, g.policy),
            komi_points: pts(r.komi),
            black_points: pts(r.black),
            white_points: pts(r.white),
            margin_b_minus_w: pts(r.margin),
            winner: r.winner.map(|c| c.name()).unwrap_or("draw"),
            rules: r.rules.as_str(),
            result: r.result,
        })
        .collect();
    let verdicts = Verdicts::of(&theorems);
    let violations = theorems
        .into_iter()
        .filter(|t| t.verdict == Verdict::Fails)
        .map(|t| ViolationRow {
            key: RowKey::new(spec, g.policy),
            theorem: t.id.to_string(),
            detail: t.detail,
        })
        .collect();
    GameOutcome {
        spec: *spec,
        game: row,
        scores,
        divergences: divergences
            .iter()
            .map(|d| DivergenceRow::new(spec, g.policy, d))
            .collect(),
        divergence_causes: divergences,
        violations,
        verdicts,
        findings,
        edges,
        unsettled: g.unsettled,
    }
}
