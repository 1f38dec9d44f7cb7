use super::*;

#[test]
fn rfc3339_known_dates() {
    assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    let t = UNIX_EPOCH + std::time::Duration::from_secs(951_782_400 + 3661);
    assert_eq!(rfc3339(t), "2000-02-29T01:01:01Z");
    let t = UNIX_EPOCH + std::time::Duration::from_secs(1_709_251_199);
    assert_eq!(rfc3339(t), "2024-02-29T23:59:59Z");
}

#[test]
fn shards_partition_the_campaign() {
    for games in [0u64, 1, 2, 7, 10] {
        let mut all = Vec::new();
        for i in 1..=3 {
            let c = Campaign {
                master_seed: 1,
                games,
                sizes: vec![9],
                policy: Policy::Uniform,
                shard: Some(Shard { index: i, count: 3 }),
            };
            for k in 0..c.games_in_scope() {
                let idx = c.index_in_scope(k);
                assert!(idx < games && c.shard.unwrap().contains(idx));
                all.push(idx);
            }
        }
        all.sort();
        assert_eq!(all, (0..games).collect::<Vec<_>>());
    }
    assert_eq!(
        "2/4".parse::<Shard>().unwrap(),
        Shard { index: 2, count: 4 }
    );
    assert!("0/4".parse::<Shard>().is_err());
    assert!("5/4".parse::<Shard>().is_err());
}
