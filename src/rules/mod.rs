//! Rule sets: a small value of enums with named presets (KataGo's `Rules`), and scoring a
//! counted game under each.
//!
//! Every preset cites its source: `docs/RULES.md` section 7 for the Ji-Ping-Dian family and the
//! seed sentences (`000:#N`), and for the other systems the tags in brackets, whose key is in
//! the same section. A rule set scores a game by its own method from the [`Sheet`]; it also
//! states its [`Ledger`]: the named causes that turn the paused area difference `A0` into its
//! board margin. Comparing two rule sets' ledgers explains their divergence term by term.

pub mod sheet;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

pub use sheet::{
    japanese_unscored, region_colours, seki_string_heads, tromp_taylor, DameReading, Sheet,
    Unscored,
};

use crate::counting::{Balancing, Count, Half};
use crate::engine::{Color, KoRule, PlayRules, SuicideRule};
/// The identifiers of the rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleId {
    /// Ji-Ping-Dian Tang-Song 2008, territory method ("equal stones, compare territory",
    /// Art. 17, 19): balanced b - w against komi 6.5, the Art. 12 point included.
    JpdTangsong,
    /// Ji-Ping-Dian Tang-Song 2008, area method (Art. 20): balanced B - W against komi 6.5.
    JpdTangsongArea,
    /// Tang-Song territory method under the Art. 11 balancing reading (ambiguity B1): White's
    /// extra virtual move balances, the Art. 12 point is paid as komi.
    JpdTangsongB1,
    /// Tang-Song territory method under the strict reading of Art. 10 (ambiguity C1): a
    /// one-sided dame is its holder's only when the holder opened the final pause; otherwise it
    /// is shared like an unfilled dame.
    JpdTangsongC1,
    /// Ji-Ping-Dian edition A (000:#10, #73): area, komi 7.5 if White passed first, 6.5 if
    /// Black did. Claimed identical to Tang-Song.
    JpdA,
    /// Ji-Ping-Dian edition B (000:#10): area, komi 7.5 whoever passed first.
    JpdB,
    /// Ji-Ping-Dian Ming-Qing (002 opening, 000:#49): Tang-Song without the Art. 12 point, so
    /// Black keeps the last-move benefit; virtual stones are filled back.
    JpdMingqing,
    /// Ji-Ping-Dian art edition (000:#11-13, #16, #18, #48-50, #56-59): free stoneless passes;
    /// after the fill-back of prisoners and dead stones the stone points and shared points are
    /// divided equally (#12), so only owned empty points decide; komi 6.5.
    JpdArt,
    /// The art edition's "equal territory, compare stones" method (等空比子, 000:#64): stones and
    /// empty points are exchanged inside each side's area until the empty points are equal,
    /// then stones are compared; komi 6.5.
    JpdArtStones,
    /// Chinese rules 2002 [CNS, CN375]: area, komi 3 3/4 stones = 7.5 points; the written
    /// positional superko.
    Chinese,
    /// Chinese rules with the practical simple ko of the referees [CN20, KG]: a repeated
    /// whole-board position (triple ko and the like) ends the game with no result; scored as
    /// `chinese`.
    ChineseSimpleKo,
    /// Japanese rules 1989 [J89, NK10] as practised: territory plus prisoners and dead stones;
    /// no points in a proven seki (Art. 8 applied after the dame are filled, as the commentary
    /// to Art. 9 requires: an unfilled ordinary dame is nobody's and takes no territory from the
    /// groups beside it); an unfilled ko must be filled (teire), so its point is no territory;
    /// komi 6.5 [SLJT].
    Japanese,
    /// Korean rules [K16, BGAC]: as Japanese where the sources agree (territory and captured
    /// stones, no points in seki, komi 6.5).
    Korean,
    /// The literal reading of J89 Art. 8 on the board as it stands, kept for comparison: a string
    /// touching any unfilled dame (any empty point bordered by both colours) "possesses dame",
    /// so is in seki, and the territory beside it counts for nothing; otherwise as `japanese`.
    JapaneseLiteral,
    /// Ing SST rules [SST91, ING96, INGC]: fill-up counting from bowls of `N²/2` stones,
    /// prisoners and dead stones returned, komi as 4 white stones in Black's area = 8 points,
    /// Black wins ties; multi-stone suicide legal.
    Ing,
    /// AGA rules [AGA, AGAC], territory counting (the default of R12): pass stones handed to
    /// the opponent, White passes last (R11), neutral points count for nobody; komi 7.5.
    Aga,
    /// AGA rules, area counting (R12): live stones plus territory; komi 7.5.
    AgaArea,
    /// Ikeda's Area III [IK]: area, half a point from Black to White when White passed first
    /// (the opponent of the first passer is deemed the last mover); territory komi 6.5.
    Ikeda,
    /// World Mind Sports Games 2008 [WMSG, SWMSG, RANKA]: area, komi 6.5, plus 1 when White
    /// made the first pass.
    Wmsg2008,
    /// Tang-dynasty road counting (数路法, 002 Part 1 item 5, 000:#18): fill back prisoners and
    /// dead stones, count empty points only; the deduction of one point from the first player
    /// when it made the last move is implied by the count, not added to it (002 line 20).
    TangRoads,
    /// Tromp-Taylor [TT]: the board scored as it stands (no dead-stone removal), stones plus
    /// empty points reaching only that colour; komi is not in the ten rules: 7.5 as KataGo [KG].
    TrompTaylor,
    /// New Zealand rules [NZ]: area after agreed removal, a region touching both colours
    /// counts for both (net nobody); komi 7, draws possible; suicide legal.
    NewZealand,
}

impl RuleId {
    /// Every rule set, in report order.
    pub const ALL: [RuleId; 22] = [
        RuleId::JpdTangsong,
        RuleId::JpdTangsongArea,
        RuleId::JpdTangsongB1,
        RuleId::JpdTangsongC1,
        RuleId::JpdA,
        RuleId::JpdB,
        RuleId::JpdMingqing,
        RuleId::JpdArt,
        RuleId::JpdArtStones,
        RuleId::Chinese,
        RuleId::ChineseSimpleKo,
        RuleId::Japanese,
        RuleId::Korean,
        RuleId::JapaneseLiteral,
        RuleId::Ing,
        RuleId::Aga,
        RuleId::AgaArea,
        RuleId::Ikeda,
        RuleId::Wmsg2008,
        RuleId::TangRoads,
        RuleId::TrompTaylor,
        RuleId::NewZealand,
    ];

    /// The id as written on the command line and in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleId::JpdTangsong => "jpd-tangsong",
            RuleId::JpdTangsongArea => "jpd-tangsong-area",
            RuleId::JpdTangsongB1 => "jpd-tangsong-b1",
            RuleId::JpdTangsongC1 => "jpd-tangsong-c1",
            RuleId::JpdA => "jpd-a",
            RuleId::JpdB => "jpd-b",
            RuleId::JpdMingqing => "jpd-mingqing",
            RuleId::JpdArt => "jpd-art",
            RuleId::JpdArtStones => "jpd-art-stones",
            RuleId::Chinese => "chinese",
            RuleId::ChineseSimpleKo => "chinese-simple-ko",
            RuleId::Japanese => "japanese",
            RuleId::Korean => "korean",
            RuleId::JapaneseLiteral => "japanese-literal",
            RuleId::Ing => "ing",
            RuleId::Aga => "aga",
            RuleId::AgaArea => "aga-area",
            RuleId::Ikeda => "ikeda",
            RuleId::Wmsg2008 => "wmsg-2008",
            RuleId::TangRoads => "tang-roads",
            RuleId::TrompTaylor => "tromp-taylor",
            RuleId::NewZealand => "new-zealand",
        }
    }

    /// The preset.
    pub fn rules(self) -> Rules {
        Rules::preset(self)
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for RuleId {
    type Err = String;
    /// Accepts the ids and, case-insensitively, the rule names found in SGF `RU[]` (spaces,
    /// dashes and underscores are ignored: `Tromp Taylor`, `tromp_taylor`, `TrompTaylor`).
    fn from_str(s: &str) -> Result<Self, String> {
        let k: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_' | '.'))
            .flat_map(|c| c.to_lowercase())
            .collect();
        let id = match k.as_str() {
            "jpdtangsong" | "jpd" | "tangsong" | "jipingdian" | "jipingdiantangsong" => {
                RuleId::JpdTangsong
            }
            "jpdtangsongarea" => RuleId::JpdTangsongArea,
            "jpdtangsongb1" | "jpdtangsongart11" => RuleId::JpdTangsongB1,
            "jpdtangsongc1" => RuleId::JpdTangsongC1,
            "jpda" => RuleId::JpdA,
            "jpdb" => RuleId::JpdB,
            "jpdmingqing" | "mingqing" => RuleId::JpdMingqing,
            "jpdart" => RuleId::JpdArt,
            "jpdartstones" => RuleId::JpdArtStones,
            "chinese" | "cn" | "chn" | "china" | "chinese2002" => RuleId::Chinese,
            "chinesesimpleko" | "chinesekgs" => RuleId::ChineseSimpleKo,
            "japanese" | "jp" | "jpn" | "japan" | "japanese1989" | "j89" => RuleId::Japanese,
            "korean" | "ko" | "kor" | "korea" => RuleId::Korean,
            "japaneseliteral" | "j89literal" => RuleId::JapaneseLiteral,
            "ing" | "goe" | "ingsst" | "sst" | "ingsgoe" => RuleId::Ing,
            "aga" | "american" | "agaterritory" => RuleId::Aga,
            "agaarea" => RuleId::AgaArea,
            "ikeda" | "ikedaareaiii" | "areaiii" => RuleId::Ikeda,
            "wmsg2008" | "wmsg" | "mindsports" => RuleId::Wmsg2008,
            "tangroads" | "roads" | "tang" => RuleId::TangRoads,
            "tromptaylor" | "tt" => RuleId::TrompTaylor,
            "newzealand" | "nz" => RuleId::NewZealand,
            _ => {
                return Err(format!(
                    "unknown rule set '{s}': expected one of {}",
                    RuleId::ALL.map(|r| r.as_str()).join(", ")
                ))
            }
        };
        Ok(id)
    }
}

/// How a rule set turns a counted game into each side's points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Territory b, w of the equal-stones position (RULES.md 6.2), balanced.
    EqualStonesTerritory,
    /// Area B, W after balancing (RULES.md 6.1).
    BalancedArea,
    /// Area B0, W0 of the position as it stands, without balancing.
    PlainArea,
    /// Fill back prisoners and dead stones (no pass stones), count owned empty points only
    /// (roads; the art edition's equal-stones position).
    Roads,
    /// Japanese territory: one-colour regions not in seki (under the reading given) and not
    /// ko, plus the opponent's prisoners and dead stones.
    JapaneseTerritory(DameReading),
    /// Ing's bowls: stones used against `N²/2` a side, read as unfilled spaces and leftovers.
    IngBowls,
    /// AGA territory: one-colour regions minus the prisoners, dead stones and pass stones the
    /// opponent holds.
    AgaTerritory,
    /// AGA area: live stones plus one-colour regions.
    AgaArea,
    /// Tromp-Taylor: the board as it stands.
    TrompTaylor,
    /// Live stones plus one-colour regions after removal (New Zealand).
    RegionArea,
}

/// Who wins when the margin is zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tie {
    /// A draw (jigo).
    Draw,
    /// Black (Ing's komi of 8 "with Black winning ties").
    Black,
}

/// A rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Its id.
    pub id: RuleId,
    /// Suicide and repetition.
    pub play: PlayRules,
    /// The counting method.
    pub method: Method,
    /// Komi in half-points.
    pub komi: Half,
    /// Further komi when White made the first virtual move (Ikeda Area III, WMSG, jpd-a).
    pub first_pass_komi: Half,
    /// The balancing reading (for methods that balance).
    pub balancing: Balancing,
    /// The tie rule.
    pub tie: Tie,
    /// What White receives in a handicap game (docs/RULESETS.md, section 1).
    pub handicap: HandicapCompensation,
}

/// The points White receives in a handicap game of `H` handicap stones, beside komi. A
/// handicap game is one whose starting position holds black setup stones only, two or more
/// of them (`HA` with `AB`, or `AB` alone): `H` is their number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandicapCompensation {
    /// Nothing: territory counting (the handicap stones earn nothing by themselves), or rules
    /// whose balancing or bowls already account for them.
    None,
    /// `H` points: Chinese rules, Black gives back `H/2` stones [BGAC, CN375].
    PerStone,
    /// `H - 1` points: AGA area counting, which makes area agree with territory [AGA, AGAC].
    PerStoneAfterFirst,
}

impl HandicapCompensation {
    /// White's extra points in a game of `h` handicap stones (0 for fewer than 2).
    pub fn points(self, h: i64) -> i64 {
        match self {
            _ if h < 2 => 0,
            HandicapCompensation::None => 0,
            HandicapCompensation::PerStone => h,
            HandicapCompensation::PerStoneAfterFirst => h - 1,
        }
    }

    /// The convention in words, for reports.
    pub fn describe(self) -> &'static str {
        match self {
            HandicapCompensation::None => "none",
            HandicapCompensation::PerStone => "one point per handicap stone",
            HandicapCompensation::PerStoneAfterFirst => {
                "one point per handicap stone after the first"
            }
        }
    }
}

const NO_SUICIDE_SUPERKO: PlayRules = PlayRules {
    suicide: SuicideRule::Forbidden,
    ko: KoRule::PositionalSuperko,
};
const NO_SUICIDE_SIMPLE_KO: PlayRules = PlayRules {
    suicide: SuicideRule::Forbidden,
    ko: KoRule::SimpleKo,
};
const NO_SUICIDE_SIMPLE_KO_CYCLE_NO_RESULT: PlayRules = PlayRules {
    suicide: SuicideRule::Forbidden,
    ko: KoRule::SimpleKoCycleNoResult,
};

impl Rules {
    /// The preset of an id (sources in [`RuleId`]'s documentation).
    pub fn preset(id: RuleId) -> Rules {
        let base = Rules {
            id,
            play: PlayRules::JPD,
            method: Method::EqualStonesTerritory,
            komi: Half(13),
            first_pass_komi: Half::ZERO,
            balancing: Balancing::Art14,
            tie: Tie::Draw,
            handicap: HandicapCompensation::None,
        };
        let area = |komi: i64, fp: i64, play: PlayRules| Rules {
            method: Method::PlainArea,
            komi: Half(komi),
            first_pass_komi: Half(fp),
            play,
            ..base
        };
        match id {
            // Art. 7 (no suicide), Art. 9 (positional superko), Art. 19(2) komi 6.5.
            RuleId::JpdTangsong | RuleId::JpdTangsongC1 => base,
            RuleId::JpdTangsongArea => Rules {
                method: Method::BalancedArea,
                ..base
            },
            RuleId::JpdTangsongB1 => Rules {
                balancing: Balancing::Art11,
                ..base
            },
            RuleId::JpdA | RuleId::Wmsg2008 => area(13, 2, NO_SUICIDE_SUPERKO),
            RuleId::Ikeda => area(13, 2, NO_SUICIDE_SUPERKO),
            RuleId::JpdB => area(15, 0, PlayRules::JPD),
            RuleId::JpdMingqing => area(13, 0, PlayRules::JPD),
            // 000:#7: basic ko (no immediate recapture).
            RuleId::JpdArtStones => area(13, 0, NO_SUICIDE_SIMPLE_KO),
            RuleId::JpdArt | RuleId::TangRoads => Rules {
                method: Method::Roads,
                play: NO_SUICIDE_SIMPLE_KO,
                ..base
            },
            // Black gives back half a stone (one point) per handicap stone [BGAC, CN375].
            RuleId::Chinese => Rules {
                handicap: HandicapCompensation::PerStone,
                ..area(15, 0, NO_SUICIDE_SUPERKO)
            },
            // CN20 Art. 20: no immediate retake of a single ko; triple ko and longer cycles are
            // for the referee, who declares no result (or a replay).
            RuleId::ChineseSimpleKo => Rules {
                handicap: HandicapCompensation::PerStone,
                ..area(15, 0, NO_SUICIDE_SIMPLE_KO_CYCLE_NO_RESULT)
            },
            // J89 Art. 6 basic ko; Art. 12: a repeated whole-board position ends the game
            // without result (the players "agree" by not varying). Korean likewise: K16's
            // 무승부 is the 無勝負 of J89, no result. Campaigns play under superko, so their
            // games never repeat; `jpd score` replays a record under these rules.
            RuleId::Japanese | RuleId::Korean => Rules {
                method: Method::JapaneseTerritory(DameReading::Filled),
                play: NO_SUICIDE_SIMPLE_KO_CYCLE_NO_RESULT,
                ..base
            },
            RuleId::JapaneseLiteral => Rules {
                method: Method::JapaneseTerritory(DameReading::Literal),
                play: NO_SUICIDE_SIMPLE_KO_CYCLE_NO_RESULT,
                ..base
            },
            // Ing's own ko rule is not modelled; the EGF Simplified Ing Rules use positional
            // superko [SIR].
            RuleId::Ing => Rules {
                method: Method::IngBowls,
                play: PlayRules {
                    suicide: SuicideRule::MultiStone,
                    ko: KoRule::PositionalSuperko,
                },
                komi: Half(16),
                tie: Tie::Black,
                ..base
            },
            // AGA R6 is situational superko; the engine has positional superko, which differs
            // only in rare cycles.
            RuleId::Aga => Rules {
                method: Method::AgaTerritory,
                play: NO_SUICIDE_SUPERKO,
                komi: Half(15),
                ..base
            },
            // R12: under area counting White gets one point per handicap stone after the first.
            RuleId::AgaArea => Rules {
                method: Method::AgaArea,
                play: NO_SUICIDE_SUPERKO,
                komi: Half(15),
                handicap: HandicapCompensation::PerStoneAfterFirst,
                ..base
            },
            RuleId::TrompTaylor => Rules {
                method: Method::TrompTaylor,
                play: PlayRules {
                    suicide: SuicideRule::Allowed,
                    ko: KoRule::PositionalSuperko,
                },
                komi: Half(15),
                ..base
            },
            RuleId::NewZealand => Rules {
                method: Method::RegionArea,
                play: PlayRules {
                    suicide: SuicideRule::Allowed,
                    ko: KoRule::PositionalSuperko,
                },
                komi: Half(14),
                ..base
            },
        }
    }

    /// Komi in force for this game: the base komi plus the first-pass komi when White passed
    /// first (the balanced Ji-Ping-Dian methods pay that point through balancing instead).
    pub fn komi_for(&self, wfp: bool) -> Half {
        if wfp {
            self.komi + self.first_pass_komi
        } else {
            self.komi
        }
    }

    /// Scores a game. `ctx.count` must have been made with this rule set's balancing reading
    /// for the balanced methods; [`Scoring`] carries the alternative counts.
    pub fn score(&self, ctx: &Scoring<'_>) -> RuleResult {
        let sh = ctx.sheet;
        let pts = Half::points;
        let (black, white, extra_komi) = match self.method {
            Method::EqualStonesTerritory => {
                let c = ctx.count_for(self.id);
                (c.territory.black, c.territory.white, c.compensation)
            }
            Method::BalancedArea => {
                let c = ctx.count_for(self.id);
                (c.area.black, c.area.white, c.compensation)
            }
            Method::PlainArea => (sh.area0.black, sh.area0.white, Half::ZERO),
            Method::Roads => {
                let r = |x: Color| pts(sh.owned[x] - sh.lost(x));
                (r(Color::Black), r(Color::White), Half::ZERO)
            }
            Method::JapaneseTerritory(reading) => {
                let j = |x: Color| pts(sh.japanese_territory(x, reading) + sh.lost(x.opp()));
                (j(Color::Black), j(Color::White), Half::ZERO)
            }
            Method::IngBowls => {
                let b = IngBowls::read(sh);
                // Each side's points are the spaces its stones cover: the readout's margin.
                (pts(b.used.black), pts(b.used.white), Half::ZERO)
            }
            Method::AgaTerritory => {
                let ps = sh.aga_pass_stones();
                let t = |x: Color| pts(sh.region[x] - sh.lost(x) - ps[x]);
                (t(Color::Black), t(Color::White), Half::ZERO)
            }
            Method::AgaArea | Method::RegionArea => {
                let a = |x: Color| pts(sh.stones[x] + sh.region[x]);
                (a(Color::Black), a(Color::White), Half::ZERO)
            }
            Method::TrompTaylor => (pts(sh.tt_as_is.black), pts(sh.tt_as_is.white), Half::ZERO),
        };
        let komi =
            self.komi_for(sh.wfp) + extra_komi + Half::points(self.handicap.points(sh.handicap));
        let margin = if self.method == Method::IngBowls {
            // Ing's bowls: 4 white stones stand in Black's area; read as a margin.
            IngBowls::read(sh).margin()
        } else {
            black - white - komi
        };
        RuleResult::new(
            self.id,
            komi,
            self.komi,
            black,
            white,
            margin,
            self.tie,
            self.ledger(sh, ctx),
        )
    }

    /// The named terms that turn `A0` into this rule set's board margin (before komi).
    pub fn ledger(&self, sh: &Sheet, ctx: &Scoring<'_>) -> Ledger {
        let mut l = Ledger::default();
        let wfp = sh.wfp as i64;
        let diff = |p: &crate::engine::PerSide<i64>| p.black - p.white;
        match self.id {
            RuleId::JpdTangsong | RuleId::JpdTangsongArea => {
                l.add(Cause::FirstPass, -wfp);
            }
            RuleId::JpdTangsongB1 => {
                l.add(Cause::FirstPass, -wfp);
                // The two readings' balanced areas, compensation included.
                let a = |c: &Count| c.area.black - c.area.white - c.compensation;
                let b1 = a(ctx.count_for(RuleId::JpdTangsongB1)) - a(ctx.count);
                l.add_half(Cause::BalancingB1, b1);
            }
            RuleId::JpdTangsongC1 => {
                l.add(Cause::FirstPass, -wfp);
                if let Some(x) = ctx.c1_loser(sh) {
                    // Each disallowed point goes from X's to shared: X loses 1/2 twice over.
                    let n = sh.one_sided_dame[x];
                    l.add(Cause::OwnershipC1, if x == Color::Black { -n } else { n });
                }
            }
            RuleId::JpdA | RuleId::Ikeda | RuleId::Wmsg2008 => {}
            RuleId::JpdB
            | RuleId::JpdMingqing
            | RuleId::JpdArtStones
            | RuleId::Chinese
            | RuleId::ChineseSimpleKo
            | RuleId::Ing => {}
            RuleId::JpdArt | RuleId::TangRoads => {
                l.add(Cause::LastMoveParity, -sh.parity);
                l.add(Cause::EarlyPass, sh.early_passes());
            }
            RuleId::Japanese | RuleId::Korean | RuleId::JapaneseLiteral => {
                if self.id == RuleId::JapaneseLiteral {
                    l.add(Cause::DameSekiLiteral, -diff(&sh.dame_literal_points));
                }
                l.add(Cause::LastMoveParity, -sh.parity);
                l.add(Cause::EarlyPass, sh.early_passes());
                l.add(Cause::SekiPoints, -diff(&sh.seki_points));
                l.add(Cause::UnfilledKo, -diff(&sh.ko_points));
                l.add(Cause::OneSidedDame, -diff(&sh.one_sided_dame));
                l.add(
                    Cause::FourPassLiberty,
                    -(diff(&sh.one_sided) - diff(&sh.one_sided_dame)),
                );
            }
            RuleId::Aga => {
                l.add(Cause::LastMoveParity, -sh.parity);
                l.add(Cause::EarlyPass, sh.early_passes());
                l.add(Cause::PassStones, -diff(&sh.aga_pass_stones()));
                l.add(Cause::OneSidedDame, -diff(&sh.one_sided_dame));
                l.add(
                    Cause::FourPassLiberty,
                    -(diff(&sh.one_sided) - diff(&sh.one_sided_dame)),
                );
            }
            RuleId::AgaArea | RuleId::NewZealand | RuleId::TrompTaylor => {
                l.add(Cause::OneSidedDame, -diff(&sh.one_sided_dame));
                l.add(
                    Cause::FourPassLiberty,
                    -(diff(&sh.one_sided) - diff(&sh.one_sided_dame)),
                );
                if self.id == RuleId::TrompTaylor {
                    // Defined as the effect of scoring the board as it stands: Tromp-Taylor
                    // on the paused board minus Tromp-Taylor after the removal.
                    let settled = diff(&sh.stones) + diff(&sh.region);
                    l.add(Cause::DeadStonesOnBoard, diff(&sh.tt_as_is) - settled);
                }
            }
        }
        // The handicap compensation is paid like komi: it is the ledger's komi term.
        l.add(Cause::Komi, -self.handicap.points(sh.handicap));
        if self.first_pass_komi != Half::ZERO {
            // Ikeda's Area III, WMSG and edition A pay the Art. 12 point as komi.
            l.add_half(
                Cause::FirstPass,
                -(if sh.wfp {
                    self.first_pass_komi
                } else {
                    Half::ZERO
                }),
            );
        }
        l
    }
}

/// The counts a rule set may need beside the sheet.
#[derive(Clone, Copy, Debug)]
pub struct Scoring<'a> {
    /// The sheet of the game.
    pub sheet: &'a Sheet,
    /// The count under the campaign's balancing reading.
    pub count: &'a Count,
    /// The count under the Art. 11 reading (for `jpd-tangsong-b1`); `count` if absent.
    pub art11: Option<&'a Count>,
    /// The count under the strict Art. 10 reading (for `jpd-tangsong-c1`); `count` if absent.
    pub c1: Option<&'a Count>,
}

impl<'a> Scoring<'a> {
    fn count_for(&self, id: RuleId) -> &'a Count {
        match id {
            RuleId::JpdTangsongB1 => self.art11.unwrap_or(self.count),
            RuleId::JpdTangsongC1 => self.c1.unwrap_or(self.count),
            _ => self.count,
        }
    }

    /// Under the strict reading of Art. 10, the side whose one-sided dame do not count: the
    /// one that did not open the final pause, when it holds any.
    pub fn c1_loser(&self, sh: &Sheet) -> Option<Color> {
        let x = sh.pause_opener?.opp();
        (sh.one_sided_dame[x] > 0).then_some(x)
    }
}

/// Ing's physical count (docs/RULESETS.md 2.5, [INGC, INGT]): each bowl starts with `N²/2`
/// stones (180 on 19x19); prisoners and dead stones go back to their owner's bowl; White puts 4
/// stones inside Black's area as komi; shared points are filled in pairs, one of each colour
/// (an odd one stays empty); each side fills the rest of its area from its bowl.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IngBowls {
    /// Stones each bowl held at the start.
    pub bowl: i64,
    /// Spaces each side's stones cover at the end (its live stones, its filled area, its half
    /// of the shared pairs; White's 4 komi stones counted for White).
    pub used: crate::engine::PerSide<i64>,
    /// Spaces a side could not fill because its bowl ran out.
    pub unfilled: crate::engine::PerSide<i64>,
    /// Stones left in a side's bowl.
    pub leftover: crate::engine::PerSide<i64>,
}

impl IngBowls {
    /// The komi stones White places inside Black's area.
    pub const KOMI_STONES: i64 = 4;

    /// Fills the bowls of a game.
    pub fn read(sh: &Sheet) -> IngBowls {
        let n2 = sh.size as i64 * sh.size as i64;
        let bowl = n2 / 2;
        let pairs = sh.shared / 2;
        let used = crate::engine::PerSide::new(
            sh.stones.black + sh.owned.black + pairs - Self::KOMI_STONES,
            sh.stones.white + sh.owned.white + pairs + Self::KOMI_STONES,
        );
        let rest = |x: Color| bowl - used[x];
        IngBowls {
            bowl,
            used,
            unfilled: crate::engine::PerSide::new(
                (-rest(Color::Black)).max(0),
                (-rest(Color::White)).max(0),
            ),
            leftover: crate::engine::PerSide::new(
                rest(Color::Black).max(0),
                rest(Color::White).max(0),
            ),
        }
    }

    /// Black's margin as the bowls read it: the winner's unfilled spaces plus the loser's
    /// leftover stones, with the sign of the winner.
    pub fn margin(&self) -> Half {
        Half::points(
            self.unfilled.black + self.leftover.white - self.unfilled.white - self.leftover.black,
        )
    }
}

/// A named cause of difference between rule sets (issue 4's list; docs/RULESETS.md 3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// A different komi.
    Komi,
    /// The Art. 12 point for White's first virtual move (also Ikeda's Area III, WMSG 2008).
    FirstPass,
    /// Territory counting loses the point Black's extra move put on the board.
    LastMoveParity,
    /// Virtual moves before the final pause, free under stoneless-pass rules.
    EarlyPass,
    /// AGA pass stones (and White's extra last pass).
    PassStones,
    /// Points of one-colour regions bordered by a group in a proven seki (eyes in seki; J89
    /// Art. 8).
    SekiPoints,
    /// The literal reading of J89 Art. 8: points of one-colour regions bordered by a string that
    /// touches an unfilled ordinary dame but is in no proven seki, taken as "in seki".
    DameSekiLiteral,
    /// One-sided dame: its holder's under area counting, nobody's under region-based counting.
    OneSidedDame,
    /// After four virtual moves, own liberties in mixed regions (Art. 18 "a liberty belongs to
    /// its adjacent stones"), nobody's under region-based counting.
    FourPassLiberty,
    /// An unfilled single ko: a point of territory by Part 1 item 7, filled (no point) in
    /// Japanese practice.
    UnfilledKo,
    /// Dead stones left on the board (Tromp-Taylor scores the board as it stands).
    DeadStonesOnBoard,
    /// The Art. 11 balancing reading (ambiguity B1).
    BalancingB1,
    /// The strict reading of Art. 10 on one-sided dame (ambiguity C1).
    OwnershipC1,
}

impl Cause {
    /// Every cause, in report order.
    pub const ALL: [Cause; 13] = [
        Cause::Komi,
        Cause::FirstPass,
        Cause::LastMoveParity,
        Cause::EarlyPass,
        Cause::PassStones,
        Cause::SekiPoints,
        Cause::DameSekiLiteral,
        Cause::OneSidedDame,
        Cause::FourPassLiberty,
        Cause::UnfilledKo,
        Cause::DeadStonesOnBoard,
        Cause::BalancingB1,
        Cause::OwnershipC1,
    ];

    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Cause::Komi => "komi",
            Cause::FirstPass => "first_pass",
            Cause::LastMoveParity => "last_move_parity",
            Cause::EarlyPass => "early_pass",
            Cause::PassStones => "pass_stones",
            Cause::SekiPoints => "seki_points",
            Cause::DameSekiLiteral => "dame_seki_literal",
            Cause::OneSidedDame => "one_sided_dame",
            Cause::FourPassLiberty => "four_pass_liberty",
            Cause::UnfilledKo => "unfilled_ko",
            Cause::DeadStonesOnBoard => "dead_stones_on_board",
            Cause::BalancingB1 => "balancing_b1",
            Cause::OwnershipC1 => "ownership_c1",
        }
    }
}

/// Named terms (Black minus White, half-points), indexed by [`Cause::ALL`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ledger(pub [Half; 13]);

impl Ledger {
    fn add(&mut self, c: Cause, points: i64) {
        self.add_half(c, Half::points(points));
    }

    fn add_half(&mut self, c: Cause, h: Half) {
        let i = Cause::ALL.iter().position(|&x| x == c).expect("listed");
        self.0[i] += h;
    }

    /// The term of a cause.
    pub fn get(&self, c: Cause) -> Half {
        self.0[Cause::ALL.iter().position(|&x| x == c).expect("listed")]
    }

    /// The sum of the terms.
    pub fn total(&self) -> Half {
        self.0.iter().fold(Half::ZERO, |a, &b| a + b)
    }

    /// The nonzero terms, in [`Cause::ALL`] order.
    pub fn terms(&self) -> impl Iterator<Item = (Cause, Half)> + '_ {
        Cause::ALL
            .iter()
            .zip(self.0.iter())
            .filter(|(_, h)| **h != Half::ZERO)
            .map(|(c, h)| (*c, *h))
    }
}

/// The result of one game under one rule set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleResult {
    /// The rule set's id.
    pub rules: String,
    /// Komi in force, compensation included.
    pub komi: Half,
    /// Black's points under the rule set's own method.
    pub black: Half,
    /// White's points.
    pub white: Half,
    /// Black's points minus White's minus komi and every compensation.
    pub margin: Half,
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// The SGF-style result: `B+2.5`, `W+0.5`, `0` for a draw, `B+0` for Ing's tie.
    pub result: String,
    /// The rule set's base komi (without the first-pass komi or compensation): the board
    /// margin is `margin + base_komi`.
    #[serde(skip)]
    pub base_komi: Half,
    /// The named terms from `A0` to the board margin.
    #[serde(skip)]
    pub ledger: Ledger,
}

impl RuleResult {
    #[allow(clippy::too_many_arguments)]
    fn new(
        id: RuleId,
        komi: Half,
        base_komi: Half,
        black: Half,
        white: Half,
        margin: Half,
        tie: Tie,
        ledger: Ledger,
    ) -> Self {
        let winner = match margin.0.cmp(&0) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => match tie {
                Tie::Draw => None,
                Tie::Black => Some(Color::Black),
            },
        };
        let result = match winner {
            Some(Color::Black) => format!("B+{}", margin),
            Some(Color::White) => format!("W+{}", -margin),
            None => "0".to_string(),
        };
        RuleResult {
            rules: id.as_str().to_string(),
            komi,
            black,
            white,
            margin,
            winner,
            result,
            base_komi,
            ledger,
        }
    }

    /// The result of a game `loser` resigned.
    pub fn resigned(id: RuleId, loser: Color) -> RuleResult {
        RuleResult {
            winner: Some(loser.opp()),
            ..RuleResult::unscored(id, &format!("{}+R", loser.opp().letter()))
        }
    }

    /// The result of a rule set that gives the record no score: `illegal:superko` (its replay
    /// refused a move), `no_result` (a repeated position ended the game), `not_ended`.
    pub fn unscored(id: RuleId, result: &str) -> RuleResult {
        let komi = Rules::preset(id).komi;
        RuleResult {
            rules: id.as_str().to_string(),
            komi,
            black: Half::ZERO,
            white: Half::ZERO,
            margin: Half::ZERO,
            winner: None,
            result: result.to_string(),
            base_komi: komi,
            ledger: Ledger::default(),
        }
    }

    /// The board margin: the margin before the base komi (a first-pass komi or compensation
    /// counts as part of the board margin, as the balanced methods take it on the board).
    pub fn board_margin(&self) -> Half {
        self.margin + self.base_komi
    }

    /// What the ledger leaves unexplained: the board margin minus `A0` plus every term.
    pub fn unexplained(&self, a0: Half) -> Half {
        self.board_margin() - a0 - self.ledger.total()
    }
}

/// How a rule set's result differs from jpd-tangsong's on one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The other rule set.
    pub rules: String,
    /// jpd-tangsong's result.
    pub reference: String,
    /// The other's result.
    pub result: String,
    /// The winners differ.
    pub winner_differs: bool,
    /// Margin minus jpd-tangsong's margin, komi included.
    pub margin_difference: Half,
    /// The komi term: jpd-tangsong's komi minus the other's (first-pass komi excluded).
    pub komi_term: Half,
    /// Per cause, the other's term minus jpd-tangsong's.
    pub causes: Ledger,
    /// What the causes leave unexplained (zero unless something is wrong).
    pub unexplained: Half,
}

/// Compares `r` (under `rr`) with the reference `t` (jpd-tangsong, under `rt`). A divergence is
/// a different winner, or a different margin that is not a komi difference alone: `None` when
/// the winners agree and either the margins agree (whatever the board margins) or only the
/// komi differs (the board margins agree).
pub fn diverge(t: &RuleResult, r: &RuleResult, rt: &Rules, rr: &Rules) -> Option<Divergence> {
    let winner_differs = t.winner != r.winner;
    let board_differs = t.board_margin() != r.board_margin();
    if !winner_differs && (t.margin == r.margin || !board_differs) {
        return None;
    }
    let mut causes = Ledger::default();
    for (i, slot) in causes.0.iter_mut().enumerate() {
        *slot = r.ledger.0[i] - t.ledger.0[i];
    }
    let komi_term = rt.komi - rr.komi;
    causes.add_half(Cause::Komi, komi_term);
    let margin_difference = r.margin - t.margin;
    Some(Divergence {
        rules: r.rules.clone(),
        reference: t.result.clone(),
        result: r.result.clone(),
        winner_differs,
        margin_difference,
        komi_term,
        causes,
        unexplained: margin_difference - causes.total(),
    })
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for id in RuleId::ALL {
            assert_eq!(id.as_str().parse::<RuleId>().unwrap(), id);
            assert_eq!(id.to_string(), id.as_str());
            assert_eq!(Rules::preset(id).id, id);
        }
        assert_eq!("Chinese".parse::<RuleId>().unwrap(), RuleId::Chinese);
        assert!("nonsense".parse::<RuleId>().is_err());
    }
}
