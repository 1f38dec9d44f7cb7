//! Development probe: the referee's time on uniformly random legal positions of a small board.
use jipingdian::engine::{Color, Game, PlayRules};
use jipingdian::harness::position::random_legal;
use jipingdian::harness::rng::Rng;
use jipingdian::settlement::{referee, PassAlive};
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let size: u8 = a[1].parse().unwrap();
    let budget: u32 = a[2].parse().unwrap();
    let n: u32 = a[3].parse().unwrap();
    let mut rng = Rng::for_game(1, 0);
    let mut times = Vec::new();
    let mut reasons = std::collections::BTreeMap::new();
    for _ in 0..n {
        let (b, w) = random_legal(&mut rng, size);
        let stones: Vec<_> = b
            .iter()
            .map(|&c| (c, Color::Black))
            .chain(w.iter().map(|&c| (c, Color::White)))
            .collect();
        let g = Game::with_setup(size as u32, PlayRules::JPD, &stones).unwrap();
        let t = Instant::now();
        let pa = PassAlive::analyse(g.board());
        let j = referee::judge_with_budget(g.board(), &pa, budget);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        *reasons
            .entry(j.unsettled().map_or("settled", |u| u.as_str()))
            .or_insert(0) += 1;
    }
    let total: f64 = times.iter().sum();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "n {n} mean {:.3} ms median {:.3} p90 {:.3} p99 {:.3} max {:.1}; {reasons:?}",
        total / n as f64,
        times[n as usize / 2],
        times[n as usize * 9 / 10],
        times[n as usize * 99 / 100],
        times[n as usize - 1]
    );
}
