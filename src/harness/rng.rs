//! The project's pinned random number generator.
//!
//! A thin wrapper over [`rand_pcg::Pcg64Mcg`] (PCG XSL-RR 128/64, MCG variant, also known as
//! `pcg64_fast`), with exactly the few draws the harness needs.
//!
//! # The stream is part of the output contract
//!
//! Every random game, and therefore every report row, is a pure function of the master seed and
//! the game index through this module: the seed derivation of [`Rng::for_game`], the algorithm,
//! and the way [`Rng::below`] and [`Rng::chance`] consume 64-bit words. Changing any of them
//! (or the order in which callers draw) changes the games and the reports; do it only together
//! with a note in the manifest's RNG description.

use rand_core::{Rng as _, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The name of the algorithm and seed derivation, for the report manifest.
pub const ALGORITHM: &str = "pcg64mcg(seed_from_u64(splitmix64(master ^ splitmix64(index))))";

/// The pinned generator. See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    inner: Pcg64Mcg,
}

/// One SplitMix64 output step (Steele, Lea and Flood 2014): the state advanced by the golden
/// gamma, then the Stafford variant 13 finaliser. A bijection on `u64`.
#[inline]
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator seeded from a 64-bit seed with `rand_core`'s
    /// [`SeedableRng::seed_from_u64`] (which `rand_core` declares value-stable).
    pub fn seed_from_u64(seed: u64) -> Self {
        Rng {
            inner: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// The generator of game number `game_index` of a campaign with `master_seed`, so that any
    /// game can be regenerated alone.
    ///
    /// The per-game seed is `splitmix64(master_seed ^ splitmix64(game_index))`, then
    /// [`Rng::seed_from_u64`]. Both `splitmix64` steps are bijections, so for one master seed
    /// distinct indices give distinct per-game seeds, and consecutive indices are scattered over
    /// the whole seed space.
    pub fn for_game(master_seed: u64, game_index: u64) -> Self {
        Self::seed_from_u64(splitmix64(master_seed ^ splitmix64(game_index)))
    }

    /// The next raw 64-bit word.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform integer in `0..n`, exactly unbiased (Lemire 2019, "Fast random integer
    /// generation in an interval", on 64-bit words): one word per draw except with probability
    /// below `n / 2^64`, when a word is rejected and another drawn. `n` must be positive.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Rng::below(0)");
        let n = n as u64;
        let mut m = (self.next_u64() as u128) * (n as u128);
        if (m as u64) < n {
            // 2^64 mod n: the low words below it would make some results more likely.
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = (self.next_u64() as u128) * (n as u128);
            }
        }
        (m >> 64) as u32
    }

    /// True with probability exactly `num / den` (one [`Rng::below`] draw). `den` must be
    /// positive; `num >= den` is always true.
    #[inline]
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draws(mut r: Rng, k: usize) -> Vec<u64> {
        (0..k).map(|_| r.next_u64()).collect()
    }

    #[test]
    fn deterministic() {
        assert_eq!(
            draws(Rng::for_game(7, 3), 16),
            draws(Rng::for_game(7, 3), 16)
        );
        let mut a = Rng::for_game(123, 456);
        let mut b = a.clone();
        for n in [1u32, 2, 3, 10, 361, u32::MAX] {
            assert_eq!(a.below(n), b.below(n));
        }
    }

    #[test]
    fn distinct_games_and_masters_differ() {
        let mut seen = std::collections::HashSet::new();
        for master in [0u64, 1, 2, u64::MAX] {
            for index in 0..64u64 {
                assert!(seen.insert(draws(Rng::for_game(master, index), 2)));
            }
        }
        // The derivation is not symmetric in its two arguments.
        assert_ne!(draws(Rng::for_game(1, 2), 4), draws(Rng::for_game(2, 1), 4));
    }

    #[test]
    fn below_is_in_range() {
        let mut r = Rng::for_game(1, 1);
        for n in 1..=400u32 {
            for _ in 0..50 {
                assert!(r.below(n) < n);
            }
        }
        for n in [u32::MAX, u32::MAX - 1, 1 << 31, (1 << 31) + 1] {
            for _ in 0..1000 {
                assert!(r.below(n) < n);
            }
        }
        for _ in 0..100 {
            assert_eq!(r.below(1), 0);
        }
    }

    /// Chi-square test of uniformity; the bound is far above the 99.99% quantile, so a correct
    /// generator essentially never fails, while an off-by-one or a modulo bias on a
    /// non-power-of-two range would.
    #[test]
    fn below_is_roughly_uniform() {
        let mut r = Rng::for_game(42, 0);
        for n in [2u32, 3, 7, 19, 361] {
            let per = 2000u64;
            let total = per * n as u64;
            let mut counts = vec![0u64; n as usize];
            for _ in 0..total {
                counts[r.below(n) as usize] += 1;
            }
            let chi2: f64 = counts
                .iter()
                .map(|&c| {
                    let d = c as f64 - per as f64;
                    d * d / per as f64
                })
                .sum();
            // Mean n-1, standard deviation sqrt(2(n-1)): allow eight deviations.
            let dof = (n - 1) as f64;
            assert!(
                chi2 < dof + 8.0 * (2.0 * dof).sqrt() + 10.0,
                "n={n} chi2={chi2}"
            );
        }
    }

    #[test]
    fn chance_matches_its_fraction() {
        let mut r = Rng::for_game(9, 9);
        let trials = 100_000;
        let hits = (0..trials).filter(|_| r.chance(1, 4)).count() as f64;
        assert!((hits / trials as f64 - 0.25).abs() < 0.01, "{hits}");
        assert!((0..100).all(|_| r.chance(5, 5)));
        assert!((0..100).all(|_| !r.chance(0, 5)));
    }
}
