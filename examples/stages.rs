//! Development probe: time per pipeline stage on uniform games.
use jipingdian::checks::{analyse, CheckOptions};
use jipingdian::counting::{self, fill_up, Balancing};
use jipingdian::harness::generate::{generate, GameSpec, Policy};
use jipingdian::rules::RuleId;
use jipingdian::settlement::PassAlive;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(500);
    let size: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(19);
    let specs: Vec<GameSpec> = (0..n)
        .map(|i| GameSpec {
            master_seed: 1,
            index: i,
            size,
            policy: Policy::Uniform,
        })
        .collect();
    let t = Instant::now();
    let games: Vec<_> = specs.iter().map(generate).collect();
    let gen = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let counts: Vec<_> = games
        .iter()
        .map(|g| {
            let b = g.finished.game.board();
            let d: Vec<_> = g.finished.dead.iter().map(|&c| b.point(c)).collect();
            counting::count(&g.finished.game, &d, Balancing::Art14, 0).unwrap()
        })
        .collect();
    let cnt = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for c in &counts {
        std::hint::black_box(fill_up(&c.settlement_paused));
    }
    let fu = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for g in &games {
        std::hint::black_box(PassAlive::analyse(g.finished.game.board()));
    }
    let be = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for g in &games {
        std::hint::black_box(analyse(
            &g.finished,
            Balancing::Art14,
            &RuleId::ALL,
            CheckOptions {
                symmetries: jipingdian::checks::Symmetries::Off,
                t11_choices: 4,
                details: jipingdian::checks::Details::Failures,
                f11_one_in: jipingdian::checks::CAMPAIGN_F11_ONE_IN,
            },
        ));
    }
    let an = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for g in &games {
        std::hint::black_box(analyse(
            &g.finished,
            Balancing::Art14,
            &RuleId::ALL,
            CheckOptions {
                symmetries: jipingdian::checks::Symmetries::OnePerGame,
                t11_choices: 4,
                details: jipingdian::checks::Details::Failures,
                f11_one_in: jipingdian::checks::CAMPAIGN_F11_ONE_IN,
            },
        ));
    }
    let an8 = t.elapsed().as_secs_f64();
    let us = |x: f64| x * 1e6 / n as f64;
    println!("per game (us): generate {:.1}  count {:.1}  fill_up {:.1}  benson {:.1}  analyse(no T8) {:.1}  analyse(T8) {:.1}", us(gen), us(cnt), us(fu), us(be), us(an), us(an8));
}
