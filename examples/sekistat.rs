//! Development probe: how often the `seki` policy ends with a proven seki or a hanezeki
//! (seed 2008). `cargo run --release --example sekistat -- N SIZE`
use jipingdian::harness::generate::{generate, GameSpec, Policy};
use jipingdian::settlement::referee::{self, Status};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let size: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(9);
    let (mut seki, mut hane, mut settled) = (0, 0, 0);
    let t = std::time::Instant::now();
    for index in 0..n {
        let g = generate(&GameSpec {
            master_seed: 2008,
            index,
            size,
            policy: Policy::Seki,
        });
        if g.unsettled.is_none() {
            settled += 1;
        }
        let b = g.finished.game.board();
        let j = referee::judge(b);
        if b.points().any(|p| j.status(p) == Status::Seki) {
            seki += 1;
        }
        hane += g.edges.hanezeki_like as u32;
    }
    println!(
        "size {size}: {n} games in {:.2}s, settled {settled}, proven seki {seki}, hanezeki {hane} (seki with eyes: see `jpd run --policy seki`'s summary.csv)",
        t.elapsed().as_secs_f64()
    );
}
