//! The identifiers of the rule sets: their names, report order and the aliases they are read
//! from.

use std::fmt;
use std::str::FromStr;

use super::Rules;

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

impl serde::Serialize for RuleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for RuleId {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
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
