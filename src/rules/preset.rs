//! The 22 presets: each rule set's fields, with the source of every value.

use super::{DameReading, HandicapCompensation, Method, OneSidedDame, RuleId, Rules, Tie};
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

impl Rules {
    /// The preset of an id (sources in [`RuleId`]'s documentation).
    pub fn preset(id: RuleId) -> Rules {
        let base = Rules {
            id,
            play: PlayRules::JPD,
            method: Method::EqualStonesTerritory,
            komi: Half(13),
            first_pass_komi: Half::ZERO,
            balancing: None,
            one_sided_dame: OneSidedDame::Holder,
            tie: Tie::Draw,
            handicap: HandicapCompensation::None,
        };
        match id {
            RuleId::JpdTangsong
            | RuleId::JpdTangsongArea
            | RuleId::JpdTangsongB1
            | RuleId::JpdTangsongC1
            | RuleId::JpdA
            | RuleId::JpdB
            | RuleId::JpdMingqing
            | RuleId::JpdArt
            | RuleId::JpdArtStones => ji_ping_dian(base),
            RuleId::Chinese
            | RuleId::ChineseSimpleKo
            | RuleId::Japanese
            | RuleId::Korean
            | RuleId::JapaneseLiteral
            | RuleId::Ing
            | RuleId::Aga
            | RuleId::AgaArea
            | RuleId::Ikeda
            | RuleId::Wmsg2008
            | RuleId::TangRoads
            | RuleId::TrompTaylor
            | RuleId::NewZealand => other_system(base),
        }
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

/// The Ji-Ping-Dian family: Tang-Song and its readings, the editions, Ming-Qing and the art
/// edition (`base.id` is one of them).
fn ji_ping_dian(base: Rules) -> Rules {
    match base.id {
        // Art. 7 (no suicide), Art. 9 (positional superko), Art. 19(2) komi 6.5.
        RuleId::JpdTangsong => base,
        RuleId::JpdTangsongC1 => Rules {
            one_sided_dame: OneSidedDame::PauseOpenerOnly,
            ..base
        },
        RuleId::JpdTangsongArea => Rules {
            method: Method::BalancedArea,
            ..base
        },
        RuleId::JpdTangsongB1 => Rules {
            balancing: Some(Balancing::Art11),
            ..base
        },
        RuleId::JpdA => area(base, 13, 2, NO_SUICIDE_SUPERKO),
        RuleId::JpdB => area(base, 15, 0, PlayRules::JPD),
        RuleId::JpdMingqing => area(base, 13, 0, PlayRules::JPD),
        // 000:#7: basic ko (no immediate recapture).
        RuleId::JpdArtStones => area(base, 13, 0, NO_SUICIDE_SIMPLE_KO),
        RuleId::JpdArt => Rules {
            method: Method::Roads,
            play: NO_SUICIDE_SIMPLE_KO,
            ..base
        },
        id => unreachable!("{id} is not of the Ji-Ping-Dian family"),
    }
}

/// The other systems: Chinese, Japanese, Korean, Ing, AGA, Ikeda, WMSG, the Tang roads,
/// Tromp-Taylor and New Zealand (`base.id` is one of them).
fn other_system(base: Rules) -> Rules {
    match base.id {
        // Ikeda's Area III and WMSG 2008 pay the Art. 12 point as komi.
        RuleId::Ikeda | RuleId::Wmsg2008 => area(base, 13, 2, NO_SUICIDE_SUPERKO),
        RuleId::TangRoads => Rules {
            method: Method::Roads,
            play: NO_SUICIDE_SIMPLE_KO,
            ..base
        },
        // Black gives back half a stone (one point) per handicap stone [BGAC, CN375].
        RuleId::Chinese => Rules {
            handicap: HandicapCompensation::PerStone,
            ..area(base, 15, 0, NO_SUICIDE_SUPERKO)
        },
        // CN20 Art. 20: no immediate retake of a single ko; triple ko and longer cycles are
        // for the referee, who declares no result (or a replay).
        RuleId::ChineseSimpleKo => Rules {
            handicap: HandicapCompensation::PerStone,
            ..area(base, 15, 0, NO_SUICIDE_SIMPLE_KO_CYCLE_NO_RESULT)
        },
        // J89 Art. 6 basic ko; Art. 12 with its commentary: a repetition ends the game
        // without result only when the players do not give way (the record stops in the
        // cycle, or goes round it again). Korean likewise: K16's 무승부 is the 無勝負 of
        // J89, no result. Campaigns play under superko, so their games never repeat; `jpd
        // score` replays a record under these rules.
        RuleId::Japanese | RuleId::Korean => Rules {
            method: Method::JapaneseTerritory(DameReading::Filled),
            play: NO_SUICIDE_SIMPLE_KO_UNYIELDING_CYCLE,
            ..base
        },
        RuleId::JapaneseLiteral => Rules {
            method: Method::JapaneseTerritory(DameReading::Literal),
            play: NO_SUICIDE_SIMPLE_KO_UNYIELDING_CYCLE,
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
        id => unreachable!("{id} is a Ji-Ping-Dian rule set"),
    }
}
