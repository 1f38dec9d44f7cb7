//! The one table of rule sets: each entry gives the id's variant with its documentation, the id
//! as written, the names it is read from in SGF `RU[]`, the one-line source `jpd rules` prints
//! and the preset's fields. [`RuleId`], [`RuleId::ALL`] (report order is table order),
//! [`RuleId::as_str`], [`RuleId::source`], the parsing of names and [`Rules::preset`] are
//! generated from it, so a rule set is added in one place (docs/RULESETS.md and
//! docs/IMPLEMENTATION.md describe it; HACKING.md, "How to add", lists the rest).

use super::{DameReading, HandicapCompensation, Method, OneSidedDame, Rules, Tie};
use crate::counting::{Balancing, Half};
use crate::engine::{KoRule, PlayRules, SuicideRule};

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
const NO_SUICIDE_SIMPLE_KO_UNYIELDING_CYCLE: PlayRules = PlayRules {
    suicide: SuicideRule::Forbidden,
    ko: KoRule::SimpleKoUnyieldingCycle,
};

/// The fields every preset starts from: Tang-Song's territory method (Art. 17, 19), komi 6.5
/// (Art. 19(2)), no suicide (Art. 7) and positional superko (Art. 9), the game's balancing
/// reading, one-sided dame to their holder, ties drawn, no handicap compensation.
fn base(id: RuleId) -> Rules {
    Rules {
        id,
        play: PlayRules::JPD,
        method: Method::EqualStonesTerritory,
        komi: Half(13),
        first_pass_komi: Half::ZERO,
        balancing: None,
        one_sided_dame: OneSidedDame::Holder,
        tie: Tie::Draw,
        handicap: HandicapCompensation::None,
    }
}

/// Plain area counting (no balancing) with a komi and a first-pass komi, in half-points.
fn area(base: Rules, komi: i64, fp: i64, play: PlayRules) -> Rules {
    Rules {
        method: Method::PlainArea,
        komi: Half(komi),
        first_pass_komi: Half(fp),
        play,
        ..base
    }
}

/// Declares [`RuleId`] and everything generated from the table. Each entry:
///
/// ```text
/// /// doc
/// Variant = "id" {
///     aliases: ["name", ...],   // RU names, lowercase without ' ', '-', '_', '.'
///     source: "one line",
///     preset: |base| expr,      // the preset from `base(id)`
/// },
/// ```
macro_rules! rule_sets {
    ($(
        $(#[$doc:meta])*
        $v:ident = $name:literal {
            aliases: [$($alias:literal),* $(,)?],
            source: $source:literal,
            preset: |$base:ident| $preset:expr $(,)?
        }
    ),+ $(,)?) => {
        /// The identifiers of the rule sets (generated from the table in `rules/table.rs`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum RuleId {
            $($(#[$doc])* $v,)+
        }

        impl RuleId {
            /// Every rule set, in report order.
            pub const ALL: [RuleId; [$($name),+].len()] = [$(RuleId::$v),+];

            /// The id as written on the command line and in reports.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(RuleId::$v => $name,)+
                }
            }

            /// The names besides the id that `RU[]` and `--rules` read as this rule set, in
            /// the form [`RuleId::from_str`](std::str::FromStr) compares (lowercase, without
            /// spaces, dashes, underscores and dots).
            pub fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(RuleId::$v => &[$($alias),*],)+
                }
            }

            /// Where the rule set comes from, in one line (the long form is the variant's
            /// documentation and docs/RULESETS.md).
            pub fn source(self) -> &'static str {
                match self {
                    $(RuleId::$v => $source,)+
                }
            }
        }

        impl Rules {
            /// The preset of an id (sources in [`RuleId`]'s documentation).
            pub fn preset(id: RuleId) -> Rules {
                match id {
                    $(RuleId::$v => {
                        let $base = base(id);
                        $preset
                    })+
                }
            }
        }
    };
}

rule_sets! {
    /// Ji-Ping-Dian Tang-Song 2008, territory method ("equal stones, compare territory",
    /// Art. 17, 19): balanced b - w against komi 6.5, the Art. 12 point included.
    JpdTangsong = "jpd-tangsong" {
        aliases: ["jpd", "tangsong", "jipingdian", "jipingdiantangsong"],
        source: "Ji-Ping-Dian Tang-Song 2008, territory method (equal stones, compare territory; Art. 17, 19)",
        // Art. 7 (no suicide), Art. 9 (positional superko), Art. 19(2) komi 6.5.
        preset: |base| base,
    },
    /// Ji-Ping-Dian Tang-Song 2008, area method (Art. 20): balanced B - W against komi 6.5.
    JpdTangsongArea = "jpd-tangsong-area" {
        aliases: [],
        source: "Ji-Ping-Dian Tang-Song 2008, area method (Art. 20)",
        preset: |base| Rules {
            method: Method::BalancedArea,
            ..base
        },
    },
    /// Tang-Song territory method under the Art. 11 balancing reading (ambiguity B1): White's
    /// extra virtual move balances, the Art. 12 point is paid as komi.
    JpdTangsongB1 = "jpd-tangsong-b1" {
        aliases: ["jpdtangsongart11"],
        source: "Tang-Song territory method under the Art. 11 balancing reading (ambiguity B1)",
        preset: |base| Rules {
            balancing: Some(Balancing::Art11),
            ..base
        },
    },
    /// Tang-Song territory method under the strict reading of Art. 10 (ambiguity C1): a
    /// one-sided dame is its holder's only when the holder opened the final pause; otherwise it
    /// is shared like an unfilled dame.
    JpdTangsongC1 = "jpd-tangsong-c1" {
        aliases: [],
        source: "Tang-Song territory method under the strict reading of Art. 10 (ambiguity C1: one-sided dame)",
        preset: |base| Rules {
            one_sided_dame: OneSidedDame::PauseOpenerOnly,
            ..base
        },
    },
    /// Ji-Ping-Dian edition A (000:#10, #73): area, komi 7.5 if White passed first, 6.5 if
    /// Black did. Claimed identical to Tang-Song.
    JpdA = "jpd-a" {
        aliases: [],
        source: "Ji-Ping-Dian edition A: area, komi 7.5 if White passed first, else 6.5",
        preset: |base| area(base, 13, 2, NO_SUICIDE_SUPERKO),
    },
    /// Ji-Ping-Dian edition B (000:#10): area, komi 7.5 whoever passed first.
    JpdB = "jpd-b" {
        aliases: [],
        source: "Ji-Ping-Dian edition B: area, komi 7.5 whoever passed first",
        preset: |base| area(base, 15, 0, PlayRules::JPD),
    },
    /// Ji-Ping-Dian Ming-Qing (002 opening, 000:#49): Tang-Song without the Art. 12 point, so
    /// Black keeps the last-move benefit; virtual stones are filled back.
    JpdMingqing = "jpd-mingqing" {
        aliases: ["mingqing"],
        source: "Ji-Ping-Dian Ming-Qing: Tang-Song without the Art. 12 point",
        preset: |base| area(base, 13, 0, PlayRules::JPD),
    },
    /// Ji-Ping-Dian art edition (000:#11-13, #16, #18, #48-50, #56-59): free stoneless passes;
    /// after the fill-back of prisoners and dead stones the stone points and shared points are
    /// divided equally (#12), so only owned empty points decide; komi 6.5.
    JpdArt = "jpd-art" {
        aliases: [],
        source: "Ji-Ping-Dian art edition: free stoneless passes, owned empty points decide",
        // 000:#7: basic ko (no immediate recapture).
        preset: |base| Rules {
            method: Method::Roads,
            play: NO_SUICIDE_SIMPLE_KO,
            ..base
        },
    },
    /// The art edition's "equal territory, compare stones" method (等空比子, 000:#64): stones and
    /// empty points are exchanged inside each side's area until the empty points are equal,
    /// then stones are compared; komi 6.5.
    JpdArtStones = "jpd-art-stones" {
        aliases: [],
        source: "Ji-Ping-Dian art edition, equal territory, compare stones",
        // 000:#7: basic ko (no immediate recapture).
        preset: |base| area(base, 13, 0, NO_SUICIDE_SIMPLE_KO),
    },
    /// Chinese rules 2002 [CNS, CN375]: area, komi 3 3/4 stones = 7.5 points; the written
    /// positional superko.
    Chinese = "chinese" {
        aliases: ["cn", "chn", "china", "chinese2002"],
        source: "Chinese rules 2002: area, komi 3 3/4 stones, positional superko",
        // Black gives back half a stone (one point) per handicap stone [BGAC, CN375].
        preset: |base| Rules {
            handicap: HandicapCompensation::PerStone,
            ..area(base, 15, 0, NO_SUICIDE_SUPERKO)
        },
    },
    /// Chinese rules with the practical simple ko of the referees [CN20, KG]: a repeated
    /// whole-board position (triple ko and the like) ends the game with no result; scored as
    /// `chinese`.
    ChineseSimpleKo = "chinese-simple-ko" {
        aliases: ["chinesekgs"],
        source: "Chinese rules with the referees' simple ko (a long cycle is no result)",
        // CN20 Art. 20: no immediate retake of a single ko; triple ko and longer cycles are
        // for the referee, who declares no result (or a replay).
        preset: |base| Rules {
            handicap: HandicapCompensation::PerStone,
            ..area(base, 15, 0, NO_SUICIDE_SIMPLE_KO_CYCLE_NO_RESULT)
        },
    },
    /// Japanese rules 1989 [J89, NK10] as practised: territory plus prisoners and dead stones;
    /// no points in a proven seki (Art. 8 applied after the dame are filled, as the commentary
    /// to Art. 9 requires: an unfilled ordinary dame is nobody's and takes no territory from the
    /// groups beside it); an unfilled ko must be filled (teire), so its point is no territory;
    /// komi 6.5 [SLJT].
    Japanese = "japanese" {
        aliases: ["jp", "jpn", "japan", "japanese1989", "j89"],
        source: "Japanese rules 1989 as practised: territory and prisoners, no points in seki",
        // J89 Art. 6 basic ko; Art. 12 with its commentary: a repetition ends the game
        // without result only when the players do not give way (the record stops in the
        // cycle, or goes round it again). Campaigns play under superko, so their games never
        // repeat; `jpd score` replays a record under these rules.
        preset: |base| Rules {
            method: Method::JapaneseTerritory(DameReading::Filled),
            play: NO_SUICIDE_SIMPLE_KO_UNYIELDING_CYCLE,
            ..base
        },
    },
    /// Korean rules [K16, BGAC]: as Japanese where the sources agree (territory and captured
    /// stones, no points in seki, komi 6.5).
    Korean = "korean" {
        aliases: ["ko", "kor", "korea"],
        source: "Korean rules: as Japanese where the sources agree",
        // K16's 무승부 is the 無勝負 of J89: a repetition the players do not leave is no
        // result, as under `japanese`.
        preset: |base| Rules {
            method: Method::JapaneseTerritory(DameReading::Filled),
            play: NO_SUICIDE_SIMPLE_KO_UNYIELDING_CYCLE,
            ..base
        },
    },
    /// The literal reading of J89 Art. 8 on the board as it stands, kept for comparison: a string
    /// touching any unfilled dame (any empty point bordered by both colours) "possesses dame",
    /// so is in seki, and the territory beside it counts for nothing; otherwise as `japanese`.
    JapaneseLiteral = "japanese-literal" {
        aliases: ["j89literal"],
        source: "Japanese rules 1989, Art. 8 read literally on the board as it stands",
        preset: |base| Rules {
            method: Method::JapaneseTerritory(DameReading::Literal),
            play: NO_SUICIDE_SIMPLE_KO_UNYIELDING_CYCLE,
            ..base
        },
    },
    /// Ing SST rules [SST91, ING96, INGC]: fill-up counting from bowls of `N²/2` stones,
    /// prisoners and dead stones returned, komi as 4 white stones in Black's area = 8 points,
    /// Black wins ties; multi-stone suicide legal.
    Ing = "ing" {
        aliases: ["goe", "ingsst", "sst", "ingsgoe"],
        source: "Ing SST rules: fill-up counting from bowls, komi 8, Black wins ties",
        // Ing's own ko rule is not modelled; the EGF Simplified Ing Rules use positional
        // superko [SIR].
        preset: |base| Rules {
            method: Method::IngBowls,
            play: PlayRules {
                suicide: SuicideRule::MultiStone,
                ko: KoRule::PositionalSuperko,
            },
            komi: Half(16),
            tie: Tie::Black,
            ..base
        },
    },
    /// AGA rules [AGA, AGAC], territory counting (the default of R12): pass stones handed to
    /// the opponent, White passes last (R11), neutral points count for nobody; komi 7.5.
    Aga = "aga" {
        aliases: ["american", "agaterritory"],
        source: "AGA rules, territory counting with pass stones",
        // AGA R6 is situational superko; the engine has positional superko, which differs
        // only in rare cycles.
        preset: |base| Rules {
            method: Method::AgaTerritory,
            play: NO_SUICIDE_SUPERKO,
            komi: Half(15),
            ..base
        },
    },
    /// AGA rules, area counting (R12): live stones plus territory; komi 7.5.
    AgaArea = "aga-area" {
        aliases: [],
        source: "AGA rules, area counting",
        // R12: under area counting White gets one point per handicap stone after the first.
        preset: |base| Rules {
            method: Method::AgaArea,
            play: NO_SUICIDE_SUPERKO,
            komi: Half(15),
            handicap: HandicapCompensation::PerStoneAfterFirst,
            ..base
        },
    },
    /// Ikeda's Area III [IK]: area, half a point from Black to White when White passed first
    /// (the opponent of the first passer is deemed the last mover); territory komi 6.5.
    Ikeda = "ikeda" {
        aliases: ["ikedaareaiii", "areaiii"],
        source: "Ikeda's Area III: area, half a point to White when White passed first",
        // Ikeda's Area III pays the Art. 12 point as komi.
        preset: |base| area(base, 13, 2, NO_SUICIDE_SUPERKO),
    },
    /// World Mind Sports Games 2008 [WMSG, SWMSG, RANKA]: area, komi 6.5, plus 1 when White
    /// made the first pass.
    Wmsg2008 = "wmsg-2008" {
        aliases: ["wmsg", "mindsports"],
        source: "World Mind Sports Games 2008: area, komi 6.5 plus 1 when White passed first",
        // WMSG 2008 pays the Art. 12 point as komi.
        preset: |base| area(base, 13, 2, NO_SUICIDE_SUPERKO),
    },
    /// Tang-dynasty road counting (数路法, 002 Part 1 item 5, 000:#18): fill back prisoners and
    /// dead stones, count empty points only; the deduction of one point from the first player
    /// when it made the last move is implied by the count, not added to it (002 line 20).
    TangRoads = "tang-roads" {
        aliases: ["roads", "tang"],
        source: "Tang-dynasty road counting: owned empty points after the fill-back",
        preset: |base| Rules {
            method: Method::Roads,
            play: NO_SUICIDE_SIMPLE_KO,
            ..base
        },
    },
    /// Tromp-Taylor [TT]: the board scored as it stands (no dead-stone removal), stones plus
    /// empty points reaching only that colour; komi is not in the ten rules: 7.5 as KataGo [KG].
    TrompTaylor = "tromp-taylor" {
        aliases: ["tt"],
        source: "Tromp-Taylor: the board scored as it stands, komi 7.5",
        preset: |base| Rules {
            method: Method::TrompTaylor,
            play: PlayRules {
                suicide: SuicideRule::Allowed,
                ko: KoRule::PositionalSuperko,
            },
            komi: Half(15),
            ..base
        },
    },
    /// New Zealand rules [NZ]: area after agreed removal, a region touching both colours
    /// counts for both (net nobody); komi 7, draws possible; suicide legal.
    NewZealand = "new-zealand" {
        aliases: ["nz"],
        source: "New Zealand rules: area, a region touching both colours counts for nobody",
        preset: |base| Rules {
            method: Method::RegionArea,
            play: PlayRules {
                suicide: SuicideRule::Allowed,
                ko: KoRule::PositionalSuperko,
            },
            komi: Half(14),
            ..base
        },
    },
}
